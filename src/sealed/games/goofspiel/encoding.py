"""Goofspiel for research adapters: one action per card, an observation per view.

Actions: ``bid 1`` .. ``bid N`` (N = ``num_cards``): every order the
notation can express for the options, so the catalogue is the notation and
the mask is the hand.

Observation (from :class:`~sealed.games.goofspiel.views.GoofspielView`
only; seats listed from the viewer on, see
:func:`~sealed.core.encoding.relative_seats`): the prize up now (one-hot
over 1..N, all zeros once over), the face-down prize cards (whose order is
secret: a set), the turns played as a share of N, then per seat its points
as a share of the N(N+1)/2 on offer and its hand (a set over 1..N).
"""

from __future__ import annotations

from collections.abc import Sequence

from sealed.core.encoding import OneTokenEncoding, one_hot, relative_seats
from sealed.games.goofspiel.orders import BIDS, Bid
from sealed.games.goofspiel.views import GoofspielView


class GoofspielEncoding(OneTokenEncoding[Bid, GoofspielView]):
    """Action ``i`` bids card ``i + 1``."""

    def __init__(self, seats: Sequence[str], num_cards: int) -> None:
        self.seats = tuple(seats)
        self.num_cards = num_cards
        self.actions = tuple(f"bid {card}" for card in range(1, num_cards + 1))
        self.observation_size = 2 * num_cards + 1 + len(seats) * (num_cards + 1)
        self.chance_outcomes = num_cards  # the prize deck is dealt one card at a time
        self.max_decisions = num_cards  # one bid per turn (the last turn plays itself)

    def index(self, view: GoofspielView, order: Bid) -> int:
        if not 1 <= int(order) <= self.num_cards:
            raise ValueError(f"no action bids {int(order)} with {self.num_cards} cards")
        return int(order) - 1

    def decode(self, view: GoofspielView, action: int) -> Bid:
        return BIDS[action + 1]

    def observe(self, view: GoofspielView) -> list[float]:
        n = self.num_cards
        vector = one_hot((view.prize or 0) - 1, n)
        vector += self._cards(view.face_down)
        vector.append(view.turn / n)
        by_seat = {player.seat: player for player in view.players}
        total = n * (n + 1) / 2
        for seat in relative_seats(self.seats, view.seat):
            player = by_seat[seat]
            vector.append(player.points / total)
            vector += self._cards(player.hand)
        return vector

    def _cards(self, cards: Sequence[int]) -> list[float]:
        vector = [0.0] * self.num_cards
        for card in cards:
            vector[card - 1] = 1.0
        return vector
