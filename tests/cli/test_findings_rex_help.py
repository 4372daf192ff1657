"""Walkthrough finding 37: Rex Furum's prompt help gives an example with this game's own
players, one that is read as orders (the seed's 'stephen' and 'arthur' were unknown players)."""

from __future__ import annotations

import re

import pytest

from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.core.registry import get_game
from sealed.games.rex_furum.orders import parse_orders


@pytest.mark.parametrize("seats", [["player", "bot1", "bot2"], ["ana", "ben", "cy", "dee"]])
def test_every_seats_example_names_other_players_of_this_game(seats: list[str]) -> None:
    game = get_game("rex-furum")
    match = Match.new(game, seats, resolve_options(game.options, {}), seed=1)
    for seat, prompt in match.prompts().items():
        found = re.search(r"e\.g\. '([^']+)'", prompt.help)
        assert found, prompt.help
        example = found.group(1)
        assert "stephen" not in example and "arthur" not in example
        named = set(re.findall(r"(?:protect|pinkslip) (\S+)", example))
        assert named and named <= set(seats) - {seat}, (seat, example)
        parse_orders(example, match.state.seats)  # the example is read as orders
