"""Events and their audiences.

Everything that happens in a game is an :class:`Event` with the set of seats
that may see it. The game master sees every event; a seat sees an event only
if its audience names it (or is everyone).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sealed.core.jsonable import jsonable


@dataclass(frozen=True)
class Audience:
    """Who may see an event: ``seats is None`` means every seat; an empty set, the GM only."""

    seats: frozenset[str] | None

    @classmethod
    def everyone(cls) -> Audience:
        return cls(None)

    @classmethod
    def only(cls, *seats: str) -> Audience:
        return cls(frozenset(seats))

    @classmethod
    def gm(cls) -> Audience:
        return cls(frozenset())

    def includes(self, seat: str | None) -> bool:
        """True if ``seat`` may see it; ``None`` is the game master, who sees all."""
        return seat is None or self.seats is None or seat in self.seats

    def to_json(self) -> str | list[str]:
        if self.seats is None:
            return "all"
        return sorted(self.seats) if self.seats else "gm"

    @classmethod
    def from_json(cls, data: str | list[str]) -> Audience:
        if data == "all":
            return cls.everyone()
        if data == "gm":
            return cls.gm()
        return cls(frozenset(data))


EVERYONE = Audience.everyone()


@dataclass(frozen=True)
class Event:
    """Something that happened: a stable ``kind``, a sentence, who may see it, and data."""

    kind: str
    text: str
    audience: Audience = EVERYONE
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "audience": self.audience.to_json(),
            "data": jsonable(self.data),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            kind=data["kind"],
            text=data["text"],
            audience=Audience.from_json(data["audience"]),
            data=dict(data.get("data", {})),
        )


def visible(events: Iterable[Event], seat: str | None) -> list[Event]:
    """The events ``seat`` may see (all of them for the game master, ``None``)."""
    return [e for e in events if e.audience.includes(seat)]
