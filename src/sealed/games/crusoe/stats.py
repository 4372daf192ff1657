"""The designer's table: what Crusoe's Planet contributes to ``sealed sim``.

``sealed sim crusoe --scenario introductory -n 1000 --bots greedy`` plays each of the
seven introductory economies (:data:`ECONOMIES`: the six scenarios, and the
Utopian module played with Tribal Communism, as the seed suggests for Marx's
vision); ``--scenario advanced`` the advanced economies built
(:data:`ADVANCED_ECONOMIES`, each with the government the seed recommends for
simplicity where it needs one), ``--scenario all`` both; ``--scenario governments`` the
governed advanced economies under each other government (:data:`GOVERNMENT_ECONOMIES`) and
``--scenario advanced-variants`` those, Welfare Capitalism's variants
(:data:`WELFARE_VARIANTS`) and Market Socialism's limits by path (:data:`MARKET_VARIANTS`).
Per economy it prints what the designer asks (issue 10): the survival rate, deaths by cycle
and cause, the mean and spread of final VP, the share of games rescued and by which cycle,
and the share where everyone lost, each share and mean with its 95% interval. The game's
:meth:`~sealed.core.game.Game.tally` is :func:`tally` here;
:meth:`~sealed.core.game.Game.scenarios` is :data:`ECONOMIES` and
:data:`ADVANCED_ECONOMIES`.

``python -m sealed.games.crusoe.stats`` is kept as a shortcut for the same
command (its arguments are those of ``sealed sim crusoe``; without
``--scenario`` it runs them all).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from sealed.core.game import OptionValue, Result, Tally
from sealed.games.crusoe.policy import SEED_EXAMPLE
from sealed.games.crusoe.state import ADVANCED_SCENARIOS, CrusoeState

GOVERNED = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "market-socialism",
    "governmental-socialism",
)
"""The advanced scenarios that need a government (State Capitalism and Centralized Communism
have none)."""

ECONOMIES: Mapping[str, Mapping[str, OptionValue]] = {
    "tribal-capitalism": {"scenario": "tribal-capitalism"},
    "tribal-socialism": {"scenario": "tribal-socialism"},
    "tribal-communism": {"scenario": "tribal-communism"},
    "traditional": {"scenario": "traditional"},
    "crusoes-economy": {"scenario": "crusoes-economy"},
    "hobbesian": {"scenario": "hobbesian"},
    "utopian": {"scenario": "tribal-communism", "utopian": True},
}
"""The seven introductory economies, as options of the game (``--scenario NAME``)."""

ADVANCED_ECONOMIES: Mapping[str, Mapping[str, OptionValue]] = {
    scenario: {"scenario": scenario} | ({"government": "athenian"} if scenario in GOVERNED else {})
    for scenario in ADVANCED_SCENARIOS
}
"""The seven advanced economies; an Athenian Democracy where the scenario has a government
("recommended if simplicity is sought")."""

CAPITALIST = ("national-capitalism", "welfare-capitalism", "class-warfare-capitalism")
"""The governed scenarios whose government sets Radio Signal rewards and tax burdens."""

OTHER_GOVERNMENTS = ("dictatorship", "representative", "bureaucracy", "hybrid")
"""The governments measured beside the Athenian Democracy of :data:`ADVANCED_ECONOMIES`."""

MARKET_SOCIALISM_CHART = """\
# A shipped example for Market Socialism: the plan the bots vote under an Athenian Democracy
# ($10 wages and prices, no purchase limit), so its row measures the form of government.
wages (each good):
  otherwise: 10

prices (each good):
  otherwise: 10

purchase_limits (each good):
  otherwise: 999

estate (choose a player):
  # as the seed's example: a starved player's goods to the lowest VP, rolling for ties
  otherwise: lowest player.vp, ties by dice
"""
"""The Bureaucracy's chart measured in Market Socialism (the seed's example sets rewards and
burdens, which Market Socialism's government does not)."""

MARKET_SOCIALISM_PATH_LIMITS_CHART = """\
# A shipped example of a chart's purchase limits by path in Market Socialism (ruling 290): a
# ration of water and each food for everyone, lifted for the Firefly walker (no wage pays for
# his signals) and larger while the vault holds plenty; spears and diamonds are not rationed.
wages (each good):
  otherwise: 10

prices (each good):
  otherwise: 10

purchase_limits (each good and path):
  if good.spear or good.diamond: 999
  if path.firefly: 999
  if good.market > 2 * players_alive: 4
  otherwise: 2

estate (choose a player):
  otherwise: lowest player.vp, ties by dice
"""
"""An example chart that sets limits by path (ruling 290); not a cell of the lab's tables,
whose Market Socialism chart (:data:`MARKET_SOCIALISM_CHART`) stays as measured."""

GOVERNMENTAL_SOCIALISM_CHART = """\
# A shipped example for Governmental Socialism: the common pool divided in equal shares
# (ruling 189: every good in proportion to the shares, leftover units to the largest
# remainders, ties to the earlier in the turn order), as the even split the bots vote.
distribution (each player):
  otherwise: 1

estate (choose a player):
  # as the seed's example: a starved player's goods to the lowest VP, rolling for ties
  otherwise: lowest player.vp, ties by dice
"""
"""The Bureaucracy's chart measured in Governmental Socialism: an equal share each (the seed
gives no chart for the pool; its example sets rewards and burdens, which this government
does not)."""

CHARTS: Mapping[str, str] = {
    "market-socialism": MARKET_SOCIALISM_CHART,
    "governmental-socialism": GOVERNMENTAL_SOCIALISM_CHART,
}
"""The shipped chart per scenario where the seed's example decides nothing of its tasks."""

SEED_HYBRID: Mapping[str, OptionValue] = {
    "government_tax_burden": "representative",
    "government_estate": "representative",
}
"""The seed's example of a Constitutional Hybrid: the reward voted as in an Athenian Democracy,
the tax burdens and a dead player's goods left to an elected President."""

OTHER_PACKAGE = "water 2, fruit 2, protein"
"""Welfare Capitalism's other package measured (ruling 83): one more water than the seed's."""


def government_options(scenario: str, government: str) -> dict[str, OptionValue]:
    """A governed advanced scenario under ``government``, as measured.

    The Bureaucracy plays the seed's example chart (in Market Socialism
    :data:`MARKET_SOCIALISM_CHART`, in Governmental Socialism
    :data:`GOVERNMENTAL_SOCIALISM_CHART`: the seed gives no chart for either); the Hybrid is
    the seed's example where the scenario has tax burdens, else the Athenian Democracy with an
    elected President disposing of the dead's goods.
    """
    options: dict[str, OptionValue] = {"scenario": scenario, "government": government}
    if government == "bureaucracy":
        options["government_chart"] = CHARTS.get(scenario, SEED_EXAMPLE)
    if government == "hybrid":
        options |= (
            SEED_HYBRID if scenario in CAPITALIST else {"government_estate": "representative"}
        )
    return options


GOVERNMENT_ECONOMIES: Mapping[str, Mapping[str, OptionValue]] = {
    f"{scenario}/{government}": government_options(scenario, government)
    for government in OTHER_GOVERNMENTS
    for scenario in GOVERNED
}
"""Each governed advanced scenario under each other government (``--scenario governments``)."""

WELFARE_VARIANTS: Mapping[str, Mapping[str, OptionValue]] = {
    "welfare-capitalism/other-package": {
        "scenario": "welfare-capitalism",
        "government": "athenian",
        "minimum_wage_package": OTHER_PACKAGE,
    },
    "welfare-capitalism/government-wage": {
        "scenario": "welfare-capitalism",
        "government": "athenian",
        "minimum_wage": "government",
    },
}
"""Welfare Capitalism's variants: another package of goods, a minimum wage the government sets."""

MARKET_VARIANTS: Mapping[str, Mapping[str, OptionValue]] = {
    "market-socialism/limits-by-path": {
        "scenario": "market-socialism",
        "government": "athenian",
        "bots_path_limits": True,
    },
}
"""Market Socialism with the strategic bots proposing purchase limits by path (ruling 228 on
ruling 82); the rules are those of its Athenian row."""

SCENARIOS: Mapping[str, Mapping[str, OptionValue]] = {
    **ECONOMIES,
    **ADVANCED_ECONOMIES,
    **GOVERNMENT_ECONOMIES,
    **WELFARE_VARIANTS,
    **MARKET_VARIANTS,
}
"""Every named scenario ``sealed sim crusoe --scenario`` and ``sealed lab compare --scenario``
know (:meth:`CrusoeGame.scenarios`)."""

GROUPS: Mapping[str, tuple[str, ...]] = {
    "all": (*ECONOMIES, *ADVANCED_ECONOMIES),  # the fourteen economies, as before the variants
    "introductory": tuple(ECONOMIES),
    "advanced": tuple(ADVANCED_ECONOMIES),
    "governments": tuple(GOVERNMENT_ECONOMIES),
    "advanced-variants": (*GOVERNMENT_ECONOMIES, *WELFARE_VARIANTS, *MARKET_VARIANTS),
}
"""The names ``--scenario`` reads as several (:meth:`CrusoeGame.scenario_groups`)."""

SURVIVED = "survived to the end"
RESCUED = "rescued"
EVERYONE_LOST = "everyone lost"
WINNERS = "winners per game"
FINAL_VP = "final VP"
DEATHS = "deaths by cycle and cause"
RESCUE_CYCLE = "rescued in cycle"


def tally(state: CrusoeState, result: Result | None) -> Tally | None:
    """The designer's measures of a finished game (None while it goes on)."""
    if result is None:
        return None
    players = [state.players[seat] for seat in state.seats]
    deaths = tuple(
        f"cycle {p.death_cycle}, {p.death_cause}"
        for p in players
        if not p.alive and p.death_cycle is not None and p.death_cause is not None
    )
    return Tally(
        shares={
            SURVIVED: sum(p.alive for p in players) / len(players),
            RESCUED: state.rescued,
            EVERYONE_LOST: not result.winners,
        },
        amounts={WINNERS: float(len(result.winners))},
        values={FINAL_VP: tuple(float(p.vp) for p in players)},
        counts={
            DEATHS: deaths,
            RESCUE_CYCLE: (f"cycle {state.cycle}",) if state.rescued else (),
        },
    )


def main(argv: Sequence[str] | None = None) -> None:
    """``sealed sim crusoe ARGS`` (``--scenario all`` unless a scenario is named)."""
    from sealed.cli import cli  # the command sits on top of the game, never the other way

    args = list(sys.argv[1:] if argv is None else argv)
    if "--scenario" not in args and not any(a.startswith("--scenario=") for a in args):
        args += ["--scenario", "all"]
    cli.main(["sim", "crusoe", *args], prog_name="python -m sealed.games.crusoe.stats")


if __name__ == "__main__":
    main()
