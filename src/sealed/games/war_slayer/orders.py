"""War Slayer V orders and their notation.

- ``dossier C1 C2 C3`` / ``theater C1 C2 C3``: place the three drawn cards in
  that row, in operation order (position 1 first). ``theatre`` is accepted.
- ``continue`` / ``withdraw``: the answer of a player who lost an operation.

Cards are rank + suit, any case: ``AS``, ``10H`` or ``TH``, ``QD``, ``7C``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sealed.core.errors import OrderSyntaxError
from sealed.core.suggest import did_you_mean
from sealed.games.war_slayer.state import BY_CODE, Card, Row, normalise_code

ACTIONS = ("dossier", "theater", "continue", "withdraw")
ALIASES = {"theatre": "theater", "back-out": "withdraw", "backout": "withdraw"}


@dataclass(frozen=True, slots=True)
class Place:
    """Put the three drawn cards in ``row``, position 1 first."""

    row: Row
    cards: tuple[Card, Card, Card]

    def __repr__(self) -> str:
        return f"parse_order({format_order(self)!r})"


@dataclass(frozen=True, slots=True)
class Decide:
    """After losing an operation: go on (``withdraw=False``) or back out of the mission."""

    withdraw: bool

    def __repr__(self) -> str:
        return f"parse_order({format_order(self)!r})"


WarSlayerOrder = Place | Decide

_new_place = object.__new__
_set_row: Callable[[Place, Row], None] = vars(Place)["row"].__set__  # the slots' descriptors
_set_cards: Callable[[Place, tuple[Card, Card, Card]], None] = vars(Place)["cards"].__set__


def placed(row: Row, cards: tuple[Card, Card, Card]) -> Place:
    """``Place(row, cards)``, the same value, at two thirds of the cost.

    A frozen dataclass's ``__init__`` sets each field through a global
    ``object.__setattr__``; simulations build a placement at nearly every
    decision (the legal orders' and the random bot's), so these set the two
    slots through their descriptors. ``tests/games/war_slayer/test_orders.py``
    holds it equal to ``Place``.
    """
    order: Place = _new_place(Place)
    _set_row(order, row)
    _set_cards(order, cards)
    return order


def format_order(order: WarSlayerOrder) -> str:
    """Canonical text: ``"dossier AS 10H 2C"``, ``"continue"``, ``"withdraw"``."""
    if isinstance(order, Decide):
        return "withdraw" if order.withdraw else "continue"
    return " ".join([order.row.value, *(card.code for card in order.cards)])


def parse_order(text: str, hand: Sequence[Card] = ()) -> WarSlayerOrder:
    """Read an order; ``hand`` (the drawn cards) only sharpens suggestions.

    :raises OrderSyntaxError: unknown action, bad card, wrong number of cards.
    """
    words = text.replace(",", " ").split()
    if not words:
        raise OrderSyntaxError(
            "empty order: write 'dossier C1 C2 C3', 'theater C1 C2 C3', 'continue' or 'withdraw'"
        )
    action = ALIASES.get(words[0].lower(), words[0].lower())
    if action not in ACTIONS:
        raise OrderSyntaxError(
            f"unknown action {words[0]!r}{did_you_mean(action, ACTIONS)} "
            f"(actions: {', '.join(ACTIONS)})"
        )
    if action in ("continue", "withdraw"):
        if len(words) > 1:
            raise OrderSyntaxError(
                f"{action!r} takes nothing after it, got {' '.join(words[1:])!r}"
            )
        return Decide(withdraw=action == "withdraw")
    return Place(Row(action), _three_cards(action, words[1:], hand))


def _three_cards(action: str, words: list[str], hand: Sequence[Card]) -> tuple[Card, Card, Card]:
    if len(words) != 3:
        raise OrderSyntaxError(
            f"{action!r} takes the three drawn cards in operation order, "
            f"e.g. '{action} AS 10H 2C'; got {len(words)} card(s)"
        )
    first, second, third = (_card(word, hand) for word in words)
    return first, second, third


def _card(word: str, hand: Sequence[Card]) -> Card:
    code = normalise_code(word)
    card = BY_CODE.get(code)
    if card is None:
        raise OrderSyntaxError(
            f"{word!r} is not a card{_suggest_card(code, hand)} "
            "(rank 2-10, J, Q, K or A, then suit C, D, H or S: 'AS', '10H', 'QD')"
        )
    return card


def _suggest_card(code: str, hand: Sequence[Card]) -> str:
    """Card codes are too short for spelling distance: suggest drawn cards of the same
    rank, else of the same suit, else the nearest spelling."""
    pool = list(hand) or list(BY_CODE.values())
    rank, suit = code[:-1], code[-1:]
    same = [c.code for c in pool if c.code[:-1] == rank] or [c.code for c in pool if c.suit == suit]
    if same and hand:
        return " — did you mean " + " or ".join(repr(c) for c in same[:3]) + "?"
    return did_you_mean(code, [c.code for c in pool])
