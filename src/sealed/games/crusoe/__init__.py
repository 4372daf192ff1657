"""Crusoe's Planet (Nigel Ray, Leptopus Games, 2001): the basic game.

Rules. Castaways begin each cycle at the Crash Site; Turn Order Cards are
dealt; each in turn chooses one of seven paths (Ant, Dung Beetle, Spider,
Sand Crab, Firefly, Bookworm, Grasshopper) and, turn by turn, rolls a die
and moves along it (Experience numbers let a roll be modified), producing
from one icon type of the space landed on (the token supply is a hard limit;
Speared Fish needs a Spear, which a roll of 1-2 loses; overburdened paths
produce less). Whoever waits at the Market while others work gains Leisure;
reaching it, a player may gain Experience. Then trade (per scenario),
government and violence (per scenario), consumption scored on the VP Chart
with privation and death, Preservation Rolls, and the rescue roll against
the Radio Signals recorded. Rescue by the end of cycle 9 or everyone loses;
the rescued with a positive score win.

Built: the Basic Game for Crusoe's Economy and the Hobbesian State of Nature
(violence), and the Utopian module's ban on violence. Not yet built: trade,
so the four tribal/traditional scenarios are refused by name. The board and
token supply are reconstructed (``board.yaml``; docs/games/crusoe.md, ruling 1).

Version history.
- 1: the rules above.
"""

from __future__ import annotations

from sealed.games.crusoe.game import OPTIONS, CrusoeGame

GAME = CrusoeGame()

__all__ = ["GAME", "OPTIONS", "CrusoeGame"]
