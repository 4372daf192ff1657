"""Legal orders: each listed one is legal, distinct and round-trips; counts pinned (perft)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from sealed.core.chance import SeededChance
from sealed.core.game import Game
from sealed.games.fixem import GAME
from sealed.games.fixem.orders import parse_order

V1 = GAME.for_version(1)
assert V1 is not None

SEATS = ("ana", "ben", "cy")
DEFAULTS = {spec.name: spec.default for spec in GAME.options}


def states(
    seed: int, options: dict[str, Any] | None = None, game: Game[Any, Any, Any] = GAME
) -> Iterator[Any]:
    """Every state of a seeded game between random bots, drawing from their rngs as usual."""
    full = DEFAULTS | (options or {})
    chance = SeededChance(seed)
    state = game.initial_state(SEATS, full, chance)
    bot = game.bots["random"]()
    rng = random.Random(seed)
    while True:
        yield state
        if game.result(state) is not None:
            return
        orders = {
            seat: bot.choose(game.view(state, seat), prompt, rng)
            for seat, prompt in game.prompts(state).items()
        }
        state, _ = game.resolve(state, orders, chance)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hidden_hands": True},
        {"card_order": "2-3-1", "start_hand": "1_to_6"},
        {"start_hand": "none", "start_field": 36, "refill": "none"},
    ],
)
@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("version", [2, 1])
def test_every_listed_order_is_legal_distinct_and_round_trips(
    options: dict[str, Any], seed: int, version: int
) -> None:
    game = GAME.for_version(version)
    assert game is not None
    for state in states(seed, options, game):
        for seat in SEATS:
            orders = game.legal_orders(state, seat)
            assert orders is not None
            assert game.count_legal_orders(state, seat) == len(orders)
            texts = [game.format(order) for order in orders]
            assert len(set(texts)) == len(texts)
            for order, text in zip(orders, texts, strict=True):
                game.validate(state, seat, order)
                assert parse_order(text, SEATS) == order
            if game.prompts(state):
                assert orders, "a prompted seat always has an order to seal"


def test_the_prediction_bound_is_0_to_36_per_seat() -> None:
    state = next(states(0))
    orders = GAME.legal_orders(state, "ana")
    assert orders is not None
    assert len(orders) == 109 * 6
    assert GAME.format(orders[0]) == "predict 0 x 1"
    assert GAME.format(orders[-1]) == "predict 108 x 6"


def test_version_1_predictions_start_at_1() -> None:
    state = next(states(0, game=V1))
    orders = V1.legal_orders(state, "ana")
    assert orders is not None
    assert len(orders) == 108 * 6
    assert V1.format(orders[0]) == "predict 1 x 1"


def perft(
    seed: int, options: dict[str, Any] | None = None, game: Game[Any, Any, Any] = GAME
) -> list[tuple[int, ...]]:
    return [
        tuple(game.count_legal_orders(state, seat) or 0 for seat in SEATS)
        for state in states(seed, options, game)
    ]


# Version 1's counts of legal orders per seat (ana, ben, cy) at every step of fixed
# seeded games. Prediction Stages always have 648 (108 counts x 6 points); the game
# over has none.
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
def test_version_1_perft_counts_along_seeded_games(seed: int, hidden: bool) -> None:
    assert perft(seed, {"hidden_hands": hidden}, V1) == PERFT[seed, hidden]


# Version 2: 654 predictions (counts 0 to 108), and card 3 may name any point of
# either opponent (12), so only card 2 (the seat's own hand) varies.
P2 = (654, 654, 654)
PERFT2 = {
    (7, False): [
        *(P2, (34, 30, 30), P2, (34, 30, 34), P2, (34, 30, 34), P2, (34, 26, 26)),
        *(P2, (26, 19, 26), P2, (22, 19, 20), P2, (22, 20, 20), P2, (22, 20, 20), (0, 0, 0)),
    ],
    (8, True): [
        *(P2, (30, 30, 34), P2, (42, 30, 34), P2, (42, 30, 34), P2, (42, 36, 26), P2),
        *((22, 54, 26), P2, (22, 54, 26), P2, (20, 54, 34), P2, (20, 36, 50), P2),
        *((20, 24, 34), P2, (19, 20, 34), (0, 0, 0)),
    ],
}


@pytest.mark.parametrize(("seed", "hidden"), list(PERFT2))
def test_perft_counts_along_seeded_games(seed: int, hidden: bool) -> None:
    assert perft(seed, {"hidden_hands": hidden}) == PERFT2[seed, hidden]
