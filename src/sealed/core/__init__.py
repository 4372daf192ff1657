"""The engine: the game protocol, chance, events, matches and records, scenarios, errors."""

from sealed.core.chance import Chance, ScriptedChance, SeededChance, TableChance
from sealed.core.errors import (
    AmbiguousOrderError,
    IllegalOrderError,
    NoOrderDueError,
    OrderError,
    OrderSyntaxError,
    SealedError,
)
from sealed.core.events import Audience, Event
from sealed.core.game import Bot, Game, OptionSpec, Prompt, Result
from sealed.core.match import Match, replay

__all__ = [
    "AmbiguousOrderError",
    "Audience",
    "Bot",
    "Chance",
    "Event",
    "Game",
    "IllegalOrderError",
    "Match",
    "NoOrderDueError",
    "OptionSpec",
    "OrderError",
    "OrderSyntaxError",
    "Prompt",
    "Result",
    "ScriptedChance",
    "SealedError",
    "SeededChance",
    "TableChance",
    "replay",
]
