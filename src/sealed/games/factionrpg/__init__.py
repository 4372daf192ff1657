"""FactionRPG v3.7, the play-by-post political game of factions, as the seed gives it.

Rules. Each player is a faction holding assets (a value; public or hidden).
Each turn: Negotiation (messages; sharing profiles, an order), Orders (one
action per asset, sealed: Attack(Damage), Attack(Infiltrate) of an asset or a
whole faction, Defend(Shroud), Defend(Enhance), collaborating WITH other
factions, TRANSFER TO another faction), the GM's first Results, the
Consequences Phase (the defender's choice for a failed hidden infiltration,
increases from exceptional damage, who seizes, Infusion), the second Results.
Hidden assets act covertly and contribute one less; profiles make a hidden
asset visible to a faction. Space caps the total value. Eight
specializations. The manual (docs/games/factionrpg.md) lists every ruling.

Views. Each faction sees public assets, its own, and those it has profiles
on; it reads the Results as the rules let it (a failed hidden infiltration
looks successful to its attackers); nothing else is copied into its view.

Reading order: ``state.py``, ``orders.py`` (notation), ``rules.py`` (order
checks), ``resolve.py`` (the two Results), ``posts.py`` (what each faction is
told, BBCode posts), ``views.py``, ``bots.py``, ``game.py``.

Version history.
- 1: the rules of FactionRPG v3.7 with the manual's rulings.
- 2: the independent review's findings: Upgrade spends strength (Ruling 12), a
  covert Enhance creates a hidden asset (30), a one-sided WITH is told to its
  writer and not published (11), the Consequences Phase narrations (31) and
  deadline (32), among others. Records of version 1 replay and continue under
  version 1's rules (``FactionRPGV1``: the rules branch on
  ``Settings.version`` where they changed; manual, Versions).
"""

from __future__ import annotations

from sealed.games.factionrpg.game import OPTIONS, FactionRPG

GAME = FactionRPG()

__all__ = ["GAME", "OPTIONS", "FactionRPG"]
