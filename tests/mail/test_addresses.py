"""Secret reply addresses: format, parsing, entropy, constant-time comparison, revocation."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.mail.world import GAME_ID, WHERE, email, make_world

from sealed.core.errors import SealedError
from sealed.games.rex_furum import GAME
from sealed.mail.addresses import (
    MailDomain,
    SeatAddress,
    make_address,
    new_secret,
    parse_address,
    same_secret,
    seat_label,
)
from sealed.mail.memory import MemoryPort
from sealed.mail.port import SeatRef

WHERE_X = MailDomain("rexfurum", "example.org")


def test_an_address_renders_and_parses_back() -> None:
    address = make_address(WHERE_X, "g1", "ana")
    text = address.render(WHERE_X)
    assert text.startswith("rexfurum+g1-ana-") and text.endswith("@example.org")
    assert parse_address(text, WHERE_X) == address
    assert parse_address(f"<{text.upper()}>", WHERE_X) == address  # mail systems change case


def test_secrets_have_128_bits_and_differ() -> None:
    secrets = {new_secret() for _ in range(200)}
    assert len(secrets) == 200
    assert all(len(s) == 26 and s.isalnum() and s == s.lower() for s in secrets)


@pytest.mark.parametrize(
    "text",
    [
        "rexfurum+g1-ana-short@example.org",
        "rexfurum+g1-ana-aaaaaaaaaaaaaaaaaaaaaaaaaa@other.org",
        "other+g1-ana-aaaaaaaaaaaaaaaaaaaaaaaaaa@example.org",
        "rexfurum@example.org",
        "rexfurum+g1@example.org",
        "ana@example.org)<rexfurum+g1-ana-aaaaaaaaaaaaaaaaaaaaaaaaaa@example.org>",
        "",
        "@",
    ],
)
def test_malformed_or_foreign_addresses_are_not_ours(text: str) -> None:
    assert parse_address(text, WHERE_X) is None


def test_same_secret_compares_exactly() -> None:
    secret = new_secret()
    assert same_secret(secret, secret)
    assert same_secret(secret.upper(), secret)
    assert not same_secret(secret[:-1] + ("a" if secret[-1] != "a" else "b"), secret)
    assert not same_secret("", secret)


def test_seat_labels_fall_back_to_numbers_for_names_email_cannot_carry() -> None:
    assert seat_label("Ana", 0) == "ana"
    assert seat_label("Zoë", 2) == "p3"
    assert seat_label("mary-jane", 1) == "p2"


def test_too_long_addresses_and_bad_game_ids_are_refused() -> None:
    with pytest.raises(SealedError, match="longer than 64"):
        make_address(MailDomain("x" * 40, "example.org"), "g1", "ana")
    with pytest.raises(SealedError, match="cannot be used"):
        make_address(WHERE_X, "G-1", "ana")


def test_the_port_finds_a_seat_only_with_its_own_secret(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    ana = parse_address(world.addresses["ana"], WHERE)
    ben = parse_address(world.addresses["ben"], WHERE)
    assert ana is not None and ben is not None
    assert world.port.find_seat(ana) == world.ref("ana")
    assert world.port.find_seat(SeatAddress(GAME_ID, "ana", ben.secret)) is None
    assert world.port.find_seat(SeatAddress("g2", "ana", ana.secret)) is None


def test_a_revoked_address_bounces_and_seals_nothing(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    old = world.addresses["ana"]
    new = world.port.revoke(world.ref("ana"))
    assert new != old
    result = world.receive(email(old, "embezzle ben"), old, sender="ana@players.test")
    assert result.outcome == "unknown"
    assert world.port.match(GAME_ID).pending == {}
    (bounce,) = world.queued()
    assert str(bounce["To"]) == "ana@players.test"
    assert "No game has the address" in bounce.get_body(("plain",)).get_content()
    sealed = world.receive(email(new, "embezzle ben"), new, sender="ana@players.test")
    assert sealed.outcome == "sealed"


def test_a_port_sees_games_started_by_another_process(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    other = MemoryPort(tmp_path / "games", WHERE)
    assert other.games() == (GAME_ID,)
    addresses = world.port.create_game("g2", GAME, {"a": "a@p", "b": "b@p", "c": "c@p"}, "g@p")
    found = parse_address(addresses["b"], WHERE)
    assert found is not None and other.find_seat(found) == SeatRef("g2", "b")
    assert other.games() == (GAME_ID, "g2")
