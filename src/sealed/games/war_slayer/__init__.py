"""War Slayer V: a two-player spy card game on a 52-card deck.

Rules (seed 001, "RULES"): each player holds an HQ of 26 cards. Each mission
both players draw three cards and place them face down in their Dossier
(information to protect) or Operations Theater (operatives), then draw
three more for the other row. Operations flip the operatives position by
position; the higher card wins (an Ace "counts as a 10+") and takes the
aligned information card; the loser may back out, giving the exposed
operatives to the winner. A royal (Double Agent) ends the mission at once,
defecting with its owner's dossier while the exposed cards go to its owner.
The game ends after the mission in which the VIP (Ace of Spades) is revealed
or taken; players score the cards in their HQ.

Views: each seat sees its own cards, the opponent's flipped operatives,
which row each player filled, and HQ sizes; never the opponent's face-down
cards, any HQ order, or the score.

Version history:
- 1: the rules of the seed, with the rulings of docs/games/war-slayer.md.
"""

from __future__ import annotations

from sealed.games.war_slayer.game import GAME, WarSlayer

__all__ = ["GAME", "WarSlayer"]
