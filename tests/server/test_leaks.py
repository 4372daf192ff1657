"""No page, API answer or error a seat can reach shows another seat's secrets.

Two checks for every registered game and every seat P:

* markers: the seed, every other reader's link token and every private message not
  addressed to P carry a unique marker; none may appear in anything P can fetch;
* differential: two games alike in all but one other seat Q's sealed (unopened)
  orders and Q's private press must look byte for byte the same to P (after its own
  token is masked) - the server builds P's pages from what P may know, so nothing of
  Q's can shape them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sealed.core.registry import all_games
from sealed.server.app import create_app
from sealed.server.service import GameService

SEED = "cnry-seed-5eed"


@pytest.fixture
def database(tmp_path: Path) -> str:
    """SQLite only: what a page shows does not depend on the database (test_app runs both)."""
    return f"sqlite:///{tmp_path / 'sealed.db'}"


@pytest.fixture
def client(service: GameService) -> Iterator[TestClient]:
    with TestClient(create_app(service, poll=None), base_url="http://127.0.0.1:8000") as client:
        yield client


def seats_of(game_name: str) -> list[str]:
    game = all_games()[game_name]
    return ["ana", "ben", "cy", "di", "ed", "flo"][: game.usual_players]


def new_game(client: TestClient, game_name: str) -> dict[str, Any]:
    body = {"game": game_name, "seats": seats_of(game_name), "seed": SEED, "close": "wait"}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def prompted(service: GameService, gm: str) -> list[str]:
    """The seats the rules ask now (several for sealed orders, one in sequential play)."""
    match = service.snapshot(service.find(gm).game_id).match
    return [seat for seat in match.seats if seat in match.prompts()]


def two_orders(service: GameService, gm: str, seat: str) -> tuple[str, str]:
    """Two different legal orders for ``seat`` now (from the game's own bot)."""
    match = service.snapshot(service.find(gm).game_id).match
    game = match.game
    prompt = match.prompts()[seat]
    bot = game.bots["random" if "random" in game.bots else next(iter(game.bots))]()
    view = game.view(match.state, seat)
    first = game.format(bot.choose(view, prompt, random.Random(0)))
    for n in range(1, 200):
        text = game.format(bot.choose(view, prompt, random.Random(n)))
        if text != first:
            return first, text
    # Never skipped: a game whose seat has one order here needs this test to start elsewhere.
    raise AssertionError(f"{game.name}: {seat} has one legal order now; start the test later")


def everything(client: TestClient, token: str) -> str:
    """Every page and answer the holder of ``token`` can fetch, errors included."""
    parts = [
        client.get(f"/play/{token}").text,
        client.get(f"/play/{token}/history").text,
        client.get(f"/play/{token}/rules").text,
        client.get(f"/api/play/{token}").text,
        client.post(f"/play/{token}/order", data={"orders": "zzz", "step": "1"}).text,
        client.post(f"/play/{token}/send", data={"to": "nobody", "text": "x"}).text,
        client.post(f"/api/play/{token}/orders", json={"orders": "zzz", "step": 1}).text,
        client.get("/").text,
    ]
    return "\n".join(parts)


GAMES = sorted(all_games())


@pytest.mark.parametrize("game_name", GAMES)
def test_markers_never_reach_another_seat(
    game_name: str, client: TestClient, service: GameService
) -> None:
    game = new_game(client, game_name)
    seats = seats_of(game_name)
    tokens = {seat: game["seats"][seat]["token"] for seat in seats}
    gm = game["gm"]["token"]
    for sender in seats:
        client.post(
            f"/api/play/{tokens[sender]}/send", json={"text": f"cnry-{sender}-gm", "to": ["gm"]}
        )
        other = seats[(seats.index(sender) + 1) % len(seats)]
        client.post(
            f"/api/play/{tokens[sender]}/send",
            json={"text": f"cnry-{sender}-to-{other}", "to": [other]},
        )
    for seat in prompted(service, gm):
        orders, _ = two_orders(service, gm, seat)
        response = client.post(
            f"/api/play/{tokens[seat]}/orders", json={"orders": orders, "step": 1}
        )
        assert response.status_code == 200, response.text
    for reader in seats:
        seen = everything(client, tokens[reader])
        assert SEED not in seen, f"{reader} sees the seed"
        assert gm not in seen, f"{reader} sees the GM's link"
        for seat in seats:
            if seat != reader:
                assert tokens[seat] not in seen, f"{reader} sees {seat}'s link"
            assert (f"cnry-{seat}-gm" in seen) is (seat == reader), (
                f"{reader}: {seat}'s press to gm"
            )
            receiver = seats[(seats.index(seat) + 1) % len(seats)]
            private = f"cnry-{seat}-to-{receiver}"
            assert (private in seen) is (reader in (seat, receiver)), f"{reader}: {private}"


@pytest.mark.parametrize("game_name", GAMES)
def test_another_seats_orders_and_press_do_not_change_what_a_seat_sees(
    game_name: str, client: TestClient, service: GameService
) -> None:
    seats = seats_of(game_name)
    first, second = new_game(client, game_name), new_game(client, game_name)
    secret = prompted(service, first["gm"]["token"])[-1]  # Q: its orders and press differ
    one, two = two_orders(service, first["gm"]["token"], secret)
    for game, orders, note in ((first, one, "cnry-first"), (second, two, "cnry-second")):
        token = game["seats"][secret]["token"]
        sealed = client.post(f"/api/play/{token}/orders", json={"orders": orders, "step": 1})
        assert sealed.status_code == 200, sealed.text
        client.post(f"/api/play/{token}/send", json={"text": note, "to": ["gm"]})
    for reader in [seat for seat in seats if seat != secret]:
        views = []
        for game in (first, second):
            token = game["seats"][reader]["token"]
            views.append(everything(client, token).replace(token, "TOKEN"))
        assert views[0] == views[1], f"{reader}'s pages depend on {secret}'s secrets"
