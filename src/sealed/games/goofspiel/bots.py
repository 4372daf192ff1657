"""Goofspiel bots. Each sees only its seat's view and draws only from the rng it is given.

- ``random``: any card of its hand.
- ``matching``: the card equal to the prize, or the closest one it holds
  (the lower of two equally close); a classic baseline.
- ``counter``: reads the open hands. For a prize in the upper half of
  those still to come it bids the lowest card that beats every card any
  opponent still holds, or else its highest card; for a lower prize it
  throws its lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sealed.core.game import Prompt
from sealed.games.goofspiel.orders import BIDS, Bid
from sealed.games.goofspiel.views import GoofspielView


class RandomBot:
    """A uniformly random card of the hand."""

    def choose(self, view: GoofspielView, prompt: Prompt, rng: random.Random) -> Bid:
        return BIDS[rng.choice(view.hand)]

    def choose_legal(self, legal: Sequence[Bid], rng: random.Random) -> Bid:
        """What :meth:`choose` picks, with the same draw: the legal bids are the hand."""
        return rng.choice(legal)


class MatchingBot:
    """Bid the prize's own value, or the closest card held."""

    def choose(self, view: GoofspielView, prompt: Prompt, rng: random.Random) -> Bid:
        prize = view.prize or 0
        return BIDS[min(view.hand, key=lambda card: (abs(card - prize), card))]


class CounterBot:
    """Win the big prizes outright with the cheapest sure card; throw away the small ones."""

    def choose(self, view: GoofspielView, prompt: Prompt, rng: random.Random) -> Bid:
        prize = view.prize or 0
        to_come = sorted((prize, *view.face_down))
        if prize >= to_come[len(to_come) // 2]:
            best_other = max(
                (max(p.hand) for p in view.players if p.seat != view.seat and p.hand), default=0
            )
            winning = [card for card in view.hand if card > best_other]
            return BIDS[winning[0] if winning else view.hand[-1]]
        return BIDS[view.hand[0]]
