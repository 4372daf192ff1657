"""The bot-game drivers Crusoe's property tests share.

``bot_game`` plays four bots to the end of a game, checking every order round-trips through
its notation and handing each step to the test's own check (conservation of goods, of money,
the ruler's rules). ``seal_watching_the_others`` seals orders one seat at a time and asserts
that, while a step is still sealed, no other seat's report changes (hidden information).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from sealed.core.jsonable import jsonable
from sealed.core.match import Match, bot_rng
from sealed.games.crusoe import GAME
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import GOODS, CrusoeState

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")

StepCheck = Callable[[CrusoeState, Match[Any, Any, Any]], None]
"""Called after each step with a copy of the state before it and the match after it."""


def bot_game(
    seed: int,
    bots: tuple[str, ...],
    options: Mapping[str, Any],
    check: StepCheck,
    max_steps: int = 5_000,
    setup: Mapping[str, Any] | None = None,
) -> Match[Any, Any, Any]:
    """A game of ``bots`` (one a seat of ``SEATS``) to its end, ``check`` after each step;
    ``setup`` overlays the first state (a game begun with some players already exiled)."""
    match = Match.new(GAME, list(SEATS), dict(options), seed=seed, setup=setup)
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    for _ in range(max_steps):
        if match.result() is not None:
            return match
        before: CrusoeState = match.state.copy()  # the step changes the state in place
        for seat in match.waiting_for():
            state = match.state
            assert state.players[seat].alive, f"dead {seat} is asked to decide"
            order = players[seat].choose(GAME.view(state, seat), match.prompts()[seat], rngs[seat])
            assert GAME.parse(state, seat, GAME.format(order)) == order
            match.seal_order(seat, order)
        check(before, match)
    raise AssertionError("the game did not end")


def check_tokens(state: CrusoeState) -> None:
    """No seat holds less than none of a good; no good or Leisure is in play beyond the supply."""
    for seat, player in state.players.items():
        for good, n in player.goods.items():
            assert n >= 0, f"{seat} holds {n} {good}"
    for good in GOODS:
        assert state.in_play(good) <= state.board.supply[good], f"more {good} than the supply"
    assert state.in_play("leisure") <= state.board.supply["leisure"]


def told(match: Match[Any, Any, Any], seat: str) -> str:
    """Everything a seat's report holds, as text."""
    report = match.report(seat)
    return json.dumps(
        [jsonable(report.view), [jsonable(t) for t in report.events], report.step], sort_keys=True
    )


def seal_watching_the_others(
    seed: int,
    options: Mapping[str, Any],
    bot: str,
    orders: int,
    check_from: int = 0,
    stop: Callable[[Order], bool] = lambda order: False,
    setup: Mapping[str, Any] | None = None,
) -> None:
    """Seal up to ``orders`` orders of ``bot``s, one seat at a time; from the ``check_from``-th
    on, while others still have to seal, no other seat may be told anything new. Ends with
    the game, or after a checked order for which ``stop`` holds (``setup``: as bot_game's)."""
    match = Match.new(GAME, list(SEATS), dict(options), seed=seed, setup=setup)
    bots = {seat: GAME.bots[bot]() for seat in SEATS}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    for sealed in range(orders):
        if match.result() is not None:
            return
        waiting = match.waiting_for()
        seat = waiting[0]
        others = [s for s in SEATS if s != seat]
        checked = len(waiting) > 1 and sealed >= check_from  # the step stays sealed
        seen = {s: told(match, s) for s in others} if checked else {}
        order = bots[seat].choose(GAME.view(match.state, seat), match.prompts()[seat], rngs[seat])
        match.seal_order(seat, order)
        if checked:
            for other in others:
                assert told(match, other) == seen[other], f"{seat}'s sealed order reached {other}"
            if stop(order):
                return
