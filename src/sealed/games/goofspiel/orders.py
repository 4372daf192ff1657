"""Goofspiel orders and their notation: ``bid 7`` (a bare ``7`` reads the same).

An order is a :class:`Bid` of one card. Parsing knows nothing of the
state: whether the card is in the bidder's hand is a rule, checked in
:func:`sealed.games.goofspiel.rules.check_bid`.

A compact representation, for speed: a bid *is* its card. :class:`Bid`
subclasses ``int``, and the state keeps its hands as lists of the shared
:data:`BIDS`, so a hand is already the list of legal orders and the rules
compare bids at the speed of ints.
"""

from __future__ import annotations

from sealed.core.errors import OrderSyntaxError
from sealed.core.suggest import did_you_mean

WORDS = ("bid",)


class Bid(int):
    """Bid this card (one of the bidder's hand) for the prize up now: ``Bid(7) == 7``."""

    __slots__ = ()

    @property
    def card(self) -> int:
        return int(self)


BIDS = tuple(Bid(card) for card in range(100))
"""``BIDS[c] == Bid(c)``, made once: the fast path hands these out instead of building new ones."""


def format_order(order: Bid) -> str:
    """The canonical text: ``bid 7``."""
    return f"bid {int(order)}"


def parse_order(text: str) -> Bid:
    """Read ``bid 7`` (or ``7``), any case and spacing.

    :raises OrderSyntaxError: empty, an unknown word, no number or not a number.
    """
    words = text.lower().split()
    if not words:
        raise OrderSyntaxError("empty order: write bid CARD (bid 7)")
    if words[0] != "bid":
        if len(words) == 1 and _number(words[0]):
            words = ["bid", *words]
        else:
            raise OrderSyntaxError(
                f"unknown order {words[0]!r}{did_you_mean(words[0], WORDS)} "
                "(write bid CARD, e.g. bid 7)"
            )
    if len(words) != 2:
        raise OrderSyntaxError(f"{text.strip()!r}: write bid and one card number (bid 7)")
    if not _number(words[1]):
        raise OrderSyntaxError(f"{text.strip()!r}: {words[1]!r} is not a card number")
    card = int(words[1])
    return BIDS[card] if card < len(BIDS) else Bid(card)


def _number(word: str) -> bool:
    return word.isascii() and word.isdigit()
