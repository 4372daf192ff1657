"""Fix'em orders and their notation (case-insensitive).

- ``predict COUNT x POINT`` (also ``COUNT x POINT``, ``4x3``): COUNT field
  dice will show POINT after the roll. Prediction Stage.
- ``card1 POINT``: take one of your own field dice showing POINT into your hand.
- ``card2 P P ...``: move your hand dice showing those points to the Field.
- ``card3 SEAT POINT``: move SEAT's hand die showing POINT to the Field Queue.
- ``pass``: play no card. Card Stage.

``card 1 5`` (with a space) reads like ``card1 5``. Canonical texts are
``predict 4 x 3``, ``card1 5``, ``card2 3 3 6`` (points sorted),
``card3 ben 4`` and ``pass``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from sealed.core.errors import OrderSyntaxError
from sealed.core.numbers import parse_amount
from sealed.core.suggest import did_you_mean

WORDS = ("predict", "card1", "card2", "card3", "pass")
ORDER_WORDS = (*WORDS, "card")
"""First words of orders, for lenient email reading (``card 1 5`` starts with ``card``)."""
# A count as players write it (digits, possibly ``4.000`` or ``4k``, which parse_amount
# reads or refuses with a clear line), then ``x`` and a point.
_PREDICTION = re.compile(r"^(?:predict\s*)?\$?(\d[\d.]*k?)\s*x\s*(\d+)$")


@dataclass(frozen=True, slots=True)
class Predict:
    """``count`` field dice will show ``point``."""

    label: ClassVar[str] = "predict"  # the kind of order, for action statistics

    count: int
    point: int

    def __repr__(self) -> str:
        return f"parse_order({format_order(self)!r})"


@dataclass(frozen=True, slots=True)
class Card1:
    """Take one of my own-colour field dice showing ``point`` into my hand."""

    label: ClassVar[str] = "card1"  # the kind of order, for action statistics

    point: int

    def __repr__(self) -> str:
        return f"parse_order({format_order(self)!r})"


@dataclass(frozen=True, slots=True)
class Card2:
    """Move my hand dice showing ``points`` (sorted) to the Field."""

    label: ClassVar[str] = "card2"  # the kind of order, for action statistics

    points: tuple[int, ...]

    def __repr__(self) -> str:
        return f"parse_order({format_order(self)!r})"


@dataclass(frozen=True, slots=True)
class Card3:
    """Move ``target``'s hand die showing ``point`` to the Field Queue."""

    label: ClassVar[str] = "card3"  # the kind of order, for action statistics

    target: str
    point: int

    def __repr__(self) -> str:
        return f"parse_order({format_order(self)!r})"


@dataclass(frozen=True, slots=True)
class Pass:
    """No card this round (and, as a deadline default only, no prediction)."""

    label: ClassVar[str] = "pass"  # the kind of order, for action statistics

    def __repr__(self) -> str:
        return "parse_order('pass')"


FixemOrder = Predict | Card1 | Card2 | Card3 | Pass
CardOrder = Card1 | Card2 | Card3


def format_order(order: FixemOrder) -> str:
    """Canonical text: ``predict 4 x 3``, ``card1 5``, ``card2 3 3``, ``card3 ben 4``, ``pass``."""
    if isinstance(order, Predict):
        return f"predict {order.count} x {order.point}"
    if isinstance(order, Card1):
        return f"card1 {order.point}"
    if isinstance(order, Card2):
        return " ".join(["card2", *map(str, order.points)])
    if isinstance(order, Card3):
        return f"card3 {order.target} {order.point}"
    return "pass"


def parse_order(text: str, seats: Sequence[str]) -> FixemOrder:
    """Read an order; ``seats`` are the names card 3 may target.

    :raises OrderSyntaxError: an unknown word, a point outside 1-6, a missing
        or extra number, or an unknown seat.
    """
    clean = " ".join(text.lower().replace(",", " ").split())
    if not clean:
        raise OrderSyntaxError("empty order: write predict COUNT x POINT, card1/2/3 ... or pass")
    prediction = _PREDICTION.match(clean)
    if prediction:
        count = parse_amount(prediction.group(1), "the count")
        return Predict(count, _point(prediction.group(2), text))
    clean = re.sub(r"^card\s+([123])\b", r"card\1", clean)
    word, *args = clean.split()
    if word == "pass":
        if args:
            raise OrderSyntaxError(f"{text!r}: pass takes nothing after it")
        return Pass()
    if word == "predict":
        raise OrderSyntaxError(f"{text!r}: write a prediction as predict COUNT x POINT (4 x 3)")
    if word == "card1":
        return Card1(_one_point(args, text, "card1 POINT"))
    if word == "card2":
        if not args:
            raise OrderSyntaxError(f"{text!r}: card2 needs the points of the hand dice to move")
        return Card2(tuple(sorted(_point(a, text) for a in args)))
    if word == "card3":
        return _card3(args, text, seats)
    raise OrderSyntaxError(
        f"unknown order {word!r}{did_you_mean(word, WORDS)} "
        "(orders: predict COUNT x POINT, card1 POINT, card2 P P ..., card3 SEAT POINT, pass)"
    )


def _card3(args: list[str], text: str, seats: Sequence[str]) -> Card3:
    if len(args) != 2:
        raise OrderSyntaxError(f"{text!r}: write card3 SEAT POINT (card3 ben 4)")
    by_lower = {s.lower(): s for s in seats}
    target = by_lower.get(args[0])
    if target is None:
        raise OrderSyntaxError(
            f"{text!r}: no seat {args[0]!r}{did_you_mean(args[0], seats)} "
            f"(seats: {', '.join(seats)})"
        )
    return Card3(target, _point(args[1], text))


def _one_point(args: list[str], text: str, shape: str) -> int:
    if len(args) != 1:
        raise OrderSyntaxError(f"{text!r}: write {shape}")
    return _point(args[0], text)


def _point(word: str, text: str) -> int:
    """A point 1-6 in ASCII digits (``05`` too); anything else, however long, is refused."""
    digits = word.lstrip("0")
    if not (len(digits) == 1 and digits in "123456"):
        raise OrderSyntaxError(f"{_quote(text)}: {_quote(word)} is not a point (points are 1 to 6)")
    return int(digits)


def _quote(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut to about ``limit`` characters: an order may be a pasted essay."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")
