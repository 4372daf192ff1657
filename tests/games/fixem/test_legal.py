"""Legal orders: each listed one is legal, distinct and round-trips; counts pinned (perft)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from sealed.core.chance import SeededChance
from sealed.games.fixem import GAME
from sealed.games.fixem.orders import parse_order

SEATS = ("ana", "ben", "cy")
DEFAULTS = {spec.name: spec.default for spec in GAME.options}


def states(seed: int, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """Every state of a seeded game between random bots, drawing from their rngs as usual."""
    full = DEFAULTS | (options or {})
    chance = SeededChance(seed)
    state = GAME.initial_state(SEATS, full, chance)
    bot = GAME.bots["random"]()
    rng = random.Random(seed)
    while True:
        yield state
        if GAME.result(state) is not None:
            return
        orders = {
            seat: bot.choose(GAME.view(state, seat), prompt, rng)
            for seat, prompt in GAME.prompts(state).items()
        }
        state, _ = GAME.resolve(state, orders, chance)


@pytest.mark.parametrize(
    "options", [{}, {"hidden_hands": True}, {"card_order": "2-3-1", "start_hand": "1_to_6"}]
)
@pytest.mark.parametrize("seed", [0, 1])
def test_every_listed_order_is_legal_distinct_and_round_trips(
    options: dict[str, Any], seed: int
) -> None:
    for state in states(seed, options):
        for seat in SEATS:
            orders = GAME.legal_orders(state, seat)
            assert orders is not None
            assert GAME.count_legal_orders(state, seat) == len(orders)
            texts = [GAME.format(order) for order in orders]
            assert len(set(texts)) == len(texts)
            for order, text in zip(orders, texts, strict=True):
                GAME.validate(state, seat, order)
                assert parse_order(text, SEATS) == order
            if GAME.prompts(state):
                assert orders, "a prompted seat always has an order to seal"


def test_the_prediction_bound_is_36_per_seat() -> None:
    state = next(states(0))
    orders = GAME.legal_orders(state, "ana")
    assert orders is not None
    assert len(orders) == 108 * 6
    assert GAME.format(orders[0]) == "predict 1 x 1"
    assert GAME.format(orders[-1]) == "predict 108 x 6"


def perft(seed: int, options: dict[str, Any] | None = None) -> list[tuple[int, ...]]:
    return [
        tuple(GAME.count_legal_orders(state, seat) or 0 for seat in SEATS)
        for state in states(seed, options)
    ]


# Counts of legal orders per seat (ana, ben, cy) at every step of fixed seeded games.
# Prediction Stages always have 648 (108 counts x 6 points); the game over has none.
P = (648, 648, 648)
PERFT = {
    (7, False): [
        *(P, (28, 25, 25), P, (29, 26, 29), P, (29, 26, 29), P, (28, 21, 21)),
        *(P, (17, 13, 17), P, (11, 10, 10), P, (12, 11, 11), P, (12, 11, 11), (0, 0, 0)),
    ],
    (8, True): [
        *(P, (30, 30, 34), P, (42, 30, 34), P, (42, 30, 34), P, (42, 36, 26), P, (22, 54, 26)),
        *(P, (22, 54, 26), P, (20, 54, 34), P, (20, 36, 50), P, (20, 24, 34), P, (19, 20, 34)),
        (0, 0, 0),
    ],
}


@pytest.mark.parametrize(("seed", "hidden"), list(PERFT))
def test_perft_counts_along_seeded_games(seed: int, hidden: bool) -> None:
    assert perft(seed, {"hidden_hands": hidden}) == PERFT[seed, hidden]
