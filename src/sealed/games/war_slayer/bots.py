"""War Slayer V bots. Each sees only its seat's view."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from sealed.core.game import Prompt
from sealed.games.war_slayer.orders import Decide, Place, WarSlayerOrder, placed
from sealed.games.war_slayer.rules import (
    BOTH_ROWS,
    DECISIONS,
    DOSSIER_ONLY,
    ORDERINGS,
    THEATER_ONLY,
    Placements,
)
from sealed.games.war_slayer.state import BY_CODE, Card, Row
from sealed.games.war_slayer.views import WarSlayerView


def _hand(view: WarSlayerView) -> list[Card]:
    return [BY_CODE[code] for code in view.you.hand]


def _open_rows(view: WarSlayerView) -> tuple[Row, ...]:
    you = view.you
    if you.dossier:
        return THEATER_ONLY
    if you.theater:
        return DOSSIER_ONLY
    return BOTH_ROWS


class RandomBot:
    """Any legal order, uniformly: a row, an ordering; continue or withdraw.

    Its draws (one ``random()`` for a decision; a shuffle of the hand, then a
    choice of the open rows, for a placement) are those of its first version:
    the differential test's seeded games depend on them. ``choose_legal`` picks
    the same order with the same draws from the legal orders alone, so that a
    simulation need not build a view it would not read.
    """

    def choose(self, view: WarSlayerView, prompt: Prompt, rng: random.Random) -> WarSlayerOrder:
        if view.phase == "decide":
            return DECISIONS[rng.random() < 0.5]  # (continue, withdraw)
        cards = _hand(view)
        rows = _open_rows(view)
        first, second, row = placement_draws(rng, len(rows))
        cards[2], cards[first] = cards[first], cards[2]  # rng.shuffle(cards), as drawn
        cards[1], cards[second] = cards[second], cards[1]
        return Place(rows[row], (cards[0], cards[1], cards[2]))

    def choose_legal(self, legal: Sequence[WarSlayerOrder], rng: random.Random) -> WarSlayerOrder:
        """What :meth:`choose` picks, from ``rules.legal_orders``: (continue, withdraw), or
        the placements, each open row times the six operation orders (``ORDERINGS``)."""
        if type(legal) is Placements:  # the simulations' case: build the one order picked
            rows = legal.rows
            first, second, row = placement_draws(rng, len(rows))
            cards = list(legal.hand)
            cards[2], cards[first] = cards[first], cards[2]  # as choose swaps, the same order
            cards[1], cards[second] = cards[second], cards[1]
            return placed(rows[row], (cards[0], cards[1], cards[2]))
        count = len(legal)
        if count == 2:  # a placement lists 6 or 12
            return legal[rng.random() < 0.5]
        first, second, row = placement_draws(rng, count // 6)
        return legal[6 * row + SHUFFLED[first][second]]


def placement_draws(rng: random.Random, rows: int) -> tuple[int, int, int]:
    """The draws of ``rng.shuffle`` of three cards, then of ``rng.choice`` of ``rows`` rows:
    the shuffle swaps the third card with card ``first`` (0-2), then the second with
    card ``second`` (0-1); the row chosen is ``row``.

    CPython's ``Random`` draws both through ``_randbelow(n)``: ``n.bit_length()``
    random bits, drawn again while the number is ``n`` or more. This writes those
    draws out with the public ``getrandbits``, in a third of the library's time;
    tests/games/war_slayer/test_random_bot.py holds it to the library's results
    and to the generator's state after them.
    """
    bits = rng.getrandbits
    first = bits(2)
    while first >= 3:
        first = bits(2)
    second = bits(2)
    while second >= 2:
        second = bits(2)
    if rows == 1:
        while bits(1):  # a choice of one still draws: a bit, again while it is 1
            pass
        return first, second, 0
    row = bits(2)
    while row >= 2:
        row = bits(2)
    return first, second, row


def _shuffled(first: int, second: int) -> int:
    """The operation order (index in ``ORDERINGS``) that a shuffle's two swaps leave."""
    hand = [0, 1, 2]
    hand[2], hand[first] = hand[first], hand[2]
    hand[1], hand[second] = hand[second], hand[1]
    return ORDERINGS.index((hand[0], hand[1], hand[2]))


SHUFFLED = tuple(tuple(_shuffled(first, second) for second in (0, 1)) for first in (0, 1, 2))


def _guard_value(card: Card) -> int:
    """How much a card is worth keeping out of the opponent's hands."""
    return card.points * 2 + (1 if card.is_double_agent else 0)


class SpymasterBot:
    """A careful spymaster.

    Keeps Double Agents and high-value cards in the dossier (a royal in the
    theater gives the whole dossier away), lines its strongest operative up
    with its most valuable information, puts any royal forced into the
    theater last, and backs out when its next operative is a royal or too
    weak to guard what stands behind it.
    """

    def choose(self, view: WarSlayerView, prompt: Prompt, rng: random.Random) -> WarSlayerOrder:
        if view.phase == "decide":
            return Decide(withdraw=self._should_withdraw(view))
        cards = _hand(view)
        rows = _open_rows(view)
        row = rows[0] if len(rows) == 1 else self._first_row(cards)
        return Place(row, self._arrange(view, row, cards))

    @staticmethod
    def _first_row(cards: list[Card]) -> Row:
        risky = sum(1 for c in cards if c.is_double_agent or c.is_vip)
        return Row.DOSSIER if risky else Row.THEATER

    def _arrange(self, view: WarSlayerView, row: Row, cards: list[Card]) -> tuple[Card, Card, Card]:
        placed = view.you.dossier if row is Row.THEATER else view.you.theater
        if not placed:
            key = (lambda c: -_guard_value(c)) if row is Row.DOSSIER else self._operative_rank
            ordered = sorted(cards, key=key)
            return ordered[0], ordered[1], ordered[2]
        other = [BY_CODE[code] for code in placed]
        best = max(itertools.permutations(cards), key=lambda perm: self._fit(row, perm, other))
        return best[0], best[1], best[2]

    @staticmethod
    def _operative_rank(card: Card) -> int:
        # Strong operatives first; Double Agents last, where a mission may end before them.
        return 100 if card.is_double_agent else -card.strength

    def _fit(self, row: Row, perm: tuple[Card, ...], other: list[Card]) -> float:
        operatives, dossier = (perm, other) if row is Row.THEATER else (other, perm)
        score = 0.0
        for pos, (op, info) in enumerate(zip(operatives, dossier, strict=True)):
            strength = 0 if op.is_double_agent else op.strength
            score += strength * _guard_value(info)
            if op.is_double_agent:
                score += 20 * pos  # a royal placed late may never be flipped
        return score

    @staticmethod
    def _should_withdraw(view: WarSlayerView) -> bool:
        nxt = view.operations_done
        if nxt >= 3:
            return False
        operative = BY_CODE[view.you.theater[nxt]]
        if operative.is_double_agent:
            return True
        guarded = view.you.dossier[nxt]
        value = 0 if guarded == "--" else _guard_value(BY_CODE[guarded])
        return operative.strength < 7 and value >= 10


BOTS: dict[str, type[RandomBot] | type[SpymasterBot]] = {
    "random": RandomBot,
    "spymaster": SpymasterBot,
}
