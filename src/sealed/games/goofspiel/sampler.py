"""Whole states a seat could be in, drawn from its view alone (for search bots).

Bids are opened every turn, so everything but one thing is public and is
copied from the view: every player's bids, hand and points, the prizes
revealed, the prize up now. The one secret is the order of the prize cards
still face down (with ``points_order`` random); it is drawn by shuffling
them with the given random source.
"""

from __future__ import annotations

import random

from sealed.core.game import Options
from sealed.games.goofspiel.orders import BIDS
from sealed.games.goofspiel.state import GoofspielState, Settings
from sealed.games.goofspiel.views import GoofspielView


def sample_state(view: GoofspielView, options: Options, rng: random.Random) -> GoofspielState:
    """A state whose view for ``view.seat`` is ``view``; face-down prizes shuffled by ``rng``."""
    settings = Settings(num_cards=view.num_cards, points_order=view.points_order)
    face_down = list(view.face_down)
    fixed = settings.prize_order()
    if fixed is None:
        rng.shuffle(face_down)
    else:  # ascending or descending: the order is public
        face_down = [card for card in fixed if card in view.face_down]
    current = () if view.prize is None else (view.prize,)
    turns = zip(*(player.bids for player in view.players), strict=True)
    return GoofspielState(
        settings=settings,
        seats=tuple(player.seat for player in view.players),
        prizes=(*view.revealed, *current, *face_down),
        turn=view.turn,
        hands=[[BIDS[card] for card in player.hand] for player in view.players],
        history=[[BIDS[card] for card in turn] for turn in turns],
        points=[player.points for player in view.players],
    )
