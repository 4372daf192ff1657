"""Variant victory conditions (``sealed.games.crusoe.victory``): scores, winners, secrecy.

- each condition as the seed words it (ruling 45), with the small tables' edge cases;
- a seat's condition is read with did-you-mean and recorded once;
- no seat's view holds another seat's secret condition before the end (Hypothesis), and a
  seat's variant score does not depend on what the others chose.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import ScriptedChance
from sealed.core.errors import IllegalOrderError, OrderSyntaxError
from sealed.games.crusoe.victory import (
    CONDITIONS,
    assign_randomly,
    parse_condition,
    record,
    variant_score,
    variant_scores,
    variant_winners,
    visible_conditions,
)

SCORES = {"ana": 10, "ben": -5, "cy": 2, "dee": 20}


@pytest.mark.parametrize(
    ("seat", "condition", "score"),
    [
        ("ana", "self-interested", Fraction(10)),
        # the average of his score and the two worst-off others (ben -5, cy 2)
        ("ana", "altruistic", Fraction(10 - 5 + 2, 3)),
        ("ben", "altruistic", Fraction(-5 + 2 + 10, 3)),
        # his score less the group's median (2 and 10: 6)
        ("ana", "cutthroat", Fraction(4)),
        ("ben", "cutthroat", Fraction(-11)),
    ],
)
def test_each_condition_scores_as_the_seed_says(seat: str, condition: str, score: Fraction) -> None:
    assert variant_score(seat, condition, SCORES) == score


def test_small_tables_average_what_there_is_and_an_odd_group_takes_its_middle() -> None:
    assert variant_score("a", "altruistic", {"a": 6, "b": 3}) == Fraction(9, 2)
    assert variant_score("a", "altruistic", {"a": 6}) == 6
    assert variant_score("a", "cutthroat", {"a": 6, "b": 3, "c": -1}) == 3
    assert variant_score("a", "cutthroat", {"a": 6}) == 0


def test_a_seat_without_a_condition_is_self_interested() -> None:
    assert variant_scores(SCORES, {"ana": "cutthroat"}) == {
        "ana": 4,
        "ben": -5,
        "cy": 2,
        "dee": 20,
    }


def test_winners_are_rescued_survivors_with_a_positive_variant_score() -> None:
    alive = {"ana": True, "ben": True, "cy": True, "dee": False}
    conditions = {"ana": "cutthroat", "ben": "altruistic", "cy": "cutthroat", "dee": "altruistic"}
    # ana 4, ben (-5 + 2 + 10)/3 = 7/3, cy 2 - 6 = -4, dee dead
    assert variant_winners(SCORES, conditions, rescued=True, alive=alive) == ("ana", "ben")
    assert variant_winners(SCORES, conditions, rescued=False, alive=alive) == ()


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("victory cutthroat", "cutthroat"),
        ("Altruistic", "altruistic"),
        ("victory self_interested", "self-interested"),
        ("self", "self-interested"),
    ],
)
def test_a_condition_is_read_in_any_case(text: str, condition: str) -> None:
    assert parse_condition(text) == condition


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("victory cuthroat", "did you mean 'cutthroat'"),
        ("victory", "is one word"),
        ("altruistic cutthroat", "is one word"),
        ("selfish", "unknown victory condition 'selfish'"),
    ],
)
def test_a_bad_condition_is_refused_with_a_suggestion(text: str, message: str) -> None:
    with pytest.raises(OrderSyntaxError, match=message):
        parse_condition(text)


def test_a_condition_is_recorded_once() -> None:
    conditions = record({}, "ana", "altruistic")
    assert conditions == {"ana": "altruistic"}
    with pytest.raises(IllegalOrderError, match="records his condition once"):
        record(conditions, "ana", "cutthroat")


def test_random_assignment_is_one_recorded_die_per_seat() -> None:
    chance = ScriptedChance([[1, 4, 6]])
    assert assign_randomly(["ana", "ben", "cy"], chance) == {
        "ana": "altruistic",
        "ben": "self-interested",
        "cy": "cutthroat",
    }
    assert len(chance.log) == 1 and "one die per seat" in chance.log[0].label


seats = st.lists(st.sampled_from(["ana", "ben", "cy", "dee", "ed"]), min_size=1, unique=True)


@given(seats, st.data())
def test_no_seat_sees_another_seats_condition_before_the_end(
    table: list[str], data: st.DataObject
) -> None:
    conditions = {s: data.draw(st.sampled_from(CONDITIONS)) for s in table}
    seat = data.draw(st.sampled_from(table))
    others = {s: data.draw(st.sampled_from(CONDITIONS)) for s in table if s != seat}
    changed = {**conditions, **others}
    view = visible_conditions(conditions, seat, over=False)
    assert view == {seat: conditions[seat]}
    assert visible_conditions(changed, seat, over=False) == view
    assert visible_conditions(conditions, seat, over=True) == conditions


@given(
    st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e"]), st.integers(-60, 60), min_size=1),
    st.data(),
)
def test_a_seats_variant_score_depends_only_on_its_own_condition(
    scores: dict[str, int], data: st.DataObject
) -> None:
    first = {s: data.draw(st.sampled_from(CONDITIONS)) for s in scores}
    second = {s: data.draw(st.sampled_from(CONDITIONS)) for s in scores}
    seat = data.draw(st.sampled_from(sorted(scores)))
    second[seat] = first[seat]
    assert variant_scores(scores, first)[seat] == variant_scores(scores, second)[seat]
    altruist = variant_score(seat, "altruistic", scores)
    assert min(scores.values()) <= altruist <= max(scores.values())
    assert variant_score(seat, "self-interested", scores) == scores[seat]
