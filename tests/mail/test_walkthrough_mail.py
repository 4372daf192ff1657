"""What a new user's walkthrough found in the email gateway (issue 12, findings 13-34)."""

from __future__ import annotations

import io
import logging
import os
import smtplib
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.mail.relay import free_port, running_sink
from tests.mail.test_main import start_game
from tests.mail.world import GAME_ID, World, body_of, email, make_world

from sealed.core.game import GM
from sealed.mail.__main__ import main
from sealed.mail.answers import refusal_head
from sealed.mail.htmlpart import report_html
from sealed.mail.outbox import Relay
from sealed.mail.startup import (
    GATEWAY_LOGGERS,
    LIBRARY_LOGGERS,
    GatewayHandler,
    configure_logging,
    relay_problem,
)


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


# -- findings 33, 15, 34: what 'serve' says at start, and its quiet log -----------------------
@pytest.mark.usefixtures("gateway_log")
def test_serve_refuses_a_folder_that_does_not_exist_in_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "gmaes"
    result = CliRunner().invoke(main, ["serve", str(missing), "--domain", "d.test"])
    assert result.exit_code == 1
    assert result.output == (
        f"Error: no folder '{missing}' (start a game with 'python -m sealed.mail new FOLDER ...')\n"
    )


def serve_briefly(folder: Path, relay_port: int, *extra: str) -> tuple[str, str]:
    """Run 'serve' in its own process, hold one SMTP session with it, stop it: its output."""
    smtp_port = free_port()
    options = ["--domain", "games.test", "--port", str(smtp_port), "--every", "0.2"]
    options += ["--relay-port", str(relay_port), *extra]
    server = subprocess.Popen(
        [sys.executable, "-m", "sealed.mail", "serve", str(folder), *options],
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        end = time.monotonic() + 60  # a bound against hanging, not a speed check
        while True:
            try:
                with smtplib.SMTP("127.0.0.1", smtp_port, timeout=30) as client:
                    client.ehlo()
                    client.docmd("MAIL FROM:<someone@p.test>")
                    code, _ = client.docmd("RCPT TO:<nobody@games.test>")
                assert code == 550  # a normal refusal: no game has this address
                break
            except ConnectionRefusedError:
                assert time.monotonic() < end, "serve never listened"
                time.sleep(0.2)
    finally:
        server.terminate()
        out, err = server.communicate(timeout=60)
    return out, err


def test_serve_says_the_folder_is_empty_and_the_relay_unreachable_and_nothing_else(
    tmp_path: Path,
) -> None:
    closed = free_port()  # nothing listens there: the relay cannot be reached
    out, err = serve_briefly(tmp_path, closed)
    assert "listening on 127.0.0.1:" in out
    lines = err.strip().splitlines()
    assert lines[0] == (
        f"warning: '{tmp_path}' holds no game yet: every email is refused until one is "
        "started with 'python -m sealed.mail new'"
    )
    assert lines[1].startswith(f"warning: cannot reach the relay 127.0.0.1:{closed}: ")
    assert lines[1].endswith("; mail waits in the outbox and is retried")
    assert len(lines) == 2, err  # aiosmtpd's session log ("Connection lost ...") is not shown


def test_serve_with_a_working_relay_warns_of_nothing_and_verbose_shows_the_library(
    tmp_path: Path,
) -> None:
    start_game(tmp_path)
    with running_sink() as (_, relay_port):
        _, err = serve_briefly(tmp_path, relay_port)
        assert "warning" not in err and "Connection lost" not in err, err
        _, err = serve_briefly(tmp_path, relay_port, "--verbose")
    assert "info from the SMTP server: " in err and "handling connection" in err, err
    assert "Traceback" not in err


def test_the_relay_check_says_what_failed_in_words() -> None:
    closed = free_port()
    problem = relay_problem(Relay(port=closed))
    assert problem is not None and problem.startswith(f"cannot reach the relay 127.0.0.1:{closed}")
    with running_sink() as (_, port):
        assert relay_problem(Relay(port=port)) is None
        problem = relay_problem(Relay(port=port, security="starttls"))
        assert problem == (
            f"the relay 127.0.0.1:{port} offers no STARTTLS "
            "(try --relay-security tls, or none on this machine)"
        )
        problem = relay_problem(Relay(port=port, security="tls"))  # TLS to a plain port
        assert problem is not None and problem.startswith(f"the relay 127.0.0.1:{port}: TLS failed")
    with running_sink(login=("gm", "right")) as (_, port):
        assert relay_problem(Relay(port=port, username="gm", password="right")) is None
        problem = relay_problem(Relay(port=port, username="gm", password="wrong"))
        assert problem is not None
        assert problem.startswith(f"the relay 127.0.0.1:{port} refused the login of 'gm': 535")


@contextmanager
def kept_logging() -> Iterator[None]:
    """The gateway's loggers as they were before the block (its set-up is process-wide)."""
    names = (*GATEWAY_LOGGERS, *LIBRARY_LOGGERS)
    before = {n: (logging.getLogger(n).level, logging.getLogger(n).propagate) for n in names}
    try:
        yield
    finally:
        for name, (level, propagate) in before.items():
            logger = logging.getLogger(name)
            for added in [h for h in logger.handlers if isinstance(h, GatewayHandler)]:
                logger.removeHandler(added)
            logger.setLevel(level)
            logger.propagate = propagate


@pytest.fixture
def gateway_log() -> Iterator[io.StringIO]:
    """The gateway's log configured into a string, undone after the test."""
    with kept_logging():
        stream = io.StringIO()
        configure_logging(stream=stream)
        yield stream


def test_the_log_keeps_library_warnings_in_words_and_drops_their_routine(
    gateway_log: io.StringIO,
) -> None:
    library = logging.getLogger("mail.log")
    library.info("('127.0.0.1', 5) Connection lost during _handle_client()")
    library.warning("('127.0.0.1', 5) unrecognised: XYZZY")
    logging.getLogger("sealed.mail").info("mail for g1 ana: sealed")
    try:
        raise OSError("disk full")
    except OSError:
        logging.getLogger("sealed.mail.smtp").exception("mail not taken (the sender will retry)")
    logging.getLogger("sealed.server").warning("not the gateway's: left to the web server")
    lines = gateway_log.getvalue().splitlines()
    assert [line.split(" ", 1)[1] for line in lines] == [
        "warning from the SMTP server: ('127.0.0.1', 5) unrecognised: XYZZY",
        "mail for g1 ana: sealed",
        "mail not taken (the sender will retry): disk full",  # one line, no traceback
    ]


# -- the mail engineer's first known limit: mail queued before a renewal --------------------
def test_mail_queued_before_an_address_is_renewed_leaves_from_the_new_one(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)  # ana's first report is queued from her first address
    old = world.addresses["ana"]
    assert old in str(world.mail_to("ana")[-1]["From"])
    new = world.port.revoke(world.ref("ana"))
    with running_sink() as (sink, port):
        world.outbox.relay = Relay(port=port, timeout=30)
        world.outbox.flush()
        (report,) = [m for m in sink.wait_for(6) if str(m["To"]) == "ana@players.test"]
        ben = [m for m in sink.parsed() if str(m["To"]) == "ben@players.test"]
    assert new in str(report["From"]) and old not in str(report["From"])
    assert str(report["From"]).startswith("Rex Furum g1 <")  # the name is kept
    assert world.addresses["ben"] in str(ben[0]["From"])  # another seat's mail is untouched
    # A reply to what she received is read; one to the old address is refused.
    assert world.receive(email(new, "protect self", message_id="<r1@p>"), new).outcome == "sealed"
    assert world.receive(email(old, "pass", message_id="<r2@p>"), old).outcome == "unknown"


@pytest.mark.usefixtures("gateway_log")
def test_serve_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    start_game(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", str(tmp_path), "--domain", "games.test", "--port", str(port)]
        result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: cannot receive mail on 127.0.0.1:{port}: ")
    assert len(result.output.splitlines()) == 1, result.output


@settings(max_examples=15, deadline=None)
@given(
    st.text(
        alphabet=st.one_of(st.sampled_from(CONTROLS), st.characters(codec="utf-8")), max_size=80
    )
)
def test_no_mail_we_write_carries_a_player_s_control_characters(words: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        world = make_world(Path(folder))
        world.gateway.send_reports(GAME_ID)
        for index, body in enumerate([f"press to all: {words}", f"protect self\n{words}"]):
            raw = email(world.addresses["ana"], body, message_id=f"<h{index}@p>")
            world.receive(raw, "ana")
        world.advance()  # the next reports carry the press too
        for message in world.queued():
            assert_clean(message)
