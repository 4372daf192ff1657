"""The Bureaucracy's flow chart language (``sealed.games.crusoe.policy``).

- the seed's National Capitalism example, box for box (ruling 24);
- every way a chart cannot be read names its line, and misspellings get a suggestion;
- every way a chart cannot decide hands the case to the first player, with the box and reason;
- amendments by unanimous vote, and extension of the chart by the first player's case.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sealed.core.chance import ScriptedChance
from sealed.games.crusoe.policy import (
    SEED_EXAMPLE,
    Amendment,
    ChartError,
    Chosen,
    Decided,
    Undecided,
    Vocabulary,
    amend,
    choose,
    crusoe_vocabulary,
    decide,
    extend,
    names_for,
    parse_amendment,
    parse_box,
    parse_chart,
    roll_tie,
    vote_amendment,
)

VOCABULARY = crusoe_vocabulary()
SEED = parse_chart(SEED_EXAMPLE, VOCABULARY)
FREE = Vocabulary(frozenset({"a", "b", "cycle"}), {"player": frozenset({"player.vp"})})


def burden(cycle: int, old: int, firefly: bool, most_leisure: bool) -> Decided | Undecided:
    return decide(
        SEED,
        "tax_burden",
        {
            "cycle": cycle,
            "player.tax_burden": old,
            "player.last_path.firefly": int(firefly),
            "player.rank.last_leisure": 1 if most_leisure else 2,
        },
    )


# -- the seed's example ------------------------------------------------------------------------


@pytest.mark.parametrize(("pool", "reward"), [(0, 30), (4, 26), (31, -1)])
def test_seed_box_1_the_reward_is_30_less_the_signals_of_that_type_in_the_pool(
    pool: int, reward: int
) -> None:
    assert decide(SEED, "radio_reward", {"frequency.pool": pool}) == Decided(reward, 1)


def test_seed_box_2_every_player_begins_with_a_tax_burden_of_7() -> None:
    assert burden(1, 0, firefly=True, most_leisure=True) == Decided(7, 1)


@pytest.mark.parametrize(
    ("old", "firefly", "most", "new"),
    [
        (7, True, False, 6),  # box 3: less one for the Firefly
        (1, True, False, 1),  # ... not to go below 1
        (7, False, True, 9),  # box 4: plus two for the most Leisure
        (1, True, True, 3),  # both: not below 1 first, then plus two
        (5, False, False, 5),  # neither: unchanged
    ],
)
def test_seed_boxes_3_and_4_adjust_the_burden_each_cycle(
    old: int, firefly: bool, most: bool, new: int
) -> None:
    result = burden(4, old, firefly, most)
    assert isinstance(result, Decided) and result.value == new


def test_seed_example_over_four_cycles_for_one_firefly_walker() -> None:
    walked = [(True, False), (True, True), (False, True), (True, False)]
    value = 0
    history = []
    for cycle, (firefly, most) in enumerate(walked, start=1):
        result = burden(cycle, value, firefly, most)
        assert isinstance(result, Decided)
        value = result.value
        history.append(value)
    assert history == [7, 8, 10, 9]


def test_seed_box_5_a_starved_players_goods_go_to_the_lowest_vp_rolling_for_ties() -> None:
    candidates = {"s1": {"player.vp": -3}, "s2": {"player.vp": -7}, "s3": {"player.vp": -7}}
    chosen = choose(SEED, "estate", {}, candidates)
    assert chosen == Chosen(("s2", "s3"), 1)
    chance = ScriptedChance([2])
    assert roll_tie(chosen, chance, "estate: lowest VP tie") == "s3"
    assert [e.label for e in chance.log] == ["estate: lowest VP tie"]
    alone = choose(SEED, "estate", {}, {"s1": {"player.vp": 1}, "s2": {"player.vp": 4}})
    assert isinstance(alone, Chosen)
    assert roll_tie(alone, ScriptedChance([]), "no die is rolled") == "s1"


def test_the_seed_example_prints_and_reads_back_the_same() -> None:
    assert parse_chart(SEED.to_text(), VOCABULARY) == SEED


# -- reading: errors name the line ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tax_burden (each player):\n  if player.vp_rnak == 1: 3", "line 2: unknown quantity"),
        ("tax_burden (each player):\n  if player.vp_rnak == 1: 3", "did you mean 'player.vp'"),
        ("tax_burdn (each player):\n  otherwise: 1", "line 1: the government has no task"),
        ("tax_burdn (each player):\n  otherwise: 1", "did you mean 'tax_burden'"),
        ("radio_reward (each frequency):\n  iff cycle: 3", "did you mean 'if'"),
        ("radio_reward (each frequency):\n\n  otherwise: 1\n  if cycle: 3", "line 4: this box"),
        ("estate (choose a player):\n  otherwise: 3", "line 2: this decision chooses"),
        ("tax_burden (each player):\n  otherwise: lowest player.vp", "line 2: 'lowest' belongs"),
        ("tax_burden (each player):\n  if cycle > 2 > 1: 3", "one comparison at a time"),
        ("tax_burden (each player):\n  if cycle: cycle > 1", "a condition where a number"),
        ("tax_burden (each player):\n  if cycle + (cycle > 1): 1", "a condition where a number"),
        ("tax_burden (each player):\n  if (cycle: 1", "expected ')'"),
        ("tax_burden (each player):\n  if cycle ==: 1", "line 2: expected a number"),
        ("tax_burden (each player):\n  if cycle $ 2: 1", "'$' is not part of the chart language"),
        ("tax_burden (each player):\n  otherwise: max(1)", "max takes at least 2 numbers"),
        ("tax_burden (each player):\n  otherwise: 1 2", "unexpected '2'"),
        ("tax_burden (each player):\n  otherwise:", "a box needs a result"),
        ("tax_burden (each player):\n  if cycle 3", "no ':' found"),
        ("tax_burden (each planet):\n  otherwise: 1", "line 1: 'each planet' is not a kind"),
        ("tax_burden (choose a player):\n  otherwise: lowest player.vp", "(each player), not"),
        ("radio_reward (each frequency):\n  otherwise: player.vp", "unknown quantity 'player.vp'"),
        ("  otherwise: 1", "line 1: a box must follow a decision's header"),
        ("tax_burden each player\n  otherwise: 1", "line 1: expected a decision"),
        ("radio_reward (each frequency):\n  otherwise: 1\nradio_reward (each frequency):", "twice"),
        ("radio_reward (each frequency):\n  otherwise: 1", "no decision for tax_burden, estate"),
        ("estate (choose a player):\ntax_burden (each player):\n", "'estate' has no box"),
        ("tax_burden (each player):\n  otherwise: ana", "unknown quantity 'ana'"),
        ("tax_burden (each player):\n  otherwise: __import__(os)", "unknown quantity '__import__'"),
        ("tax_burden (each player):\n  otherwise: " + "(" * 60 + "1" + ")" * 60, "nested more"),
        ("tax_burden (each player):\n  otherwise: " + "-" * 60 + "1", "nested more"),
        ("tax_burden (each player):\n  if " + "not " * 60 + "cycle: 1", "nested more"),
        ("tax_burden (each player):\n  otherwise: " + "1 + " * 120 + "1", "longer than 400"),
        ("tax_burden (each player):\n  otherwise: \u0663", "'\u0663' is not part of the chart"),
    ],
)
def test_a_chart_that_cannot_be_read_is_refused_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(ChartError) as refused:
        parse_chart(text, VOCABULARY)
    assert message in str(refused.value)


def test_a_player_name_is_never_a_quantity_even_if_the_game_passes_one() -> None:
    """Seed: "not non-game information (a player's name)": names are refused when read, and
    a value the game passes under a seat's name is never looked at."""
    with pytest.raises(ChartError, match="unknown quantity 'ana'"):
        parse_chart("a:\n  otherwise: ana", FREE)
    chart = parse_chart("a:\n  if cycle == 2: 5\n  otherwise: 1", FREE)
    assert decide(chart, "a", {"cycle": 2, "ana": 99}) == decide(chart, "a", {"cycle": 2})


def test_comments_case_and_spacing_do_not_matter() -> None:
    text = "A:   # a comment\n\tIF cycle==2   AND NOT b : 5 # why\n  OTHERWISE : 1\n"
    chart = parse_chart(text, FREE)
    assert chart.to_text() == "a:\n  if cycle == 2 and not b: 5\n  otherwise: 1\n"


def test_decimals_and_divisions_are_exact_and_printed_back() -> None:
    chart = parse_chart("a:\n  otherwise: round_up(cycle * 0.5 + cycle / 3)", FREE)
    assert decide(chart, "a", {"cycle": 3}) == Decided(3, 1)  # 1.5 + 1 = 2.5, up
    assert parse_chart(chart.to_text(), FREE) == chart
    assert "0.5" in chart.to_text()


# -- deciding, and not deciding ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("box", "quantities", "reason"),
    [
        ("otherwise: a", {}, "the game has no value for a now"),
        ("otherwise: a / b", {"a": 1, "b": 0}, "divides by zero"),
        ("otherwise: a / b", {"a": 1, "b": 2}, "1/2, not a whole number"),
        ("if a > 1: 3", {"a": 1}, "no box covers this case"),
        ("otherwise: undecided", {}, "the chart says undecided"),
    ],
)
def test_a_case_the_chart_cannot_interpret_goes_to_the_first_player(
    box: str, quantities: dict[str, int], reason: str
) -> None:
    chart = parse_chart("a:\n  " + box, FREE)
    result = decide(chart, "a", quantities)
    assert isinstance(result, Undecided) and reason in result.reason


def test_the_first_box_that_holds_decides_and_later_boxes_are_not_read() -> None:
    chart = parse_chart("a:\n  if cycle < 3: 1\n  if cycle < 5: 2\n  otherwise: b / 0", FREE)
    assert [decide(chart, "a", {"cycle": c}) for c in (1, 4)] == [Decided(1, 1), Decided(2, 2)]
    assert isinstance(decide(chart, "a", {"cycle": 7}), Undecided)


def test_and_or_do_not_read_what_they_do_not_need() -> None:
    both = parse_chart("a:\n  if cycle > 1 and b > 0: 1\n  otherwise: 3", FREE)
    assert decide(both, "a", {"cycle": 0}) == Decided(3, 2)
    either = parse_chart("a:\n  if cycle > 1 or b > 0: 2", FREE)
    assert decide(either, "a", {"cycle": 2}) == Decided(2, 1)
    assert isinstance(decide(either, "a", {"cycle": 0}), Undecided)


def test_a_tie_without_dice_is_undecided() -> None:
    chart = parse_chart("a (choose a player):\n  otherwise: highest player.vp", FREE)
    tied = {"x": {"player.vp": 2}, "y": {"player.vp": 2}}
    assert choose(chart, "a", {}, tied) == Undecided("2 are tied on player.vp", 1)
    assert choose(chart, "a", {}, {}) == Undecided("there is nobody to choose", 1)


def test_deciding_with_the_wrong_function_is_a_clear_error() -> None:
    with pytest.raises(ChartError, match="use choose"):
        decide(SEED, "estate", {})
    with pytest.raises(ChartError, match="use decide"):
        choose(SEED, "tax_burden", {}, {})
    with pytest.raises(ChartError, match="did you mean 'estate'"):
        decide(SEED, "estat", {})


# -- amending and extending ----------------------------------------------------------------------


def test_an_amendment_to_one_box_passes_only_by_unanimous_vote() -> None:
    amendment = parse_amendment("radio_reward insert 1: if cycle > 5: 40", SEED, VOCABULARY)
    assert amendment.to_text() == "radio_reward insert 1: if cycle > 5: 40"
    passed = vote_amendment(SEED, amendment, {"ana": True, "ben": True, "cy": True})
    assert decide(passed, "radio_reward", {"cycle": 6, "frequency.pool": 0}) == Decided(40, 1)
    assert vote_amendment(SEED, amendment, {"ana": True, "ben": False, "cy": True}) == SEED
    assert vote_amendment(SEED, amendment, {}) == SEED


@pytest.mark.parametrize(
    ("text", "boxes"),
    [
        ("tax_burden replace 1: if cycle == 1: 8", 5),
        ("tax_burden delete 4", 4),
        ("tax_burden insert 5: if player.wounded: 1", 6),
    ],
)
def test_amendments_replace_insert_or_delete_one_box(text: str, boxes: int) -> None:
    amended = amend(SEED, parse_amendment(text, SEED, VOCABULARY))
    assert len(amended.decision("tax_burden").boxes) == boxes
    assert amended.decision("estate") == SEED.decision("estate")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tax_burden replce 1: otherwise: 1", "did you mean 'replace'"),
        ("tax_burden replace 9: otherwise: 1", "boxes 1 to 5, not 9"),
        ("tax_burden insert 6: if cycle: 1", "would follow 'otherwise'"),
        ("tax_burden delete 2: otherwise: 1", "takes no box"),
        ("tax_burden replace 2", "needs ': BOX'"),
        ("tax_burden replace 2: if cyle: 1", "did you mean 'cycle'"),
        ("tax burden delete 1", "an amendment is"),
        ("radio_reward delete 1", "would have no box left"),
        ("tax_burdn delete 1", "did you mean 'tax_burden'"),
    ],
)
def test_a_bad_amendment_is_refused_and_changes_nothing(text: str, message: str) -> None:
    with pytest.raises(ChartError) as refused:
        amend(SEED, parse_amendment(text, SEED, VOCABULARY))
    assert message in str(refused.value)


def test_an_undecided_case_is_added_to_the_chart_where_it_stopped() -> None:
    chart = parse_chart("a:\n  if cycle < 3: 1\n  if a / b > 1: 2\n  otherwise: 3", FREE)
    case = {"cycle": 4, "a": 1, "b": 0}
    stuck = decide(chart, "a", case)
    assert stuck == Undecided("a / b divides by zero", 2)
    new = parse_box("if b == 0: 7", "number", FREE.names)
    extended = extend(chart, "a", stuck, new, case)
    assert decide(extended, "a", case) == Decided(7, 2)
    assert decide(extended, "a", {"cycle": 1, "a": 1, "b": 0}) == Decided(1, 1)


def test_an_extension_after_running_off_the_end_goes_last() -> None:
    chart = parse_chart("a:\n  if cycle < 3: 1", FREE)
    stuck = decide(chart, "a", {"cycle": 5})
    assert isinstance(stuck, Undecided) and stuck.box == 2
    new = parse_box("otherwise: 2", "number", FREE.names)
    extended = extend(chart, "a", stuck, new, {"cycle": 5})
    assert extended.to_text() == "a:\n  if cycle < 3: 1\n  otherwise: 2\n"


def test_an_extension_that_does_not_decide_the_case_is_refused() -> None:
    chart = parse_chart("a:\n  otherwise: undecided", FREE)
    stuck = decide(chart, "a", {"cycle": 5})
    assert isinstance(stuck, Undecided)
    with pytest.raises(ChartError, match="does not decide the case at hand"):
        extend(chart, "a", stuck, parse_box("if cycle < 5: 1", "number", FREE.names), {"cycle": 5})


def test_a_choice_is_extended_with_the_candidates_at_hand() -> None:
    chart = parse_chart("a (choose a player):\n  otherwise: highest player.vp", FREE)
    tied = {"x": {"player.vp": 2}, "y": {"player.vp": 2}}
    stuck = choose(chart, "a", {}, tied)
    assert isinstance(stuck, Undecided)
    names = names_for("choose a player", FREE)
    new = parse_box("if cycle > 0: highest player.vp, ties by dice", "choose a player", names)
    extended = extend(chart, "a", stuck, new, {"cycle": 1}, tied)
    assert choose(extended, "a", {"cycle": 1}, tied) == Chosen(("x", "y"), 1)


def test_an_amendment_object_with_no_box_is_refused() -> None:
    with pytest.raises(ChartError, match="needs a box"):
        amend(SEED, Amendment("tax_burden", "replace", 1))


def test_values_may_be_fractions_from_the_game() -> None:
    chart = parse_chart("a:\n  otherwise: a * 2", FREE)
    assert decide(chart, "a", {"a": Fraction(3, 2)}) == Decided(3, 1)
