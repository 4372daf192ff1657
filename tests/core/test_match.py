"""Matches: sealing, refusing, reporting, and records that replay or fail loudly."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from sealed.core.errors import (
    NoOrderDueError,
    OrderSyntaxError,
    RecordError,
    ReplayDivergence,
    SetupError,
    UnknownSeatError,
)
from sealed.core.events import Audience, Event, visible
from sealed.core.game import resolve_options
from sealed.core.match import Match, deep_merge, replay
from sealed.core.registry import get_game

GAME = get_game("war-slayer")
SETUP = {
    "players": {
        "ana": {"hq": ["5H", "6H", "7H", "2D", "3D", "4D", "..."]},
        "ben": {"hq": ["9C", "3C", "4C", "8S", "8D", "8H", "..."]},
    }
}


def new_match() -> Match[Any, Any, Any]:
    return Match.new(GAME, ["ana", "ben"], resolve_options(GAME.options, {}), seed=5, setup=SETUP)


def played() -> Match[Any, Any, Any]:
    match = new_match()
    for seat, text in [
        ("ana", "theater 5H 6H 7H"),
        ("ben", "theater 9C 3C 4C"),
        ("ana", "dossier 2D 3D 4D"),
        ("ben", "dossier 8S 8D 8H"),
    ]:
        match.seal(seat, text)
    return match


def test_a_refused_order_changes_nothing() -> None:
    match = new_match()
    match.seal("ana", "theater 5H 6H 7H")
    before = (match.to_json(), dict(match.pending))
    with pytest.raises(OrderSyntaxError):
        match.seal("ana", "theatr 5H 6H 7H")
    with pytest.raises(UnknownSeatError, match="did you mean 'ana'"):
        match.seal("anna", "theater 5H 6H 7H")
    assert (match.to_json(), dict(match.pending)) == before


def test_a_step_opens_when_the_last_prompted_seat_seals() -> None:
    match = new_match()
    assert match.seal("ana", "theater 5H 6H 7H") == []
    assert match.waiting_for() == ["ben"]
    events = match.seal("ben", "theater 9C 3C 4C")
    assert [e.kind for e in events] == ["place", "place"]
    assert match.waiting_for() == ["ana", "ben"] and not match.pending


def test_orders_after_the_end_are_not_due() -> None:
    match = played()
    match.seal("ana", "withdraw")
    over = {**GAME.to_json(match.state), "phase": "over", "end": "vip"}
    match.state = GAME.from_json(over, match.seats, match.options)
    with pytest.raises(NoOrderDueError, match="the game is over"):
        match.seal("ana", "continue")
    with pytest.raises(NoOrderDueError):
        match.close()


def test_reports_carry_only_new_events_the_seat_may_see() -> None:
    match = played()
    first = match.report("ana")
    assert [e.kind for e in first.events][-2:] == ["operation", "capture"]
    assert match.report("ana").events == first.events  # reading moves nothing
    match.deliver(first)
    assert match.report("ana").events == []
    assert len(match.report("ana", full=True).events) == len(first.events)
    assert match.report("ben").events == first.events


def test_gm_only_and_private_events_are_filtered() -> None:
    events = [
        Event("a", "all"),
        Event("b", "gm", Audience.gm()),
        Event("c", "ana", Audience.only("ana")),
    ]
    assert [e.kind for e in visible(events, "ana")] == ["a", "c"]
    assert [e.kind for e in visible(events, "ben")] == ["a"]
    assert [e.kind for e in visible(events, None)] == ["a", "b", "c"]
    assert all(Audience.from_json(e.audience.to_json()) == e.audience for e in events)


def test_record_replays_with_pending_orders_and_cursors() -> None:
    match = played()
    match.deliver(match.report("ben"))
    match.deliver(match.report("ben", channel="email"))
    match.seal("ana", "withdraw")
    again = replay(match.to_json())
    assert again.to_json() == match.to_json()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("steps", 0, "orders", "ana", "canonical"), "theater 7H 6H 5H", "now reads"),
        (("steps", 1, "events", 0, "text"), "tampered", "events differ"),
        (("steps", 0, "chance"), [{"label": "x", "value": 1}], "did not use"),
        (("state_digest",), "0" * 64, "different final state"),
        (("game_version",), 99, "version 99"),
    ],
)
def test_tampered_records_fail_loudly(path: tuple[Any, ...], value: Any, message: str) -> None:
    record = copy.deepcopy(played().to_json())
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises((ReplayDivergence, RecordError), match=message):
        replay(record)


def test_malformed_records_are_record_errors() -> None:
    with pytest.raises(RecordError, match="not a sealed game record"):
        replay({"game": "war-slayer"})
    record = played().to_json()
    del record["seats"]
    with pytest.raises(RecordError, match="malformed"):
        replay(record)


@pytest.mark.parametrize(
    ("seats", "message"),
    [(["ana"], "for 2 players"), (["ana", "ANA"], "different"), (["ana", "b n"], "a word")],
)
def test_bad_seats_are_refused(seats: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Match.new(GAME, seats, resolve_options(GAME.options, {}), seed=1)


def test_setups_are_checked() -> None:
    options = resolve_options(GAME.options, {})
    twice = {"players": {"ana": {"hq": ["AS", "..."]}, "ben": {"hq": ["AS", "..."]}}}
    with pytest.raises(SetupError, match="AS appears twice"):
        Match.new(GAME, ["ana", "ben"], options, seed=1, setup=twice)
    lonely = {"players": {"ana": {"hq": ["AS"]}, "ben": {"hq": []}}}
    with pytest.raises(SetupError, match="missing 2C"):
        Match.new(GAME, ["ana", "ben"], options, seed=1, setup=lonely)
    with pytest.raises(SetupError, match="unknown key 'hqq'"):
        Match.new(GAME, ["ana", "ben"], options, setup={"players": {"ana": {"hqq": []}}})


def test_deep_merge_overlays_mappings_and_replaces_the_rest() -> None:
    assert deep_merge({"a": {"b": 1, "c": 2}, "d": [1]}, {"a": {"b": 3}, "d": [2]}) == {
        "a": {"b": 3, "c": 2},
        "d": [2],
    }


def test_timed_steps_get_a_deadline_from_the_clock() -> None:
    rex = get_game("rex-furum")
    now = [datetime(2026, 1, 1, 12, 0, 52, tzinfo=UTC)]
    seats = ["amy", "bo", "cy"]
    match = Match.new(rex, seats, resolve_options(rex.options, {}), seed=1, clock=lambda: now[0])
    assert match.deadline == "2026-01-01T12:20:52+00:00"  # a full 20 minutes, to the second
    assert match.report("amy").deadline == match.deadline
    now[0] += timedelta(minutes=25)
    match.close()
    assert match.deadline == "2026-01-01T12:45:52+00:00"
    assert replay(match.to_json()).deadline == match.deadline


def test_untimed_games_and_clockless_matches_have_no_deadline() -> None:
    assert new_match().deadline is None
    rex = get_game("rex-furum")
    match = Match.new(rex, ["amy", "bo", "cy"], resolve_options(rex.options, {}), seed=1)
    assert match.deadline is None
