"""Fuzzing the email reader: malformed MIME, odd charsets, huge and deeply nested messages.

The only acceptable outcomes are a known outcome and no exception; noise in which no
order can hide never seals anything; mutated corpus emails never crash the gateway.
"""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.mail.world import GAME_ID, World, make_world

from sealed.mail.gateway import Limits
from sealed.mail.reading import MAX_BYTES

OUTCOMES = {"sealed", "refused", "automatic", "unknown", "too-large", "unreadable", "press"}
OUTCOMES |= {"duplicate"}
CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.eml"))
NO_LIMITS = Limits(per_sender=10**9, per_seat=10**9)
# Noise that can never spell an order word: no Latin letters at all.
NOISE = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs",),
        blacklist_characters="".join(chr(c) for c in range(0x41, 0x7B)),
    ),
    max_size=400,
)
CHARSETS = st.sampled_from(
    ["utf-8", "latin-1", "windows-1252", "koi8-r", "big5", "shift_jis", "utf-16", "x-bogus", ""]
)
ENCODINGS = st.sampled_from(["7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "bogus"])
SETTINGS = settings(
    max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)
_worlds: dict[Path, World] = {}


def world_in(tmp_path: Path) -> World:
    if tmp_path not in _worlds:
        _worlds[tmp_path] = make_world(tmp_path, limits=NO_LIMITS)
    return _worlds[tmp_path]


def mime(charset: str, encoding: str, body: bytes, to: str, boundary: str, depth: int) -> bytes:
    head = f"From: x@players.test\nTo: {to}\nSubject: fuzz\nMIME-Version: 1.0\n"
    leaf = (
        f"Content-Type: text/plain; charset={charset}\nContent-Transfer-Encoding: {encoding}\n\n"
    ).encode() + body
    for level in range(depth):
        leaf = (
            (
                f'Content-Type: multipart/mixed; boundary="{boundary}{level}"\n\n'
                f"--{boundary}{level}\n"
            ).encode()
            + leaf
            + f"\n--{boundary}{level}--\n".encode()
        )
    return head.encode() + leaf


@SETTINGS
@given(
    charset=CHARSETS,
    encoding=ENCODINGS,
    text=NOISE,
    boundary=st.text(alphabet="=-_;\"' abc", max_size=8),
    depth=st.integers(0, 30),
)
def test_noise_in_any_mime_shape_never_seals(
    tmp_path: Path, charset: str, encoding: str, text: str, boundary: str, depth: int
) -> None:
    world = world_in(tmp_path)
    body = text.encode(charset if charset in ("utf-8", "latin-1") else "utf-8", "replace")
    raw = mime(charset, encoding, body, world.addresses["ana"], boundary, depth)
    result = world.receive(raw, "ana")
    assert result.outcome in OUTCOMES
    assert result.outcome != "sealed"
    assert world.port.match(GAME_ID).pending == {}


@SETTINGS
@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes_never_crash_and_never_seal(tmp_path: Path, data: bytes) -> None:
    world = world_in(tmp_path)
    result = world.receive(data, "ana")
    assert result.outcome in OUTCOMES
    assert world.port.match(GAME_ID).pending == {}  # random bytes spell no orders


@SETTINGS
@given(seed=st.integers(0, 10**9), flips=st.integers(1, 40), cut=st.floats(0.1, 1.0))
def test_mutated_corpus_emails_never_crash(
    tmp_path: Path, seed: int, flips: int, cut: float
) -> None:
    world = world_in(tmp_path)
    rng = random.Random(seed)
    raw = bytearray(
        rng.choice(CORPUS).read_bytes().replace(b"{{to}}", world.addresses["ana"].encode())
    )
    for _ in range(flips):
        raw[rng.randrange(len(raw))] = rng.randrange(256)
    result = world.receive(bytes(raw[: max(1, int(len(raw) * cut))]), "ana")
    assert result.outcome in OUTCOMES


def test_hostile_shapes_are_bounded(tmp_path: Path) -> None:
    world = world_in(tmp_path)
    to = world.addresses["ana"]
    many_parts = (
        f'From: x@p.test\nTo: {to}\nContent-Type: multipart/mixed; boundary="b"\n\n'
        + "".join("--b\nContent-Type: text/plain\n\n\u00b7\n" for _ in range(5000))
        + "--b--\n"
    ).encode()
    stuffed = f"From: x@p.test\nTo: {to}\nContent-Type: text/plain{';' * 20000}\n\n1\n".encode()
    one_line = f"From: x@p.test\nTo: {to}\n\n".encode() + b"9" * (MAX_BYTES - 200)
    deep = mime("utf-8", "7bit", b"1", to, "d", 100)
    nul = f"From: x@p.test\nTo: {to}\n\nembezzle\x00 ben\n".encode()
    over = b"From: x@p.test\n\n" + b"x" * (MAX_BYTES + 1)
    for raw in (many_parts, stuffed, one_line, deep, nul, over):
        assert world.receive(raw, "ana").outcome in OUTCOMES
    assert world.receive(over, "ana").outcome == "too-large"
    assert world.receive(stuffed, "ana").outcome == "unreadable"
    assert world.receive(many_parts, "ana").outcome == "unreadable"
    assert world.port.match(GAME_ID).pending == {}
