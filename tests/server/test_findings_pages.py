"""Walkthrough finding 44: the console's audit log shows times to the second, and the rules
page renders the manual's Markdown (links are links) with raw HTML escaped."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.fixtures import Clock, migrated

from sealed.core.registry import get_game
from sealed.server.app import create_app
from sealed.server.manual import manual_html
from sealed.server.service import GameService


@pytest.fixture
def clock() -> Clock:
    clock = Clock()
    clock.now += timedelta(microseconds=397_412)  # the walkthrough's 17:46:18.397412
    return clock


@pytest.fixture
def service(tmp_path: Path, clock: Clock) -> Iterator[GameService]:
    engine = migrated(f"sqlite:///{tmp_path / 'sealed.db'}")
    yield GameService(engine, clock)
    engine.dispose()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    app = create_app(service, poll=None)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        yield client


def test_the_audit_log_shows_times_to_the_second(
    client: TestClient, service: GameService, clock: Clock
) -> None:
    created = service.create("goofspiel", ["ana", "ben"], {}, seed=1)
    page = client.get(f"/gm/{created.gm_token}")
    assert page.status_code == 200
    audit = page.text.split('<table id="audit">', 1)[1].split("</table>", 1)[0]
    shown = clock.now.strftime("%Y-%m-%d %H:%M:%S")
    assert f"<td>{shown}</td>" in audit, audit[:400]
    assert not re.search(r"\d\d:\d\d:\d\d\.\d", audit), "microseconds are shown"


def test_the_rules_page_renders_the_manual(client: TestClient, service: GameService) -> None:
    created = service.create("war-slayer", ["ana", "ben"], {}, seed=1)
    page = client.get(f"/play/{created.seat_tokens['ana']}/rules")
    assert page.status_code == 200
    assert '<div id="manual"' in page.text and '<pre id="manual"' not in page.text
    assert re.search(r'<h2 id="rulings">', page.text), "a manual's Rulings section has its anchor"
    assert "](#" not in page.text, "a Markdown link was left as text"


def test_a_script_in_a_manual_is_shown_never_run(
    client: TestClient, service: GameService, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manual = tmp_path / "evil.md"
    manual.write_text(
        "# Evil\n\nSee [Rulings](#rulings) and [x](javascript:alert(1)).\n\n"
        "<script>alert('x')</script>\n\n## Rulings\n",
        encoding="utf-8",
    )
    game = type(get_game("goofspiel"))

    def evil_manual(self: Any) -> Path:
        return manual

    monkeypatch.setattr(game, "manual_path", evil_manual)
    created = service.create("goofspiel", ["ana", "ben"], {}, seed=1)
    page = client.get(f"/play/{created.seat_tokens['ana']}/rules").text
    body = page.split('<div id="manual"', 1)[1]
    assert '<a href="#rulings">Rulings</a>' in body
    assert "<script>alert" not in body and "&lt;script&gt;alert" in body
    assert 'href="javascript:' not in body


def test_repeated_headings_get_distinct_ids() -> None:
    html = manual_html("## Notes\n\n## Notes\n")
    assert '<h2 id="notes">' in html and '<h2 id="notes-1">' in html
