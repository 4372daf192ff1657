"""Fix'em, Lotus Li's dice prediction game (seed 004, section 10 "Final Rules").

Rules. Three players (two to four by seat count) own 36 dice of their colour
each: 4 rolled hand dice, 6 dice in the shared Field, the rest waiting. A
round has five stages. Prediction Stage (sealed): each player predicts how
many field dice will show one point, ``predict 4 x 3``; opened together.
Rolling Stage: each colour's field dice are rolled, then the Field Queue
joins the Field unrolled. Card Stage (sealed): each player plays at most one
card -- ``card1 P`` (take an own field die showing P into the hand),
``card2 P P ...`` (hand dice to the Field), ``card3 SEAT P`` (that seat's
hand die to the Field Queue) -- or ``pass``; opened together. Execution
Stage: cards act in the order 3, 2, 1. Score Stage: exact predictions take
every field die of their point (equal ones split them, the remainder leaves
the game) and each colour refills the Field from its waiting dice. After 6
rounds a four-sided die adds Additional Rounds whose Score Dice count
double; the game also ends when fewer field dice than players remain.
Highest score wins; ties share the win. The manual (docs/games/fixem.md)
has every ruling and the options, which reproduce iterations 1-7.

Views. Everyone sees the Field, the Field Queue, hands (public in the seed),
waiting counts, scores, and predictions and cards once opened. Sealed
predictions and cards live only in the match until opened, so no view can
show them. Options ``hidden_hands`` and ``hidden_predictions`` hide other
seats' hands and predictions (iteration 7).

Code layout (the same rooms as every game folder): ``game.py`` wires the
protocol, ``state.py`` holds the state, the options and their one reader
(``Settings.from_options``) and the JSON, ``orders.py`` the notation,
``rules.py`` the order checks, the resolution and the legal orders,
``views.py`` the views and ``bots.py`` the bots.

Version history.
- 1: the final rules of section 10, with iteration options.
- 2: a prediction of 0 is allowed; card 3 on a die the target visibly lacks is
  accepted and does nothing (the seed: "this card doesn't do anything"); the
  Prediction Stage's view shows the Field's dice as not yet rolled (point 0,
  no counts); ``start_hand: none`` with ``start_field`` up to 36 offers
  iteration 2's set-up. Version 1 records replay and continue with version
  1's rules (:class:`FixemGameV1`).
"""

from __future__ import annotations

from sealed.games.fixem.game import GAME, OPTIONS, FixemGame, FixemGameV1

__all__ = ["GAME", "OPTIONS", "FixemGame", "FixemGameV1"]
