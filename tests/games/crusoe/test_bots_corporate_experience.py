"""Corporations: the strategic bots weigh a path's corporate Experience when they choose a
path (option ``bots_corporate_experience``, ruling 229): the gain grows with the numbers held
and the path's spread, the bot's choice moves toward a path with Experience only with the
option, random games with the option play to the end, and without Corporations it is refused."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, play_bots
from sealed.games.crusoe import GAME
from sealed.games.crusoe.bot_values import experience_gain
from sealed.games.crusoe.bots import GreedyBot, corporate_experience
from sealed.games.crusoe.views import CrusoeView

SEATS = ["ana", "ben", "cy", "dee"]
BOTS = ("greedy", "cooperative", "selfish", "random")


def options(on: bool = True, scenario: str = "national-capitalism") -> dict[str, Any]:
    chosen = {"scenario": scenario, "corporations": True, "bots_corporate_experience": on}
    return resolve_options(GAME.options, chosen)


def test_the_gain_grows_with_the_numbers_held_and_is_nothing_without_them() -> None:
    values = [0.0, 1.0, 4.0, 1.0, 0.0, 2.0, 1.0]
    assert experience_gain(values, []) == 0.0
    assert experience_gain([], [3]) == 0.0
    assert experience_gain([1.0, 1.0], [3]) == 0.0  # every space alike: nothing to choose
    once, twice, two = (experience_gain(values, n) for n in ([3], [3, 3], [3, 4]))
    assert 0 < once < twice == two


def with_experience(view: CrusoeView, path: str, numbers: list[int]) -> CrusoeView:
    ledger = dict(view.corporations) | {"experience": {path: numbers}}
    return dataclasses.replace(view, corporations=ledger)


def test_only_with_the_option_does_a_paths_experience_count() -> None:
    for on in (True, False):
        match: Match[Any, Any, Any] = Match.new(GAME, SEATS, options(on), seed=1)
        view = with_experience(GAME.view(match.state, "ana"), "spider", [2, 2, 5])
        values = [1.0, 3.0, 0.0, 2.0]
        assert (corporate_experience(view, "spider", values) > 0) is on
        assert corporate_experience(view, "ant", values) == 0.0


def test_enough_experience_draws_the_greedy_bot_to_that_path() -> None:
    match: Match[Any, Any, Any] = Match.new(GAME, SEATS, options(), seed=1)
    view = GAME.view(match.state, "ana")
    me = next(p for p in view.players if p.seat == "ana")
    bot = GreedyBot()
    first = bot.best_path(view, me)
    others = [p for p in view.board if p != first]
    drawn = [
        p
        for p in others
        if bot.best_path(with_experience(view, p, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]), me) == p
    ]
    assert drawn, "no path's Experience outweighed the best path"
    off: Match[Any, Any, Any] = Match.new(GAME, SEATS, options(False), seed=1)
    view_off = GAME.view(off.state, "ana")
    for p in others:
        full = with_experience(view_off, p, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
        assert bot.best_path(full, me) == bot.best_path(view_off, me)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    scenario=st.sampled_from(["national-capitalism", "state-capitalism", "market-socialism"]),
    bots=st.tuples(*[st.sampled_from(BOTS)] * 4),
)
def test_random_games_with_the_option_play_to_the_end(
    seed: int, scenario: str, bots: tuple[str, ...]
) -> None:
    match: Match[Any, Any, Any] = Match.new(GAME, SEATS, options(True, scenario), seed=seed)
    play_bots(match, {s: GAME.bots[b]() for s, b in zip(SEATS, bots, strict=True)})
    assert match.result() is not None


def test_the_option_is_refused_without_corporations() -> None:
    chosen = resolve_options(
        GAME.options, {"scenario": "national-capitalism", "bots_corporate_experience": True}
    )
    with pytest.raises(OptionError, match="bots_corporate_experience: only Corporations"):
        GAME.initial_state(SEATS, chosen, SeededChance("x"))
