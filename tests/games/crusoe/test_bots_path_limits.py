"""Market Socialism's limits by path in the strategic bots' plans (option ``bots_path_limits``,
ruling 228 on ruling 82): every plan they propose is legal and names a path, never a player;
every purchase keeps to the limit of the buyer's path; random games under every government
play to the end; off, the bots propose what they always have (no limit)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng
from sealed.games.crusoe import GAME
from sealed.games.crusoe.bots import RATIONED, CooperativeBot, GreedyBot, SelfishBot
from sealed.games.crusoe.orders import PATH_LIMITS, format_order
from sealed.games.crusoe.socialist_market import current, limit_for
from sealed.games.crusoe.state import PATHS

SEATS = ("ana", "ben", "cy", "dee")
GOVERNMENTS = ("athenian", "dictatorship", "representative", "bureaucracy", "hybrid")
BOTS = ("greedy", "cooperative", "selfish", "random")
COOPERATIVE_PLAN = (
    "plan wage 10 price 10 limit 2 limit.spear none limit.diamond none limit.water.firefly 999 "
    "limit.banana.firefly 999 limit.apple.firefly 999 limit.grape.firefly 999 "
    "limit.egg.firefly 999 limit.fish.firefly 999"
)
"""The cooperative bot's plan (cases/market_socialism_bot_limits.yaml plays it at a table)."""


def options(government: str, on: bool = True) -> dict[str, Any]:
    chosen: dict[str, Any] = {"scenario": "market-socialism", "government": government}
    if government == "hybrid":  # the limits decided by a President, the rest voted
        chosen["government_purchase_limits"] = "representative"
    return resolve_options(GAME.options, chosen | {"bots_path_limits": on})


def play(
    opts: dict[str, Any], bots: tuple[str, ...], seed: int
) -> tuple[Match[Any, Any, Any], int]:
    """Play to the end, checking each plan and purchase as it is sealed; the count of plans
    proposed with limits by path."""
    match: Match[Any, Any, Any] = Match.new(GAME, list(SEATS), opts, seed=seed)
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    by_path = 0
    for _ in range(20_000):
        if match.result() is not None:
            return match, by_path
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            order = players[seat].choose(view, match.prompts()[seat], rngs[seat])
            if order.word == "plan" and not isinstance(players[seat], GAME.bots["random"]):
                by_path += _check_plan(order.terms)
            if order.word == "buy" and order.name != "none":
                _check_purchase(match, seat, order.name, order.number)
            match.seal_order(seat, order)  # refused if illegal
    raise AssertionError("the game did not end")


def _check_plan(terms: tuple[tuple[str, int], ...]) -> int:
    """A strategic bot's plan: limits by path only on water and food, each a path's key (an
    in-game criterion: ruling 82), each from 0 to 999."""
    keyed = [key for key, _ in terms if key.count(".") == 2]
    assert all(key in PATH_LIMITS and key.split(".")[1] in RATIONED for key in keyed), terms
    assert all(0 <= n <= 999 for _, n in terms), terms
    return 1 if keyed else 0


def _check_purchase(match: Match[Any, Any, Any], seat: str, good: str, units: int) -> None:
    """Ruling 82: what he has bought of the good, with this, is within his path's limit."""
    state = match.state
    limit = limit_for(current(state), state.players[seat].path, good)
    had = state.bought.get(seat, {}).get(good, 0)
    assert limit is None or had + units <= limit, (seat, good, units, had, limit)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    government=st.sampled_from(GOVERNMENTS),
    bots=st.tuples(*[st.sampled_from(BOTS)] * 4),
)
def test_random_games_with_the_option_play_to_the_end_within_every_limit(
    seed: int, government: str, bots: tuple[str, ...]
) -> None:
    play(options(government), bots, seed)


@pytest.mark.parametrize("government", ["athenian", "dictatorship"])
def test_the_strategic_bots_propose_limits_by_path_and_the_plan_in_force_has_them(
    government: str,
) -> None:
    match, by_path = play(options(government), ("greedy", "cooperative", "selfish", "greedy"), 4)
    assert by_path > 0
    plans = [e.data["plan"] for e in match.events if e.kind == "plan"]
    assert any(key.startswith("limit.") and key[6:] in PATHS for p in plans for key in p), plans


def test_the_cooperative_rations_all_but_the_firefly_walker_and_the_selfish_all_but_itself() -> (
    None
):
    match: Match[Any, Any, Any] = Match.new(GAME, list(SEATS), options("athenian"), seed=1)
    view = GAME.view(match.state, match.waiting_for()[0])
    cooperative = CooperativeBot().wanted_plan(view)
    assert cooperative["limit"] == dict.fromkeys(RATIONED, 2)
    assert cooperative["limit.firefly"] == dict.fromkeys(RATIONED, 999)
    selfish = SelfishBot().wanted_plan(view)
    assert selfish["limit"] == dict.fromkeys(RATIONED, 1)
    assert [k for k in selfish if k.startswith("limit.")] != []
    assert format_order(CooperativeBot().plan(view)) == COOPERATIVE_PLAN  # the scenario's order


def test_off_the_bots_propose_no_limit_as_before() -> None:
    match: Match[Any, Any, Any] = Match.new(GAME, list(SEATS), options("athenian", False), seed=1)
    view = GAME.view(match.state, match.waiting_for()[0])
    for bot in (GreedyBot(), CooperativeBot(), SelfishBot()):
        assert bot.wanted_plan(view)["limit"] == {}
        assert set(bot.wanted_plan(view)) == {"wage", "price", "limit"}


def test_the_option_is_refused_outside_market_socialism() -> None:
    chosen = {"scenario": "national-capitalism", "bots_path_limits": True}
    with pytest.raises(OptionError, match="bots_path_limits: only Market Socialism"):
        GAME.initial_state(list(SEATS), resolve_options(GAME.options, chosen), SeededChance("x"))
