"""Every page and API route through Starlette's TestClient: what it shows, what it refuses,
and that no answer is ever a traceback."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.fixtures import Clock

from sealed.server.app import create_app
from sealed.server.service import GameService
from sealed.storage import load_match


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service, poll=None), base_url="http://127.0.0.1:8000") as client:
        yield client


def created(client: TestClient, game: str = "war-slayer", **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": ["ana", "ben"], "seed": 5, **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text


def legal(client: TestClient, token: str) -> str:
    """A legal order: the first placement the seat's own hand allows (War Slayer V)."""
    hand = client.get(f"/api/play/{token}").json()["view"]["you"]["hand"]
    return "dossier " + " ".join(hand)


def test_the_front_page_creates_a_game_and_leads_to_the_console(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and 'id="create-form"' in home.text
    assert "War Slayer V" in home.text
    form = {"game": "goofspiel", "seats": "ana, ben", "options": "", "close": "early"}
    response = client.post("/games", data=form, follow_redirects=False)
    assert response.status_code == 303
    console = client.get(response.headers["location"])
    assert console.status_code == 200
    assert console.text.count('class="seat-link"') == 2
    assert 'data-seat="ana" data-sealed="no"' in console.text


def test_the_front_page_refuses_a_bad_game_in_a_line(client: TestClient) -> None:
    response = client.post("/games", data={"game": "war-slayr", "seats": "a,b"})
    assert response.status_code == 400
    assert "did you mean 'war-slayer'" in html.unescape(response.text)
    response = client.post("/games", data={"game": "goofspiel", "seats": "a,b", "minutes": "x"})
    assert response.status_code == 400 and "whole number" in response.text
    no_traceback(response.text)


def test_a_player_seals_replaces_and_sees_the_echo(client: TestClient) -> None:
    game = created(client, minutes=20)
    token = game["seats"]["ana"]["token"]
    page = client.get(f"/play/{token}")
    assert page.status_code == 200
    for marker in ('id="order-form"', 'name="orders"', 'name="step" value="1"', 'id="deadline"'):
        assert marker in page.text
    orders = legal(client, token)
    response = client.post(
        f"/play/{token}/order", data={"orders": orders.lower(), "step": "1"}, follow_redirects=False
    )
    assert response.status_code == 303
    page = client.get(f"/play/{token}")
    note = re.search(r'<p id="sealed-note".*?</p>', page.text, re.S)
    assert note is not None
    assert "Sealed at 14:00 UTC" in note.group(0) and "until 14:20 UTC" in note.group(0)
    assert orders in note.group(0)  # the canonical text echoed back
    assert "Replace my orders" in page.text


def test_a_refused_order_is_shown_beside_the_form_with_its_code(client: TestClient) -> None:
    game = created(client)
    token = game["seats"]["ana"]["token"]
    response = client.post(f"/play/{token}/order", data={"orders": "dosier 2C", "step": "1"})
    assert response.status_code == 422
    assert 'id="order-error" class="error" data-code="order/syntax"' in response.text
    assert "did you mean 'dossier'" in html.unescape(response.text)
    assert "dosier 2C</textarea>" in response.text  # what was written is kept
    stale = client.post(f"/play/{token}/order", data={"orders": "dossier 2C", "step": "7"})
    assert stale.status_code == 409 and 'data-code="order/stale_step"' in stale.text
    bad = client.post(f"/play/{token}/order", data={"orders": "x", "step": "one"})
    assert bad.status_code == 400 and 'data-code="request/bad"' in bad.text


def test_few_legal_choices_are_offered_as_buttons(client: TestClient) -> None:
    game = created(client, game="goofspiel")
    page = client.get(f"/play/{game['seats']['ana']['token']}")
    assert page.text.count('class="choice"') == 13  # one bid per card in hand


def test_press_reaches_only_its_recipients(client: TestClient) -> None:
    game = created(client)
    ana, ben = game["seats"]["ana"]["token"], game["seats"]["ben"]["token"]
    response = client.post(
        f"/play/{ana}/send", data={"to": "gm", "text": "psst-gm-only"}, follow_redirects=False
    )
    assert response.status_code == 303
    client.post(f"/play/{ana}/send", data={"to": ["ben"], "text": "hello-ben"})
    assert "hello-ben" in client.get(f"/play/{ben}").text
    assert "psst-gm-only" not in client.get(f"/play/{ben}").text
    assert "psst-gm-only" in client.get(f"/gm/{game['gm']['token']}").text
    refused = client.post(f"/play/{ana}/send", data={"to": "zed", "text": "hi"})
    assert refused.status_code == 422 and 'data-code="press/refused"' in refused.text


def test_the_console_acts_and_audits(client: TestClient, clock: Clock) -> None:
    game = created(client)
    gm = game["gm"]["token"]
    for act, data in (
        ("deadline", {"minutes": "30"}),
        ("pause", {}),
        ("resume", {}),
        ("handover", {"seat": "ben", "bot": "random"}),
        ("send", {"to": "", "text": "welcome all"}),
        ("close", {"step": "1"}),
    ):
        response = client.post(f"/gm/{gm}/{act}", data=data, follow_redirects=False)
        assert response.status_code == 303, (act, response.text)
    console = client.get(f"/gm/{gm}").text
    audit = re.search(r'<table id="audit">.*?</table>', console, re.S)
    assert audit is not None
    for act in ("create", "deadline", "pause", "resume", "handover", "press", "close"):
        assert f"<td>{act}</td>" in audit.group(0)
    again = client.post(f"/gm/{gm}/close", data={"step": "1"})  # a double click
    assert again.status_code == 409 and 'data-code="order/stale_step"' in again.text
    unknown = client.post(f"/gm/{gm}/explode", data={})
    assert unknown.status_code == 404


def test_preview_and_rollback_pages(client: TestClient) -> None:
    game = created(client)
    gm = game["gm"]["token"]
    preview = client.get(f"/gm/{gm}/preview")
    assert preview.status_code == 200 and "(default)" in preview.text
    assert client.get(f"/gm/{gm}/rollback?steps=1").status_code == 400  # nothing opened yet
    client.post(f"/gm/{gm}/close", data={"step": "1"})
    page = client.get(f"/gm/{gm}/rollback?steps=1")
    assert page.status_code == 200 and "undone: " in page.text
    assert 'name="from_step" value="2"' in page.text
    done = client.post(f"/gm/{gm}/rollback", data={"steps": "1", "from_step": "2"})
    assert done.status_code == 200 and 'id="rolled-back"' in done.text
    assert client.get(f"/api/gm/{gm}").json()["step"] == 1
    again = client.post(f"/gm/{gm}/rollback", data={"steps": "1", "from_step": "2"})  # resent
    assert again.status_code == 409 and 'data-code="order/stale_step"' in again.text


def test_downloads_replay_with_the_cli(client: TestClient, tmp_path: Any) -> None:
    game = created(client)
    gm = game["gm"]["token"]
    client.post(f"/gm/{gm}/close", data={"step": "1"})
    record = client.get(f"/gm/{gm}/record.json")
    assert record.status_code == 200 and "attachment" in record.headers["content-disposition"]
    path = tmp_path / "game.json"
    path.write_text(record.text)
    assert load_match(path).step == 2
    reports = client.get(f"/gm/{gm}/reports.txt").text
    assert "===== ana =====" in reports and "===== gm =====" in reports
    imported = client.post(
        "/import", files={"record": ("game.json", record.content)}, follow_redirects=False
    )
    assert imported.status_code == 303
    again = client.get(imported.headers["location"].replace("/gm/", "/api/gm/")).json()
    assert again["step"] == 2
    broken = client.post("/import", files={"record": ("g.json", b'{"format": ')})
    assert broken.status_code == 400 and "line 1: not valid JSON" in broken.text


def test_history_and_rules_pages(client: TestClient) -> None:
    game = created(client)
    token = game["seats"]["ana"]["token"]
    client.post(f"/gm/{game['gm']['token']}/close", data={"step": "1"})
    history = client.get(f"/play/{token}/history")
    assert history.status_code == 200 and 'id="step-1"' in history.text
    rules = client.get(f"/play/{token}/rules")
    assert rules.status_code == 200 and "War Slayer" in rules.text


def test_the_api_seals_reports_and_closes(client: TestClient) -> None:
    game = created(client)
    ana, gm = game["seats"]["ana"]["token"], game["gm"]["token"]
    report = client.get(f"/api/play/{ana}").json()
    assert report["due"] is True and report["step"] == 1 and report["sealed"] is None
    orders = legal(client, ana)
    sealed = client.post(f"/api/play/{ana}/orders", json={"orders": orders, "step": 1}).json()
    assert sealed["ok"] and sealed["canonical"] == orders and sealed["opened"] is False
    assert client.get(f"/api/play/{ana}").json()["sealed"] == orders
    status = client.get(f"/api/gm/{gm}").json()
    assert status["seats"]["ana"] == {"due": True, "sealed": True, "bot": None}
    assert client.post(f"/api/gm/{gm}/close", json={"step": 1}).json() == {"ok": True, "step": 2}
    stale = client.post(f"/api/play/{ana}/orders", json={"orders": orders, "step": 1})
    assert stale.status_code == 409
    assert stale.json()["error"]["code"] == "order/stale_step"
    record = client.get(f"/api/gm/{gm}/record").json()
    assert record["format"] == "sealed-record" and len(record["steps"]) == 1
    sent = client.post(f"/api/play/{ana}/send", json={"text": "hi", "to": ["ben"]}).json()
    assert sent == {"ok": True, "number": 1}


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "code"),
    [
        ("post", "/api/games", b"{", 400, "request/bad"),
        ("post", "/api/games", b"[]", 400, "request/bad"),
        ("post", "/api/games", b'{"game": "war-slayer", "seats": "ana"}', 400, "request/bad"),
        ("post", "/api/games", b'{"game": "chess", "seats": ["a", "b"]}', 400, "game/unknown"),
        ("post", "/api/games", b'{"game": "goofspiel", "seats": ["a"]}', 400, "game/setup"),
        (
            "post",
            "/api/games",
            b'{"game": "goofspiel", "seats": ["a", "b"], "options": {"cards": 99}}',
            400,
            "game/option",
        ),
        (
            "post",
            "/api/games",
            b'{"game": "goofspiel", "seats": ["a", "b"], "close": "x"}',
            400,
            "request/bad",
        ),
        ("get", "/api/play/not-a-token", b"", 404, "link/unknown"),
        ("post", "/api/play/not-a-token/orders", b"{}", 404, "link/unknown"),
        ("get", "/api/gm/not-a-token", b"", 404, "link/unknown"),
        ("get", "/api/nothing-here", b"", 404, "link/unknown"),
        ("get", "/api/games", b"", 405, "request/bad"),
    ],
)
def test_bad_api_requests_get_a_code_and_no_traceback(
    client: TestClient, method: str, path: str, body: bytes, status: int, code: str
) -> None:
    response = client.request(method.upper(), path, content=body)
    assert response.status_code == status, response.text
    assert response.json()["ok"] is False
    assert response.json()["error"]["code"] == code
    no_traceback(response.text)


def test_bad_orders_through_the_api(client: TestClient) -> None:
    game = created(client)
    ana, gm = game["seats"]["ana"]["token"], game["gm"]["token"]
    for body, status, code in (
        ({"orders": 5, "step": 1}, 400, "request/bad"),
        ({"orders": "dossier 2C", "step": "x"}, 400, "request/bad"),
        ({"orders": "dossier", "step": 1}, 422, None),
        ({"orders": "a" * 200_000, "step": 1}, 400, "request/bad"),
    ):
        response = client.post(f"/api/play/{ana}/orders", json=body)
        assert response.status_code == status, response.text
        if code is not None:
            assert response.json()["error"]["code"] == code
        assert len(response.text) < 2000
    # A seat's token is not the GM's, and the GM's is not a seat's.
    assert client.get(f"/api/gm/{ana}").status_code == 404
    assert client.get(f"/api/play/{gm}").status_code == 404
    assert client.get(f"/gm/{ana}").status_code == 404
    assert client.get("/play/nope").status_code == 404


def test_pages_hide_their_address_and_cross_site_posts_are_refused(client: TestClient) -> None:
    game = created(client)
    token = game["seats"]["ana"]["token"]
    page = client.get(f"/play/{token}")
    assert page.headers["referrer-policy"] == "same-origin"
    assert page.headers["cache-control"] == "no-store"
    forged = client.post(
        f"/play/{token}/send", data={"text": "x"}, headers={"origin": "http://evil.test"}
    )
    assert forged.status_code == 403
    fetched = client.post(
        f"/play/{token}/send", data={"text": "x"}, headers={"sec-fetch-site": "cross-site"}
    )
    assert fetched.status_code == 403
    browser = client.post(  # a browser's own form post from a page that hides its address
        f"/play/{token}/send",
        data={"text": "x"},
        headers={"origin": "null", "sec-fetch-site": "same-origin"},
        follow_redirects=False,
    )
    assert browser.status_code == 303
    same = client.post(
        f"/play/{token}/send",
        data={"text": "x"},
        headers={"origin": "http://127.0.0.1:8000"},
        follow_redirects=False,
    )
    assert same.status_code == 303


def test_health_and_static(client: TestClient) -> None:
    assert client.get("/healthz").text == "ok"
    assert client.get("/static/style.css").status_code == 200
    assert "deadline" in client.get("/static/countdown.js").text
    assert json.loads(client.get("/api/nope").text)["ok"] is False


def test_the_running_app_fires_deadlines_by_itself(service: GameService, clock: Clock) -> None:
    with TestClient(create_app(service, poll=0.02)) as client:
        game = created(client, game="goofspiel", minutes=5)
        gm = game["gm"]["token"]
        clock.advance(6)
        for _ in range(1000):  # the scheduler runs every 0.02 s; wait for it, however slow
            if client.get(f"/api/gm/{gm}").json()["step"] == 2:
                break
            time.sleep(0.01)
        status = client.get(f"/api/gm/{gm}").json()
        assert status["step"] == 2
        assert status["deadline"] == (clock() + timedelta(minutes=5)).isoformat(timespec="seconds")


def test_a_page_shown_again_writes_nothing(client: TestClient) -> None:
    game = created(client)
    gm, token = game["gm"]["token"], game["seats"]["ana"]["token"]
    client.post(f"/gm/{gm}/close", data={"step": "1"})
    revision = client.get(f"/api/gm/{gm}").json()["revision"]
    first = client.get(f"/play/{token}").text
    assert 'id="news"' in first  # what step 1 told ana, delivered on the web channel
    assert client.get(f"/api/gm/{gm}").json()["revision"] == revision + 1
    again = client.get(f"/play/{token}").text
    assert 'id="news"' not in again  # told once
    assert client.get(f"/api/gm/{gm}").json()["revision"] == revision + 1
