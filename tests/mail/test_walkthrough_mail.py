"""What a new user's walkthrough found in the email gateway (issue 12, findings 13-34)."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner
from tests.mail.world import GAME_ID, World, body_of, email, make_world

from sealed.core.game import GM
from sealed.mail.__main__ import main
from sealed.mail.answers import refusal_head
from sealed.mail.htmlpart import report_html


def started(tmp_path: Path) -> World:
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)
    return world


def last_to(world: World, seat: str) -> str:
    return body_of(world.mail_to(seat)[-1])


# -- finding 13: "Nothing was sealed: nothing was sealed: ..." ------------------------------
def test_a_refused_order_email_says_nothing_was_sealed_once(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], "embezzle ben\nprotct self\n", message_id="<w13@p>")
    assert world.receive(raw, "ana").outcome == "refused"
    answer = last_to(world, "ana")
    assert answer.lower().count("nothing was sealed") == 1, answer
    assert "Nothing was sealed: line 2 'protct self'" in answer


def test_a_late_email_says_nothing_was_sealed_once(tmp_path: Path) -> None:
    world = started(tmp_path)
    world.advance()
    raw = email(
        world.addresses["ana"], "protect self", subject="Re: orders (step 1)", message_id="<l@p>"
    )
    assert world.receive(raw, "ana").outcome == "refused"
    answer = last_to(world, "ana")
    assert answer.lower().count("nothing was sealed") == 1, answer
    assert "Step 1 is over" in answer


def test_the_refusal_head_keeps_a_reason_without_the_phrase_and_drops_a_repeat() -> None:
    assert refusal_head("unknown seat 'bne'") == "Nothing was sealed: unknown seat 'bne'"
    assert (
        refusal_head("nothing was sealed: line 4 'x': bad") == "Nothing was sealed: line 4 'x': bad"
    )
    no_orders = "no orders found in this text: nothing was sealed (a pass must be written out)"
    assert refusal_head(no_orders) == "N" + no_orders[1:]


# -- finding 14: an unknown GM command gets "did you mean" ----------------------------------
def test_a_misspelt_gm_command_by_mail_gets_did_you_mean(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses[GM], "statsu", sender="gm@players.test", message_id="<s@p>")
    assert world.receive(raw, GM).outcome == "refused"
    answer = last_to(world, GM)
    assert "unknown command 'statsu'" in answer and "did you mean 'status'?" in answer
    assert world.port.match(GAME_ID).step == 1  # nothing was done


def test_preview_without_a_seat_says_how_to_write_it(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses[GM], "preview", sender="gm@players.test", message_id="<v@p>")
    assert world.receive(raw, GM).outcome == "refused"
    assert "write 'preview SEAT' (one seat), e.g. 'preview ana'" in last_to(world, GM)


# -- finding 32: 'new --seat ana=notanemail' is refused ------------------------------------
def new_args(folder: Path, *extra: str) -> list[str]:
    base = ["new", str(folder), "g1", "--game", "rex-furum", "--domain", "d.test"]
    return [*base, *extra]


def test_new_refuses_a_seat_address_that_is_not_an_email(tmp_path: Path) -> None:
    args = new_args(tmp_path, "--gm", "gm@p.test", "--seat", "ana=a@p.test")
    result = CliRunner().invoke(main, [*args, "--seat", "ben=notanemail", "--seat", "c=c@p.test"])
    assert result.exit_code == 1
    assert "Error: --seat ben=notanemail: not an email address (name@domain)" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not list(tmp_path.glob("g1*"))  # nothing was created


def test_new_refuses_a_gm_address_that_is_not_an_email(tmp_path: Path) -> None:
    seats = ["--seat", "ana=a@p.test", "--seat", "ben=b@p.test", "--seat", "c=c@p.test"]
    result = CliRunner().invoke(main, new_args(tmp_path, "--gm", "me at home", *seats))
    assert result.exit_code == 1
    assert "Error: --gm me at home: not an email address (name@domain)" in result.output
    assert not list(tmp_path.glob("g1*"))


# -- finding 24 (mail part): a player's control characters never reach another's mail -------
SPOOF = "hello\x1b[2J\x1b[8mhidden\u202egnp.exe\x07\x9b"
CONTROLS = [chr(c) for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)]]
CONTROLS += ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068"]


def every_text_part(message: EmailMessage) -> list[str]:
    parts = [p for p in message.walk() if p.get_content_maintype() == "text"]
    return [str(p.get_content()).replace("\r\n", "\n") for p in parts]


def assert_clean(message: EmailMessage) -> None:
    for text in every_text_part(message):
        found = [repr(c) for c in CONTROLS if c in text]
        assert not found, (found, text)


def test_press_by_mail_reaches_others_with_its_control_characters_escaped(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], f"press to ben: {SPOOF}", message_id="<p24@p>")
    assert world.receive(raw, "ana").outcome == "press"
    (relayed,) = [m for m in world.mail_to("ben") if "message #1" in str(m["Subject"])]
    assert_clean(relayed)
    assert "hello\\x1b[2J\\x1b[8mhidden\\u202egnp.exe\\x07\\x9b" in body_of(relayed)
    # The next report carries the message too: plain and HTML parts alike.
    world.advance()
    report = [m for m in world.mail_to("ben") if "(step 2)" in str(m["Subject"])][-1]
    assert any("\\x1b[2J" in text for text in every_text_part(report))
    for message in world.queued():
        assert_clean(message)


def test_a_player_s_words_quoted_back_in_an_answer_are_escaped(tmp_path: Path) -> None:
    world = started(tmp_path)
    raw = email(world.addresses["ana"], f"protect self\n{SPOOF}\n", message_id="<q24@p>")
    assert world.receive(raw, "ana").outcome == "sealed"
    assert_clean(world.mail_to("ana")[-1])
    raw = email(world.addresses[GM], f"preview {SPOOF}", sender="gm@players.test")
    world.receive(raw, GM)
    assert_clean(world.mail_to(GM)[-1])


def test_an_html_part_escapes_control_characters_like_the_plain_part() -> None:
    html = report_html(f"Table\n\nName    Money\nana{SPOOF}    5\nben    7\n")
    assert html is not None and "<table" in html
    assert not [c for c in CONTROLS if c in html]
    assert "\\x1b[2J" in html
