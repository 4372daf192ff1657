"""Per-seat secret reply addresses: the address itself authenticates the seat.

Every seat of every game (and its game master) gets an address
``<local>+<game>-<seat>-<secret>@<domain>``, e.g.
``rexfurum+g1-ana-k7x2...@games.example.org``. The secret is 128 bits from
:mod:`secrets` (RELIABILITY.md E4), written in lowercase base32 so that mail
systems which lowercase local parts do not break it. A forged ``From:`` gains
nothing: identity comes only from the address the mail was sent to
(RELIABILITY.md finding 4, E5), never from parsing ``From:``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from sealed.core.errors import SealedError

SECRET_BYTES = 16  # 128 bits
SECRET_CHARS = 26  # base32 of 16 bytes, without padding
MAX_LOCAL_PART = 64  # RFC 5321 §4.5.3.1.1
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_.]{0,19}$")
LABEL = re.compile(r"^[a-z0-9][a-z0-9_.]{0,19}$")
MAX_CONTACT = 320  # RFC 5321: 64 + 1 + 255
# One bare name@host: no display name, list or header text can ride in.
CONTACT = re.compile(r'[^@\s,;<>()\[\]"\\:]+@[^@\s,;<>()\[\]"\\:]+')


@dataclass(frozen=True)
class MailDomain:
    """Where the game's addresses live: ``local`` before the ``+``, and the domain."""

    local: str = "sealed"
    domain: str = "localhost"


@dataclass(frozen=True)
class SeatAddress:
    """The parts of a secret address: game id, seat label, secret (all lowercase)."""

    game: str
    label: str
    secret: str

    def render(self, where: MailDomain) -> str:
        return f"{where.local}+{self.game}-{self.label}-{self.secret}@{where.domain}"


def new_secret() -> str:
    """128 random bits as 26 lowercase base32 characters."""
    raw = secrets.token_bytes(SECRET_BYTES)
    return base64.b32encode(raw).decode("ascii").rstrip("=").lower()


def same_secret(given: str, stored: str) -> bool:
    """Constant-time comparison (of digests, so lengths leak nothing either)."""
    left = hashlib.sha256(given.lower().encode("utf-8", "replace")).digest()
    right = hashlib.sha256(stored.lower().encode("utf-8")).digest()
    return hmac.compare_digest(left, right)


def seat_label(seat: str, index: int) -> str:
    """A seat's name in addresses: the name in lowercase if it fits, else ``p<number>``."""
    lower = seat.lower()
    return lower if LABEL.match(lower) and "-" not in lower else f"p{index + 1}"


def is_contact(text: str) -> bool:
    """True if ``text`` is one bare email address (``name@host``), as a seat registers it."""
    text = text.strip()
    return len(text) <= MAX_CONTACT and CONTACT.fullmatch(text) is not None


def check_game_id(game: str) -> str:
    """A game id usable in addresses: 1-20 lowercase letters, digits, ``_`` or ``.``.

    :raises SealedError: otherwise.
    """
    if not GAME_ID.match(game):
        raise SealedError(
            f"game id {game!r} cannot be used in an email address: use 1-20 lowercase "
            "letters, digits, '_' or '.', starting with a letter or digit"
        )
    return game


def make_address(where: MailDomain, game: str, label: str) -> SeatAddress:
    """A fresh secret address for one seat.

    :raises SealedError: the address would be longer than email allows.
    """
    address = SeatAddress(check_game_id(game), label, new_secret())
    local = address.render(where).rsplit("@", 1)[0]
    if len(local) > MAX_LOCAL_PART:
        raise SealedError(
            f"the address {local!r} would be longer than {MAX_LOCAL_PART} characters: "
            "use a shorter local part, game id or seat name"
        )
    return address


def parse_address(address: str, where: MailDomain) -> SeatAddress | None:
    """The parts of one of our addresses, or None if it is not shaped like one.

    ``address`` is a bare envelope address (``RCPT TO``), never a ``From:``
    header. The domain and local part compare case-insensitively.
    """
    address = address.strip().strip("<>").lower()
    local, at, domain = address.rpartition("@")
    if not at or domain != where.domain.lower():
        return None
    prefix, plus, rest = local.partition("+")
    if not plus or prefix != where.local.lower():
        return None
    game, dash, rest = rest.partition("-")
    label, dash2, secret = rest.rpartition("-")
    if not dash or not dash2 or not GAME_ID.match(game) or not LABEL.match(label):
        return None
    if len(secret) != SECRET_CHARS or not re.fullmatch(r"[a-z2-7]+", secret):
        return None
    return SeatAddress(game, label, secret)
