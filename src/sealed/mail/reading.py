"""Reading an email as a player writes it: the text they typed, without the rest.

The steps, each small and tested on a corpus of real-world-shaped mail
(``tests/mail/corpus/``):

1. :func:`parse_email`: bytes to a message (``email.policy.default``), refused
   politely above :data:`MAX_BYTES` before any parsing (hostile MIME costs time).
2. :func:`body_text`: walk the MIME tree (bounded depth and part count); the
   first ``text/plain`` part wins, an HTML-only mail is turned into text with
   :mod:`html.parser`; odd or missing charsets fall back to utf-8, windows-1252,
   latin-1; attachments and forwarded messages are ignored with a note.
3. :func:`own_text`: cut what the player did not write for this email: quoted
   earlier mail ("On ... wrote:", Outlook's "-----Original Message-----" and
   "From: ... Sent: ..." header blocks, forwarded blocks) and signatures.
   Lines are cut only from a marker to the end, so line numbers in answers
   still point at the body as the player sees it; ``>`` lines are left for the
   core's :func:`~sealed.core.match.salvage_orders`, which skips them.

The orders themselves are read by the core's ``salvage_orders`` (see
:mod:`sealed.mail.sealing`): what is neither an order nor recognisable mail
furniture comes back to the player as a skipped line, never silently dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from html.parser import HTMLParser

MAX_BYTES = 256 * 1024
"""Largest email read (USAL's judge takes 15,000 bytes; orders fit in far less)."""
MAX_PARTS = 100
MAX_DEPTH = 10
MAX_BODY_CHARS = 100_000
FALLBACK_CHARSETS = ("utf-8", "windows-1252", "latin-1")


MAX_HEADER_BYTES = 64 * 1024
MAX_HEADER_LINES = 500
MAX_PARAMETER_SEPARATORS = 500  # ';' in the headers: CPython parses them in quadratic time
MAX_BOUNDARY_LINES = 5 * MAX_PARTS


class MailRefused(Exception):
    """An email refused before parsing (too big, or shaped to make the parser slow)."""


class MailTooLarge(MailRefused):
    """An email above :data:`MAX_BYTES`; refused politely, never parsed."""


class HostileMail(MailRefused):
    """Headers or parts beyond what any mail program writes (python/cpython#87075, #75630)."""


@dataclass(frozen=True)
class PlayerText:
    """What a player wrote in one email, and what was set aside on the way (as notes)."""

    text: str
    notes: tuple[str, ...] = ()


def parse_email(raw: bytes) -> EmailMessage:
    """Parse ``raw`` with the modern policy; a size above :data:`MAX_BYTES` is refused first.

    :raises MailTooLarge: too big to read.
    :raises HostileMail: shaped to make the parser slow (checked before parsing).
    """
    if len(raw) > MAX_BYTES:
        raise MailTooLarge(
            f"this email has {len(raw):,} bytes; the game reads at most {MAX_BYTES:,}: "
            "send your orders as plain text, without attachments"
        )
    _check_shape(raw)
    return BytesParser(policy=policy.default).parsebytes(raw)


def _check_shape(raw: bytes) -> None:
    """Refuse, before parsing, what would make the standard parser take seconds.

    :raises HostileMail: oversized or overlong headers, or thousands of MIME parts.
    """
    end = min((i for i in (raw.find(b"\n\n"), raw.find(b"\r\n\r\n")) if i >= 0), default=len(raw))
    headers = raw[:end]
    if (
        len(headers) > MAX_HEADER_BYTES
        or headers.count(b"\n") > MAX_HEADER_LINES
        or headers.count(b";") > MAX_PARAMETER_SEPARATORS
    ):
        raise HostileMail("this email's headers are far larger than any mail program writes")
    if raw.count(b"\n--") > MAX_BOUNDARY_LINES:
        raise HostileMail(f"this email has more than {MAX_PARTS} parts")


def read_player_text(message: EmailMessage) -> PlayerText:
    """The player's own text of ``message``: :func:`body_text`, then :func:`own_text`."""
    body = body_text(message)
    own = own_text(body.text)
    return PlayerText(own.text, body.notes + own.notes)


# -- 2. MIME ---------------------------------------------------------------


def body_text(message: Message) -> PlayerText:
    """The body as text: plain parts first, HTML converted if there is no plain part."""
    plain: list[str] = []
    html: list[str] = []
    notes: list[str] = []
    _walk(message, 0, plain, html, notes, [0])
    if plain:
        text = "\n".join(plain)
    elif html:
        text = "\n".join(html_to_text(h) for h in html)
        notes.append("the HTML formatting (the email had no plain text part)")
    else:
        text = ""
    if len(text) > MAX_BODY_CHARS:
        notes.append(f"the body after its first {MAX_BODY_CHARS:,} characters")
        text = text[:MAX_BODY_CHARS]
    return PlayerText(text.replace("\r\n", "\n").replace("\r", "\n"), tuple(notes))


def _walk(
    part: Message,
    depth: int,
    plain: list[str],
    html: list[str],
    notes: list[str],
    seen: list[int],
) -> None:
    seen[0] += 1
    if seen[0] > MAX_PARTS or depth > MAX_DEPTH:
        if seen[0] == MAX_PARTS + 1 or depth == MAX_DEPTH + 1:
            notes.append("parts beyond the first hundred or nested more than ten deep")
        return
    kind = part.get_content_type()
    if kind == "message/rfc822":  # checked first: the parser also calls it multipart
        notes.append("a forwarded or attached email")
        return
    if part.is_multipart():
        payload = part.get_payload()
        if not isinstance(payload, list):
            return
        children = [c for c in payload if isinstance(c, Message)]
        if kind == "multipart/alternative":
            children = _preferred_alternative(children)
        for child in children:
            _walk(child, depth + 1, plain, html, notes, seen)
        return
    name = part.get_filename()
    disposition = (part.get_content_disposition() or "inline").lower()
    if disposition == "attachment" or name or kind not in ("text/plain", "text/html"):
        notes.append(f"an attachment ({_attachment_label(name, kind)})")
        return
    (plain if kind == "text/plain" else html).append(decode_part(part))


def _preferred_alternative(children: list[Message]) -> list[Message]:
    """Of alternatives, the plain text one (or, failing that, all of them, HTML read later)."""
    plain = [c for c in children if c.get_content_type() == "text/plain"]
    return plain[:1] or children


def _attachment_label(name: str | None, kind: str) -> str:
    label = f"{name!r}, {kind}" if name else kind
    return label if len(label) <= 80 else label[:77] + "..."


def decode_part(part: Message) -> str:
    """A leaf part's text; a wrong, unknown or missing charset falls back, never raises."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    declared = part.get_content_charset()
    for charset in (declared, *FALLBACK_CHARSETS) if declared else FALLBACK_CHARSETS:
        try:
            return payload.decode(charset)
        except (LookupError, UnicodeDecodeError, ValueError):
            continue
    return payload.decode("latin-1", errors="replace")  # latin-1 never fails; kept for clarity


class _TextMaker(HTMLParser):
    """HTML to plain lines: blocks end lines, scripts and styles vanish, quotes get ``>``."""

    BLOCKS = frozenset(
        [
            "p",
            "div",
            "br",
            "li",
            "tr",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "ul",
            "ol",
            "table",
            "blockquote",
            "pre",
            "hr",
            "section",
            "article",
        ]
    )
    HIDDEN = frozenset({"script", "style", "head", "title"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.quote_depth = 0
        self.hidden_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden_depth += 1
        elif tag in self.BLOCKS:
            self._end_line()
        if tag == "blockquote":
            self.quote_depth += 1
        if tag == "div" and any(k == "class" and v and "gmail_quote" in v for k, v in attrs):
            self.quote_depth += 1  # Gmail's quoted earlier mail (closed with its div: approximated)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN:
            self.hidden_depth = max(0, self.hidden_depth - 1)
        elif tag in self.BLOCKS:
            self._end_line()
        if tag == "blockquote":
            self.quote_depth = max(0, self.quote_depth - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden_depth:
            self.current.append(data)

    def _end_line(self) -> None:
        line = " ".join("".join(self.current).split())
        self.current = []
        if line:
            self.lines.append("> " * self.quote_depth + line)

    def text(self) -> str:
        self._end_line()
        return "\n".join(self.lines)


def html_to_text(html: str) -> str:
    """Readable text from HTML (standard library only); malformed HTML gives what it can."""
    maker = _TextMaker()
    maker.feed(html)
    maker.close()
    return maker.text()


# -- 3. what the player wrote ------------------------------------------------

WROTE_END = re.compile(
    r"\b(?:wrote|schrieb|a écrit|escribió|ha scritto|schreef)\b.{0,200}:\s*$", re.I
)
WROTE_START = re.compile(r"^\s*(?:On|Am|Le|El|Il|Op)\s.+", re.I)
ORIGINAL = re.compile(r"^\s*-{2,}\s*(?:Original Message|Forwarded message|Mensaje original)", re.I)
FORWARDED = re.compile(r"^\s*(?:Begin forwarded message:|-+\s*Forwarded by)", re.I)
OUTLOOK_RULE = re.compile(r"^\s*_{10,}\s*$")
HEADER_FROM = re.compile(r"^\s*\*?(?:From|De|Von|Van)\s*:\*?\s", re.I)
HEADER_NEXT = re.compile(r"^\s*\*?(?:Sent|Date|To|Subject|Envoyé|Gesendet)\s*:\*?\s", re.I)
SIGNATURE = re.compile(
    r"^\s*(?:-- ?|Sent from my .{1,40}|Sent from (?:Mail|Outlook|Yahoo Mail) .{0,40}"
    r"|Get Outlook for .{1,30}|Envoyé de mon .{1,30}|Von meinem .{1,40} gesendet)\s*$",
    re.I,
)


def own_text(text: str) -> PlayerText:
    """``text`` up to the first line where quoted, forwarded mail or a signature begins.

    ``>`` lines before that stay (the core's reader skips them) and are counted in a note.
    """
    lines = text.split("\n")
    kept, notes = lines, []
    for number in range(len(lines)):
        reason = _cut_reason(lines, number)
        if reason is not None:
            rest = sum(1 for later in lines[number:] if later.strip())
            notes.append(f"{reason} from line {number + 1} on ({rest} lines)")
            kept = lines[:number]
            break
    quoted = sum(1 for line in kept if line.lstrip().startswith(">"))
    if quoted:
        notes.insert(0, f"{quoted} quoted line{'s' if quoted > 1 else ''} ('>')")
    return PlayerText("\n".join(kept), tuple(notes))


def _cut_reason(lines: list[str], number: int) -> str | None:
    line = lines[number]
    if SIGNATURE.match(line):
        return "the signature"
    if ORIGINAL.match(line) or (OUTLOOK_RULE.match(line) and _header_block(lines, number + 1)):
        return "quoted earlier mail"
    if FORWARDED.match(line):
        return "a forwarded message"
    if _header_block(lines, number):
        return "quoted earlier mail"
    if WROTE_START.match(line) and any(WROTE_END.search(x) for x in lines[number : number + 3]):
        return "quoted earlier mail"
    if WROTE_END.search(line) and len(line) < 300 and ("@" in line or "<" in line):
        return "quoted earlier mail"  # "Ana <ana@example.org> wrote:" without the "On"
    return None


def _header_block(lines: list[str], start: int) -> bool:
    """Outlook's quoted headers: a From: line followed within three lines by Sent:/To:/Date:."""
    if start >= len(lines) or not HEADER_FROM.match(lines[start]):
        return False
    return any(HEADER_NEXT.match(x) for x in lines[start + 1 : start + 4])
