"""The registry of games.

Every subpackage of :mod:`sealed.games` that exposes ``GAME`` (an instance
of :class:`~sealed.core.game.Game`) is a registered game; adding a game
folder is all it takes to register it.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from sealed.core.errors import UnknownGameError
from sealed.core.game import Game
from sealed.core.suggest import did_you_mean


@cache
def all_games() -> dict[str, Game[Any, Any, Any]]:
    """Every registered game by name, in name order."""
    import sealed.games as package

    found: dict[str, Game[Any, Any, Any]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return dict(sorted(found.items()))


def get_game(name: str) -> Game[Any, Any, Any]:
    """The game called ``name`` (case-insensitive; ``_`` and ``-`` alike).

    :raises UnknownGameError: with the nearest name and the list of games.
    """
    games = all_games()
    key = name.strip().lower().replace("_", "-")
    if key in games:
        return games[key]
    names = ", ".join(games)
    raise UnknownGameError(f"unknown game {name!r}{did_you_mean(key, games)} (games: {names})")
