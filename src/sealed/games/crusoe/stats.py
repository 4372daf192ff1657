"""The designer's table: what Crusoe's Planet contributes to ``sealed sim``.

``sealed sim crusoe --scenario introductory -n 1000 --bots greedy`` plays each of the
seven introductory economies (:data:`ECONOMIES`: the six scenarios, and the
Utopian module played with Tribal Communism, as the seed suggests for Marx's
vision); ``--scenario advanced`` the advanced economies built
(:data:`ADVANCED_ECONOMIES`, each with the government the seed recommends for
simplicity where it needs one), ``--scenario all`` both. Per economy it prints what
the designer asks (issue 10): the
survival rate, deaths by cycle and cause, the mean and spread of final VP,
the share of games rescued and by which cycle, and the share where everyone
lost, each share and mean with its 95% interval. The game's
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
