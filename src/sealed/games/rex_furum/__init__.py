"""Rex Furum: corporate intrigue by email, for 3 to 16 players (seed 000, Felix Park).

Rules (seed "Final Ruleset"): four companies (Alpha, Beta, Gamma, Delta);
each player starts at one at random. Ten timed rounds; at the beginning of
each, every employed player receives a $10k salary. Each round every player
secretly sends up to three action points of actions: embezzle, out,
pinkslip, extort (CEO extortion), crash (two points, two consecutive
rounds), backstab, protect (or protect self), cover up, bribe, accept bribe,
enter empty company, quit, and invest (no point, under $100k). The game
master opens them together and applies them in the seed's Action
Precedence (employment, then status, then money, then outing; see
:mod:`sealed.games.rex_furum.rules`). The richest player after the last
round wins; equal richest share the win.

Views: each player's report is the seed's Round Beginning Email
(:mod:`sealed.games.rex_furum.views`): every player's net worth and earnings
last round, their own salary and employment, their own bribe offers still
open, the employee total of each company, the
round's length, and the notices the rules give them (public announcements,
notices to a protector, a coverer or a target, anonymous bribe offers to a
company's employees, outings). The game master sees the state and a full
account of every round. Rulings for every gap are in docs/games/rex-furum.md.

Version history:
- 1: the Final Ruleset (version 6 of the design) with the rulings of the manual.
- 2: protecting and covering up for the same player in one email is refused (Ruling 21);
  a version 1 record may hold such orders, so it is not replayed by version 2.
- 3: every player's net worth and earnings in the round email (Ruling 17); voluntary
  payments never make a debt (open bribe offers count against the cap, a payment is
  capped when paid; Ruling 5); a bribe offer lapses once the briber works there
  (Ruling 26); enter empty + accept a bribe to it in one email is legal (Ruling 21);
  backstab counts the protect order sent (Ruling 12) and distinct companies (Ruling 1);
  amounts read exactly (Ruling 27). Version 2 records replay and continue with version
  2's rules (:class:`~sealed.games.rex_furum.game.RexFurumV2`).
"""

from sealed.games.rex_furum.game import GAME

__all__ = ["GAME"]
