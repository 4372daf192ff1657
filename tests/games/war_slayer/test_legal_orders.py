"""legal_orders: each listed order is legal, distinct and round-trips; perft-style counts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.war_slayer import GAME
from sealed.games.war_slayer.state import WarSlayerState

SEATS = ("ana", "ben")
OPTIONS = resolve_options(GAME.options, {})


def random_game(seed: int, steps: int = 10_000) -> list[WarSlayerState]:
    """The states of a game whose orders are drawn uniformly from legal_orders."""
    chance, rng = SeededChance(seed), random.Random(seed)
    state = GAME.initial_state(SEATS, OPTIONS, chance)
    states = [GAME.clone(state)]
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        orders = {seat: rng.choice(GAME.legal_orders(state, seat)) for seat in GAME.prompts(state)}
        state, _ = GAME.resolve(state, orders, chance)
        states.append(GAME.clone(state))
    return states


@given(seed=st.integers(0, 2**32))
def test_every_listed_order_is_legal_distinct_and_round_trips(seed: int) -> None:
    for state in random_game(seed, 60):
        prompted = GAME.prompts(state)
        for seat in SEATS:
            orders = GAME.legal_orders(state, seat)
            assert len(orders) == GAME.count_legal_orders(state, seat)
            assert bool(orders) == (seat in prompted)
            texts = [GAME.format(order) for order in orders]
            assert len(set(texts)) == len(texts)
            for order, text in zip(orders, texts, strict=True):
                GAME.validate(state, seat, order)
                assert GAME.parse(state, seat, text) == order


def test_counts_by_phase() -> None:
    state = GAME.initial_state(SEATS, OPTIONS, SeededChance(5))
    assert [GAME.count_legal_orders(state, seat) for seat in SEATS] == [12, 12]
    orders = {seat: GAME.legal_orders(state, seat)[0] for seat in SEATS}
    assert [GAME.format(order).split()[0] for order in orders.values()] == ["dossier"] * 2
    state, _ = GAME.resolve(state, orders, SeededChance(5))
    assert [GAME.count_legal_orders(state, seat) for seat in SEATS] == [6, 6]
    assert {GAME.format(o).split()[0] for o in GAME.legal_orders(state, "ana")} == {"theater"}


# Perft-style: the number of legal orders summed over every seat and step of a seeded
# game (orders drawn uniformly from legal_orders), and the game's length in steps.
PERFT = {1: (1498, 110), 2: (892, 63), 3: (76, 7), 42: (186, 14)}


@pytest.mark.parametrize("seed", list(PERFT))
def test_perft_counts_along_seeded_games(seed: int) -> None:
    states = random_game(seed)
    total = sum(GAME.count_legal_orders(state, seat) for state in states for seat in SEATS)
    assert (total, len(states)) == PERFT[seed]


def test_the_lazy_list_reads_like_a_list_and_outlives_its_state() -> None:
    state = GAME.initial_state(SEATS, OPTIONS, SeededChance(5))
    lazy = GAME.legal_orders(state, "ana")
    eager = list(lazy)
    assert len(eager) == 12 and lazy == eager and eager == list(lazy[:])
    assert lazy[-1] == eager[-1] and lazy[3:5] == eager[3:5] and lazy[::5] == eager[::5]
    assert lazy.index(eager[7]) == 7 and eager[7] in lazy
    with pytest.raises(IndexError):
        lazy[12]
    with pytest.raises(IndexError):
        lazy[-13]
    GAME.advance(
        state, {seat: GAME.legal_orders(state, seat)[0] for seat in SEATS}, SeededChance(5)
    )
    assert list(lazy) == eager  # it holds the drawn cards, not the state that moved on
