"""Property tests over random bot games of Fix'em, under every option combination.

- dice are conserved: 36 per colour = field + queue + hands + waiting + scored + removed;
- a game record replays exactly (``replay(match.to_json())``);
- no view shows a sealed prediction or card before it is opened;
- changing another seat's secret (hidden hand, hidden prediction) leaves my view unchanged;
- notation round-trips.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.match import Match, replay
from sealed.games.fixem import GAME
from sealed.games.fixem.orders import Card1, Card2, Card3, Pass, Predict, format_order, parse_order
from sealed.games.fixem.state import FixemState, Prediction, Stage

SEATS = ("ana", "ben", "cy", "dee")
CHOICES = {spec.name: spec.choices for spec in GAME.options if spec.choices}
FLAGS = [spec.name for spec in GAME.options if isinstance(spec.default, bool)]
AXES = {**CHOICES, **{flag: (False, True) for flag in FLAGS}}
COMBINATIONS = [
    dict(zip(AXES, values, strict=True)) for values in itertools.product(*AXES.values())
]


def dice_total(data: dict[str, Any]) -> int:
    """Count the dice in a state's JSON, the way a game master would."""
    players = data["players"].values()
    held = sum(len(p["hand"]) + p["waiting"] + p["scored"] + p["additional"] for p in players)
    return len(data["field"]) + len(data["queue"]) + held + data["removed"]


def check_conserved(match: Match[Any, Any, Any]) -> None:
    expected = 36 * len(match.seats)
    total = dice_total(GAME.to_json(match.state))
    assert total == expected, f"{total} dice instead of {expected} in round {match.state.round}"


def views(match: Match[Any, Any, Any]) -> dict[str, Any]:
    return {seat: GAME.view(match.state, seat) for seat in match.seats}


def check_no_early_reveal(match: Match[Any, Any, Any], state: FixemState) -> None:
    """With hidden predictions no other seat's prediction appears before the game ends."""
    if not state.rules.hidden_predictions or state.stage is Stage.OVER:
        return
    for seat in match.seats:
        view = GAME.view(state, seat)
        for other in view.players:
            if other.seat != seat:
                assert other.prediction is None, f"{seat} sees {other.seat}'s prediction"


def play(
    options: dict[str, Any], players: int, seed: int, bot_names: list[str]
) -> Match[Any, Any, Any]:
    """A bot game checked after every sealed order."""
    seats = SEATS[:players]
    full = {spec.name: spec.default for spec in GAME.options} | options
    match: Match[Any, Any, Any] = Match.new(GAME, seats, full, seed=seed)
    bots = {seat: GAME.bots[bot_names[i % len(bot_names)]]() for i, seat in enumerate(seats)}
    rngs = {seat: random.Random(f"{seed}/{seat}") for seat in seats}
    check_conserved(match)
    for _ in range(10_000):
        due = match.waiting_for()
        if not due:
            break
        for seat in due:
            before = views(match)
            order = bots[seat].choose(
                GAME.view(match.state, seat), match.prompts()[seat], rngs[seat]
            )
            events = match.seal_order(seat, order)
            if not events:
                # sealed but not yet opened: nobody's view may change
                assert views(match) == before, f"sealing {seat}'s order changed a view"
            check_conserved(match)
            check_no_early_reveal(match, match.state)
    assert match.result() is not None, "the game did not end"
    return match


def check_replay(match: Match[Any, Any, Any]) -> None:
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]


def test_every_option_combination_plays_to_the_end_and_replays() -> None:
    """One bot game per combination of the options with choices, 2-4 players in turn."""
    for number, options in enumerate(COMBINATIONS):
        options = options | {"max_rounds": 12}
        match = play(options, 2 + number % 3, number, ["counter", "random"])
        check_replay(match)


@settings(max_examples=40, deadline=None)
@given(
    options=st.sampled_from(COMBINATIONS),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**31),
    bot_names=st.lists(st.sampled_from(["random", "counter"]), min_size=1, max_size=4),
)
def test_random_games_conserve_dice_replay_and_hide_sealed_orders(
    options: dict[str, Any], players: int, seed: int, bot_names: list[str]
) -> None:
    match = play(options | {"max_rounds": 15}, players, seed, bot_names)
    check_replay(match)
    result = match.result()
    assert result is not None
    assert set(result.scores) == set(match.seats)
    best = max(result.scores.values())
    assert set(result.winners) == {s for s, v in result.scores.items() if v == best}


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    hand=st.lists(st.integers(min_value=1, max_value=6), min_size=4, max_size=4),
    prediction=st.tuples(st.integers(min_value=1, max_value=30), st.integers(1, 6)),
)
def test_another_seats_secrets_leave_my_view_unchanged(
    seed: int, hand: list[int], prediction: tuple[int, int]
) -> None:
    options = {spec.name: spec.default for spec in GAME.options}
    options |= {"hidden_hands": True, "hidden_predictions": True}
    match: Match[Any, Any, Any] = Match.new(GAME, SEATS[:3], options, seed=seed)
    for seat in match.seats:
        match.seal(seat, "predict 3 x 4")
    state = match.state
    assert state.stage is Stage.CARDS
    ben = state.player("ben")
    changed = dataclasses.replace(ben, hand=tuple(sorted(hand)), prediction=Prediction(*prediction))
    other = dataclasses.replace(state, players={**state.players, "ben": changed})
    for seat in ("ana", "cy"):
        assert GAME.view(state, seat) == GAME.view(other, seat)
    assert GAME.view(state, "ben") != GAME.view(other, "ben") or (
        ben.hand == changed.hand and ben.prediction == changed.prediction
    )


ORDERS = st.one_of(
    st.builds(Predict, st.integers(1, 108), st.integers(1, 6)),
    st.builds(Card1, st.integers(1, 6)),
    st.builds(
        lambda ps: Card2(tuple(sorted(ps))), st.lists(st.integers(1, 6), min_size=1, max_size=8)
    ),
    st.builds(Card3, st.sampled_from(SEATS[:3]), st.integers(1, 6)),
    st.just(Pass()),
)


@given(ORDERS)
def test_notation_round_trips(order: Any) -> None:
    assert parse_order(format_order(order), SEATS[:3]) == order
    assert parse_order(format_order(order).upper(), SEATS[:3]) == order
