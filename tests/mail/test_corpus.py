"""The corpus: real-world-shaped emails, each with the sealed orders or the refusal it must give.

The emails are files (``tests/mail/corpus/*.eml``), the expectations data
(``expected.yaml``); every file has an expectation and every expectation a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from tests.mail.world import CONTACTS, GAME_ID, GM_CONTACT, World, body_of, make_world

from sealed.core.game import GM

CORPUS = Path(__file__).parent / "corpus"
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load((CORPUS / "expected.yaml").read_text())
UNKNOWN_GAME = "rexfurum+g9-ana-abcdefghijklmnopqrstuvwxyz@games.test"


def test_every_email_has_an_expectation_and_there_are_at_least_thirty() -> None:
    files = {path.stem for path in CORPUS.glob("*.eml")}
    assert files == set(EXPECTED)
    assert len(files) >= 30


def address_for(world: World, to: str) -> str:
    if to == "unknown-game":
        return UNKNOWN_GAME
    if to.startswith("wrong:"):
        right = world.addresses[to.split(":")[1]]
        local, domain = right.split("@")
        return local[:-26] + "z" * 26 + "@" + domain
    return world.addresses[to]


def fill(template: bytes, world: World, to: str, name: str) -> bytes:
    text = template.decode(
        "latin-1"
    )  # placeholders are ASCII; other bytes pass through as they are
    text = text.replace("{{to}}", to).replace("{{id}}", f"corpus.{name}")
    for step in (1, 2, 3):
        text = text.replace(f"{{{{report:{step}}}}}", world.report_id(step))
    return text.encode("latin-1")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_email(name: str, tmp_path: Path) -> None:
    case = EXPECTED[name]
    world = make_world(tmp_path)
    world.gateway.send_reports(GAME_ID)  # the game has started: the first reports are out
    for _ in range(case.get("before", 0)):
        world.advance()
    seat = case.get("to", "ana")
    to = address_for(world, seat)
    before = {m["Message-ID"] for m in world.queued()}
    raw = fill((CORPUS / f"{name}.eml").read_bytes(), world, to, name)
    sender = case.get("sender", CONTACTS["ana"])
    result = world.receive(raw, to, sender=sender)
    assert result.outcome == case["outcome"], result
    match = world.port.match(GAME_ID)
    pending = match.pending.get("ana")
    if case["outcome"] == "sealed":
        assert pending is not None and pending.canonical == case["orders"]
        assert match.step == case.get("step", 1)
    else:
        assert pending is None, "nothing may be sealed"
    new = [m for m in world.queued() if m["Message-ID"] not in before]
    answers = [m for m in new if "message #" not in str(m["Subject"])]
    if case["outcome"] == "automatic":
        assert new == [], "machines are never answered"
        return
    (answer,) = answers
    default = GM_CONTACT if seat == GM else CONTACTS.get(seat, sender)
    assert str(answer["To"]) == case.get("answered_to", default)
    text = body_of(answer)
    for fragment in case.get("answer", []):
        assert fragment in text, text
