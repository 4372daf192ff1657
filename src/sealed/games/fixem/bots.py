"""Fix'em bots. Each sees only its seat's view and draws only from the rng it is given.

- ``random``: a legal prediction and a legal card (or pass), uniformly-ish.
- ``counter``: predicts the likeliest count it can still fix with its own hand,
  then uses its card with intent: complete its own prediction (card 2 / card 1),
  defend it against a card 2 (card 3 first, when card 3 acts before card 2),
  or break the leader's exact or reachable prediction.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb
from typing import Any

from sealed.core.chance import below
from sealed.core.game import Prompt
from sealed.games.fixem.orders import Card1, Card2, Card3, FixemOrder, Pass, Predict
from sealed.games.fixem.state import POINTS
from sealed.games.fixem.views import FixemView, SeatView


class RandomBot:
    """Any legal order, drawn from ``rng``.

    It draws what its first version drew through ``rng.randint``, ``choice`` and
    ``sample``, number for number (the differential baseline's seeded games hold
    its choices), but straight from ``getrandbits``, and builds only the order
    it picks: the others are recipes (a class and its arguments). ``test_bots.py``
    pins it to the first version.
    """

    def choose(self, view: FixemView, prompt: Prompt, rng: random.Random) -> FixemOrder:
        bits = rng.getrandbits
        if view.stage == "predict":
            top = max(2, (len(view.field) + len(view.queue)) // 3)
            count = 1 + below(bits, top)
            return Predict(count, POINTS[below(bits, len(POINTS))])
        recipes: list[tuple[Callable[..., FixemOrder], tuple[Any, ...]]] = [
            (Pass, ()),
            (Card1, (POINTS[below(bits, len(POINTS))],)),
        ]
        hand = view.me().hand
        if hand:
            size = 1 + below(bits, len(hand))
            recipes.append((Card2, (tuple(sorted(_sample(rng, hand, size))),)))
        for other in view.players:
            if other.seat == view.seat:
                continue
            if other.hand is None:
                recipes.append((Card3, (other.seat, POINTS[below(bits, len(POINTS))])))
            elif other.hand:
                recipes.append((Card3, (other.seat, other.hand[below(bits, len(other.hand))])))
        make, args = recipes[below(bits, len(recipes))]
        return make(*args)


SMALL_SAMPLE = 21
"""``Random.sample`` draws from a pool up to this many items (when taking at most five)."""


def _sample(rng: random.Random, items: tuple[int, ...], k: int) -> list[int]:
    """``rng.sample(list(items), k)``, drawing the same numbers (its pool method)."""
    n = len(items)
    if n > SMALL_SAMPLE or k > 5:
        return rng.sample(list(items), k)
    bits, pool, taken = rng.getrandbits, list(items), []
    for i in range(k):
        j = below(bits, n - i)
        taken.append(pool[j])
        pool[j] = pool[n - i - 1]
    return taken


class CounterBot:
    """Counts the visible dice, predicts what it can fix, and plays its card with intent."""

    def choose(self, view: FixemView, prompt: Prompt, rng: random.Random) -> FixemOrder:
        if view.stage == "predict":
            return self.predict(view, rng)
        return self.card(view, rng)

    # -- the Prediction Stage ---------------------------------------------
    def predict(self, view: FixemView, rng: random.Random) -> Predict:
        """The (count, point) most likely to be reachable with my own hand dice after the roll."""
        unrolled = view.queue if view.queue_joins == "after_roll" else ()
        rolled = len(view.field) + len(view.queue) - len(unrolled)
        hand = view.me().hand or ()
        best: tuple[float, int, int] = (-1.0, 1, 1)
        for point in POINTS:
            fixed = sum(1 for d in unrolled if d.point == point)
            spare = hand.count(point)
            for count in range(max(1, fixed), fixed + rolled + spare + 1):
                chance = sum(
                    _binomial(rolled, k - fixed)
                    for k in range(max(fixed, count - spare), count + 1)
                )
                key = (chance + rng.random() * 1e-9, count, point)
                if key > best:
                    best = key
        return Predict(best[1], best[2])

    # -- the Card Stage ---------------------------------------------------
    def card(self, view: FixemView, rng: random.Random) -> FixemOrder:
        # Opponents in a random order, so that ties never favour a seat for where it sits.
        opponents = self.opponents(view)
        rng.shuffle(opponents)
        return self.complete_own(view, opponents) or self.attack(view, opponents) or Pass()

    def complete_own(self, view: FixemView, opponents: list[SeatView]) -> FixemOrder | None:
        me = view.me()
        if me.prediction is None or view.field_counts is None:
            return None
        point, diff = (
            me.prediction.point,
            me.prediction.count - view.field_counts[me.prediction.point],
        )
        hand = me.hand or ()
        if diff == 0:
            return self.defend(view, point, opponents)
        if 0 < diff <= hand.count(point):
            return Card2((point,) * diff)
        if diff == -1 and any(d.seat == view.seat and d.point == point for d in view.field):
            return Card1(point)
        return None

    def defend(self, view: FixemView, point: int, opponents: list[SeatView]) -> FixemOrder | None:
        """My count is exact: take away the die an opponent could push with card 2."""
        if view.card_order.index("3") > view.card_order.index("2"):
            return None  # card 3 acts too late to stop a card 2
        holders = [p for p in opponents if p.hand is not None and p.hand.count(point) > 0]
        if not holders:
            return None
        target = max(holders, key=lambda p: (p.score, p.hand.count(point) if p.hand else 0))
        return Card3(target.seat, point)

    def attack(self, view: FixemView, opponents: list[SeatView]) -> FixemOrder | None:
        """Break the best-placed opponent whose prediction is exact or within reach."""
        mine = view.me().prediction
        if view.field_counts is None:  # nothing rolled yet: only in the Prediction Stage
            return None
        for other in sorted(opponents, key=lambda p: -p.score):
            p = other.prediction
            if p is None or (mine is not None and mine.point == p.point):
                continue
            diff = p.count - view.field_counts[p.point]
            if diff == 0:
                move = self.spoil(view, p.point)
                if move is not None:
                    return move
            elif (
                diff > 0
                and other.hand is not None
                and other.hand.count(p.point) >= diff
                and view.card_order.index("3") < view.card_order.index("2")
            ):
                return Card3(other.seat, p.point)
        return None

    def spoil(self, view: FixemView, point: int) -> FixemOrder | None:
        """Change the count of ``point``: push one of mine, or take one of mine back."""
        if point in (view.me().hand or ()):
            return Card2((point,))
        if any(d.seat == view.seat and d.point == point for d in view.field):
            return Card1(point)
        return None

    @staticmethod
    def opponents(view: FixemView) -> list[SeatView]:
        return [p for p in view.players if p.seat != view.seat]


def _binomial(n: int, k: int, p: float = 1 / 6) -> float:
    if k < 0 or k > n:
        return 0.0
    return comb(n, k) * p**k * (1 - p) ** (n - k)
