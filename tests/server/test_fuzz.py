"""Fuzz the server's readers: any body to any API route, any form to any page, any bytes as
a game file: always a clear answer (2xx, or 4xx with a code), never a 500 or a traceback."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tests.server.fixtures import Clock, migrated

from sealed.server.app import create_app
from sealed.server.service import GameService

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
KEYS = (
    "game",
    "seats",
    "options",
    "seed",
    "minutes",
    "close",
    "remind",
    "orders",
    "step",
    "to",
    "text",
)
BODIES = st.one_of(
    JSON.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(st.sampled_from((*KEYS, "text")), JSON, max_size=6).map(
        lambda v: json.dumps(v).encode()
    ),
    st.binary(max_size=200),
)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@contextmanager
def running() -> Iterator[tuple[TestClient, dict[str, Any]]]:
    with tempfile.TemporaryDirectory() as folder:
        service = GameService(migrated(f"sqlite:///{Path(folder) / 'sealed.db'}"), Clock())
        app = create_app(service, poll=None)
        with TestClient(app, raise_server_exceptions=False) as client:
            body = {"game": "war-slayer", "seats": ["ana", "ben"], "seed": 1}
            game = client.post("/api/games", json=body).json()
            yield client, game


def clear(response: Any) -> None:
    assert response.status_code < 500, response.text
    assert "Traceback" not in response.text


@FUZZ
@given(route=st.sampled_from(["games", "orders", "send", "close"]), body=BODIES)
def test_any_api_body_gets_a_clear_answer(route: str, body: bytes) -> None:
    with running() as (client, game):
        seat, gm = game["seats"]["ana"]["token"], game["gm"]["token"]
        path = {
            "games": "/api/games",
            "orders": f"/api/play/{seat}/orders",
            "send": f"/api/play/{seat}/send",
            "close": f"/api/gm/{gm}/close",
        }[route]
        response = client.post(path, content=body)
        clear(response)
        data = response.json()
        assert data["ok"] is (response.status_code < 400)
        if not data["ok"]:
            assert data["error"]["code"] and data["error"]["message"]


FORM = st.dictionaries(
    st.sampled_from((*KEYS, "text", "bot", "seat", "steps", "record")),
    st.text(max_size=40),
    max_size=6,
)


@FUZZ
@given(
    route=st.sampled_from(["/games", "/import", "order", "send", "gm"]),
    act=st.sampled_from(["close", "deadline", "handover", "order", "send", "rollback", "pause"]),
    form=FORM,
)
def test_any_form_gets_a_clear_answer(route: str, act: str, form: dict[str, str]) -> None:
    with running() as (client, game):
        seat, gm = game["seats"]["ana"]["token"], game["gm"]["token"]
        path = {
            "order": f"/play/{seat}/order",
            "send": f"/play/{seat}/send",
            "gm": f"/gm/{gm}/{act}",
        }
        response = client.post(path.get(route, route), data=form, follow_redirects=False)
        clear(response)


@FUZZ
@given(raw=st.one_of(st.binary(max_size=300), JSON.map(lambda v: json.dumps(v).encode())))
def test_any_game_file_gets_a_clear_answer(raw: bytes) -> None:
    with running() as (client, _game):
        response = client.post("/import", files={"record": ("g.json", raw)}, follow_redirects=False)
        clear(response)
