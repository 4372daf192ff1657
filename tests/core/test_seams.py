"""Core 2's seams, on the Oracle test game: step tokens, readers and cursors, per-audience
wordings, the game master's seat, messages, versions, setups tried before they are accepted."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.core.oracle import ORACLE

from sealed.core.errors import (
    NoOrderDueError,
    OrderSyntaxError,
    PressError,
    RecordError,
    SealedError,
    SetupError,
    StaleStepError,
    UnknownSeatError,
)
from sealed.core.events import Audience, Event, Wording, told, visible
from sealed.core.game import GM, resolve_options
from sealed.core.match import Match, replay
from sealed.core.registry import get_game

SEATS = ["ana", "ben", "cy"]


def new(**kwargs: Any) -> Match[Any, Any, Any]:
    return Match.new(ORACLE, SEATS, {}, seed=1, **kwargs)


def guessed() -> Match[Any, Any, Any]:
    """Step 1 (the guesses) is opened; step 2 waits for the game master."""
    match = new()
    for seat, n in zip(SEATS, (1, 2, 3), strict=True):
        match.seal(seat, f"guess {n}")
    return match


def snapshot(match: Match[Any, Any, Any]) -> str:
    return json.dumps(match.to_json(), sort_keys=True)


# -- step tokens ----------------------------------------------------------------


def test_an_order_for_a_step_that_is_over_is_refused_and_changes_nothing() -> None:
    match = guessed()
    match.seal(GM, "award ana", step=2)
    assert match.step == 3
    before = snapshot(match)
    with pytest.raises(StaleStepError, match="step 1 is over") as refused:
        match.seal("ben", "guess 3", step=1)
    assert refused.value.code == "order/stale_step"
    assert snapshot(match) == before


def test_a_resent_order_that_was_already_counted_says_so() -> None:
    match = guessed()
    with pytest.raises(StaleStepError, match="already sealed and counted in step 1"):
        match.seal("ben", "guess 2", step=1)


def test_an_order_for_a_step_not_yet_open_is_refused() -> None:
    match = new()
    with pytest.raises(StaleStepError, match="step 2, which has not opened"):
        match.seal("ana", "guess 2", step=2)
    assert match.pending == {}


def test_the_open_step_token_is_accepted_and_reported() -> None:
    match = new()
    assert match.report("ana").step == 1
    match.seal("ana", "guess 2", step=1)
    assert match.pending["ana"].canonical == "guess 2"


def test_sealing_the_same_text_twice_is_a_no_op() -> None:
    now = [datetime(2026, 3, 1, 9, 0, tzinfo=UTC)]
    match = new(clock=lambda: now[0])
    match.seal("ana", "guess 2")
    first = match.pending["ana"]
    now[0] += timedelta(minutes=3)
    assert match.seal("ana", "guess 2") == []
    assert match.pending["ana"] is first  # not even the sealing time moves
    match.seal("ana", "guess 3")
    assert match.pending["ana"].at == "2026-03-01T09:03:00+00:00"


# -- readers and cursors ----------------------------------------------------------


def test_reading_a_report_changes_nothing() -> None:
    match = guessed()
    before = snapshot(match)
    for seat in [*SEATS, GM]:
        for channel in ("terminal", "web", "email"):
            match.report(seat, channel=channel)
    assert snapshot(match) == before


def test_each_channel_has_its_own_cursor() -> None:
    match = guessed()
    web = match.report("ana", channel="web")
    assert [e.text for e in web.events] == ["you guessed 1"]
    match.deliver(web)
    assert match.report("ana", channel="web").events == []
    assert [e.text for e in match.report("ana", channel="email").events] == ["you guessed 1"]
    again = replay(match.to_json(), game=ORACLE)
    assert again.report("ana", channel="web").events == []
    assert again.cursors == match.cursors


def test_a_format_1_record_keeps_its_terminal_cursors() -> None:
    match = guessed()
    record = match.to_json()
    record["format_version"] = 1
    del record["cursors"], record["messages"]
    record["reported"] = {"ana": 1}
    old = replay(record, game=ORACLE)
    assert old.report("ana").events == []
    assert len(old.report("ben").events) == 1


# -- wordings --------------------------------------------------------------------


def test_one_event_tells_each_audience_its_own_wording() -> None:
    match = guessed()
    event = match.steps[0].events[0]
    assert event.told(None) is not None and event.told(None).text == (
        "ana guessed 1, ben guessed 2, cy guessed 3"
    )
    assert [t.text for t in told([event], "ben")] == ["you guessed 2"]
    assert told([event], "ben")[0].data == {"guess": 2}  # the data is the wording's, not the truth
    assert Event.from_json(event.to_json()) == event


@given(
    st.frozensets(st.sampled_from(SEATS)),
    st.frozensets(st.sampled_from(SEATS)),
    st.sampled_from([*SEATS, None]),
)
def test_a_seat_reads_its_wording_or_the_truth_or_nothing(
    audience: frozenset[str], worded: frozenset[str], reader: str | None
) -> None:
    event = Event("k", "truth", Audience(audience), {"secret": 1}, (Wording(worded, "cover"),))
    got = event.told(reader)
    if reader is None:
        assert got is not None and got.text == "truth"
    elif reader in worded:
        assert got is not None and got.text == "cover" and got.data == {}
    elif reader in audience:
        assert got is not None and got.text == "truth"
    else:
        assert got is None
    assert (event in visible([event], reader)) == (got is not None)


# -- the game master's seat ----------------------------------------------------------


def test_the_game_master_is_prompted_and_its_orders_are_recorded_and_replayed() -> None:
    match = guessed()
    assert match.waiting_for() == [GM]
    with pytest.raises(NoOrderDueError):
        match.seal("ana", "award ana")
    match.seal(GM, "award cy")
    assert match.steps[1].orders[GM].canonical == "award cy"
    assert match.state.points["cy"] == 6
    assert replay(match.to_json(), game=ORACLE).to_json() == match.to_json()


def test_the_game_master_reads_the_truth_and_the_whole_state() -> None:
    report = guessed().report(GM)
    assert report.view == ORACLE.to_json(guessed().state)
    assert [e.text for e in report.events] == ["ana guessed 1, ben guessed 2, cy guessed 3"]
    assert report.prompt is not None


def test_a_deadline_without_the_game_master_gives_its_default() -> None:
    match = guessed()
    match.close()
    assert match.steps[1].orders[GM].default and match.steps[1].orders[GM].canonical == "award none"


def test_nobody_may_take_the_game_masters_name() -> None:
    with pytest.raises(SetupError, match="game master"):
        Match.new(ORACLE, ["ana", "GM"], {}, seed=1)


# -- messages ----------------------------------------------------------------------


def test_messages_reach_their_recipients_and_the_game_master_only() -> None:
    match = new()
    match.send("ana", ["ben"], "  let us both guess 3  ")
    match.send(GM, None, "welcome")
    assert [m.text for m in match.report("ben").messages] == ["let us both guess 3", "welcome"]
    assert [m.text for m in match.report("cy").messages] == ["welcome"]
    assert len(match.report(GM).messages) == 2
    assert match.report("ana").messages[0].to == frozenset({"ben"})
    again = replay(match.to_json(), game=ORACLE)
    assert again.messages == match.messages
    assert match.state.guesses == {}  # never reaches the rules


@pytest.mark.parametrize(
    ("sender", "to", "text", "message"),
    [
        ("anna", ["ben"], "hi", "did you mean 'ana'"),
        ("ana", ["bem"], "hi", "did you mean 'ben'"),
        ("ana", ["ana"], "hi", "at least one recipient"),
        ("ana", None, "   ", "empty"),
        ("ana", None, "x" * 20_001, "at most"),
    ],
)
def test_a_refused_message_says_why_and_records_nothing(
    sender: str, to: list[str] | None, text: str, message: str
) -> None:
    match = new()
    with pytest.raises(PressError, match=message):
        match.send(sender, to, text)
    assert match.messages == []


def test_delivered_messages_are_not_repeated_on_that_channel() -> None:
    match = new()
    match.send("ana", None, "one")
    match.deliver(match.report("ben", channel="email"))
    match.send("ana", None, "two")
    assert [m.text for m in match.report("ben", channel="email").messages] == ["two"]
    assert [m.text for m in match.report("ben", channel="web").messages] == ["one", "two"]


# -- versions ----------------------------------------------------------------------


def test_a_listed_older_version_replays() -> None:
    record = guessed().to_json()
    record["game_version"] = 1
    assert len(replay(record, game=ORACLE).steps) == 1


def test_an_unknown_version_is_refused_with_the_version_it_needs() -> None:
    record = guessed().to_json()
    record["game_version"] = 7
    with pytest.raises(RecordError, match=r"for Oracle version 7.*replays versions 1, 2"):
        replay(record, game=ORACLE)


def test_a_newer_record_format_is_refused() -> None:
    record = guessed().to_json()
    record["format_version"] = 9
    with pytest.raises(RecordError, match="record format 9"):
        replay(record, game=ORACLE)


def test_a_hand_edited_pending_order_is_caught_on_load() -> None:
    match = new()
    match.seal("ana", "guess 2")
    record = copy.deepcopy(match.to_json())
    record["pending"]["ana"]["canonical"] = "guess 3"
    with pytest.raises(RecordError, match="the record says 'guess 3'"):
        replay(record, game=ORACLE)


# -- setups --------------------------------------------------------------------------


def test_a_setup_the_rules_cannot_play_from_is_refused_at_creation() -> None:
    with pytest.raises(SetupError, match="cannot play from this setup"):
        new(setup={"phase": "rule"})  # the ruling step needs the guesses


def test_a_misspelt_setup_key_is_refused_with_its_path_and_a_suggestion() -> None:
    with pytest.raises(
        SetupError, match="rund: unknown key 'rund' — did you mean 'round'"
    ) as error:
        new(setup={"rund": 2})
    assert error.value.path == ("rund",)


def test_an_unknown_seat_in_a_report_is_refused() -> None:
    with pytest.raises(UnknownSeatError, match="did you mean 'ana'"):
        new().report("anna")


def test_a_setup_file_error_names_its_line(tmp_path: Any) -> None:
    from sealed.cli import load_setup, setup_error_at

    path = tmp_path / "setup.yaml"
    path.write_text("round: 1\npoints:\n  ana: 0\n  ben: -4\n  cy: 0\n", encoding="utf-8")
    data = load_setup(str(path))
    with pytest.raises(SetupError) as error:
        new(setup=data)
    located = setup_error_at(str(path), data, error.value)
    assert f"{path}:4: points.ben: -4 is below 0" in str(located)


# -- input at the edges ----------------------------------------------------------------


def test_a_decomposed_name_is_the_same_seat() -> None:
    match = Match.new(ORACLE, ["Zo\u00eb", "ben"], {}, seed=1)
    match.seal("Zoe\u0308", "guess 2")  # "Zoë" as some mail programs send it
    assert "Zo\u00eb" in match.pending


def test_a_huge_refused_order_gets_a_short_refusal() -> None:
    match = new()
    with pytest.raises(OrderSyntaxError) as refused:
        match.seal("ana", "gues " + "9" * 2_000_000)
    assert len(str(refused.value)) <= 400 and refused.value.code == "order/syntax"
    assert match.pending == {}


@pytest.mark.parametrize("deadline", ["tomorrow", 5, "2026-11-21T20:20"])
def test_a_hand_edited_deadline_is_a_record_error(deadline: object) -> None:
    record = guessed().to_json()
    record["deadline"] = deadline
    with pytest.raises(RecordError, match="deadline"):
        replay(record, game=ORACLE)


# -- lenient reading of an email body ----------------------------------------------------


def lenient(text: str) -> tuple[str, list[str]]:
    from sealed.core.match import salvage_orders

    match = new()
    kept, skipped = salvage_orders(ORACLE, match.state, "ana", text)
    return kept, [s.text for s in skipped]


def test_an_order_inside_a_sentence_is_found_and_the_chatter_listed() -> None:
    assert lenient("Hi GM, guess 2. Thanks!") == ("guess 2", ["Hi GM / Thanks"])


def test_bullets_curly_quotes_quoted_mail_and_signatures_are_cleaned_away() -> None:
    text = "Hello,\n\n- guess 3\n\n--\nAna\nOn Mon, 3 Mar 2026, GM wrote:\n> guess 1\n"
    assert lenient(text) == ("guess 3", ["Hello,"])
    assert lenient("1. guess 2") == ("guess 2", [])
    assert lenient("> guess 1\n* guess 2") == ("guess 2", [])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no orders found"),
        (".", "no orders found"),
        ("Hi GM, see you soon!", "no orders found"),
        ("Hi\ngueses 2\nbye", "line 2 'gueses 2'"),  # a misspelt order is never set aside
        ("guess 7", "line 1 'guess 7': a seat guesses 1, 2 or 3"),  # nor an illegal one
    ],
)
def test_chatter_only_misspelt_or_illegal_orders_seal_nothing(text: str, message: str) -> None:
    match = new()
    match.seal("ana", "guess 3")
    with pytest.raises(OrderSyntaxError, match=message):
        lenient(text)
    assert match.pending["ana"].canonical == "guess 3"


# -- who plays a seat --------------------------------------------------------------------


def test_handing_a_seat_to_a_bot_is_recorded_from_its_step() -> None:
    match = guessed()
    with pytest.raises(SealedError, match="has no bot 'genius'"):
        match.hand_over("ben", "genius")
    with pytest.raises(UnknownSeatError):
        match.hand_over("bem", None)
    assert match.bots() == {}
    game = get_game("war-slayer")
    war = Match.new(game, ["ana", "ben"], resolve_options(game.options, {}), seed=1)
    war.hand_over("ben", "spymaster")
    for seat in ("ana", "ben"):
        war.seal_order(seat, game.legal_orders(war.state, seat)[0])
    assert war.bots() == {"ben": "spymaster"}
    war.hand_over("ben", None)  # the player is back from step 2 on
    assert war.bots() == {}
    assert [(h.bot, h.step) for h in war.handovers] == [("spymaster", 1), (None, 2)]
    assert replay(war.to_json()).handovers == war.handovers
    record = replay(match.to_json(), game=ORACLE).to_json()
    assert record["handovers"] == [h.to_json() for h in match.handovers]


def test_an_order_after_the_deadline_is_recorded_as_late() -> None:
    from datetime import UTC, datetime, timedelta

    rex = get_game("rex-furum")
    now = [datetime(2026, 5, 1, 10, 0, tzinfo=UTC)]
    match = Match.new(rex, SEATS, resolve_options(rex.options, {}), seed=1, clock=lambda: now[0])
    match.seal("ana", "pass")
    now[0] += timedelta(minutes=21)
    match.seal("ben", "pass")
    assert not match.pending["ana"].late and match.pending["ben"].late
    assert match.pending["ben"].at == "2026-05-01T10:21:00+00:00"
    assert replay(match.to_json()).pending["ben"].late
