"""Seat names the notation could not tell from its own words are refused at the start."""

from __future__ import annotations

import pytest

from sealed.core.errors import SetupError
from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.rex_furum import GAME


@pytest.mark.parametrize(
    "name", ["self", "Self", "at", "for", "from", "to", "empty", "in", "company"]
)
def test_a_seat_named_like_a_word_of_the_notation_is_refused(name: str) -> None:
    """'protect self' would never protect a player called self (and so on)."""
    options = resolve_options(GAME.options, {})
    with pytest.raises(SetupError, match="notation"):
        Match.new(GAME, ["amy", "arthur", name], options, seed=1)


def test_ordinary_names_are_fine() -> None:
    options = resolve_options(GAME.options, {})
    match = Match.new(GAME, ["amy", "Out", "alpha"], options, seed=1)
    match.seal("amy", "out Out embezzle alpha")
