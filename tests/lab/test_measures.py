"""Measures over hand-made games: what each counts, which games it leaves out, its interval."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.lab.measures import (
    difference,
    estimate,
    measures_for,
    seat_balance,
    shown,
    values_of,
)
from sealed.lab.sim import GameSummary, _Lead
from sealed.lab.stats import wilson


def game(
    i: int,
    winners: tuple[str, ...],
    steps: int = 10,
    halftime: bool | None = None,
    margin: float = 1.0,
) -> GameSummary:
    return GameSummary(
        seed=f"s/{i}",
        bots={"seat1": "a", "seat2": "b"} if i % 2 == 0 else {"seat1": "b", "seat2": "a"},
        winners=winners,
        scores={"seat1": 1, "seat2": 1},
        steps=steps,
        decisions=2 * steps,
        actions={"a": Counter(x=1), "b": Counter(y=1)},
        lead_changes=0,
        winner_trailed=False,
        halftime_leader_won=halftime,
        leader_scores=(1.0, 2.0),
        margins=(0.0, margin),
    )


MEASURES = {m.name: m for m in measures_for(("seat1", "seat2"), ("a", "b"))}


def test_lead_records_the_leaders_running_score_and_margin() -> None:
    lead = _Lead()
    for scores in ({"a": 1, "b": 0, "c": 0}, {"a": 1, "b": 3, "c": 3}, {"a": 5, "b": 3, "c": 1}):
        lead.update(scores)
    assert lead.best == [1.0, 3.0, 5.0]
    assert lead.margins == [1.0, 0.0, 2.0]  # a tie for the lead is a margin of 0


def test_seat_and_bot_wins_count_shared_wins_as_fractions() -> None:
    games = [game(0, ("seat1",)), game(1, ("seat1", "seat2")), game(2, ("seat2",)), game(3, ())]
    seat1 = estimate(MEASURES["wins seat1"], games, "s")
    assert seat1.value == 1.5 / 4
    assert (seat1.low, seat1.high) == wilson(1.5, 4)
    # bot a sat in seat1 in games 0 and 2 and in seat2 in games 1 and 3: 1 + 0.5 + 0 + 0
    assert estimate(MEASURES["wins a"], games, "s").value == 1.5 / 4
    assert estimate(MEASURES["shared or no winner"], games, "s").value == 0.5


def test_half_time_leader_leaves_out_games_without_a_sole_leader() -> None:
    games = [
        game(0, ("seat1",), halftime=True),
        game(1, ("seat2",)),
        game(2, ("seat1",), halftime=False),
    ]
    result = estimate(MEASURES["half-time leader won"], games, "s")
    assert (result.value, result.games) == (0.5, 2)


def test_a_measure_no_game_gave_is_not_a_number_and_never_significant() -> None:
    games = [game(i, ("seat1",)) for i in range(3)]
    result = estimate(MEASURES["half-time leader won"], games, "s")
    assert result.games == 0 and math.isnan(result.value)
    assert not difference(MEASURES["half-time leader won"], games, games, "s").significant


def test_bootstrapped_means_are_reproducible_and_bracket_the_value() -> None:
    games = [game(i, ("seat1",), steps=5 + i % 7) for i in range(60)]
    first = estimate(MEASURES["length mean"], games, "run")
    assert first == estimate(MEASURES["length mean"], games, "run")
    assert first.low < first.value < first.high
    assert first.method == "bootstrap"


def test_difference_pairs_games_by_seed() -> None:
    a = [game(i, ("seat1",), steps=10 + i % 5) for i in range(40)]
    b = [game(i, ("seat1",), steps=9 + i % 5) for i in range(40)]
    longer = difference(MEASURES["length mean"], a, b, "s")
    # every pair differs by exactly 1, so the paired interval is exactly [1, 1]
    assert (longer.value, longer.low, longer.high) == (1.0, 1.0, 1.0)
    assert longer.significant and longer.test == "paired bootstrap"
    same = difference(MEASURES["wins seat1"], a, a, "s")
    assert same.value == 0 and not same.significant and same.test == "Newcombe"


def test_seat_balance_finds_a_first_seat_advantage() -> None:
    lopsided = [game(i, ("seat1",) if i % 4 else ("seat2",)) for i in range(100)]
    balance = seat_balance(lopsided, ("seat1", "seat2"), "s")
    assert balance.first_seat.value == 0.75 and balance.fair_share == 0.5
    assert balance.chi_square == pytest.approx(25.0) and balance.unbalanced
    assert balance.first_seat_advantage
    even = seat_balance(
        [game(i, (f"seat{1 + i % 2}",)) for i in range(100)], ("seat1", "seat2"), "s"
    )
    assert even.p_value == 1.0 and not even.unbalanced and not even.first_seat_advantage


outcomes = st.sampled_from([(), ("seat1",), ("seat2",), ("seat1", "seat2")])
random_games = st.lists(
    st.builds(
        game,
        st.integers(0, 1),
        outcomes,
        steps=st.integers(1, 50),
        halftime=st.sampled_from([None, True, False]),
        margin=st.floats(0, 100),
    ),
    min_size=1,
    max_size=40,
)


@given(random_games)
def test_every_estimate_brackets_its_value_and_wins_add_up(games: list[GameSummary]) -> None:
    estimates = {e.name: e for e in (estimate(m, games, "p") for m in MEASURES.values())}
    for measure in MEASURES.values():
        e, values = estimates[measure.name], values_of(measure, games)
        if not values:
            continue
        if e.kind == "share":  # Wilson always contains the observed share
            assert 0.0 <= e.low <= e.value <= e.high <= 1.0, e
        else:  # a percentile bootstrap stays within the values it resamples
            slack = 1e-9 * max(1.0, abs(max(values)))  # the mean of equal floats may round up
            assert min(values) - slack <= e.low <= e.high <= max(values) + slack, e
    nobody = sum(1 for g in games if not g.winners) / len(games)
    seats = estimates["wins seat1"].value + estimates["wins seat2"].value
    assert seats + nobody == pytest.approx(1.0)  # shared wins are split, never double-counted


@given(random_games)
def test_a_run_against_itself_differs_in_nothing(games: list[GameSummary]) -> None:
    for measure in MEASURES.values():
        assert not difference(measure, games, games, "p").significant, measure.name


@pytest.mark.parametrize(
    ("x", "share", "text"),
    [
        (0.5, True, "50.0%"),
        (241_977.5, False, "241,978"),
        (6.384, False, "6.38"),
        (float("nan"), False, "n/a"),
    ],
)
def test_numbers_are_shown_for_people(x: float, share: bool, text: str) -> None:
    assert shown(x, share) == text
