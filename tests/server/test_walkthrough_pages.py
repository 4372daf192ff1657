"""What tripped a new user walking through the server's pages (the walkthrough's findings).

A fault of sealed itself (here: importing a game file that crashed the replay) answered a page
with the bare text 'internal error' and no way back; a page gets the error page instead. A
refused new-game form came back empty, with the first game of the list selected.
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
def service(tmp_path: Path) -> Iterator[GameService]:
    engine = migrated(f"sqlite:///{tmp_path / 'sealed.db'}")
    yield GameService(engine, Clock())
    engine.dispose()


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    app = create_app(service, poll=None)
    with TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def crashing_import(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(*args: Any, **kwargs: Any) -> Any:
        raise IndexError("list assignment index out of range")  # as a bad record's replay did

    monkeypatch.setattr(GameService, "import_record", crash)


@pytest.mark.usefixtures("crashing_import")
def test_a_fault_on_a_page_answers_with_the_error_page(client: TestClient) -> None:
    files = {"record": ("game.json", b'{"format": "sealed-record"}', "application/json")}
    response = client.post("/import", files=files, data={"close": "early"})
    assert response.status_code == 500
    assert response.headers["content-type"].startswith("text/html")
    text = html.unescape(response.text)
    assert 'data-code="server/error"' in text and "reload your page" in text
    assert '<a href="/">' in text  # a way back
    assert "Traceback" not in text and "IndexError" not in text and "list assignment" not in text


def test_a_refused_new_game_form_comes_back_as_it_was_written(client: TestClient) -> None:
    form = {
        "game": "rex-furum",
        "seats": "ana,ben,cy",
        "options": "close_early=true\nrouns=6",
        "seed": "s<1>",
        "minutes": "30",
        "close": "wait",
        "remind": "5",
    }
    response = client.post("/games", data=form)
    assert response.status_code == 400
    text = response.text
    assert "did you mean &#39;rounds&#39;" in text
    assert '<option value="rex-furum" selected>' in text  # not the first game of the list
    assert text.count(" selected>") == 1
    assert 'value="ana,ben,cy"' in text
    assert ">close_early=true\nrouns=6</textarea>" in text
    assert 'value="s&lt;1&gt;"' in text  # escaped as written
    assert 'value="30"' in text and 'value="5"' in text
    assert 'value="wait" checked' in text and 'value="early" checked' not in text


def test_the_front_page_form_starts_empty(client: TestClient) -> None:
    text = client.get("/").text
    assert " selected>" not in text and 'value="early" checked' in text
    assert '<textarea id="options" name="options" rows="2"></textarea>' in text


def created(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "war-slayer", "seats": ["ana", "ben"]})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_a_refused_message_of_a_player_comes_back_as_written(client: TestClient) -> None:
    token = created(client)["seats"]["ana"]["token"]
    form = {"to": ["ben", "bne"], "text": "meet me <at> the dossier"}
    response = client.post(f"/play/{token}/send", data=form)
    assert response.status_code == 422
    text = response.text
    assert "did you mean &#39;ben&#39;" in text
    assert ">meet me &lt;at&gt; the dossier</textarea>" in text
    assert 'value="ben" checked' in text and 'value="gm" checked' not in text
    assert 'id="press-error"' in text and 'id="order-error"' not in text  # beside its own form
    assert text.index('id="press-error"') > text.index('id="order-form"')
    page = client.get(f"/play/{token}").text  # a fresh page starts empty
    assert '<textarea id="press-text" name="text" rows="2"></textarea>' in page
    assert " checked>" not in page.split('id="press-form"')[1]


def test_a_refused_message_of_the_game_master_comes_back_as_written(client: TestClient) -> None:
    token = created(client)["gm"]["token"]
    form = {"to": "ana, bne", "text": "the deadline moves to 20:00"}
    response = client.post(f"/gm/{token}/send", data=form)
    assert response.status_code == 422
    text = response.text
    assert "did you mean &#39;ben&#39;" in text
    assert 'id="press-to" name="to" value="ana, bne"' in text
    assert ">the deadline moves to 20:00</textarea>" in text
    page = client.get(f"/gm/{token}").text
    assert 'id="press-to" name="to" value=""' in page
