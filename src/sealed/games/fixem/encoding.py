"""Fix'em for research adapters: a catalogue of single actions, card 2 spelled die by die.

Actions (for ``n`` seats):

- ``predict C x P`` for every count C from 0 to 36n and point P: every
  prediction the notation can express that could ever come true;
- ``pass``, ``card1 P``, and ``card3 seat+k P`` (the k-th seat after the viewer);
- card 2 moves any sub-multiset of the hand to the Field: a large product
  (a hand of ten dice has up to 2^10 of them) that grows with the hand. It is
  spelled die by die instead: ``card2 P`` adds one hand die showing P (points
  in ascending order, as the canonical text lists them), ``card2 done`` seals
  it. Each token's mask allows exactly the continuations of legal orders, so
  every legal order has one spelling and nothing else can be spelled.

Observation (from :class:`~sealed.games.fixem.views.FixemView` only; seats
from the viewer on): the stage, round and doubling; the Field and the
Field Queue as dice per colour and point (point 0: not rolled yet); per
seat its hand (points, or only its size where hidden), waiting dice, score
dice, prediction (where shown) and the kind of card it played last.
"""

from __future__ import annotations

from collections.abc import Sequence

from sealed.core.encoding import Encoding, one_hot, relative_seats
from sealed.games.fixem.orders import Card1, Card2, Card3, FixemOrder, Pass, Predict
from sealed.games.fixem.state import DICE_PER_COLOUR, POINTS, Die, Settings, Stage
from sealed.games.fixem.views import FixemView

STAGES = tuple(stage.value for stage in Stage)
CARD_KINDS = ("pass", "card1", "card2", "card3")
FACES = 7  # points 0 (not rolled yet) to 6


class FixemEncoding(Encoding[FixemOrder, FixemView]):
    """The catalogue: predictions, pass, card 1, card 3 by relative seat, card 2 die by die."""

    def __init__(self, seats: Sequence[str], settings: Settings) -> None:
        n = len(seats)
        self.seats = tuple(seats)
        self.most = DICE_PER_COLOUR * n  # the most dice a prediction may count
        self.passing = (self.most + 1) * len(POINTS)
        self.card1 = self.passing + 1
        self.card3 = self.card1 + len(POINTS)
        self.card2 = self.card3 + (n - 1) * len(POINTS)
        self.done = self.card2 + len(POINTS)
        self.actions = (
            *(f"predict {count} x {point}" for count in range(self.most + 1) for point in POINTS),
            "pass",
            *(f"card1 {point}" for point in POINTS),
            *(f"card3 seat+{k} {point}" for k in range(1, n) for point in POINTS),
            *(f"card2 {point}" for point in POINTS),
            "card2 done",
        )
        self.max_tokens = DICE_PER_COLOUR + 1  # a whole colour in hand, then done
        self.observation_size = len(STAGES) + 4 + 2 * n * FACES + n * (20 + len(CARD_KINDS))
        self.chance_outcomes = max(6, settings.additional_die)
        rounds = (
            settings.max_rounds
            if settings.ending == "field"
            else (settings.rounds + settings.additional_die)
        )
        self.max_decisions = rounds * (1 + self.max_tokens)  # a prediction, then a card
        self.rounds = settings.rounds + settings.additional_die

    # -- spelling -------------------------------------------------------------
    def tokens(self, view: FixemView, order: FixemOrder) -> tuple[int, ...]:
        if isinstance(order, Predict):
            if not (0 <= order.count <= self.most and order.point in POINTS):
                raise ValueError(f"no action predicts {order.count} x {order.point}")
            return (order.count * len(POINTS) + order.point - 1,)
        if isinstance(order, Pass):
            return (self.passing,)
        if isinstance(order, Card1):
            return (self.card1 + order.point - 1,)
        if isinstance(order, Card3):
            k = relative_seats(self.seats, view.seat).index(order.target)
            return (self.card3 + (k - 1) * len(POINTS) + order.point - 1,)
        return (*(self.card2 + point - 1 for point in order.points), self.done)

    def order(self, view: FixemView, draft: tuple[int, ...]) -> FixemOrder | None:
        if not draft:
            return None
        first = draft[0]
        if first >= self.card2:  # card 2, die by die: complete at "done"
            if draft[-1] != self.done:
                return None
            return Card2(tuple(sorted(token - self.card2 + 1 for token in draft[:-1])))
        if first < self.passing:
            count, point = divmod(first, len(POINTS))
            return Predict(count, point + 1)
        if first == self.passing:
            return Pass()
        if first < self.card3:
            return Card1(first - self.card1 + 1)
        k, point = divmod(first - self.card3, len(POINTS))
        return Card3(relative_seats(self.seats, view.seat)[k + 1], point + 1)

    # -- observing ------------------------------------------------------------
    def observe(self, view: FixemView) -> list[float]:
        order = relative_seats(self.seats, view.seat)
        vector = one_hot(STAGES.index(view.stage), len(STAGES))
        vector += [
            view.round / self.rounds,
            float(view.doubled),
            (view.additional_rounds or 0) / 20,
            view.removed / self.most,
        ]
        vector += self._dice(view.field, order) + self._dice(view.queue, order)
        cards = view.cards or {}
        for seat in order:
            vector += self._seat(view, seat)
            played = cards.get(seat, "").split(" ", 1)[0]
            vector += [float(played == kind) for kind in CARD_KINDS]
        return vector

    def _dice(self, dice: Sequence[Die], order: Sequence[str]) -> list[float]:
        vector = [0.0] * (len(order) * FACES)
        slot = {seat: i for i, seat in enumerate(order)}
        for die in dice:
            vector[slot[die.seat] * FACES + die.point] += 1.0 / DICE_PER_COLOUR
        return vector

    def _seat(self, view: FixemView, seat: str) -> list[float]:
        """20 numbers: the hand (shown, 6 points, size), waiting, scores, the prediction."""
        player = view.of(seat)
        hand = [0.0] * len(POINTS)
        for point in player.hand or ():
            hand[point - 1] += 1.0 / DICE_PER_COLOUR
        prediction = player.prediction
        told = [0.0] * (2 + len(POINTS))
        if prediction is not None:
            told[0], told[1] = 1.0, prediction.count / self.most
            told[1 + prediction.point] = 1.0
        return [
            float(player.hand is not None),
            *hand,
            player.hand_size / DICE_PER_COLOUR,
            player.waiting / DICE_PER_COLOUR,
            player.score / self.most,
            player.scored / self.most,
            player.additional / self.most,
            *told,
        ]
