"""Exile across this session's combinations, with the exiles pushed to return (issue 14's review,
rulings 264-284 and 305-307).

Random bots seldom exile anyone and the exiles seldom vote to return, so the other property
tests rarely see a return. Here the bots' verdicts lean to ``exile`` and the exiles' ballots to
``return`` whenever the rules allow them, at three to six seats, in the money economies under
every government, with Landlords, Crippling and Slavery beside Exile: the game plays to the end,
replays exactly, keeps the sides apart (money, goods, offices, the plan, the land: the checks of
``test_optional_exile_governments`` and ``test_optional_exile_landlords``).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.test_optional_exile_governments import GOVERNMENTS, TASKS, GovernmentApart
from tests.games.crusoe.test_optional_exile_landlords import _check_land

from sealed.core.errors import IllegalOrderError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME, stats
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import CrusoeState

NAMES = ("ana", "ben", "cy", "dee", "eve", "fay")
SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "governmental-socialism",
    "class-warfare-capitalism",
    "market-socialism",
)
LAND = ("none", "homestead", "modern", "modern-fair-housing", "modern-rent-control")
PUSHED = {"verdict": "exile", "exile-vote": "return"}
"""The decision, and the order a bot casts instead (four times in five) when it is legal."""


class Apart(GovernmentApart):
    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        _check_land(before, match, self.seen)
        for event in match.steps[-1].events:
            if event.kind == "exile-vote" and event.data.get("carried") == "return":
                self.seen["returned"] += 1


def _options(scenario: str, government: str, land: str, punishments: str) -> dict[str, Any]:
    task = TASKS.get(scenario, "tax_burden")
    form = {k.replace("TASK", task): v for k, v in GOVERNMENTS[government].items()}
    shipped = stats.government_options(scenario, str(form["government"]))
    given_ = {**shipped, "punishments": punishments, **form, "landlords": land}
    return resolve_options(GAME.options, given_)


def _pushed(match: Match[Any, Any, Any], seat: str, order: Order, rng: random.Random) -> Order:
    text = PUSHED.get(match.state.ask or "")
    if text is None or rng.random() >= 0.8:
        return order
    try:
        return GAME.parse(match.state, seat, text)
    except IllegalOrderError:
        return order


def play(seed: int, seats: int, options: dict[str, Any], exiles: int) -> Apart:
    """A random-bot game to its end under Apart; ``exiles`` seats (never the ruler or one already
    asked) begin in exile under the exiles' Tribal Capitalism. It replays exactly."""
    names = list(NAMES[:seats])
    drawn = Match.new(GAME, names, options, seed=seed).state
    home = {drawn.ruler, drawn.president, *drawn.waiting}
    away = [s for s in names if s not in home][-exiles:]
    roles = {s: [*drawn.players[s].roles, "exile", "exiles-barter"] for s in away}
    setup = {"players": {s: {"roles": r} for s, r in roles.items()}} if away else None
    match = Match.new(GAME, names, options, seed=seed, setup=setup)
    bots = {s: GAME.bots["random"]() for s in names}
    rngs = {s: bot_rng(seed, s) for s in names}
    check = Apart()
    for _ in range(8_000):
        if match.result() is not None:
            break
        before = match.state.copy()
        for seat in match.waiting_for():
            view, prompt = GAME.view(match.state, seat), match.prompts()[seat]
            order = _pushed(match, seat, bots[seat].choose(view, prompt, rngs[seat]), rngs[seat])
            match.seal_order(seat, order)
        check(before, match)
    assert match.result() is not None, "the game did not end"
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    return check


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(3, 6),
    scenario=st.sampled_from(SCENARIOS),
    government=st.sampled_from(sorted(GOVERNMENTS)),
    land=st.sampled_from(LAND),
    punishments=st.sampled_from(("exile", "exile+crippling", "slavery+exile")),
)
def test_games_pushed_to_exile_and_return_keep_the_sides_apart_and_replay(
    seed: int, seats: int, scenario: str, government: str, land: str, punishments: str
) -> None:
    options = _options(scenario, government, land, punishments)
    play(seed, seats, options, exiles=seats // 2 + 1)


def test_the_pushed_games_do_return() -> None:
    """The property test would pass if nobody ever came back: these games return (and exile
    again), under a President and a chart, with Landlords and Slavery."""
    seen = Apart().seen
    for seed in range(6):
        government = ("representative", "bureaucracy")[seed % 2]
        options = _options("class-warfare-capitalism", government, "modern", "slavery+exile")
        seen.update(play(seed, 5, options, exiles=3).seen)
    assert seen["returned"] > 0
    assert seen["exiled"] > 0
