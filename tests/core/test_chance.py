"""Chance: seeded, scripted and table outcomes are checked and recorded."""

from __future__ import annotations

import random
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import (
    ChanceRequest,
    ScriptedChance,
    SeededChance,
    TableChance,
    below,
    parse_table_answer,
    shuffle_in_place,
)
from sealed.core.errors import ChanceError


def test_seeded_outcomes_depend_only_on_seed_and_position() -> None:
    first = SeededChance(7)
    values = [first.integer("a", 1, 100), first.dice("b", 5), first.shuffle("c", "abcdef")]
    resumed = SeededChance(7, start=1)
    assert resumed.dice("b", 5) == values[1]
    assert [e.value for e in first.log] == values
    assert (
        SeededChance(8).integer("a", 1, 100) != values[0]
        or SeededChance(9).integer("a", 1, 100) != values[0]
    )


@given(
    seed=st.one_of(st.integers(), st.text(max_size=12)),
    start=st.integers(0, 10_000),
    low=st.integers(-50, 50),
    width=st.integers(1, 2**40),
    count=st.integers(0, 40),
    sides=st.integers(1, 30),
    items=st.lists(st.text(max_size=3), max_size=60),
)
def test_seeded_fast_paths_draw_what_the_library_draws(
    seed: int | str,
    start: int,
    low: int,
    width: int,
    count: int,
    sides: int,
    items: list[str],
) -> None:
    """SeededChance skips Random's call layers; its outcomes are randint's and shuffle's."""
    chance = SeededChance(seed, start=start)
    high = low + width - 1
    got = [chance.integer("i", low, high), chance.dice("d", count, sides)]
    got.append(chance.shuffle("s", items))

    def rng(n: int) -> random.Random:
        return random.Random(f"{seed}/{start + n}")

    shuffled = list(items)
    rng(2).shuffle(shuffled)
    dice = rng(1)
    assert got == [
        rng(0).randint(low, high),
        [dice.randint(1, sides) for _ in range(count)],
        shuffled,
    ]
    assert [entry.value for entry in chance.log] == got
    assert chance.count == start + 3
    # The checked path (a scripted chance's fallback draws through it) agrees.
    checked = SeededChance(seed, start=start)
    requests = [
        ChanceRequest("integer", "i", low=low, high=high),
        ChanceRequest("dice", "d", count=count, sides=sides),
        ChanceRequest("shuffle", "s", items=tuple(items)),
    ]
    assert [checked._draw(request) for request in requests] == got


@given(st.integers(0, 2**32), st.lists(st.integers(1, 2**40), max_size=12), st.integers(0, 20))
def test_below_and_shuffle_in_place_draw_what_random_draws(
    seed: int, bounds: list[int], size: int
) -> None:
    """The bots whose seeded choices the differential baselines hold draw through these:
    ``below`` is ``randrange``/``choice``'s draw, ``shuffle_in_place`` is ``shuffle``, and
    the generator ends where Random's own functions leave it."""
    ours, library = random.Random(seed), random.Random(seed)
    for n in bounds:
        assert below(ours.getrandbits, n) == library.randrange(n)
    items, expected = list(range(size)), list(range(size))
    shuffle_in_place(ours.getrandbits, items)
    library.shuffle(expected)
    assert items == expected
    assert ours.getstate() == library.getstate()


def test_seeded_chances_in_threads_draw_what_they_draw_alone() -> None:
    """Every SeededChance of a thread re-seeds one shared generator: threads must not mix."""

    def draws(seed: int) -> list[object]:
        chance = SeededChance(seed)
        return [
            chance.dice("d", 9) if n % 2 else chance.shuffle("s", "abcdefghij") for n in range(400)
        ]

    alone = [draws(seed) for seed in range(6)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: mid-draw too
    try:
        with ThreadPoolExecutor(max_workers=6) as pool:
            together = list(pool.map(draws, range(6)))
    finally:
        sys.setswitchinterval(interval)
    assert together == alone


def test_seeded_requests_that_cannot_be_filled_fail_as_before() -> None:
    with pytest.raises(ValueError, match="empty range"):
        SeededChance(1).integer("i", 3, 2)
    with pytest.raises(ChanceError, match="enter -1 dice"):
        SeededChance(1).dice("d", -1)


def test_scripted_outcomes_are_checked_against_the_request() -> None:
    chance = ScriptedChance([3, [1, 6], {"label": "deal", "value": ["b", "a"]}])
    assert chance.integer("roll", 1, 6) == 3
    assert chance.dice("two dice", 2) == [1, 6]
    assert chance.shuffle("deal", ["a", "b"]) == ["b", "a"]
    with pytest.raises(ChanceError, match="no scripted outcome left"):
        chance.integer("roll", 1, 6)


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ([7], "outside 1..6"),
        ([[1, 7]], "not a face of a d6"),
        ([{"label": "other", "value": 1}], "is for 'other'"),
        ([True], "expected a whole number"),
    ],
)
def test_scripted_outcomes_that_do_not_fit_are_refused(script: list[object], message: str) -> None:
    chance = ScriptedChance(script)
    with pytest.raises(ChanceError, match=message):
        if isinstance(script[0], list):
            chance.dice("roll", 2)
        else:
            chance.integer("roll", 1, 6)


def test_a_shuffle_must_be_a_permutation() -> None:
    with pytest.raises(ChanceError, match="given twice: a; missing \\(1\\): c"):
        ScriptedChance([["a", "a", "b"]]).shuffle("deck", ["a", "b", "c"])
    with pytest.raises(ChanceError, match="ordering of the 3 items"):
        ScriptedChance(["abc"]).shuffle("deck", ["a", "b", "c"])


def test_scripted_falls_back_to_seed_when_exhausted() -> None:
    chance = ScriptedChance([2], fallback=SeededChance(1))
    assert chance.integer("x", 1, 6) == 2
    assert 1 <= chance.integer("x", 1, 6) <= 6
    assert len(chance.take_log()) == 2 and chance.log == []


def test_table_chance_asks_again_until_the_answer_fits() -> None:
    answers = iter(["7", "three", "2x3 1", "2"])
    told: list[str] = []
    chance = TableChance(lambda request: next(answers), told.append)
    assert chance.dice("your dice", 3) == [3, 3, 1]
    assert chance.integer("d4", 1, 4) == 2
    assert told and "enter 3 dice, one for each: you entered 1 (7)" in told[0]


@pytest.mark.parametrize(
    ("kind", "answer", "expected"),
    [
        ("dice", "3 3 1", [3, 3, 1]),
        ("dice", "2x6, 1x1", [6, 6, 1]),
        ("integer", " 4 ", 4),
        ("shuffle", "as kd", ["AS", "KD"]),
    ],
)
def test_table_answers_are_read_leniently(kind: str, answer: str, expected: object) -> None:
    assert parse_table_answer(ChanceRequest(kind, "x", count=3), answer) == expected


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("6 x 3", [3] * 6),
        ("2 x3 1x 1", [3, 3, 1]),
        ("-1x3 6x1", "-1x3 6x1"),  # a negative count is not read as anything
        ("100000000000x3", "100000000000x3"),  # a typo, not a roll: no memory exhausted
        ("²x3", "²x3"),
        ("3 3 ¹", "3 3 ¹"),
    ],
)
def test_table_dice_counts_are_whole_bounded_and_spaced_freely(
    answer: str, expected: object
) -> None:
    assert parse_table_answer(ChanceRequest("dice", "x", count=6), answer) == expected


def test_a_wrong_shuffle_names_the_unknown_repeated_and_missing_items() -> None:
    request = ChanceRequest("shuffle", "deck", items=("AS", "10H", "2C"))
    with pytest.raises(ChanceError, match="not in the set: TH; missing \\(1\\): 10H"):
        request.check(["AS", "TH", "2C"])
    with pytest.raises(ChanceError, match="given twice: AS; missing \\(1\\): 2C"):
        request.check(["AS", "AS", "10H"])
