"""Rendering, setup checks and the view's allow-list, beyond what scenarios show."""

from __future__ import annotations

from typing import Any

import pytest

from sealed.core.chance import ScriptedChance
from sealed.core.errors import SetupError
from sealed.core.game import OptionValue
from sealed.core.match import Match
from sealed.games.fixem import GAME

SEATS = ("ana", "ben", "cy")
HANDS = [[1, 2, 3, 4], [2, 2, 5, 6], [3, 3, 3, 6]]
DEFAULTS = {spec.name: spec.default for spec in GAME.options}


def new_match(**options: object) -> Match[Any, Any, Any]:
    chance = ScriptedChance([*HANDS, [1] * 6, [2] * 6, [3] * 6])
    return Match.new(GAME, SEATS, DEFAULTS | options, chance=chance)


def test_render_names_the_stage_hands_and_counts() -> None:
    match = new_match()
    text = GAME.render(GAME.view(match.state, "ana"))
    assert "round 1 of 6+d4, Prediction Stage (ana)" in text
    assert "Field (18 dice, to be rolled): ana 6, ben 6, cy 6" in text
    assert "ben: score 0, hand [2 2 5 6], waiting 26" in text
    for seat in SEATS:
        match.seal(seat, "predict 6 x 1")
    text = GAME.render(GAME.view(match.state, "ben"))
    assert "counts 1:6  2:6  3:6  4:0  5:0  6:0" in text
    assert "ana: score 0, hand [1 2 3 4], waiting 26, prediction 6 x 1" in text


def test_render_hides_what_the_options_hide() -> None:
    match = new_match(hidden_hands=True, hidden_predictions=True)
    for seat in SEATS:
        match.seal(seat, "predict 6 x 1")
    text = GAME.render(GAME.view(match.state, "ana"))
    assert "ben: score 0, hand [4 hidden], waiting 26, prediction hidden" in text
    assert "ana (you): score 0, hand [1 2 3 4], waiting 26, prediction 6 x 1" in text


def test_state_round_trips_through_json() -> None:
    match = new_match()
    data = GAME.to_json(match.state)
    assert GAME.from_json(data, SEATS, DEFAULTS) == match.state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"removed": 1}, "must add up to 108"),
        ({"field": [{"seat": "dan", "point": 1}]}, "not at the table"),
        ({"queue": [{"seat": "ana", "point": 7}]}, "not a point 1-6"),
        ({"stage": "lunch"}, "fixem state"),
        ({"round": 0}, "round: 0 is below 1"),
    ],
)
def test_setup_errors_explain_themselves(change: dict[str, object], message: str) -> None:
    data = GAME.to_json(new_match().state) | change
    with pytest.raises(SetupError, match=message):
        GAME.from_json(data, SEATS, DEFAULTS)


@pytest.mark.parametrize(("sides", "heading"), [(4, "round 1 of 6+d4"), (6, "round 1 of 6+d6")])
def test_heading_names_the_additional_die_in_force(sides: int, heading: str) -> None:
    text = GAME.render(GAME.view(new_match(additional_die=sides).state, "ana"))
    assert heading in text


# -- the positional build (views.build_view) ------------------------------------


def _reference_view(state: Any, seat: str) -> Any:
    """The view built field by field by name, as build_view did before it went positional."""
    from sealed.games.fixem.state import Stage, die, point_counts
    from sealed.games.fixem.views import UNROLLED, FixemView, SeatView

    rules = state.rules
    field = state.field
    counts: dict[int, int] | None = dict(point_counts(state.field))
    if state.stage is Stage.PREDICT and rules.version >= 2:
        field, counts = tuple(die(d.seat, UNROLLED) for d in field), None
    players = []
    for other in state.seats:
        player, own = state.players[other], other == seat
        shown = own or not rules.hidden_predictions or state.stage is Stage.OVER
        players.append(
            SeatView(
                seat=other,
                hand=player.hand if own or not rules.hidden_hands else None,
                hand_size=len(player.hand),
                waiting=player.waiting,
                score=player.score,
                scored=player.scored,
                additional=player.additional,
                prediction=player.prediction if shown else None,
            )
        )
    return FixemView(
        seat=seat,
        seats=state.seats,
        round=state.round,
        stage=state.stage.value,
        rounds=rules.rounds,
        additional_die=rules.additional_die,
        total_rounds=state.total_rounds,
        additional_rounds=state.additional_rounds,
        doubled=state.doubled,
        ending=rules.ending,
        card_order="-".join(map(str, rules.card_order)),
        queue_joins=rules.queue_joins,
        hidden_hands=rules.hidden_hands,
        hidden_predictions=rules.hidden_predictions,
        players=tuple(players),
        field=field,
        queue=state.queue,
        field_counts=counts,
        removed=state.removed,
        cards=None if state.cards is None else dict(state.cards),
        ended=state.ended,
    )


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hidden_hands": True},
        {"hidden_predictions": True, "card_order": "2-3-1", "queue_joins": "before_roll"},
        {"ending": "field", "additional_die": 0, "closest_award": True},
    ],
)
def test_positional_view_equals_the_view_built_by_name(options: dict[str, OptionValue]) -> None:
    """build_view passes FixemView's and SeatView's fields by position: every field of
    every seat's view, at every step of seeded random games, is the one named for it."""
    import random

    from sealed.core.chance import SeededChance
    from sealed.games.fixem.bots import RandomBot
    from sealed.games.fixem.game import FixemGameV1

    for game in (GAME, FixemGameV1()):
        for n in range(3):
            chance = SeededChance(f"positional/{n}")
            state = game.initial_state(SEATS, DEFAULTS | options, chance)
            rng = random.Random(n)
            while game.result(state) is None:
                orders = {}
                for seat in SEATS:
                    view = game.view(state, seat)
                    assert view == _reference_view(state, seat)
                    orders[seat] = RandomBot().choose(view, game.prompts(state)[seat], rng)
                state = game.advance(state, orders, chance)
            for seat in SEATS:
                assert game.view(state, seat) == _reference_view(state, seat)
