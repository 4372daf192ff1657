"""The harness works: the real server starts on SQLite and on PostgreSQL, answers, survives a
SIGKILL and a restart on the same database, and headless Chromium renders its front page."""

from __future__ import annotations

from typing import Any

import httpx
from tests.server.e2e.client import Api
from tests.server.e2e.live import Screenshots, ServerProcess


def test_the_server_answers_and_a_game_survives_a_kill(
    server: ServerProcess,
) -> None:
    assert httpx.get(server.url("/healthz")).status_code == 200
    api = Api(server.base)
    try:
        game = api.create("goofspiel", ["ana", "ben"], seed=3)
        server.kill()
        assert not server.running
        server.start()
        record = api.record(game.gm_token)
        assert record["game"] == "goofspiel"
        assert record["seats"] == ["ana", "ben"]
    finally:
        api.close()


def test_chromium_renders_the_front_page(
    server: ServerProcess,
    browser: Any,
    shots: Screenshots,
) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        response = page.goto(server.url("/"))
        assert response is not None and response.status == 200
        assert "sealed" in page.content().lower()
        shots.take(page, "front-page")
    finally:
        context.close()
    assert shots.taken and shots.taken[0].stat().st_size > 0
