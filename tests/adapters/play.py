"""Helpers for the adapter tests: the games covered, random agents, and replaying in sealed."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from sealed.adapters.table import Table, encoded_games
from sealed.core.chance import ScriptedChance
from sealed.core.game import Game
from sealed.core.match import Match

AnyGame = Game[Any, Any, Any]

GAMES = encoded_games()
"""Every registered game that implements the encoding hook (games being built may not)."""

_VARIANTS: list[tuple[str, int | None, dict[str, object]]] = [
    ("goofspiel", 3, {"num_cards": 6}),
    ("goofspiel", 4, {"num_cards": 4, "points_order": "descending"}),
    ("war-slayer", 2, {"dealer": 2, "mission_limit": 5}),
    ("fixem", 2, {"hidden_hands": True, "hidden_predictions": True}),
    ("fixem", 4, {"card_order": "2-3-1", "rounds": 3}),
    ("rex-furum", 4, {"rounds": 3}),
    ("factionrpg", 3, {"turns": 3, "space": 30}),
    ("crusoe", 3, {"scenario": "tribal-socialism"}),
    ("crusoe", 3, {"scenario": "national-capitalism"}),  # the money catalogue, Athenian
    ("crusoe", 3, {"scenario": "governmental-socialism", "punishments": "exile+crippling"}),
    (
        "crusoe",
        4,
        {"scenario": "tribal-capitalism", "punishments": "slavery", "slavery_any_time": True},
    ),
    ("crusoe", 3, {"scenario": "market-socialism", "government": "bureaucracy"}),  # a chart
]
CONFIGS = [(name, None, {}) for name in GAMES] + [v for v in _VARIANTS if v[0] in GAMES]
"""(game, players, options): every covered game as it comes, then variants of seats and options."""
CONFIG_IDS = [f"{name}-{players or 'usual'}-{len(opts)}opts" for name, players, opts in CONFIGS]


def random_actions(table: Table, rng: random.Random) -> dict[str, int]:
    """A uniformly random legal action for every seat (a random agent reading its mask)."""
    return {seat: rng.choice(table.legal_actions(seat)) for seat in table.seats}


def replay_in_sealed(
    game: AnyGame,
    seats: Sequence[str],
    options: Mapping[str, Any],
    outcomes: Sequence[Any],
    opened: Sequence[Mapping[str, Any]],
) -> Match[Any, Any, Any]:
    """Play the same orders, as text, through sealed's own Match with the same chance outcomes."""
    match = Match.new(game, seats, dict(options), chance=ScriptedChance(list(outcomes)))
    for orders in opened:
        step = match.step
        for seat, order in orders.items():
            match.seal(seat, game.format(order))
        if match.step == step:  # a step that waits for its deadline (Rex Furum): close it
            match.close()
    chance = match.chance
    assert isinstance(chance, ScriptedChance) and chance.remaining == 0, "outcomes left unused"
    return match


def spellings(table: Table, seat: str, limit: int = 50_000) -> list[Any]:
    """Every order ``seat`` can spell now by following its masks (depth first)."""
    view = table.view(seat)
    legal = table.game.legal_orders(table.state, seat)
    found: list[Any] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        draft = stack.pop()
        for token in table.encoding.next_tokens(view, legal, draft):
            longer = (*draft, token)
            order = table.encoding.order(view, longer)
            if order is None:
                stack.append(longer)
            else:
                found.append(order)
        assert len(found) <= limit, "too many orders to spell in a test"
    return found
