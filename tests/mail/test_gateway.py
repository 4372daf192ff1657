"""The answer to every order email, step tokens, threading, duplicates, press and the GM by mail."""

from __future__ import annotations

from pathlib import Path

from tests.mail.world import GAME_ID, WHERE, World, body_of, email, make_world

from sealed.core.game import GM


def started(tmp_path: Path, close_early: bool = False) -> World:
    world = make_world(tmp_path, close_early=close_early)
    world.gateway.send_reports(GAME_ID)
    return world


def last_to(world: World, seat: str) -> str:
    return body_of(world.mail_to(seat)[-1])


def test_an_answer_gives_orders_step_deadline_and_how_to_change(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], "Hi GM,\n\n- embezzle ben\n* protect self\n\nCheers")
    result = world.receive(raw, "ana")
    assert result.outcome == "sealed"
    answer = last_to(world, "ana")
    assert "Sealed. Your orders for step 1" in answer
    assert "embezzle ben; protect self" in answer
    assert "line 1: Hi GM," in answer and "line 6: Cheers" in answer
    assert "Deadline: 2026-11-23 15:20:00 UTC." in answer
    assert "send a new email to this address" in answer
    assert world.port.match(GAME_ID).pending["ana"].canonical == "embezzle ben; protect self"


def test_an_answer_threads_under_the_email_and_carries_our_message_id(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], "pass", message_id="<m1@players.test>")
    world.receive(raw, "ana")
    answer = world.mail_to("ana")[-1]
    assert answer["In-Reply-To"] == "<m1@players.test>"
    assert "<m1@players.test>" in answer["References"]
    assert answer["Message-ID"].startswith(f"<sealed.{GAME_ID}.s1.")
    assert answer["Auto-Submitted"] == "auto-replied"
    assert answer["Subject"] == "Re: orders"
    assert str(answer["To"]) == "ana@players.test"


def test_an_error_names_its_line_and_suggests_and_changes_nothing(tmp_path: Path) -> None:
    world = started(tmp_path)
    world.receive(email(world.addresses["ana"], "pass", message_id="<1@p>"), "ana")
    result = world.receive(
        email(world.addresses["ana"], "Hello\nembezzle bne\n", message_id="<2@p>"), "ana"
    )
    assert result.outcome == "refused"
    answer = last_to(world, "ana")
    assert "Nothing was sealed" in answer and "line 2" in answer and "did you mean 'ben'" in answer
    assert "orders you sealed earlier for this step still stand" in answer
    assert world.port.match(GAME_ID).pending["ana"].canonical == "pass"


def test_a_chatter_only_email_never_replaces_sealed_orders(tmp_path: Path) -> None:
    world = started(tmp_path)
    world.receive(email(world.addresses["ana"], "out cara", message_id="<1@p>"), "ana")
    for i, body in enumerate(["Thanks!", "", "On Mon, Rex <r@g.test> wrote:\n> pass"]):
        result = world.receive(email(world.addresses["ana"], body, message_id=f"<c{i}@p>"), "ana")
        assert result.outcome == "refused"
    assert world.port.match(GAME_ID).pending["ana"].canonical == "out cara"


def test_a_reply_to_an_old_round_is_refused_as_late_not_sealed_into_the_next(
    tmp_path: Path,
) -> None:
    world = started(tmp_path)
    round_one = world.mail_to("ana")[0]
    world.advance()  # round 1 closes: every seat defaults to no action
    reply = email(
        world.addresses["ana"],
        "embezzle ben",
        subject="Re: " + str(round_one["Subject"]),
        headers={"In-Reply-To": round_one["Message-ID"], "References": round_one["Message-ID"]},
    )
    result = world.receive(reply, "ana")
    assert result.outcome == "refused" and result.seal is not None
    assert result.seal.code == "order/stale_step"
    assert "is late" in last_to(world, "ana")
    assert "ana" not in world.port.match(GAME_ID).pending


def test_the_subject_step_is_used_when_there_is_no_thread(tmp_path: Path) -> None:
    world = started(tmp_path)
    world.advance()
    raw = email(world.addresses["ana"], "pass", subject="Re: Rex Furum g1: round 1 (step 1)")
    assert world.receive(raw, "ana").outcome == "refused"
    fresh = email(world.addresses["ana"], "pass", subject="my orders")
    assert world.receive(fresh, "ana").outcome == "sealed"  # no step named: the open one


def test_the_same_email_delivered_twice_is_answered_once(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], "embezzle ben", message_id="<twice@p>")
    assert world.receive(raw, "ana").outcome == "sealed"
    assert world.receive(raw, "ana").outcome == "duplicate"
    answers = [m for m in world.mail_to("ana") if m["In-Reply-To"] == "<twice@p>"]
    assert len(answers) == 1


def test_resending_the_same_orders_says_nothing_changed(tmp_path: Path) -> None:
    world = started(tmp_path)
    world.receive(email(world.addresses["ana"], "pass", message_id="<a@p>"), "ana")
    world.receive(email(world.addresses["ana"], "pass", message_id="<b@p>"), "ana")
    assert "already sealed for step 1; nothing changed" in last_to(world, "ana")


def test_a_forged_from_gains_nothing_and_the_real_player_is_told(tmp_path: Path) -> None:
    world = started(tmp_path)
    # Mallory writes as ana to ben's address without ben's secret: a bounce, nothing sealed.
    wrong = world.addresses["ben"][:-8] + "aaaaaaaa" + world.addresses["ben"][-8 + 26 :]
    forged = email(wrong, "quit alpha", sender="ana@players.test")
    assert world.receive(forged, wrong, sender="mallory@evil.test").outcome == "unknown"
    assert "ben" not in world.port.match(GAME_ID).pending
    # With the right address the address is what counts; the answer goes to ben, with a note.
    right = email(world.addresses["ben"], "pass", sender="ana@players.test")
    assert world.receive(right, "ben", sender="mallory@evil.test").outcome == "sealed"
    answer = world.mail_to("ben")[-1]
    assert str(answer["To"]) == "ben@players.test"
    assert "not from your registered address" in body_of(answer)
    to_mallory = [body_of(m) for m in world.queued() if "evil.test" in str(m["To"])]
    assert len(to_mallory) == 1  # the bounce, and nothing else
    assert to_mallory[0].startswith("No game has the address")


def test_the_last_orders_open_the_step_and_reports_go_out_once(tmp_path: Path) -> None:
    world = started(tmp_path, close_early=True)
    for seat in ("ana", "ben", "cara", "dan"):
        world.receive(email(world.addresses[seat], "pass", sender=f"{seat}@players.test"), seat)
    result = world.receive(email(world.addresses["eve"], "pass", sender="eve@players.test"), "eve")
    assert result.seal is not None and result.seal.opened
    assert "step 1 is resolved" in body_of(
        [m for m in world.mail_to("eve") if m["In-Reply-To"]][-1]
    )
    for seat in ("ana", "eve", GM):
        subjects = [str(m["Subject"]) for m in world.mail_to(seat)]
        assert subjects.count("Rex Furum g1: round 2 of 10 (step 2)") == 1
    assert world.gateway.send_reports(GAME_ID) == 0  # nothing new: nothing queued again


def test_press_is_relayed_by_game_addresses_without_real_addresses(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], "press to ben, cara: shall we crash beta?\nA.")
    assert world.receive(raw, "ana").outcome == "press"
    relayed = [m for m in world.mail_to("ben") if "message #1" in str(m["Subject"])]
    assert len(relayed) == 1
    text = body_of(relayed[0])
    assert "shall we crash beta?" in text and "ana@players.test" not in relayed[0].as_string()
    assert world.addresses["ben"] in str(relayed[0]["From"])  # ben answers to his own address
    assert "relayed to ben, cara" in last_to(world, "ana")
    assert not [m for m in world.mail_to("dan") if "message #1" in str(m["Subject"])]


def test_press_to_an_unknown_seat_is_refused_with_a_suggestion(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], "press to bne: hello")
    assert world.receive(raw, "ana").outcome == "refused"
    assert "did you mean 'ben'" in last_to(world, "ana")


def test_the_gm_by_mail_status_close_preview(tmp_path: Path) -> None:
    world = started(tmp_path)
    gm = world.addresses[GM]
    world.receive(email(world.addresses["ana"], "pass", message_id="<p@p>"), "ana")
    assert world.receive(email(gm, "status", sender="gm@players.test"), GM).outcome == "gm"
    status = last_to(world, GM)
    assert "Sealed: ana. Waiting for: ben, cara, dan, eve." in status
    assert "pass" not in status.split("Commands")[0].replace("> status", "")
    world.receive(email(gm, "preview ben", sender="gm@players.test", message_id="<v@p>"), GM)
    assert "Name:                 ben" in last_to(world, GM)
    world.receive(email(gm, "close", sender="gm@players.test", message_id="<c@p>"), GM)
    assert world.port.match(GAME_ID).step == 2
    assert any("(step 2)" in str(m["Subject"]) for m in world.mail_to("ben"))
    result = world.receive(email(gm, "extend 10", sender="gm@players.test", message_id="<e@p>"), GM)
    assert result.outcome == "refused" and "waits for the server" in last_to(world, GM)


def test_our_addresses_use_the_configured_domain(tmp_path: Path) -> None:
    world = started(tmp_path)
    assert all(a.endswith(f"@{WHERE.domain}") for a in world.addresses.values())


def test_the_same_orders_resent_after_their_step_opened_are_already_counted(
    tmp_path: Path,
) -> None:
    world = started(tmp_path)
    report = world.mail_to("ana")[0]
    thread = {"In-Reply-To": report["Message-ID"]}
    first = email(world.addresses["ana"], "embezzle ben", headers=thread, message_id="<r1@p>")
    assert world.receive(first, "ana").outcome == "sealed"
    world.advance()
    again = email(world.addresses["ana"], "embezzle ben", headers=thread, message_id="<r2@p>")
    assert world.receive(again, "ana").outcome == "refused"
    assert "This email was already counted; nothing changed." in last_to(world, "ana")
