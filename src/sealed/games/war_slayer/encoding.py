"""War Slayer V for research adapters: 14 actions relative to the drawn cards.

Actions. A placement names a row and an operation order of the three drawn
cards. The notation can express any three cards of the deck (52 x 51 x 50
per row), but only the drawn three are ever legal, so the catalogue is
relative to the hand: ``dossier 1 2 3`` puts the first drawn card (as the
view lists the hand) in position 1, ``theater 3 1 2`` puts the third card
first, and so on: 2 rows x 6 orders, then ``continue`` and ``withdraw``.
The mask is exactly the legal orders (12 at the first placement, 6 at the
second, 2 for the loser of an operation, none otherwise).

Observation (from :class:`~sealed.games.war_slayer.views.WarSlayerView`
only): 15 card slots -- the viewer's hand, dossier and theater, the
opponent's dossier and theater -- each 54 numbers (one of 52 cards, or
face down, or taken); the cards the viewer took and the cards taken from
it (52 each); then the phase, the operations done, whether the viewer
dealt, is "defeated", decides now, the HQ sizes and the mission number.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from sealed.core.encoding import OneTokenEncoding, one_hot
from sealed.games.war_slayer.orders import Decide, Place, WarSlayerOrder
from sealed.games.war_slayer.state import BY_CODE, DECK, Phase, Row
from sealed.games.war_slayer.views import HIDDEN, TAKEN, WarSlayerView

ORDERINGS = tuple(permutations(range(3)))
"""The six operation orders of the drawn cards: ``ORDERINGS[k][i]`` is the hand slot at
position ``i + 1``."""
ROWS = (Row.DOSSIER, Row.THEATER)
CARD_INDEX = {card.code: i for i, card in enumerate(DECK)}
SLOT = len(DECK) + 2  # a card, face down, or taken
PHASES = tuple(phase.value for phase in Phase)


class WarSlayerEncoding(OneTokenEncoding[WarSlayerOrder, WarSlayerView]):
    """Action ``6 * row + k``: the drawn cards in ``ORDERINGS[k]``; then continue, withdraw."""

    def __init__(self, mission_limit: int) -> None:
        self.actions = (
            *(
                f"{row.value} {' '.join(str(slot + 1) for slot in ordering)}"
                for row in ROWS
                for ordering in ORDERINGS
            ),
            "continue",
            "withdraw",
        )
        self.observation_size = 15 * SLOT + 2 * len(DECK) + len(PHASES) + 4 + 4 + 3
        self.chance_outcomes = len(DECK)  # the deck is shuffled by dealing one card at a time
        self.mission_limit = mission_limit
        if mission_limit:  # two placements and at most three decisions a mission
            self.max_decisions = 5 * mission_limit

    def index(self, view: WarSlayerView, order: WarSlayerOrder) -> int:
        if isinstance(order, Decide):
            return 13 if order.withdraw else 12
        hand = view.you.hand
        try:
            ordering = tuple(hand.index(card.code) for card in order.cards)
        except ValueError:
            raise ValueError(f"{order!r}: places cards that are not the drawn ones") from None
        return 6 * ROWS.index(order.row) + ORDERINGS.index(ordering)

    def decode(self, view: WarSlayerView, action: int) -> WarSlayerOrder:
        if action >= 12:
            return Decide(withdraw=action == 13)
        row, ordering = ROWS[action // 6], ORDERINGS[action % 6]
        hand = view.you.hand
        first, second, third = (BY_CODE[hand[slot]] for slot in ordering)
        return Place(row, (first, second, third))

    def observe(self, view: WarSlayerView) -> list[float]:
        you, them = view.you, view.opponent
        vector: list[float] = []
        for row in (you.hand, you.dossier, you.theater, them.dossier, them.theater):
            vector += _slots(row)
        vector += _cards(you.claimed) + _cards(them.claimed)
        vector += one_hot(PHASES.index(view.phase), len(PHASES))
        vector += one_hot(view.operations_done, 4)
        vector += [
            float(view.dealer == view.seat),
            float(view.defeated == view.seat),
            float(view.deciding == view.seat),
            float(view.over),
        ]
        limit = self.mission_limit or 200
        vector += [you.hq_count / len(DECK), them.hq_count / len(DECK), view.mission / limit]
        return vector


def _slots(row: Sequence[str]) -> list[float]:
    """Three slots of a row (empty slots are all zeros)."""
    vector = [0.0] * (3 * SLOT)
    for i, code in enumerate(row[:3]):
        if code == HIDDEN:
            vector[i * SLOT + len(DECK)] = 1.0
        elif code == TAKEN:
            vector[i * SLOT + len(DECK) + 1] = 1.0
        else:
            vector[i * SLOT + CARD_INDEX[code]] = 1.0
    return vector


def _cards(codes: Sequence[str]) -> list[float]:
    vector = [0.0] * len(DECK)
    for code in codes:
        vector[CARD_INDEX[code]] = 1.0
    return vector
