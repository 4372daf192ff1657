"""Every Mad Jack roll plays (issue 14: "any Mad Jack roll plays to the end").

- over 2,000 seeded rolls (3 to 8 players, 0 to 2 complications) every roll is playable: the
  game's own options accept it (the configuration only: fast); no part is still a known gap
  (Doll's House in the money economies: rulings 161, 162; Corporations with Market Socialism:
  160), and Mad Jack never rolls Slavery (its tables have no row for it);
- a sample of the rolls that the tweaks and the tack-on governments made playable (rulings
  147-150) plays to the end with each kind of bot, and its record replays exactly;
- what the combinations still refuse is refused in one line, naming the rule.

The rules themselves are scenarios: cases/madjack_combinations.yaml (rulings 146-150).
"""

from __future__ import annotations

import collections
from typing import Any

import pytest
from tests.games.crusoe.test_madjack_play import play_options_to_the_end, play_to_the_end

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import Configuration, roll
from sealed.games.crusoe.state import Settings

ROLLS = 2_000
SEATS = ("ana", "ben", "cy", "dee", "ed", "flo", "gus", "hal")
NOT_BUILT: tuple[str, ...] = ()
"""The known gaps among Mad Jack's rolls, by the words of their refusal (the manual's "Not built
and known gaps"): none. Slavery is not among Mad Jack's tack-ons; Corporations is built with
every economy that uses money (ruling 160); Doll's House with every economy Mad Jack rolls
(rulings 112, 157-162). A refusal is a failure."""


def _rolls() -> list[tuple[int, Configuration]]:
    return [(i, roll(3 + i % 6, SeededChance(f"measure/{i}"), (i // 6) % 3)) for i in range(ROLLS)]


ALL = _rolls()


def _refusal(config: Configuration) -> str:
    try:
        Settings.from_options(resolve_options(GAME.options, config.options()))
    except OptionError as error:
        return str(error)
    return ""


def _known_gap(refusal: str) -> bool:
    return any(w in refusal for w in NOT_BUILT)


def test_every_roll_but_the_known_gaps_is_playable() -> None:
    reasons: collections.Counter[str] = collections.Counter()
    unexpected = []
    for i, config in ALL:
        missing = config.not_built()
        refusal = _refusal(config)
        assert bool(missing) == bool(refusal), f"roll {i}: {missing} / {refusal}"
        if not missing:
            continue
        reasons[refusal.split(":")[0]] += 1
        if not _known_gap(refusal):
            unexpected.append(f"roll {i}: {refusal}\n{config.to_text()}")
    assert not unexpected, f"{len(unexpected)} rolls refused:\n" + "\n".join(unexpected[:3])
    # no roll is refused (32 of 2,000 were before Doll's House played in the money economies
    # and Corporations with Market Socialism: rulings 160-162)
    assert not reasons, reasons.most_common()


def test_mad_jack_never_rolls_slavery_and_rolls_what_was_a_gap() -> None:
    """Slavery has no row in Mad Jack's tables; the parts built last are still rolled (so the
    test above covers them)."""
    names = {m.name for _, config in ALL for m in config.modules}
    assert "slavery" not in names
    assert "corporations" in names
    scenarios = {
        str(config.options().get("scenario"))
        for _, config in ALL
        if config.options().get("gender") == "dolls-house"
    }
    assert set(MONEY_ECONOMIES) <= scenarios, set(MONEY_ECONOMIES) - scenarios


def _sample() -> list[tuple[int, Configuration]]:
    """Rolls made playable by rulings 148-150 and 189-191: a Bureaucracy's chart for the
    pool, the paths or the rents (once tweaked away: ruling 147), a hybrid's tack-on branch, a
    ruler in a scenario without a government, Libertarianism's one democracy."""
    kinds: dict[str, tuple[int, Configuration]] = {}
    for i, config in ALL:
        if config.not_built() or config.players > 5:
            continue
        government = config.government
        tasks = {t for t, _ in government.functions} if government else set()
        if _charted(config) & {"distribution", "paths", "rents"}:
            kinds.setdefault("a chart's task since 189", (i, config))
        if any("Libertarianism: one form" in t for t in config.tweaks):
            kinds.setdefault("one democracy", (i, config))
        if any("one ruler" in t for t in config.tweaks):
            kinds.setdefault("one ruler", (i, config))
        if tasks & {"paths", "rents"}:
            kinds.setdefault("hybrid tack-on branch", (i, config))
        if government and config.scenario.startswith("tribal"):
            kinds.setdefault("tribal ruler", (i, config))
    return sorted(kinds.values(), key=lambda pair: pair[0])


def _charted(config: Configuration) -> set[str]:
    """The tasks a Bureaucracy's chart decides in this roll."""
    government = config.government
    if government is None:
        return set()
    if government.form == "bureaucracy":
        return set(config.tasks)
    return {t for t, g in government.functions if g.form == "bureaucracy"}


SAMPLE = _sample()


def test_the_sample_covers_each_kind_of_roll_made_playable() -> None:
    assert len(SAMPLE) >= 4
    assert any(_charted(config) & {"distribution", "paths", "rents"} for _, config in SAMPLE)


def test_no_roll_of_a_bureaucracy_is_tweaked_now() -> None:
    """Since rulings 189-191 a chart decides every task: Mad Jack plays a Bureaucracy as
    rolled (ruling 147's tweak no longer applies), and such rolls play (the test above)."""
    assert not [i for i, config in ALL if any("Bureaucracy" in t for t in config.tweaks)]
    assert any(_charted(config) & {"distribution", "paths", "rents"} for _, config in ALL)


@pytest.mark.parametrize(("seed", "config"), SAMPLE, ids=[str(i) for i, _ in SAMPLE])
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_a_roll_made_playable_plays_to_the_end_and_replays(
    seed: int, config: Configuration, bot: str
) -> None:
    play_to_the_end(config, seed, bot)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {
                "scenario": "national-capitalism",
                "government": "hybrid",
                "government_paths": "athenian",
            },
            "no tack-on in play gives the government the paths",
        ),
        # a Bureaucracy's chart for the paths is built (ruling 191)
        (
            {
                "scenario": "national-capitalism",
                "government": "hybrid",
                "government_radio_reward": "dictatorship",
                "government_tax_burden": "dictatorship",
                "government_tax_burden_strength": "fanatic",
            },
            "the dictatorship branches differ in strength",  # two rulers are built (196)
        ),
    ],
)
def test_what_stays_refused_is_refused_in_one_line(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, options))
    assert "\n" not in str(error.value)


PATHS_UNDER_LANDLORDS = [
    {"scenario": "traditional", "landlords": "modern"},
    {"scenario": "traditional", "landlords": "homestead"},
    {"scenario": "market-socialism", "landlords": "modern", "government": "dictatorship"},
    {"scenario": "tribal-capitalism", "paternalistic": True, "landlords": "modern"},
    {"scenario": "national-capitalism", "paternalistic": True, "landlords": "modern-rent-control"},
    {"scenario": "tribal-communism", "gender": "matriarchal-golden-age", "landlords": "homestead"},
    {
        "scenario": "welfare-capitalism",
        "paternalistic": True,
        "landlords": "government-ownership",
        "landlords_government_paths": 3,
        "government": "hybrid",
        "government_paths": "dictatorship",
    },
]


@pytest.mark.parametrize("options", PATHS_UNDER_LANDLORDS)
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_paths_assigned_under_landlords_play_to_the_end_and_replay(
    options: dict[str, Any], bot: str
) -> None:
    """Ruling 153: the Leases first, the assignment held to them, a Lease taken up; 154:
    Landlords in the Traditional Economy (155) and in Market Socialism (154)."""
    for seed in range(2):
        play_options_to_the_end(options, list(SEATS[: 3 + seed]), seed, bot, str(options))


MONEY_ECONOMIES = (
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "market-socialism",
    "centralized-communism",
)
"""The money economies, in which Doll's House is built by rulings 161 and 162."""


def _dolls_houses() -> list[tuple[int, Configuration]]:
    """The first roll of Doll's House in each economy built since ruling 157 (with whatever
    else Mad Jack rolled beside it)."""
    kinds: dict[str, tuple[int, Configuration]] = {}
    for i, config in ALL:
        options = config.options()
        if options.get("gender") == "dolls-house" and not config.not_built():
            kinds.setdefault(str(options.get("scenario")), (i, config))
    built = (
        "tribal-communism",
        "tribal-socialism",
        "governmental-socialism",
        "traditional",
        *MONEY_ECONOMIES,
    )
    return [kinds[e] for e in built]


@pytest.mark.parametrize(("i", "config"), _dolls_houses(), ids=lambda v: str(v)[:40])
def test_dolls_house_rolls_in_the_tribal_and_money_economies_play_to_the_end(
    i: int, config: Configuration
) -> None:
    for bot in ("greedy", "random"):
        play_to_the_end(config, i, bot)


def test_a_corporations_roll_in_market_socialism_plays_to_the_end() -> None:
    """Ruling 160: the first such roll of the 2,000, with whatever else Mad Jack rolled."""
    i, config = next(
        (i, c)
        for i, c in ALL
        if c.scenario == "market-socialism" and any(m.name == "corporations" for m in c.modules)
    )
    for bot in ("greedy", "random"):
        play_to_the_end(config, i, bot)
