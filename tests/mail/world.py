"""A small world for mail tests: a Rex Furum game of five by email, a port, an outbox, a gateway."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from sealed.games.rex_furum import GAME
from sealed.mail.addresses import MailDomain, parse_address
from sealed.mail.gateway import Gateway, Limits, Received
from sealed.mail.memory import MemoryPort
from sealed.mail.outbox import Outbox, Relay
from sealed.mail.port import SeatRef

WHERE = MailDomain("rexfurum", "games.test")
SEATS = ("ana", "ben", "cara", "dan", "eve")
CONTACTS = {seat: f"{seat}@players.test" for seat in SEATS}
GM_CONTACT = "gm@players.test"
GAME_ID = "g1"
NOW = datetime(2026, 11, 23, 15, 0, tzinfo=UTC)


def fixed_clock() -> datetime:
    return NOW


@dataclass
class World:
    """The game ``g1`` (seed 7: ana and cara at Gamma, ben, dan and eve at Alpha)."""

    folder: Path
    port: MemoryPort
    outbox: Outbox
    gateway: Gateway
    addresses: dict[str, str]
    seconds: list[float] = field(default_factory=lambda: [1_000_000.0])

    def ref(self, seat: str) -> SeatRef:
        return SeatRef(GAME_ID, seat)

    def receive(self, raw: bytes | str, to: str, sender: str | None = None) -> Received:
        data = raw.encode("utf-8") if isinstance(raw, str) else raw
        address = self.addresses.get(to, to)
        envelope = CONTACTS.get(to, "someone@players.test") if sender is None else sender
        (result,) = self.gateway.receive(data, [address], envelope)
        return result

    def queued(self) -> list[EmailMessage]:
        """Every message in the outbox, oldest first (by file time, then name)."""
        files = sorted(self.outbox.folder.glob("*.eml"), key=lambda p: (p.stat().st_mtime_ns, p))
        return [BytesParser(policy=policy.default).parsebytes(p.read_bytes()) for p in files]

    def mail_to(self, seat: str) -> list[EmailMessage]:
        contact = CONTACTS.get(seat, GM_CONTACT)
        return [m for m in self.queued() if str(m["To"]) == contact]

    def report_id(self, step: int) -> str:
        return f"<sealed.{GAME_ID}.s{step}.0123456789abcdef@{WHERE.domain}>"

    def advance(self) -> None:
        """Let the deadline pass: the game master closes the open step (as the server will)."""
        self.port.gm_command(GAME_ID, "close")
        self.gateway.send_reports(GAME_ID)


def make_world(folder: Path, close_early: bool = False, limits: Limits | None = None) -> World:
    port = MemoryPort(folder / "games", WHERE, clock=fixed_clock)
    (folder / "games").mkdir(exist_ok=True)
    seconds = [1_000_000.0]
    outbox = Outbox(folder / "outbox", Relay(port=1), clock=lambda: seconds[0])
    gateway = Gateway(port, WHERE, outbox, clock=lambda: seconds[0], limits=limits)
    addresses = port.create_game(
        GAME_ID, GAME, CONTACTS, GM_CONTACT, options={"close_early": close_early}, seed=7
    )
    return World(folder, port, outbox, gateway, addresses, seconds)


def email(
    to: str,
    body: str,
    subject: str = "orders",
    sender: str = "ana@players.test",
    headers: dict[str, str] | None = None,
    message_id: str | None = None,
) -> bytes:
    """A plain text email as a mail program would send it."""
    mail = EmailMessage()
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = subject
    mail["Message-ID"] = message_id or f"<{abs(hash((to, body, subject)))}@players.test>"
    for name, value in (headers or {}).items():
        del mail[name]
        mail[name] = value
    mail.set_content(body)
    return mail.as_bytes()


def seat_of(address: str) -> str | None:
    parsed = parse_address(address, WHERE)
    return None if parsed is None else parsed.label


def body_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


__all__ = ["GAME", "World", "body_of", "email", "make_world"]
