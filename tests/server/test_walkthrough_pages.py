"""What tripped a new user walking through the server's pages (the walkthrough's findings).

A fault of sealed itself (here: importing a game file that crashed the replay) answered a page
with the bare text 'internal error' and no way back; a page gets the error page instead.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.fixtures import Clock, migrated

from sealed.server.app import create_app
from sealed.server.service import GameService


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    def crash(*args: Any, **kwargs: Any) -> Any:
        raise IndexError("list assignment index out of range")  # as a bad record's replay did

    monkeypatch.setattr(GameService, "import_record", crash)
    engine = migrated(f"sqlite:///{tmp_path / 'sealed.db'}")
    app = create_app(GameService(engine, Clock()), poll=None)
    with TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False) as client:
        yield client
    engine.dispose()


def test_a_fault_on_a_page_answers_with_the_error_page(client: TestClient) -> None:
    files = {"record": ("game.json", b'{"format": "sealed-record"}', "application/json")}
    response = client.post("/import", files=files, data={"close": "early"})
    assert response.status_code == 500
    assert response.headers["content-type"].startswith("text/html")
    text = html.unescape(response.text)
    assert 'data-code="server/error"' in text and "reload your page" in text
    assert '<a href="/">' in text  # a way back
    assert "Traceback" not in text and "IndexError" not in text and "list assignment" not in text
