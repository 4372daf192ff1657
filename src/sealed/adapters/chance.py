"""Chance as explicit outcomes, for OpenSpiel's chance nodes.

The rules ask the core's :class:`~sealed.core.chance.Chance` for outcomes
while they run (:meth:`Game.advance`); OpenSpiel wants chance as a player
that picks from a short list of equally likely outcomes before the rules go
on. The bridge: the adapter runs the rules on a copy of the state with the
outcomes decided so far (:class:`KnownOutcomes`); when the rules ask for
one more, :class:`NeedOutcome` stops them, the request becomes chance
nodes (:class:`Pieces`), and once chance has picked, the rules run again
from the same copy with one outcome more. The rules are deterministic given
their orders and outcomes, so each run repeats the last one exactly up to
the new outcome.

Each request is cut into uniform pieces: a whole number from ``low`` to
``high`` is one piece; ``count`` dice are ``count`` pieces of ``sides``
outcomes; a shuffle of ``n`` items deals them one at a time (the first piece
picks among ``n``, the next among ``n - 1``, ...). Every ordering, roll or
number is as likely as under :class:`~sealed.core.chance.SeededChance`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sealed.core.chance import Chance, ChanceRequest, ChanceValue


class NeedOutcome(Exception):  # a signal between the rules and the adapter; never a user error
    """The rules asked for an outcome that chance has not picked yet."""

    def __init__(self, request: ChanceRequest) -> None:
        super().__init__(request.describe())
        self.request = request


class KnownOutcomes(Chance):
    """The outcomes picked so far, in the order the rules ask; then :class:`NeedOutcome`."""

    def __init__(self, outcomes: Sequence[ChanceValue]) -> None:
        super().__init__()
        self.outcomes = list(outcomes)
        self.position = 0

    def _draw(self, request: ChanceRequest) -> ChanceValue:
        if self.position == len(self.outcomes):
            raise NeedOutcome(request)
        value = self.outcomes[self.position]
        self.position += 1
        return value


@dataclass
class Pieces:
    """One chance request being decided piece by piece, each piece uniform."""

    request: ChanceRequest
    chosen: list[int] = field(default_factory=list)

    @property
    def size(self) -> int:
        """How many pieces the request takes (0: only one possible outcome)."""
        kind = self.request.kind
        if kind == "integer":
            return 1
        if kind == "dice":
            return self.request.count
        return max(len(self.request.items) - 1, 0)

    @property
    def complete(self) -> bool:
        return len(self.chosen) >= self.size

    def choices(self) -> int:
        """How many outcomes the next piece has (each equally likely)."""
        kind = self.request.kind
        if kind == "integer":
            return self.request.high - self.request.low + 1
        if kind == "dice":
            return self.request.sides
        return len(self.request.items) - len(self.chosen)

    def name(self, outcome: int) -> str:
        """What ``outcome`` of the next piece means, for people reading a history."""
        kind = self.request.kind
        if kind == "integer":
            return f"{self.request.label}: {self.request.low + outcome}"
        if kind == "dice":
            return f"{self.request.label}: die {len(self.chosen) + 1} shows {outcome + 1}"
        remaining = self._remaining()
        item = remaining[outcome] if 0 <= outcome < len(remaining) else "?"
        return f"{self.request.label}: item {len(self.chosen) + 1} is {item}"

    def value(self) -> ChanceValue:
        """The outcome the pieces make (call once :attr:`complete`)."""
        kind = self.request.kind
        if kind == "integer":
            return self.request.low + self.chosen[0]
        if kind == "dice":
            return [piece + 1 for piece in self.chosen]
        remaining = list(self.request.items)
        dealt = [remaining.pop(piece) for piece in self.chosen]
        return dealt + remaining

    def _remaining(self) -> list[str]:
        remaining = list(self.request.items)
        for piece in self.chosen:
            remaining.pop(piece)
        return remaining
