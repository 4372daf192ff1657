"""Fix'em rules: the stages of a round as small pure functions.

Quotations are from the seed's section 10 "Final Rules" unless another
iteration is named. Every step that asks for dice names them in its label
("round 2: roll ana's 6 field dice"), so people at a real table can enter
what they rolled, and scenarios can script any roll.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sealed.core.chance import Chance
from sealed.core.errors import IllegalOrderError
from sealed.core.events import EVERYONE, Audience, Event
from sealed.games.fixem.orders import (
    Card1,
    Card2,
    Card3,
    FixemOrder,
    Pass,
    Predict,
    format_order,
)
from sealed.games.fixem.state import (
    DICE_PER_COLOUR,
    POINTS,
    Die,
    FixemState,
    Player,
    Prediction,
    Settings,
    Stage,
    die,
    faces,
    point_counts,
    remove_points,
    sort_dice,
)

PLACED_POINT = 1  # a die put in the bowl unrolled; it is rolled before anyone counts it

Events = list[Event]
PASS = Pass()


# -- setting up ---------------------------------------------------------------


def new_state(seats: Sequence[str], rules: Settings, chance: Chance) -> FixemState:
    """Section 10 f: hand dice rolled, field dice in the bowl, the rest waiting."""
    players = {seat: _start_player(seat, rules, chance) for seat in seats}
    field = [die(seat, PLACED_POINT) for seat in seats for _ in range(rules.start_field)]
    return FixemState(
        seats=tuple(seats),
        rules=rules,
        round=1,
        stage=Stage.PREDICT,
        players=players,
        field=sort_dice(field, seats),
        queue=(),
    )


def _start_player(seat: str, rules: Settings, chance: Chance) -> Player:
    size = rules.hand_size
    hand: tuple[int, ...]
    if rules.start_hand == "1_to_6":
        # iterations 3-4: "The 6 Hand Dices are of points 1~6 (each dice different point)"
        hand = POINTS
    elif size == 0:
        # iterations 1-2: "All the Gaming Dices are put in the Field"
        hand = ()
    else:
        hand = tuple(sorted(chance.dice(f"roll {seat}'s {size} hand dice", size)))
    return Player(hand=hand, waiting=DICE_PER_COLOUR - size - rules.start_field)


# -- checking orders ----------------------------------------------------------


def check_order(state: FixemState, seat: str, order: FixemOrder) -> None:
    """The rules' objections to ``order`` from ``seat`` now.

    :raises IllegalOrderError: wrong stage, a count out of range, a hand die
        the seat does not have, card 3 aimed at oneself (or, in version 1, at a
        die that is visibly not there).
    """
    if state.stage is Stage.OVER:
        raise IllegalOrderError("the game is over")
    if state.stage is Stage.PREDICT:
        _check_prediction(state, order)
    elif isinstance(order, Predict):
        raise IllegalOrderError(
            f"round {state.round} Card Stage: predictions are closed; "
            "play card1 POINT, card2 P P ..., card3 SEAT POINT or pass"
        )
    elif isinstance(order, Card2):
        _check_card2(state, seat, order)
    elif isinstance(order, Card3):
        _check_card3(state, seat, order)


def _check_prediction(state: FixemState, order: FixemOrder) -> None:
    if not isinstance(order, Predict):
        raise IllegalOrderError(
            f"round {state.round} Prediction Stage: cards come later; "
            "write predict COUNT x POINT (predict 4 x 3)"
        )
    most = DICE_PER_COLOUR * len(state.seats)
    least = state.rules.least_prediction
    if not least <= order.count <= most:
        why = (
            "a prediction of no dice could never take a die"
            if least
            else f"{most} is every die in the game"
        )
        raise IllegalOrderError(
            f"predict {order.count} x {order.point}: the count must be {least} to {most} ({why})"
        )


def _check_card2(state: FixemState, seat: str, order: Card2) -> None:
    hand = state.player(seat).hand
    for point in set(order.points):
        want, have = order.points.count(point), hand.count(point)
        if want > have:
            shown = " ".join(map(str, hand)) or "empty"
            dice = f"{want} hand dice" if want > 1 else "a hand die"
            raise IllegalOrderError(
                f"{format_order(order)}: you do not have {dice} showing {point} "
                f"(your hand: {shown})"
            )


def _check_card3(state: FixemState, seat: str, order: Card3) -> None:
    if order.target == seat:
        raise IllegalOrderError(
            f"{format_order(order)}: card 3 moves another player's hand die, not your own"
        )
    if state.rules.version >= 2:
        return  # "If the player doesn't have a dice of that number ... doesn't do anything"
    target = state.player(order.target)
    # Version 1: hands are public, so naming a die that is not there was taken for a
    # slip and refused; with hidden hands refusing would leak the hand, so it fizzles.
    if not state.rules.hidden_hands and order.point not in target.hand:
        shown = " ".join(map(str, target.hand)) or "empty"
        raise IllegalOrderError(
            f"{format_order(order)}: {order.target} has no hand die showing {order.point} "
            f"({order.target}'s hand: {shown})"
        )


# -- legal orders -------------------------------------------------------------
#
# Everything a seat may seal is finite and bounded. A prediction's count is
# bounded by the rules' own check (0 to 36 per seat at the table: 109 counts
# with three players, so 654 predictions; version 1: from 1, 648); card 1
# names a point (6); card 2 names a sub-multiset of the hand
# (``prod(k_p + 1) - 1`` of them for k_p dice showing p: 15 for a hand of four
# different points); card 3 names another seat and any point (a missing die
# does nothing; version 1: a point of its hand, any point when hands are
# hidden). The lists are in a stable order:
# predictions by count then point; pass, card 1, card 2 (by points), card 3
# (by seat order, then point).


def legal_orders(state: FixemState, seat: str) -> Sequence[FixemOrder]:
    """Every order ``seat`` may seal now; each passes :func:`check_order`."""
    if state.stage is Stage.OVER:
        return ()
    if state.stage is Stage.PREDICT:  # the same for everyone: one shared (immutable) tuple
        return _predictions(state.rules.least_prediction, DICE_PER_COLOUR * len(state.seats))
    orders: list[FixemOrder] = [*PASS_AND_CARD1, *_card2_orders(state.player(seat).hand)]
    for other in state.seats:
        if other != seat:
            orders += _card3_orders(other, _card3_points(state, other))
    return orders


# Orders are immutable values, so the lists above are assembled from shared pieces, each
# built once (a simulation that draws random legal orders asks at every step: building
# 654 predictions each time cost more than playing the game).
PASS_AND_CARD1: tuple[FixemOrder, ...] = (PASS, *(Card1(point) for point in POINTS))


@functools.cache
def _predictions(least: int, most: int) -> tuple[Predict, ...]:
    return tuple(Predict(count, point) for count in range(least, most + 1) for point in POINTS)


@functools.lru_cache(maxsize=4096)
def _card2_orders(hand: tuple[int, ...]) -> tuple[Card2, ...]:
    return tuple(Card2(points) for points in _sub_hands(hand))


@functools.lru_cache(maxsize=4096)
def _card3_orders(target: str, points: tuple[int, ...]) -> tuple[Card3, ...]:
    return tuple(Card3(target, point) for point in points)


def count_legal_orders(state: FixemState, seat: str) -> int:
    """How many orders :func:`legal_orders` lists, counted without listing them."""
    if state.stage is Stage.OVER:
        return 0
    if state.stage is Stage.PREDICT:
        most = DICE_PER_COLOUR * len(state.seats)
        return (most + 1 - state.rules.least_prediction) * len(POINTS)
    hand = state.player(seat).hand
    card2 = 1
    for point in set(hand):
        card2 *= hand.count(point) + 1
    card3 = sum(len(_card3_points(state, other)) for other in state.seats if other != seat)
    return 1 + len(POINTS) + (card2 - 1) + card3


def _sub_hands(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every non-empty sub-multiset of a sorted hand, as sorted tuples, in sorted order."""
    subs: list[tuple[int, ...]] = [()]
    for point in sorted(set(hand)):
        subs = [sub + (point,) * n for sub in subs for n in range(hand.count(point) + 1)]
    return sorted(sub for sub in subs if sub)


def _card3_points(state: FixemState, target: str) -> tuple[int, ...]:
    if state.rules.hidden_hands or state.rules.version >= 2:
        return POINTS
    return tuple(sorted(set(state.player(target).hand)))


# -- resolving ----------------------------------------------------------------
#
# One rules path. Each stage changes the state in place; ``events`` is the
# list to narrate into, or ``None`` on the fast path (simulations), where no
# Event and no sentence is built: every sentence is behind ``if events is not
# None``. Chance labels are always built: they are part of what chance is
# asked, whoever asks.


def apply(
    state: FixemState, orders: Mapping[str, FixemOrder], chance: Chance, events: Events | None
) -> None:
    """The predictions (then the roll), or the cards (then execution, scoring, the end)."""
    if state.stage is Stage.PREDICT:
        prediction_stage(state, orders, events)
        rolling_stage(state, chance, events)
        state.stage = Stage.CARDS
    else:
        card_stage(state, orders, events)
        execution_stage(state, orders, events)
        score_stage(state, events)
        end_of_round(state, chance, events)
    state.changed()


def prediction_stage(
    state: FixemState, orders: Mapping[str, FixemOrder], events: Events | None
) -> None:
    """Section 10 g: predictions made in secret, then "remove their Partitions together"."""
    for seat in state.seats:
        order = orders.get(seat)
        state.players[seat].prediction = (
            Prediction(order.count, order.point) if isinstance(order, Predict) else None
        )
    if events is None:
        return
    shown = {}
    for seat in state.seats:
        prediction = state.players[seat].prediction
        shown[seat] = str(prediction) if prediction else "none"
    if state.rules.hidden_predictions:
        # iteration 7 c: each seat sees only its own until the Score Stage
        for s in state.seats:
            events.append(
                _event("prediction", f"round {state.round}: your prediction is {shown[s]}", [s])
            )
        return
    text = ", ".join(f"{seat} {shown[seat]}" for seat in state.seats)
    events.append(_event("predictions", f"round {state.round} predictions: {text}", None, shown))


def rolling_stage(state: FixemState, chance: Chance, events: Events | None) -> None:
    """Section 10 h: each colour's field dice are rolled, then the Field Queue joins unrolled.

    With ``queue_joins: before_roll`` (iterations 1-6: "grabs his own all
    Gaming Dices in the Shared Zone (including Field and Field Queue)") the
    queue joins first and is rolled with its colour.
    """
    field = state.field
    queue = state.queue
    if state.rules.queue_joins == "before_roll" and queue:
        field += queue
        if events is not None:
            events.append(_queue_event(queue, "and will be rolled"))
        queue = ()
    per_colour = dict.fromkeys(state.seats, 0)
    for d in field:
        per_colour[d.seat] += 1
    rolled: list[Die] = []
    for seat, count in per_colour.items():
        if count == 0:
            continue
        label = f"round {state.round}: roll {seat}'s {count} field dice"
        points = sorted(chance.dice(label, count))
        showing = faces(seat)
        rolled += [showing[p] for p in points]
        if events is not None:
            shown = " ".join(map(str, points))
            text = f"{seat} rolls {count} field dice: {shown}"
            events.append(_event("roll", text, None, {"seat": seat}))
    if queue:
        # "Then put all the dices in the Field Queue into the Field without rotating them."
        if events is not None:
            events.append(_queue_event(queue, "without being rolled"))
        state.field = sort_dice((*rolled, *queue), state.seats)
    else:
        state.field = tuple(rolled)  # colour by colour in seat order, each sorted: canonical
    state.queue = ()


def _queue_event(queue: tuple[Die, ...], how: str) -> Event:
    dice = ", ".join(f"{d.seat} {d.point}" for d in queue)
    return _event("queue", f"the Field Queue joins the Field {how}: {dice}")


def card_stage(state: FixemState, orders: Mapping[str, FixemOrder], events: Events | None) -> None:
    """Section 10 i: the cards, chosen in secret, are displayed together."""
    cards = {seat: format_order(orders.get(seat, PASS)) for seat in state.seats}
    state.cards = cards
    if events is not None:
        text = ", ".join(f"{seat} {cards[seat]}" for seat in state.seats)
        events.append(_event("cards", f"round {state.round} cards: {text}", None, cards))


def execution_stage(
    state: FixemState, orders: Mapping[str, FixemOrder], events: Events | None
) -> None:
    """Section 10 j iv: "The sequence for the Cards to take effects is 3 -> 2 -> 1".

    ``card_order: 2-3-1`` is iterations 1-4's sequence. Plays of the same
    card take effect in seat order.
    """
    played = []  # (card number, its effect, seat, order), in seat order; passes left out
    for seat in state.seats:
        order = orders.get(seat)
        play = PLAYS.get(type(order))
        if play is not None:
            played.append((*play, seat, order))
    for number in state.rules.card_order if played else ():
        for card, effect, seat, order in played:
            if card == number:
                effect(state, seat, order, events)


def play_card1(state: FixemState, seat: str, order: Card1, events: Events | None) -> None:
    """Card 1: one own-colour die showing the point, from the Field, else from the Field Queue.

    "If there's no that number in his color in the Field or Field Queue,
    this card doesn't do anything."
    """
    if (at := _find(state.field, seat, order.point)) >= 0:
        state.field = state.field[:at] + state.field[at + 1 :]
        where = "the Field"
    elif (at := _find(state.queue, seat, order.point)) >= 0:
        state.queue = state.queue[:at] + state.queue[at + 1 :]
        where = "the Field Queue"
    else:
        if events is not None:
            text = f"{seat}'s card 1 does nothing: no {seat} die showing {order.point} is out"
            events.append(_event("card1", text))
        return
    player = state.players[seat]
    player.hand = tuple(sorted((*player.hand, order.point)))
    if events is not None:
        events.append(_event("card1", f"{seat} takes a {order.point} from {where} into the hand"))


def _find(dice: tuple[Die, ...], seat: str, point: int) -> int:
    """Where the first die of ``seat``'s colour showing ``point`` is, or -1.

    Compared field by field: ``in`` and ``list.remove`` call Die's generated
    ``__eq__``, a Python function, for every other die on the way.
    """
    for at, d in enumerate(dice):
        if d.point == point and d.seat == seat:
            return at
    return -1


def play_card2(state: FixemState, seat: str, order: Card2, events: Events | None) -> None:
    """Card 2: the named hand dice go to the Field unrolled; any taken by card 3 stay lost."""
    player = state.players[seat]
    hand = list(player.hand)
    moved = []
    for point in order.points:
        if point in hand:
            hand.remove(point)
            moved.append(point)
    player.hand = tuple(hand)
    if moved:
        state.field = sort_dice((*state.field, *(die(seat, p) for p in moved)), state.seats)
    if events is None:
        return
    missing = list(order.points)
    for point in moved:
        missing.remove(point)
    text = f"{seat} moves hand dice to the Field: {' '.join(map(str, moved)) or 'none'}"
    if missing:
        text += f" (no longer in hand: {' '.join(map(str, missing))})"
    events.append(_event("card2", text))


def play_card3(state: FixemState, seat: str, order: Card3, events: Events | None) -> None:
    """Card 3: the target's hand die goes to the Field Queue, or nothing if it is not there."""
    target = state.players[order.target]
    if order.point not in target.hand:
        if events is not None:
            text = (
                f"{seat}'s card 3 does nothing: {order.target} has no hand die showing "
                f"{order.point}"
            )
            events.append(_event("card3", text))
        return
    target.hand = remove_points(target.hand, [order.point])
    moved = die(order.target, order.point)
    # The queue is most often empty here: one die needs no sorting.
    state.queue = sort_dice((*state.queue, moved), state.seats) if state.queue else (moved,)
    if events is not None:
        text = f"{seat} moves {order.target}'s hand {order.point} to the Field Queue"
        events.append(_event("card3", text))


PLAYS: dict[type, tuple[int, Callable[[FixemState, str, Any, Events | None], None]]] = {
    Card1: (1, play_card1),
    Card2: (2, play_card2),
    Card3: (3, play_card3),
}
"""Each card's number and its effect (the orders are these exact classes: no subclasses)."""


# -- scoring ------------------------------------------------------------------


def score_stage(state: FixemState, events: Events | None) -> None:
    """Section 10 l: count the Field (not the queue); exact predictions take their point's dice."""
    counts = point_counts(state.field)
    if events is not None:
        summary = " ".join(f"{p}:{counts[p]}" for p in POINTS)
        data = {str(p): n for p, n in counts.items()}
        events.append(_event("count", f"round {state.round} field count {summary}", None, data))
        if state.rules.hidden_predictions:
            shown = {s: str(state.player(s).prediction or "none") for s in state.seats}
            text = ", ".join(f"{s} {shown[s]}" for s in state.seats)
            events.append(
                _event("predictions", f"round {state.round} predictions: {text}", None, shown)
            )
    if state.rules.closest_award:
        closest_award(state, counts, events)
    taken, remainder = take_exact(state, counts)
    if events is not None:
        events += _score_events(state, taken, remainder)
    refill(state, taken, remainder, events)


def closest_award(state: FixemState, counts: Mapping[int, int], events: Events | None) -> None:
    """Iteration 4: the single closest prediction earns one Score Dice; a tie earns nothing.

    "For the player whose prediction is the closest from the correct result,
    he gets one Score Dice as award. If two or more players are both closest
    to the correct results, nobody gets award." The award die is one of the
    seat's own Waiting Dice (see the manual's rulings).
    """
    distance = {
        seat: abs(p.count - counts[p.point])
        for seat in state.seats
        if (p := state.player(seat).prediction) is not None
    }
    if not distance:
        return
    best = min(distance.values())
    closest = [seat for seat, d in distance.items() if d == best]
    if len(closest) > 1:
        if events is not None:
            names = ", ".join(closest)
            events.append(_event("award", f"no award: {names} are equally close ({best} off)"))
        return
    seat = closest[0]
    player = state.players[seat]
    if player.waiting == 0:
        if events is not None:
            text = f"{seat} is closest but has no Waiting Dice to award"
            events.append(_event("award", text))
        return
    player.waiting -= 1
    _add_score(state, player, 1)
    if events is not None:
        text = f"{seat} is closest ({best} off) and takes one Waiting Die as a Score Die"
        events.append(_event("award", text, None, {"seat": seat}))


def take_exact(
    state: FixemState, counts: Mapping[int, int]
) -> tuple[dict[str, list[Die]], list[Die]]:
    """Exact predictions take every field die of their point; equal ones split them.

    "If two or more players made the same prediction and all correct, they
    divide the Score Dices, with the remaining of division removed from the
    game totally." The dice of the point are dealt in canonical order (colour
    in seat order): each scorer, in seat order, takes the next share, and the
    last ``count % scorers`` dice are the remainder, removed from the game.
    Returns the dice each scorer took, and the remainder.
    """
    winners: dict[int, list[str]] = {}
    for seat in state.seats:
        p = state.players[seat].prediction
        if p is not None and counts[p.point] == p.count:
            winners.setdefault(p.point, []).append(seat)
    taken: dict[str, list[Die]] = {}
    remainder: list[Die] = []
    if not winners:
        return taken, remainder
    for point, seats in winners.items():
        dice = [d for d in state.field if d.point == point]
        share = len(dice) // len(seats)
        for i, seat in enumerate(seats):
            taken[seat] = dice[i * share : (i + 1) * share]
            _add_score(state, state.players[seat], share)
        remainder += dice[share * len(seats) :]
    state.field = tuple(d for d in state.field if d.point not in winners)
    state.removed += len(remainder)
    return taken, remainder


def _score_events(
    state: FixemState, taken: Mapping[str, list[Die]], remainder: list[Die]
) -> Events:
    events: Events = []
    weight = " (Additional Round: each weighs 2)" if state.doubled else ""
    for seat in state.seats:
        if seat in taken:
            dice = taken[seat]
            colours = _colours(dice, state.seats)
            text = (
                f"{seat}'s prediction {state.player(seat).prediction} is exact: "
                f"takes {len(dice)} Score Dice ({colours}){weight}"
            )
            events.append(_event("score", text, None, {"seat": seat, "dice": len(dice)}))
    if remainder:
        colours = _colours(remainder, state.seats)
        text = f"the split leaves {len(remainder)} over, removed from the game ({colours})"
        events.append(_event("removed", text, None, {"dice": len(remainder)}))
    return events


def _colours(dice: Sequence[Die], seats: Sequence[str]) -> str:
    parts = [f"{n} {seat}" for seat in seats if (n := sum(1 for d in dice if d.seat == seat))]
    return ", ".join(parts) or "none"


def refill(
    state: FixemState,
    taken: Mapping[str, list[Die]],
    remainder: list[Die],
    events: Events | None,
) -> None:
    """Put Waiting Dice into the Field for the dice that left it.

    ``own_colour`` (section 10 l): "the same amount of each color's Waiting
    Dices ... are put into the Field" -- colour for colour, the split
    remainder included. ``scorer`` (iteration 4): "the same amount of the
    player's color's Waiting Dices" -- each scorer refills what he took with
    his own colour; the remainder is refilled colour for colour. ``none``
    (iteration 2, which had no Waiting Dice). A colour short of Waiting Dice
    puts in what it has.
    """
    if state.rules.refill == "none" or not (remainder or any(taken.values())):
        return  # no die left the Field (an exact prediction of 0 takes none)
    owed = dict.fromkeys(state.seats, 0)
    for d in remainder:
        owed[d.seat] += 1
    for seat, dice in taken.items():
        if state.rules.refill == "scorer":
            owed[seat] += len(dice)
        else:
            for d in dice:
                owed[d.seat] += 1
    field = list(state.field)
    parts = []
    for seat in state.seats:
        if owed[seat] == 0:
            continue
        player = state.players[seat]
        count = min(owed[seat], player.waiting)
        player.waiting -= count
        field += [die(seat, PLACED_POINT)] * count
        if events is not None:
            short = f" (owed {owed[seat]}, no more waiting)" if count < owed[seat] else ""
            parts.append(f"{seat} {count}{short}")
    state.field = sort_dice(field, state.seats)
    if events is not None:
        events.append(_event("refill", "refill from the Waiting Dice: " + ", ".join(parts)))


# -- ending -------------------------------------------------------------------


def end_of_round(state: FixemState, chance: Chance, events: Events | None) -> None:
    """Section 10 k and l: the field-dice end, the round limit with its four-sided die.

    Both endings of section 10 apply together under ``ending: rounds``.
    """
    rules = state.rules
    out = len(state.field) + len(state.queue)
    if out < len(state.seats):
        why = f"only {out} field dice remain, fewer than the players" if events is not None else ""
        _end(state, "field", why, events)
        return
    if rules.ending == "rounds":
        if state.round >= rules.rounds and rules.additional_die and state.additional_rounds is None:
            label = f"roll the {rules.additional_die}-sided die for Additional Rounds"
            extra = chance.dice(label, 1, rules.additional_die)[0]
            state.additional_rounds = extra
            if events is not None:
                text = (
                    f"the {rules.additional_die}-sided die shows {extra}: {extra} Additional "
                    "Round(s) follow, their Score Dice weigh 2"
                )
                events.append(_event("additional", text, None, {"rounds": extra}))
        total = state.total_rounds
        if total is not None and state.round >= total:
            _end(
                state,
                "rounds",
                f"all {total} rounds are played" if events is not None else "",
                events,
            )
            return
    elif state.round >= rules.max_rounds:
        why = f"the round limit ({rules.max_rounds}) is reached" if events is not None else ""
        _end(state, "limit", why, events)
        return
    for player in state.players.values():
        player.prediction = None
    state.round += 1
    state.stage = Stage.PREDICT


def _end(state: FixemState, why: str, text: str, events: Events | None) -> None:
    state.stage = Stage.OVER
    state.ended = why
    if events is not None:
        scores = {seat: state.player(seat).score for seat in state.seats}
        data = {"reason": why, "scores": scores}
        events.append(_event("end", f"the game ends: {text}", None, data))


def end_reason(state: FixemState) -> str:
    """A sentence for the result."""
    if state.ended == "field":
        return "fewer field dice than players"
    if state.ended == "limit":
        return f"round limit {state.rules.max_rounds} reached"
    return f"{state.round} rounds played"


# -- helpers ------------------------------------------------------------------


def _add_score(state: FixemState, player: Player, dice: int) -> None:
    """Score Dice go to the Additional Score Zone in Additional Rounds (section 10 k)."""
    if state.doubled:
        player.additional += dice
    else:
        player.scored += dice


def _event(kind: str, text: str, seats: Sequence[str] | None = None, data: object = None) -> Event:
    audience = EVERYONE if seats is None else Audience.only(*seats)
    payload = dict(data) if isinstance(data, Mapping) else {}
    return Event(kind, text, audience, payload)
