"""What a seat may know in Fix'em, built by allow-list, and its plain-text rendering.

Public: the round and stage, the rule variant, the Field and the Field
Queue (colour and point of every die), every seat's waiting count and
Score Dice, the cards opened at the last Card Stage, and hand dice ("Hand
Dices points are actually public"). Predictions are part of the state only
once opened; with ``hidden_predictions`` another seat's stays out of the
view until the game is over (its reveal at the Score Stage is an event).
With ``hidden_hands`` another seat's hand shows only its size.

In the Prediction Stage the Field's dice are about to be rolled: from version
2 the view shows each as point 0 ("not rolled yet") and ``field_counts`` is
``None``, instead of the engine's placeholder faces counted as if rolled.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from sealed.games.fixem.state import (
    POINTS,
    Die,
    FixemState,
    Prediction,
    Settings,
    Stage,
    die,
    point_counts,
)

UNROLLED = 0
"""The point a view gives a field die that is still to be rolled (version 2)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it; ``hand`` is ``None`` when hidden from the viewer."""

    seat: str
    hand: tuple[int, ...] | None
    hand_size: int
    waiting: int
    score: int
    scored: int
    additional: int
    prediction: Prediction | None


@dataclass(slots=True)
class FixemView:
    """What ``seat`` may know now.

    Not frozen, for speed: a view is built for every seat at every step, and
    a frozen dataclass pays for each of these fields on every build. Each
    view is a fresh object and everything it holds is immutable (tuples,
    frozen seat views, read-only mappings), so changing one view's
    attribute changes nothing else.
    """

    seat: str
    seats: tuple[str, ...]
    round: int
    stage: str
    rounds: int
    additional_die: int
    total_rounds: int | None
    additional_rounds: int | None
    doubled: bool
    ending: str
    card_order: str
    queue_joins: str
    hidden_hands: bool
    hidden_predictions: bool
    players: tuple[SeatView, ...]
    field: tuple[Die, ...]
    queue: tuple[Die, ...]
    field_counts: Mapping[int, int] | None
    """Field dice per point; ``None`` while they are still to be rolled (version 2)."""
    removed: int
    cards: Mapping[str, str] | None
    ended: str

    def me(self) -> SeatView:
        return self.players[self.seats.index(self.seat)]

    def of(self, seat: str) -> SeatView:
        return self.players[self.seats.index(seat)]


def build_view(state: FixemState, seat: str) -> FixemView:
    """``seat``'s view, copying only the fields it may see.

    What every seat sees alike is built once per state and shared by the
    views (it is immutable): the hot path views every seat of every state.
    The view is built with positional arguments, in :class:`FixemView`'s
    field order (``tests/games/fixem/test_views.py`` pins the order): with
    21 keywords its construction cost three times as much.
    """
    shared = state.cache.get("view")
    if shared is None:
        shared = state.cache["view"] = _shared(state)
    before, players, after = shared
    if players is None:  # something is hidden from some seats: this viewer's own copy
        players = tuple([_seat_view(state, seat, other) for other in state.seats])
    fields: tuple[Any, ...] = (seat, *before, players, *after)  # what the call builds anyway
    return FixemView(*fields)


Shared = tuple[tuple[Any, ...], tuple[SeatView, ...] | None, tuple[Any, ...]]
"""A view's fields before ``players`` (less ``seat``), the players (None: built per viewer),
and the fields after them."""


def _shared(state: FixemState) -> Shared:
    """The parts of a view that are the same for every seat, as immutable values."""
    rules = state.rules
    hidden = rules.hidden_hands or (rules.hidden_predictions and state.stage is not Stage.OVER)
    field = state.field
    counts: Mapping[int, int] | None
    if state.stage is Stage.PREDICT and rules.version >= 2:
        # Every field die is rolled before anyone counts it: no face to show yet.
        unrolled = {seat: die(seat, UNROLLED) for seat in {d.seat for d in field}}
        field = tuple([unrolled[d.seat] for d in field])  # one look-up per die, no calls
        counts = None
    else:
        counts = MappingProxyType(point_counts(field))
    settings = _settings_part(rules)
    before = (
        state.seats,
        state.round,
        state.stage.value,
        settings[0],  # rounds
        settings[1],  # additional_die
        state.total_rounds,
        state.additional_rounds,
        state.doubled,
        *settings[2:],  # ending, card_order, queue_joins, hidden_hands, hidden_predictions
    )
    players = None if hidden else tuple([_seat_view(state, "", s) for s in state.seats])
    cards = None if state.cards is None else MappingProxyType(dict(state.cards))
    after = (field, state.queue, counts, state.removed, cards, state.ended)
    return before, players, after


@functools.lru_cache(maxsize=64)
def _settings_part(rules: Settings) -> tuple[Any, ...]:
    """The view's fields that only the options decide (immutable: shared by every state):
    rounds, additional_die, ending, card_order, queue_joins, hidden_hands,
    hidden_predictions."""
    return (
        rules.rounds,
        rules.additional_die,
        rules.ending,
        "-".join(map(str, rules.card_order)),
        rules.queue_joins,
        rules.hidden_hands,
        rules.hidden_predictions,
    )


def _seat_view(state: FixemState, viewer: str, seat: str) -> SeatView:
    player = state.players[seat]
    own = viewer == seat
    rules = state.rules
    show_hand = own or not rules.hidden_hands
    show_prediction = own or not rules.hidden_predictions or state.stage is Stage.OVER
    # Positional, in SeatView's field order: seat, hand, hand_size, waiting, score,
    # scored, additional, prediction (keywords cost a third more per build).
    return SeatView(
        seat,
        player.hand if show_hand else None,
        len(player.hand),
        player.waiting,
        player.scored + 2 * player.additional,  # Player.score
        player.scored,
        player.additional,
        player.prediction if show_prediction else None,
    )


def render(view: FixemView) -> str:
    """The view as plain text."""
    lines = [_heading(view), ""]
    if view.stage == "predict":
        per_colour = ", ".join(
            f"{seat} {n}" for seat in view.seats if (n := sum(d.seat == seat for d in view.field))
        )
        lines.append(f"Field ({len(view.field)} dice, to be rolled): {per_colour or 'empty'}")
    else:
        lines.append(f"Field ({len(view.field)} dice): {_dice(view.field, view.seats)}")
        if view.field_counts is not None:
            counts = "  ".join(f"{p}:{view.field_counts[p]}" for p in POINTS)
            lines.append(f"  counts {counts}")
    lines.append(f"Field Queue ({len(view.queue)}): {_dice(view.queue, view.seats)}")
    if view.removed:
        lines.append(f"Removed from the game: {view.removed}")
    lines.append("")
    for player in view.players:
        lines.append(_player_line(view, player))
    if view.cards:
        played = ", ".join(f"{s} {view.cards[s]}" for s in view.seats if s in view.cards)
        lines.append(f"Last cards: {played}")
    return "\n".join(lines)


def _heading(view: FixemView) -> str:
    if view.stage == "over":
        return f"Fix'em, game over after round {view.round} ({view.seat})"
    total = (
        view.total_rounds
        if view.total_rounds is not None
        else f"{view.rounds}+d{view.additional_die}"
    )
    if view.ending != "rounds":
        total = "until the field runs out"
    stage = "Prediction Stage" if view.stage == "predict" else "Card Stage"
    extra = ", an Additional Round: Score Dice weigh 2" if view.doubled else ""
    return f"Fix'em round {view.round} of {total}, {stage}{extra} ({view.seat})"


def _player_line(view: FixemView, player: SeatView) -> str:
    me = " (you)" if player.seat == view.seat else ""
    hand = (
        " ".join(map(str, player.hand)) or "empty"
        if player.hand is not None
        else f"{player.hand_size} hidden"
    )
    if player.prediction is not None:
        prediction = str(player.prediction)
    elif view.stage == "cards" and view.hidden_predictions:
        prediction = "hidden"
    else:
        prediction = "-"
    return (
        f"{player.seat}{me}: score {player.score}, hand [{hand}], "
        f"waiting {player.waiting}, prediction {prediction}"
    )


def _dice(dice: tuple[Die, ...], seats: tuple[str, ...]) -> str:
    parts = []
    for seat in seats:
        points = [str(d.point) for d in dice if d.seat == seat]
        if points:
            parts.append(f"{seat} {' '.join(points)}")
    return "; ".join(parts) or "empty"
