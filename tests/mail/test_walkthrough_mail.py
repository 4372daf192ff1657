"""What a new user's walkthrough found in the email gateway (issue 12, findings 13-34)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from tests.mail.world import GAME_ID, World, body_of, email, make_world

from sealed.core.game import GM
from sealed.mail.__main__ import main
from sealed.mail.answers import refusal_head


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
