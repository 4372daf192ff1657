"""Events, their audiences and their wordings.

Everything that happens in a game is an :class:`Event` with the set of seats
that may see it. The game master sees every event, always in its true
wording (``text`` and ``data``). A seat sees an event if its audience names
it (or is everyone) or if one of the event's :class:`Wording` names it; a
wording replaces the true text *and data* for the seats it names, which is
how one event says different things to different audiences: the hidden
attacker reads "your attack succeeded", the defender "an unknown attack
failed", and the game master the truth. Views and reports always go through
:meth:`Event.told`, so a seat's copy is built from what that seat is told
(allow-list), never by stripping the truth.
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
class Wording:
    """What the seats in ``seats`` are told of an event instead of the truth."""

    seats: frozenset[str]
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"seats": sorted(self.seats), "text": self.text, "data": jsonable(self.data)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Wording:
        return cls(frozenset(data["seats"]), str(data["text"]), dict(data.get("data", {})))


@dataclass(frozen=True)
class Told:
    """An event as one reader is told it: the kind, and that reader's text and data."""

    kind: str
    text: str
    data: Mapping[str, Any]


@dataclass(frozen=True)
class Event:
    """Something that happened: a stable ``kind``, the true sentence, who may see it, and data.

    ``wordings`` give other sentences to named seats (see the module's
    docstring); a seat named by a wording reads that wording even if it is
    outside ``audience``.
    """

    kind: str
    text: str
    audience: Audience = EVERYONE
    data: Mapping[str, Any] = field(default_factory=dict)
    wordings: tuple[Wording, ...] = ()

    def told(self, seat: str | None) -> Told | None:
        """What ``seat`` is told of this event (``None``: the game master), or None if nothing."""
        said = self.said_to(seat)
        return None if said is None else Told(self.kind, *said)

    def said_to(self, seat: str | None) -> tuple[str, Mapping[str, Any]] | None:
        """The text and data of :meth:`told`, without the :class:`Told` (a frozen value that
        cost as much as the rest): for views built at every step of a simulation."""
        if seat is not None:
            for wording in self.wordings:
                if seat in wording.seats:
                    return wording.text, wording.data
        if self.audience.includes(seat):
            return self.text, self.data
        return None

    def reaches(self, seat: str | None) -> bool:
        """True if ``seat`` is told anything of this event."""
        if self.audience.includes(seat):
            return True
        return any(seat in wording.seats for wording in self.wordings)

    def to_json(self) -> dict[str, Any]:
        data = {
            "kind": self.kind,
            "text": self.text,
            "audience": self.audience.to_json(),
            "data": jsonable(self.data),
        }
        if self.wordings:
            data["wordings"] = [w.to_json() for w in self.wordings]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            kind=data["kind"],
            text=data["text"],
            audience=Audience.from_json(data["audience"]),
            data=dict(data.get("data", {})),
            wordings=tuple(Wording.from_json(w) for w in data.get("wordings", ())),
        )


def visible(events: Iterable[Event], seat: str | None) -> list[Event]:
    """The events ``seat`` is told anything of (all of them for the game master, ``None``)."""
    return [e for e in events if e.reaches(seat)]


def told(events: Iterable[Event], seat: str | None) -> list[Told]:
    """The events as ``seat`` is told them, in order (the truth for the game master)."""
    return [t for e in events if (t := e.told(seat)) is not None]
