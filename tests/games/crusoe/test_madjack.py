"""'Mad Jack' (``sealed.games.crusoe.madjack``): the seed's tables, rolled in the open.

- every row of every table is reachable, and each table covers every sum of its dice once;
- the rolls are recorded and replay to the same configuration; the same dice typed by a person
  give the same configuration; bad dice get one clear line and roll nothing;
- each tweak the manual rules on (Mad Jack rulings) is pinned by the dice that lead to it;
- a configuration the program cannot play names what is not built, and one it can is accepted
  by the game's own options.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.games.crusoe.test_madjack_play import play_options_to_the_end

from sealed.core.chance import ChanceRequest, ChanceValue, SeededChance
from sealed.core.errors import ChanceError
from sealed.core.game import resolve_options
from sealed.games.crusoe.game import OPTIONS
from sealed.games.crusoe.madjack import (
    SCENARIO_TASKS,
    Configuration,
    EnteredDice,
    MadJackError,
    main,
    replay,
    roll,
    tables,
)

ALL_ROWS = [(name, row.low) for name, table in tables().items() for row in table.rows]


def two(total: int) -> list[int]:
    """Two dice that sum to ``total``."""
    first = min(6, total - 1)
    return [first, total - first]


def dice(name: str, total: int) -> list[int]:
    return [total] if tables()[name].dice == 1 else two(total)


class Typed(EnteredDice):
    """The faces given (as a person types them), then a seed for whatever else is asked."""

    def __init__(self, faces: Sequence[int], seed: str = "fill") -> None:
        super().__init__(" ".join(map(str, faces)))
        self.fallback = SeededChance(seed)

    def _draw(self, request: ChanceRequest) -> ChanceValue:
        wanted = request.count if request.kind == "dice" else 1
        if len(self.numbers) - self.used < wanted:
            return self.fallback._draw(request)
        return super()._draw(request)


def scripted(faces: Sequence[int]) -> Typed:
    return Typed(faces)


NATIONAL = [6, *two(7)]  # Advanced, National Capitalism (E) [roll Gov't]
TRIBAL_CAPITALISM = [1, *two(5)]  # Introductory, Tribal Capitalism (A)
TRIBAL_SOCIALISM = [1, *two(8)]  # Introductory, Tribal Socialism (B)
STATE_CAPITALISM = [6, *two(6)]  # Advanced, State Capitalism (C)
CENTRALIZED = [6, *two(9)]  # Advanced, Centralized Communism (D)
ATHENIAN = two(7)
PERSONAL, OWNERSHIP, VIOLENCE = two(2), two(7), two(9)


def path_to(name: str, low: int) -> tuple[list[int], int]:
    """Dice that reach row ``low`` of table ``name``, and the complications that takes."""
    here = dice(name, low)
    if name == "base":
        return here, 0
    if name in ("introductory", "advanced"):
        return [1 if name == "introductory" else 6, *here], 0
    if name == "government":
        return [*NATIONAL, *here], 0
    if name == "complication":
        return [*TRIBAL_CAPITALISM, *here], 1
    scenario = {
        "ownership-A": TRIBAL_CAPITALISM,
        "ownership-B": TRIBAL_SOCIALISM,
        "ownership-C": STATE_CAPITALISM,
        "ownership-D": CENTRALIZED,
        "ownership-E": [*NATIONAL, *ATHENIAN],
    }.get(name, TRIBAL_CAPITALISM)
    category = {"personal": PERSONAL, "violence": VIOLENCE}.get(name, OWNERSHIP)
    return [*scenario, *category, *here], 1


# -- the tables --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(tables()))
def test_each_table_covers_every_sum_of_its_dice_exactly_once(name: str) -> None:
    table = tables()[name]
    covered = [n for row in table.rows for n in range(row.low, row.high + 1)]
    assert covered == list(range(table.dice, 6 * table.dice + 1))


@pytest.mark.parametrize(("name", "low"), ALL_ROWS, ids=[f"{n}-{low}" for n, low in ALL_ROWS])
def test_every_row_of_every_table_is_reachable(name: str, low: int) -> None:
    script, complications = path_to(name, low)
    config = roll(4, scripted(script), complications)
    table = tables()[name]
    wanted = table.row(low).text
    assert any(r.table == table.title and r.text.startswith(wanted) for r in config.rolls), (
        config.to_text()
    )


def test_the_seeds_words_are_kept_verbatim() -> None:
    rows = {row.text for table in tables().values() for row in table.rows}
    assert "Constitutional Hybrid (reroll for each function separately)" in rows
    assert "Landlord Gov't Owned Land variant (1d6+1 paths)" in rows
    notes = [n for t in tables().values() for n in t.notes]
    assert any(n.startswith("Unstable gov'ts have a random number of dice") for n in notes)


def test_every_row_that_rolls_a_government_gives_it_a_task() -> None:
    for table in tables().values():
        for row in table.rows:
            if row.meaning.get("government") and "scenario" in row.meaning:
                assert row.meaning["scenario"] in SCENARIO_TASKS, row.text


# -- recorded, replayed, entered -----------------------------------------------------------------


def typed(config: Configuration) -> str:
    """The numbers a person would type for the outcomes ``config`` recorded, in order."""
    numbers: list[int] = []
    for entry in config.chance:
        value = entry["value"]
        numbers += value if isinstance(value, list) else [value]
    return " ".join(map(str, numbers))


@given(st.integers(0, 10**6), st.integers(3, 8), st.integers(0, 4))
def test_a_roll_is_recorded_replays_and_the_same_dice_typed_give_the_same(
    seed: int, players: int, complications: int
) -> None:
    try:
        config = roll(players, SeededChance(f"t/{seed}"), complications)
    except MadJackError as error:
        assert "already in play" in str(error)
        return
    assert all("Mad Jack: " in entry["label"] for entry in config.chance)
    assert replay(config.to_json(), complications) == config
    entered = EnteredDice(typed(config))
    assert roll(players, entered, complications) == config
    entered.check_all_used()
    assert json.loads(json.dumps(config.to_json()))["scenario"] == config.scenario


@given(st.integers(0, 10**6), st.integers(3, 8), st.integers(0, 6))
def test_a_configuration_is_consistent(seed: int, players: int, complications: int) -> None:
    try:
        config = roll(players, SeededChance(f"c/{seed}"), complications)
    except MadJackError as error:
        assert "already in play" in str(error)
        return
    names = [m.name for m in config.modules]
    assert len(names) == len(set(names)), "a module is in play once"
    assert (config.government is None) == (config.tasks == ()), config.to_text()
    if config.tasks:
        assert config.tasks[-1] == "estate"
    if config.government is not None and config.government.functions:
        assert [t for t, _ in config.government.functions] == list(config.tasks)
    if "libertarianism" in names and config.government is not None:
        assert config.government.democratic()


def test_a_replay_from_a_different_record_is_refused() -> None:
    config = roll(4, SeededChance("x"), 1)
    data = config.to_json()
    data["chance"][0]["label"] = "Mad Jack: something else"
    with pytest.raises(ChanceError, match="rules asked for"):
        replay(data, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 3 x", "'x' (number 3) is not a die's face"),
        ("7 3 3", "number 1: Mad Jack: Base Scenario Type (1d6): 7 is not a face of a d6"),
        ("1 3", "ran out at 'Mad Jack: Introductory Scenario (2d6): roll 2 d6'"),
        ("1 3 3 4", "1 number(s) left over after the last roll: 4"),
        ("", "ran out at 'Mad Jack: Base Scenario Type (1d6)"),
        ("1 -3 3", "'-3' (number 2) is not a die's face"),
        ("1 99999 3", "(number 2) is not a die's face"),
    ],
)
def test_bad_dice_get_one_clear_line(
    text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--dice", text]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err and err.count("\n") == 1


def test_entered_dice_give_the_configuration_they_say(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--dice", "1 3 3"]) == 0
    out = capsys.readouterr().out
    assert "Introductory Scenario: 3 3 = 6 -> Tribal Capitalism (A)" in out
    assert "Playable: sealed new crusoe --players NAMES --option scenario=tribal-capitalism" in out


def test_the_command_prints_json_and_a_seed_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "17", "--complications", "2", "--json", "--players", "5"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["--seed", "17", "--complications", "2", "--json", "--players", "5"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["seed"] == "17" and first["players"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2"], "Mad Jack needs 3 to 8 players, not 2"),
        (["--players", "9"], "not 9"),
        (["--complications", "13"], "complications: 0 to 12"),
    ],
)
def test_out_of_range_requests_are_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 1
    assert message in capsys.readouterr().err


# -- the tweaks ----------------------------------------------------------------------------------


def test_a_hybrid_rolls_a_government_for_each_task_and_rolls_again_on_hybrid() -> None:
    config = roll(4, scripted([*NATIONAL, *two(8), *two(6), *two(8), *two(9), *two(7)]))
    government = config.government
    assert government is not None and government.form == "constitutional-hybrid"
    assert [(t, g.form) for t, g in government.functions] == [
        ("radio_reward", "bureaucracy"),
        ("tax_burden", "dictatorship"),
        ("estate", "athenian-democracy"),
    ]
    assert [r.table for r in config.rolls].count("Government Type") == 5


@pytest.mark.parametrize(("players", "rolled"), [(3, False), (4, True), (8, True)])
def test_an_unstable_government_has_one_to_players_less_two_dice(
    players: int, rolled: bool
) -> None:
    config = roll(players, scripted([*NATIONAL, *two(4), players - 2]))
    assert config.government is not None and config.government.dice == players - 2
    labels = [c["label"] for c in config.chance]
    assert any("dice of the unstable government (1 to" in label for label in labels) == rolled


def test_a_second_violence_result_rolls_the_complication_again() -> None:
    script = [*TRIBAL_CAPITALISM, *VIOLENCE, *two(6), *VIOLENCE, *PERSONAL, *two(11)]
    config = roll(4, scripted(script), 2)
    assert [m.name for m in config.modules] == ["libertarianism", "gender"]
    assert "in play already: roll the complication again" in config.to_text()


def test_a_module_in_play_is_not_rolled_twice() -> None:
    no_mens_work = 1
    script = [*TRIBAL_CAPITALISM, *PERSONAL, *two(9), no_mens_work, *PERSONAL, *two(12), *two(6)]
    config = roll(4, scripted(script), 2)
    assert [(m.name, m.variant) for m in config.modules] == [
        ("gender", "no-suffrage"),
        ("vegetarians", "eat"),
    ]


def test_libertarianism_ignores_a_government_that_only_collects_taxes() -> None:
    script = [*NATIONAL, *ATHENIAN, *VIOLENCE, *two(6)]
    config = roll(4, scripted(script), 1)
    assert config.government is None and config.tasks == ()
    assert any("only collected taxes" in t for t in config.tweaks)


def test_libertarianism_rolls_a_government_again_until_it_is_a_democracy() -> None:
    market_socialism = [6, *two(8)]
    dictator = two(9)
    script = [*market_socialism, *dictator, *VIOLENCE, *two(6), *two(6), *two(5)]
    config = roll(4, scripted(script), 1)
    assert config.government is not None
    assert config.government.form == "representative-democracy"
    assert any("until it is a democracy" in t for t in config.tweaks)


def test_a_tack_on_that_rolls_a_government_gives_its_task_to_the_one_in_play() -> None:
    script = [*NATIONAL, *ATHENIAN, *OWNERSHIP, *two(5)]  # (E) 5: Paternalistic [roll Gov't]
    config = roll(4, scripted(script), 1)
    assert config.tasks == ("radio_reward", "tax_burden", "paths", "estate")
    assert [r.table for r in config.rolls].count("Government Type") == 1


def test_a_tack_on_that_rolls_a_government_where_there_is_none_rolls_one() -> None:
    script = [*TRIBAL_SOCIALISM, *OWNERSHIP, 3, *ATHENIAN]  # (B) 3: Paternalistic [roll Gov't]
    config = roll(4, scripted(script), 1)
    assert config.government is not None and config.government.form == "athenian-democracy"
    assert config.tasks == ("paths", "estate")


def test_the_matriarchal_golden_age_rolls_violence_and_only_women_are_warlords() -> None:
    script = [*TRIBAL_CAPITALISM, *PERSONAL, *two(10), 1, *ATHENIAN, *two(5)]
    config = roll(4, scripted(script), 1)
    feudal = [m for m in config.modules if m.name == "early-feudalism"]
    assert feudal and ("women_only", 1) in feudal[0].params
    assert not any(m.name == "utopian" for m in config.modules)
    assert any("no Utopian Economy is added" in t for t in config.tweaks)


@pytest.mark.parametrize(
    ("players", "variant_roll", "minority"), [(3, 2, 1), (5, 2, 2), (8, 3, 3), (8, 5, 1)]
)
def test_a_third_of_the_players_rounded_is_the_minority(
    players: int, variant_roll: int, minority: int
) -> None:
    config = roll(players, scripted([*TRIBAL_CAPITALISM, *PERSONAL, *two(variant_roll), 4]), 1)
    race = config.modules[0]
    assert race.name == "race" and ("minority", minority) in race.params


def test_men_s_work_rolls_its_paths_and_the_pink_collar_path() -> None:
    config = roll(4, scripted([*TRIBAL_CAPITALISM, *PERSONAL, *two(12), 5, 3, 4]), 1)
    assert config.modules[0].params == (
        ("mens_work", 1),
        ("paths_denied", 3),
        ("pink_collar_path", 1),
    )


def test_the_government_owns_1d6_plus_1_paths() -> None:
    config = roll(4, scripted([*NATIONAL, *ATHENIAN, *OWNERSHIP, *two(8), 6]), 1)
    assert ("government_paths", 7) in config.modules[0].params
    assert config.tasks == ("radio_reward", "tax_burden", "rents", "estate")


def test_a_fanatic_ruler_and_a_strong_warlord_are_ruled_on() -> None:
    config = roll(4, scripted([*NATIONAL, *two(12), *VIOLENCE, *two(5)]), 1)
    assert any("no winner" in t for t in config.tweaks)


# -- what can be played -------------------------------------------------------------------------


@pytest.mark.parametrize("total", [2, 5, 7, 8, 10])
def test_an_introductory_scenario_alone_is_playable_by_the_games_own_options(total: int) -> None:
    config = roll(4, scripted([1, *two(total)]))
    assert config.not_built() == []
    resolve_options(OPTIONS, config.options())
    assert "Playable: sealed new crusoe" in config.to_text()


def test_the_utopian_economy_is_playable_and_other_tack_ons_are_named_not_built() -> None:
    utopian = roll(4, scripted([*TRIBAL_CAPITALISM, *VIOLENCE, *two(8)]), 1)
    assert utopian.not_built() == [] and utopian.options()["utopian"] is True
    objectivist = roll(4, scripted([*TRIBAL_CAPITALISM, *OWNERSHIP, *two(4)]), 1)
    assert objectivist.not_built() == [] and objectivist.options()["objectivist"] is True
    no_mens_work = 1
    dolls = roll(4, scripted([*TRIBAL_CAPITALISM, *PERSONAL, *two(11), no_mens_work]), 1)
    assert dolls.not_built() == [] and dolls.options()["gender"] == "dolls-house"
    script = [*TRIBAL_CAPITALISM, *PERSONAL, *two(10), no_mens_work, *ATHENIAN, *two(5)]
    golden = roll(4, scripted(script), 1)
    assert golden.not_built() == [] and golden.options()["early_feudalism_women_only"] == 1
    corporations = roll(4, scripted([*STATE_CAPITALISM, *OWNERSHIP, *two(5)]), 1)
    assert corporations.not_built() == [] and corporations.options()["corporations"] is True
    # Ruling 184: the seed's Corporations module has the dividend and the exchange
    assert corporations.options()["corporations_dividend"] == 1
    assert corporations.options()["corporations_exchange"] == 1
    assert "Corporations (dividend 1, exchange 1)" in corporations.to_text()


def test_a_configuration_without_a_seed_compares_by_its_rolls() -> None:
    config = roll(4, SeededChance("same"))
    assert replace(config, seed="17") != config
    assert roll(4, SeededChance("same")) == config


def test_national_capitalism_with_an_athenian_democracy_is_playable() -> None:
    """The seed's recommended first advanced game, built beside Mad Jack (issue 14)."""
    config = roll(4, scripted([*NATIONAL, *ATHENIAN]))
    assert config.not_built() == []
    assert config.options() == {"scenario": "national-capitalism", "government": "athenian"}
    dictator = roll(4, scripted([*NATIONAL, *two(9)]))
    assert dictator.not_built() == []
    assert dictator.options()["government"] == "dictatorship"
    president = roll(4, scripted([*NATIONAL, *two(5)]))
    assert president.not_built() == []
    bureaucracy = roll(4, scripted([*NATIONAL, *two(6)]))  # no chart: the first player's
    assert bureaucracy.not_built() == []  # every case, extending it (ruling 67)
    assert bureaucracy.options()["government"] == "bureaucracy"


def test_a_more_devout_church_leaves_the_government_its_tasks() -> None:
    config = roll(4, scripted([*NATIONAL, *ATHENIAN, *VIOLENCE, *two(7)]), 1)
    assert [(m.name, m.variant) for m in config.modules] == [("church", "more-devout")]
    assert config.tasks == ("radio_reward", "tax_burden", "estate")
    assert any("government phase (invoking, violence) is skipped" in t for t in config.tweaks)


def test_at_the_table_each_roll_is_asked_and_a_bad_answer_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["9", "4", "3 4", "3 4"])
    asked: list[str] = []

    def typed_in(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", typed_in)
    assert main(["--table"]) == 0
    out, err = capsys.readouterr()
    assert asked[0] == "Mad Jack: Base Scenario Type (1d6): roll 1 d6: "
    assert "9 is not a face of a d6" in err
    assert "Government: Athenian Democracy" in out


def test_at_the_table_running_out_of_answers_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def nothing(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", nothing)
    assert main(["--table"]) == 1
    assert "no answer for 'Mad Jack: Base Scenario Type (1d6)" in capsys.readouterr().err


@given(st.text(max_size=60))
def test_any_typed_dice_roll_a_configuration_or_get_one_clear_line(text: str) -> None:
    try:
        entered = EnteredDice(text)
        roll(4, entered, 2)
        entered.check_all_used()
    except (ChanceError, MadJackError) as error:
        assert "\n" not in str(error) and str(error)


# -- the tweaks that make every roll playable (rulings 147, 148) ---------------------------------

GOVERNMENTAL_SOCIALISM = [6, *two(10)]  # Advanced, Governmental Socialism (B) [roll Gov't]
BUREAUCRACY, HYBRID, STABLE_DICTATOR, STABLE_PRESIDENT = two(6), two(8), two(9), two(5)


def test_a_bureaucracy_in_governmental_socialism_is_played_as_rolled() -> None:
    """Its chart divides the pool since ruling 189: no tweak (ruling 147 as amended)."""
    config = roll(4, scripted([*GOVERNMENTAL_SOCIALISM, *BUREAUCRACY]))
    government = config.government
    assert government is not None and government.form == "bureaucracy"
    assert config.tasks == ("distribution", "estate")
    assert not any("Bureaucracy" in t for t in config.tweaks)
    assert config.not_built() == []
    seats = ["ana", "ben", "cy", "dee"]
    play_options_to_the_end(config.options(), seats, 3, "random", "a chart's pool")


def test_a_bureaucracy_a_tack_on_brings_sets_its_rents_by_the_chart() -> None:
    """Rent Control's rents are a chart's task since ruling 191: a Bureaucracy rolled for
    them in Tribal Capitalism is played as rolled, its chart setting them."""
    rent_control = two(5)  # Ownership Tack-on (A) 5: Rent Control [roll Gov't]
    config = roll(4, scripted([*TRIBAL_CAPITALISM, *OWNERSHIP, *rent_control, *BUREAUCRACY]), 1)
    government = config.government
    assert government is not None and government.form == "bureaucracy"
    assert not any("Bureaucracy" in t for t in config.tweaks)
    assert config.not_built() == []
    chosen = config.options()
    assert (chosen["government"], chosen["government_rents"]) == ("bureaucracy", "bureaucracy")
    play_options_to_the_end(chosen, ["ana", "ben", "cy", "dee"], 2, "greedy", "a chart's rents")


def test_a_hybrid_keeps_a_dictator_and_a_president_as_rolled() -> None:
    """Two rulers are built (ruling 196): no tweak (ruling 148 as amended)."""
    script = [*NATIONAL, *HYBRID, *STABLE_DICTATOR, *STABLE_PRESIDENT, *ATHENIAN]
    config = roll(4, scripted(script))
    government = config.government
    assert government is not None
    assert [(t, g.form, g.strength) for t, g in government.functions] == [
        ("radio_reward", "dictatorship", "stable"),
        ("tax_burden", "representative-democracy", "stable"),
        ("estate", "athenian-democracy", ""),
    ]
    assert not any("ruling 69" in t for t in config.tweaks)
    assert config.not_built() == []
    chosen = config.options()
    assert (chosen["government_radio_reward"], chosen["government_tax_burden"]) == (
        "dictatorship",
        "representative",
    )


def test_a_hybrid_has_one_dictator_of_the_first_dictatorships_strength() -> None:
    """Two Dictatorship branches of different strengths: one Dictator, the first's (148)."""
    script = [*NATIONAL, *HYBRID, *STABLE_DICTATOR, *two(11), *STABLE_PRESIDENT]
    config = roll(4, scripted(script))
    government = config.government
    assert government is not None
    assert [(t, g.form, g.strength) for t, g in government.functions] == [
        ("radio_reward", "dictatorship", "stable"),
        ("tax_burden", "dictatorship", "stable"),
        ("estate", "representative-democracy", "stable"),
    ]
    assert any("one Dictator (ruling 69)" in t for t in config.tweaks)
    assert config.not_built() == []


# -- rolled again: what the game rules out (ruling 151); Libertarianism's one democracy (152) ---

TRADITIONAL = [1, *two(7)]  # Introductory, Traditional Economy (A)
PATERNALISTIC_A, OBJECTIVIST_A, LANDLORDS_A, GUILDS_A = two(6), two(4), two(9), two(8)


def test_a_tack_on_that_assigns_paths_is_rolled_again_in_the_traditional_economy() -> None:
    config = roll(4, scripted([*TRADITIONAL, *OWNERSHIP, *PATERNALISTIC_A, *GUILDS_A]), 1)
    assert [m.name for m in config.modules] == ["guild-oligarchy"]
    assert "ruled out: the Traditional Economy keeps each player on his path" in config.to_text()
    assert config.not_built() == []


def test_landlords_are_rolled_again_beside_the_objectivist_model() -> None:
    script = [*TRIBAL_CAPITALISM, *OWNERSHIP, *OBJECTIVIST_A, *OWNERSHIP, *LANDLORDS_A, *GUILDS_A]
    config = roll(4, scripted(script), 2)
    assert [m.name for m in config.modules] == ["objectivist", "guild-oligarchy"]
    assert "ruled out: the Objectivist Model and Landlords both say who owns" in config.to_text()


def test_libertarianism_makes_a_hybrid_of_democracies_one_democracy() -> None:
    market_socialism = [6, *two(8)]
    branches = [*ATHENIAN, *STABLE_PRESIDENT, *ATHENIAN, *ATHENIAN]
    script = [*market_socialism, *HYBRID, *branches, *VIOLENCE, *two(6)]
    config = roll(4, scripted(script), 1)
    assert config.government is not None
    assert config.government.form == "athenian-democracy" and not config.government.functions
    assert any("one form of democracy" in t for t in config.tweaks)
    assert config.not_built() == []  # ruling 152
