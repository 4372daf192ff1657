"""One rules path: resolve is pure, advance reaches the same states, clones are independent;
legal orders are legal, distinct and round-trip; their counts are pinned (perft)."""

from __future__ import annotations

import itertools
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import IllegalOrderError
from sealed.core.game import resolve_options
from sealed.games.rex_furum import GAME
from sealed.games.rex_furum.orders import (
    AcceptBribe,
    Action,
    Bribe,
    Invest,
    RoundOrders,
)
from sealed.games.rex_furum.rules import (
    Desk,
    _set_problem,
    action_problem,
    available_actions,
    check_orders,
    plain_actions,
    plain_orders,
)
from sealed.games.rex_furum.state import COMPANIES, RexState

BOT_NAMES = sorted(GAME.bots)
tables = st.tuples(
    st.integers(0, 2**32),
    st.lists(st.sampled_from(BOT_NAMES), min_size=3, max_size=6),
    st.integers(1, 10),
)


def states(seed: int, bots: list[str], rounds: int) -> list[tuple[RexState, dict[str, Any]]]:
    """Each state of a seeded bot game (played on resolve) with the orders sealed in it."""
    seats = [f"p{i}" for i in range(len(bots))]
    options = resolve_options(GAME.options, {"rounds": rounds})
    state = GAME.initial_state(seats, options, SeededChance(seed))
    players = {seat: GAME.bots[name]() for seat, name in zip(seats, bots, strict=True)}
    rng = random.Random(seed)
    seen = []
    while GAME.result(state) is None:
        orders = {
            seat: players[seat].choose(GAME.view(state, seat), prompt, rng)
            for seat, prompt in GAME.prompts(state).items()
        }
        seen.append((state, orders))
        state, _ = GAME.resolve(state, orders, SeededChance(seed))
    seen.append((state, {}))
    return seen


@settings(max_examples=100, deadline=None)
@given(tables)
def test_resolve_never_changes_its_input(table: Any) -> None:
    for state, orders in states(*table)[:-1]:
        before = GAME.to_json(state)
        views = [GAME.view(state, seat) for seat in state.seats]
        GAME.resolve(state, orders, SeededChance(0))
        assert GAME.to_json(state) == before
        assert [GAME.view(state, seat) for seat in state.seats] == views


@settings(max_examples=100, deadline=None)
@given(tables)
def test_advance_and_resolve_reach_the_same_states(table: Any) -> None:
    played = states(*table)
    fast = GAME.clone(played[0][0])
    for (_, orders), (after, _) in itertools.pairwise(played):
        fast = GAME.advance(fast, orders, SeededChance(0))
        assert GAME.to_json(fast) == GAME.to_json(after)
        for seat in after.seats:
            assert GAME.render(GAME.view(fast, seat)) == GAME.render(GAME.view(after, seat))
    assert GAME.result(fast) == GAME.result(played[-1][0])


@settings(max_examples=60, deadline=None)
@given(tables)
def test_a_clone_is_independent(table: Any) -> None:
    for state, orders in states(*table)[:-1]:
        before = GAME.to_json(state)
        copy = GAME.clone(state)
        GAME.advance(copy, orders, SeededChance(0))
        assert GAME.to_json(state) == before


# -- legality: one decision (Tally), the same as the rules read over the whole set -------

PLAYERS = ("amy", "arthur", "stephen")


def actions_for(desk: Desk) -> st.SearchStrategy[Action]:
    everything = Desk(desk.me, desk.seats, 0, frozenset(COMPANIES), dict.fromkeys(COMPANIES, 0), 1)
    pool: list[Action] = plain_actions(everything)
    pool += [Bribe(a, c) for a in (-1, 5_000, 40_000) for c in COMPANIES]
    pool += [Invest(a, s) for a in (1_000, 30_000, 150_000) for s in PLAYERS]
    pool += [AcceptBribe(4_000, s, c) for s in PLAYERS for c in COMPANIES]
    return st.sampled_from(pool)


DESK = Desk("amy", PLAYERS, 50_000, frozenset(COMPANIES[:2]), dict.fromkeys(COMPANIES, 1), 1)


@settings(max_examples=2000, deadline=None)
@given(st.lists(actions_for(DESK), max_size=5), st.integers(-10_000, 80_000))
def test_the_tally_refuses_exactly_what_the_set_rules_word(
    actions: list[Action], money: int
) -> None:
    desk = Desk(DESK.me, DESK.seats, money, DESK.companies, DESK.totals, 1)
    orders = RoundOrders(tuple(actions))
    if any(action_problem(desk, a) for a in actions):
        return
    expected = _set_problem(desk, orders)
    try:
        check_orders(desk, orders)
    except IllegalOrderError as error:
        assert expected and expected in str(error)
    else:
        assert not expected


def test_legal_orders_are_legal_distinct_and_round_trip() -> None:
    for state, _ in states(7, ["random", "loyal", "greedy"], 4):
        if state.over:
            assert GAME.legal_orders(state, state.seats[0]) == []
            continue
        for seat in state.seats:
            listed = plain_orders(Desk.of(state, seat))
            texts = [GAME.format(o) for o in listed]
            assert len(set(texts)) == len(texts)
            for order, text in zip(listed, texts, strict=True):
                GAME.validate(state, seat, order)
                assert GAME.parse(state, seat, text) == order
            legal = GAME.legal_orders(state, seat)
            assert legal is None  # everyone has a job or money: amounts are free


def test_legal_orders_are_listed_when_no_amount_is_free() -> None:
    options = resolve_options(GAME.options, {})
    state = GAME.initial_state(list(PLAYERS), options, SeededChance(3))
    amy = state.player("amy")
    amy.money, amy.companies = 0, frozenset()
    state.employment_changed()
    legal = GAME.legal_orders(state, "amy")
    assert legal is not None
    assert GAME.count_legal_orders(state, "amy") == len(legal) == 4588
    assert legal[0] == RoundOrders()
    for order in legal[:: max(1, len(legal) // 200)]:
        GAME.validate(state, "amy", order)
        assert GAME.parse(state, "amy", GAME.format(order)) == order
    assert available_actions(state, "amy") == (
        "embezzle",
        "out",
        "pinkslip",
        "extort",
        "crash",
        "backstab",
        "protect",
        "coverup",
        "enter",
    )


def perft(seed: int) -> list[int]:
    """The number of orders without an amount open to the first seat, round by round."""
    return [
        len(plain_orders(Desk.of(state, state.seats[0])))
        for state, _ in states(seed, ["random", "crasher", "traitor"], 10)
        if not state.over
    ]


def test_perft_counts_along_seeded_games() -> None:
    assert perft(1) == PERFT[1]
    assert perft(2) == PERFT[2]


PERFT = {
    1: [4588, 4588, 4588, 4588, 5056, 5056, 5056, 5056, 5056, 5056],
    2: [4588, 4588, 5056, 5056, 5056, 5056, 5056, 5056, 5056, 5056],
}
