"""Fixed-size encodings of a game's orders and views, for research adapters.

Reinforcement-learning libraries (PettingZoo, OpenSpiel) want a fixed,
finite action space and a fixed-length observation vector per game and
options. A game offers them through :meth:`sealed.core.game.Game.encoding`,
which returns an :class:`Encoding` (or ``None``: the game has none, and the
adapters leave it out).

An order is spelled as a short sequence of *action ids* ("tokens"), each an
index into one catalogue (:attr:`Encoding.actions`). Most games spell every
order with one token (:class:`OneTokenEncoding`): the catalogue lists every
order the notation can express for the options, or a fixed family of orders
relative to what the seat holds (War Slayer V's "the second drawn card
first"), and the action mask is the legal orders' tokens. A game whose
orders are a large product (a Rex Furum email holds up to three actions and
an investment) spells an order with several tokens chosen one after the
other, each masked by what keeps the order legal, and a token that ends it.

Everything here is computed from the seat's *view* (what it may know) and
the legal orders the rules give it: an encoding never sees the state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar

O = TypeVar("O")
V = TypeVar("V")


class Encoding(ABC, Generic[O, V]):
    """A game's action catalogue and observation vector, for one set of seats and options.

    ``actions`` names every action id (its index); ``observation_size`` is the
    length of :meth:`observe`'s vector; ``max_tokens`` is the most tokens an
    order takes; ``chance_outcomes`` is the most outcomes one piece of a chance
    request may have (a die's sides, the cards left to deal), for OpenSpiel's
    explicit chance nodes; ``max_decisions`` bounds the adapter steps of a game
    (one token per seat per step), for OpenSpiel's ``max_game_length``;
    ``needs_legal_orders`` is False for an encoding that masks without the list.
    """

    actions: tuple[str, ...]
    observation_size: int
    max_tokens: int = 1
    chance_outcomes: int = 1
    max_decisions: int = 100_000
    needs_legal_orders: bool = True
    """False: :meth:`next_tokens` masks without :meth:`Game.legal_orders` (spare listing them)."""

    @abstractmethod
    def observe(self, view: V) -> list[float]:
        """The view as ``observation_size`` numbers (built from the view only)."""

    def next_tokens(self, view: V, legal: Sequence[O] | None, draft: tuple[int, ...]) -> list[int]:
        """The action ids that may follow ``draft`` (the tokens chosen so far this step).

        ``legal`` is :meth:`Game.legal_orders` for the seat (``None`` where the
        game cannot list them). Ascending, never empty while the order is open.
        The default continues the spelling of some legal order, so the mask is
        exactly the legal orders; a game that cannot list them overrides this.
        """
        if legal is None:
            raise ValueError("this encoding masks by the legal orders, and there is no list")
        depth = len(draft)
        found = set()
        for order in legal:
            spelled = self.tokens(view, order)
            if len(spelled) > depth and spelled[:depth] == draft:
                found.add(spelled[depth])
        return sorted(found)

    @abstractmethod
    def order(self, view: V, draft: tuple[int, ...]) -> O | None:
        """The order ``draft`` spells once it is complete; ``None`` while more tokens are due."""

    @abstractmethod
    def tokens(self, view: V, order: O) -> tuple[int, ...]:
        """How ``order`` is spelled: ``order(view, tokens(view, o)) == o``.

        :raises ValueError: the catalogue cannot spell this order.
        """


class OneTokenEncoding(Encoding[O, V]):
    """An encoding whose every order is one action id: the mask is the legal orders'."""

    @abstractmethod
    def index(self, view: V, order: O) -> int:
        """The action id of ``order`` (a legal order of the seat whose view this is).

        :raises ValueError: the catalogue has no such order.
        """

    @abstractmethod
    def decode(self, view: V, action: int) -> O:
        """The order action id ``action`` stands for in this view."""

    def next_tokens(self, view: V, legal: Sequence[O] | None, draft: tuple[int, ...]) -> list[int]:
        if legal is None:
            raise ValueError("a one-token encoding needs the legal orders")
        return sorted({self.index(view, order) for order in legal})

    def order(self, view: V, draft: tuple[int, ...]) -> O | None:
        return self.decode(view, draft[0]) if draft else None

    def tokens(self, view: V, order: O) -> tuple[int, ...]:
        return (self.index(view, order),)


def one_hot(value: int, size: int) -> list[float]:
    """``size`` zeros with a one at ``value`` (all zeros when ``value`` is outside 0..size-1)."""
    vector = [0.0] * size
    if 0 <= value < size:
        vector[value] = 1.0
    return vector


def relative_seats(seats: Sequence[str], viewer: str) -> list[str]:
    """The seats starting from ``viewer``, in table order: the viewer is always slot 0.

    Observations list seats this way so that a policy learnt in one seat
    reads the same vector in another.
    """
    start = list(seats).index(viewer)
    return [*seats[start:], *seats[:start]]
