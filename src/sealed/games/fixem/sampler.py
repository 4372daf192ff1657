"""Whole states a seat could be in, drawn from its view alone (for search bots).

Under the final rules almost everything in Fix'em is public, and the view
is copied: the round and stage, the Field and the Field Queue, every seat's
hand, waiting dice, Score Dice and opened prediction, the cards opened last,
the dice removed, the Additional Rounds once rolled. What a view hides is
drawn from the given random source:

- the faces of the Field's dice in the Prediction Stage (version 2 shows them
  as 0, "not rolled yet"): each die gets a fair face; the Rolling Stage
  rolls them all again before anyone counts them, so the draw changes nothing;
- another seat's hand under ``hidden_hands``: its size is shown, each point
  is drawn as a fair die;
- another seat's prediction under ``hidden_predictions`` in the Card Stage: a
  point drawn fairly and a count up to the dice now in the Field.

The options the view shows (rounds, the additional die, the ending, the
card order, when the queue joins, what is hidden) are read from it; those it
does not show (start hand and field, refill, the closest award, the round
limit) come from ``options``, which a search bot does not know unless it is
configured with them (it assumes the defaults).
"""

from __future__ import annotations

import random

from sealed.core.game import Options, OptionValue
from sealed.games.fixem.state import (
    POINTS,
    VERSION,
    Die,
    FixemState,
    Player,
    Prediction,
    Settings,
    Stage,
    die,
    sort_dice,
)
from sealed.games.fixem.views import UNROLLED, FixemView, SeatView


def sample_state(
    view: FixemView, options: Options, rng: random.Random, version: int = VERSION
) -> FixemState:
    """A state whose view for ``view.seat`` is ``view``; hidden parts drawn from ``rng``."""
    rules = Settings.from_options({**options, **_shown_options(view)}, version)
    stage = Stage(view.stage)
    field = _field(view, rng)
    players = {p.seat: _player(view, p, len(field), rng) for p in view.players}
    return FixemState(
        seats=view.seats,
        rules=rules,
        round=view.round,
        stage=stage,
        players=players,
        field=field,
        queue=view.queue,
        removed=view.removed,
        additional_rounds=view.additional_rounds,
        cards=None if view.cards is None else dict(view.cards),
        ended=view.ended,
    )


def _shown_options(view: FixemView) -> dict[str, OptionValue]:
    """The options the view shows: they win over ``options`` (a bot may not be told them)."""
    return {
        "rounds": view.rounds,
        "additional_die": view.additional_die,
        "ending": view.ending,
        "card_order": view.card_order,
        "queue_joins": view.queue_joins,
        "hidden_hands": view.hidden_hands,
        "hidden_predictions": view.hidden_predictions,
    }


def _field(view: FixemView, rng: random.Random) -> tuple[Die, ...]:
    if not any(d.point == UNROLLED for d in view.field):
        return view.field
    # Not rolled yet: any faces do, the Rolling Stage rolls every one of them.
    rolled = [die(d.seat, rng.choice(POINTS)) if d.point == UNROLLED else d for d in view.field]
    return sort_dice(rolled, view.seats)


def _player(view: FixemView, seen: SeatView, field_size: int, rng: random.Random) -> Player:
    hand = seen.hand
    if hand is None:  # hidden_hands: only the size is known
        hand = tuple(sorted(rng.choice(POINTS) for _ in range(seen.hand_size)))
    prediction = seen.prediction
    if prediction is None and view.stage == "cards" and view.hidden_predictions:
        # Predictions are made every round; this one is sealed from the viewer until scoring.
        prediction = Prediction(rng.randint(0, field_size), rng.choice(POINTS))
    return Player(hand, seen.waiting, seen.scored, seen.additional, prediction)
