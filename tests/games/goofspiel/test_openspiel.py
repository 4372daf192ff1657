"""Differential test: our Goofspiel against OpenSpiel's, bid for bid.

For thousands of random bid sequences (1 to 13 cards, 2 to 4 players, every
``points_order``) both games play the same bids; after every step the
points per player, the turn and the end must agree, and at the end the
winners (OpenSpiel's ``returns_type=total_points``; every seat with the top
score). Under ``points_order=random`` our prize deck (drawn from our chance)
is fed into OpenSpiel's chance nodes. Even games go through ``advance`` (the
fast path), odd ones through ``resolve`` (play and replay): both must agree.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pyspiel  # type: ignore[import-not-found]
import pytest

from sealed.core.chance import SeededChance
from sealed.games.goofspiel import GAME
from sealed.games.goofspiel.state import POINTS_ORDERS, GoofspielState

POINTS = re.compile(r"^Points: ([\d ]+)$", re.MULTILINE)
CONFIGS = [
    (cards, players, order)
    for cards in (1, 2, 3, 4, 5, 7, 13)
    for players in (2, 3, 4)
    for order in POINTS_ORDERS
]
GAMES_PER_CONFIG = 80  # 63 configurations: 5,040 games


def their_points(state: Any) -> list[int]:
    match = POINTS.search(str(state))
    assert match, str(state)
    return [int(p) for p in match.group(1).split()]


def play_both(os_game: Any, cards: int, players: int, order: str, seed: int) -> None:
    seats = tuple(f"p{i}" for i in range(players))
    options = {"num_cards": cards, "points_order": order}
    chance = SeededChance(seed)
    ours: GoofspielState = GAME.initial_state(seats, options, chance)
    theirs = os_game.new_initial_state()
    rng = random.Random(seed)
    revealed = 0  # prizes fed to OpenSpiel's chance nodes

    def settle() -> None:
        nonlocal revealed
        while theirs.is_chance_node():
            action = ours.prizes[revealed] - 1
            assert action in dict(theirs.chance_outcomes())
            theirs.apply_action(action)
            revealed += 1

    settle()
    while True:
        assert GAME.scores(ours) == dict(zip(seats, map(float, their_points(theirs)), strict=True))
        assert theirs.is_terminal() == (GAME.result(ours) is not None)
        if theirs.is_terminal():
            break
        for player, seat in enumerate(seats):
            legal = GAME.legal_orders(ours, seat)
            assert [card - 1 for card in legal] == theirs.legal_actions(player)
        bids = {seat: rng.choice(GAME.legal_orders(ours, seat)) for seat in seats}
        if seed % 2:
            ours, _ = GAME.resolve(ours, bids, chance)
        else:
            ours = GAME.advance(ours, bids, chance)
        theirs.apply_actions([bids[seat] - 1 for seat in seats])
        settle()
    result = GAME.result(ours)
    assert result is not None
    returns = theirs.returns()
    assert [result.scores[seat] for seat in seats] == returns
    best = max(returns)
    assert result.winners == tuple(s for s, r in zip(seats, returns, strict=True) if r == best)


@pytest.mark.parametrize(("cards", "players", "order"), CONFIGS)
def test_same_bids_same_points_as_openspiel(cards: int, players: int, order: str) -> None:
    os_game = pyspiel.load_game(
        f"goofspiel(num_cards={cards},players={players},points_order={order},"
        "returns_type=total_points)"
    )
    for seed in range(GAMES_PER_CONFIG):
        play_both(os_game, cards, players, order, seed)


def test_the_win_loss_returns_agree_with_our_winners() -> None:
    """OpenSpiel's default returns (win_loss, two players): +1 / -1, or 0 each on a tie."""
    os_game = pyspiel.load_game("goofspiel(num_cards=6,points_order=random)")
    seats = ("p0", "p1")
    for seed in range(200):
        chance = SeededChance(seed)
        ours = GAME.initial_state(seats, {"num_cards": 6}, chance)
        theirs, revealed, rng = os_game.new_initial_state(), 0, random.Random(seed)
        while not theirs.is_terminal():
            if theirs.is_chance_node():
                theirs.apply_action(ours.prizes[revealed] - 1)
                revealed += 1
                continue
            bids = {seat: rng.choice(GAME.legal_orders(ours, seat)) for seat in seats}
            theirs.apply_actions([bids[seat] - 1 for seat in seats])
            ours = GAME.advance(ours, bids, chance)
        result = GAME.result(ours)
        assert result is not None
        expected = [0.0, 0.0] if len(result.winners) == 2 else [1.0, -1.0]
        if result.winners == ("p1",):
            expected = [-1.0, 1.0]
        assert theirs.returns() == expected
