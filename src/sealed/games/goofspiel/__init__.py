"""Goofspiel, the classic sealed-bid card game, and the tutorial game of this engine.

Rules. Each player holds the cards 1..N (option ``num_cards``, 13 by
default); a prize deck 1..N is revealed one card at a time, in the order of
option ``points_order`` (``random``, ``descending`` or ``ascending``). On each
turn every player bids one card of their hand in secret (``bid 7``); the
bids are opened together, the single highest bid wins the prize's points,
and a tie for the highest bid wins nothing: the prize is discarded (as in
OpenSpiel). Bid cards are spent. When one card is left in every hand, the
last turn plays itself. After N turns the most points wins; equal points
share the win. Two players by default, up to four.

Views. Bids are opened after each turn (OpenSpiel's ``imp_info=False``), so
every hand is public; only the order of the face-down prizes is secret.

Reading order for a newcomer: ``state.py`` (the state and its JSON),
``orders.py`` (notation), ``rules.py`` (the rules, applied in place),
``views.py`` (what a seat may know), ``bots.py``, then ``game.py``
(the protocol wiring). The manual is docs/games/goofspiel.md.

Version history.
- 1: the rules above, equal to OpenSpiel's ``goofspiel`` (pinned by a differential test).
"""

from __future__ import annotations

from sealed.games.goofspiel.game import OPTIONS, GoofspielGame

GAME = GoofspielGame()

__all__ = ["GAME", "OPTIONS", "GoofspielGame"]
