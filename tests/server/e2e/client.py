"""A small client of the server's JSON API, and the test's oracle for choosing orders.

The API is documented in ``src/sealed/server/__init__.py``. ``Api`` wraps it for tests and
the crash test (httpx, loopback only). ``Driver`` plays a seat as a test driver would:
it replays the game's record (fetched through the GM's link: the driver is the test, not a
player) and asks the game's own bot for the seat's orders from that seat's view, so every
choice is legal and the same seed gives the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import httpx

from sealed.core.match import Match, bot_rng, replay
from sealed.core.registry import get_game


class ApiError(AssertionError):
    """The server answered a request with an unexpected status (the body is in the message)."""


@dataclass(frozen=True)
class GameLinks:
    """A created game: its id, the GM's token and URL, each seat's token and URL."""

    game_id: int
    gm_token: str
    gm_url: str
    seat_tokens: dict[str, str]
    seat_urls: dict[str, str]

    @classmethod
    def of(cls, data: dict[str, Any]) -> GameLinks:
        seats = data["seats"]
        return cls(
            int(data["game_id"]),
            str(data["gm"]["token"]),
            str(data["gm"]["url"]),
            {seat: str(link["token"]) for seat, link in seats.items()},
            {seat: str(link["url"]) for seat, link in seats.items()},
        )

    def secrets(self) -> dict[str, str]:
        """Every token of the game by reader (the seats and ``gm``)."""
        return {**self.seat_tokens, "gm": self.gm_token}


class Api:
    """The JSON API of one running server."""

    def __init__(self, base: str, timeout: float = 30.0) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=timeout)

    def close(self) -> None:
        self.http.close()

    def _json(self, response: httpx.Response, *expected: int) -> Any:
        if response.status_code not in (expected or (200,)):
            raise ApiError(
                f"{response.request.method} {response.request.url.path} -> "
                f"{response.status_code}: {response.text[:500]}"
            )
        return response.json()

    def create(
        self,
        game: str,
        seats: list[str],
        *,
        seed: int | str | None = None,
        options: dict[str, Any] | None = None,
        minutes: int | None = None,
        close: str = "early",
    ) -> GameLinks:
        body: dict[str, Any] = {"game": game, "seats": seats, "options": options or {}}
        body["close"] = close
        if seed is not None:
            body["seed"] = seed
        if minutes is not None:
            body["minutes"] = minutes
        return GameLinks.of(self._json(self.http.post("/api/games", json=body), 200, 201))

    def play(self, token: str) -> dict[str, Any]:
        result: dict[str, Any] = self._json(self.http.get(f"/api/play/{token}"))
        return result

    def seal(self, token: str, orders: str, step: int) -> httpx.Response:
        """POST the orders; the raw response (the caller decides what a refusal means)."""
        return self.http.post(f"/api/play/{token}/orders", json={"orders": orders, "step": step})

    def send(self, token: str, text: str, to: list[str] | str) -> dict[str, Any]:
        body = {"text": text, "to": to}
        result: dict[str, Any] = self._json(
            self.http.post(f"/api/play/{token}/send", json=body), 200, 201
        )
        return result

    def status(self, gm_token: str) -> dict[str, Any]:
        result: dict[str, Any] = self._json(self.http.get(f"/api/gm/{gm_token}"))
        return result

    def close_step(self, gm_token: str, step: int) -> httpx.Response:
        return self.http.post(f"/api/gm/{gm_token}/close", json={"step": step})

    def record(self, gm_token: str) -> dict[str, Any]:
        result: dict[str, Any] = self._json(self.http.get(f"/api/gm/{gm_token}/record"))
        return result


def match_of(record: dict[str, Any]) -> Match[Any, Any, Any]:
    """The match a record replays to (replay checks every step on the way)."""
    return replay(record)


def bot_name(game_name: str) -> str:
    """The bot the driver plays with: the game's ``random`` bot where it has one."""
    bots = get_game(game_name).bots
    return "random" if "random" in bots else next(iter(bots))


class Driver:
    """Chooses every seat's orders as the game's bot would, each seat with its own generator.

    The generators are the ones ``play_bots`` gives a match with the same seed, so a game
    driven through the server step by step is the game ``short_game_seed`` played offline.
    """

    def __init__(self, game_name: str, seed: int | str) -> None:
        self.game = get_game(game_name)
        self.seed = seed
        self.bot = self.game.bots[bot_name(game_name)]()
        self.rngs: dict[str, random.Random] = {}

    def orders(self, record: dict[str, Any], seat: str) -> str:
        """``seat``'s orders for the open step of the game ``record`` holds."""
        match = match_of(record)
        rng = self.rngs.setdefault(seat, bot_rng(self.seed, seat))
        view = match.game.view(match.state, seat)
        return str(match.game.format(self.bot.choose(view, match.prompts()[seat], rng)))


def short_game_seed(game_name: str, seats: list[str], steps: range, tries: int = 500) -> int:
    """The first seed whose game, played by the Driver's bots, lasts ``steps`` steps.

    The browser tests play a whole game through the pages; a seed with a short game keeps
    the suite quick without hand-made setups.
    """
    from sealed.core.game import resolve_options
    from sealed.core.match import play_bots

    game = get_game(game_name)
    bot = game.bots[bot_name(game_name)]
    for seed in range(tries):
        match = Match.new(game, seats, resolve_options(game.options, {}), seed=seed)
        play_bots(match, {seat: bot() for seat in seats})
        if len(match.steps) in steps:
            return seed
    raise AssertionError(f"no seed below {tries} gives a {game_name} game of {steps} steps")
