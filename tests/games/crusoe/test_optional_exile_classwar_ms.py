"""Exile in Class Warfare Capitalism and Market Socialism (Alternate Punishments; rulings
264-271).

Random-bot property tests per economy, under each government rulings 210-215 allow (the
Athenian Democracy, a Dictatorship): the game plays to the end and replays exactly; every
dollar is accounted for by the events and the goods are conserved; no trade, battle or
inheritance crosses between the exiles and the main encampment; an exile never sells, pays or
takes a CEO's share, holds a class or industries (Class Warfare), is paid a wage, buys from the
vault, proposes or votes on the plan (Market Socialism), holds money or is asked any of these;
a sealed step tells no other seat anything.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_optional_exile_money import MoneyApart

from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.state import CrusoeState

SCENARIOS = ("class-warfare-capitalism", "market-socialism")
GOVERNMENTS = ("athenian", "dictatorship")
ECONOMIES = ("exiles-barter", "exiles-share", "exiles-pool")
ASKS = ("plan", "plan-ballot", "buy")


def _exiles(state: CrusoeState) -> set[str]:
    return {s for s, p in state.players.items() if "exile" in p.roles}


class PlannedApart(MoneyApart):
    """MoneyApart's checks, and these scenarios': no exile has a class or a CEO's industries
    after a step, pays or takes a CEO's share, is paid a wage, buys, proposes or votes on the
    plan, or is asked to (the sides as they stood before the step)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        state = match.state
        now = _exiles(state)
        exiles = _exiles(before) & now
        if any(e.kind == "classes" for e in match.steps[-1].events):  # reassigned (264)
            assert not set(state.classes) & now, state.classes
            assert not {ceo for ceo, _ in state.ceos} & now, state.ceos
        asked = state.waiting if state.ask in ASKS else ()
        assert not set(asked) & now, (state.ask, asked)
        for event in match.steps[-1].events:
            data = event.data
            self.seen[f"exiles-{event.kind}"] += bool(exiles)
            if event.kind == "ceo-share":
                for seller, paid in data["paid"].items():
                    assert seller not in exiles and not set(paid) & exiles, event.text
            if event.kind == "wages":
                assert not {s for s, n in data["wages"].items() if n} & exiles, event.text
            plan = event.kind == "proposal" and "plan" in data  # not the exiles' own pool's
            if event.kind == "buy" or plan:
                assert data.get("seat") not in exiles, event.text


def _options(scenario: str, **more: Any) -> dict[str, Any]:
    return resolve_options(GAME.options, {"scenario": scenario, "punishments": "exile", **more})


def _exiled_at_the_start(economy: str) -> dict[str, Any]:
    """ben and dee begin in exile, having established ``economy`` among themselves."""
    roles = ["exile", economy]
    return {"players": {"ben": {"roles": roles}, "dee": {"roles": roles}}}


def _replays(match: Match[Any, Any, Any]) -> None:
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(SCENARIOS),
    government=st.sampled_from(GOVERNMENTS),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_under_exile_keep_the_sides_apart_and_replay(
    seed: int, scenario: str, government: str, bots: list[str]
) -> None:
    match = bot_game(seed, tuple(bots), _options(scenario, government=government), PlannedApart())
    _replays(match)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(SCENARIOS),
    economy=st.sampled_from(ECONOMIES),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_games_begun_with_exiles_in_their_own_economy_keep_apart_and_replay(
    seed: int, scenario: str, economy: str, bots: list[str]
) -> None:
    """The exiles' own tribal economy beside the main encampment's market or plan (a Dictator
    is drawn before the setup and could begin in exile, which play never reaches: the Athenian
    Democracy only)."""
    check = PlannedApart()
    match = bot_game(
        seed, tuple(bots), _options(scenario), check, setup=_exiled_at_the_start(economy)
    )
    _replays(match)


MODULES = (
    {"gender": "no-suffrage"},
    {"gender": "dolls-house"},
    {"gender": "matriarchal-golden-age"},
    {"landlords": "homestead"},
    {"landlords": "modern"},
    {"church": "more-devout"},
    {"guild_oligarchy": True},
    {"paternalistic": True},
    {"punishments": "exile+crippling"},
    {"punishments": "slavery+exile"},
)
"""The modules and punishments built with Exile in the money economies (Third World Country
too, but its imports are outside MoneyApart's count of goods)."""


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(SCENARIOS),
    government=st.sampled_from(GOVERNMENTS),
    module=st.sampled_from(MODULES),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_under_exile_with_the_modules_keep_apart_and_replay(
    seed: int, scenario: str, government: str, module: dict[str, Any], bots: list[str]
) -> None:
    options = _options(scenario, government=government, **module)
    match = bot_game(seed, tuple(bots), options, PlannedApart())
    _replays(match)


@pytest.mark.parametrize(
    ("scenario", "seeds"),
    [("class-warfare-capitalism", (15,)), ("market-socialism", (0, 8))],
)
def test_random_games_exile_and_the_economy_goes_on(scenario: str, seeds: tuple[int, ...]) -> None:
    """The property tests would pass if nobody were exiled: these bot games exile (a battle
    won and the verdict exile are rare: found among seeds 0-39), and the market or the vault
    must be held with exiles away."""
    check = PlannedApart()
    for seed in seeds:
        bot_game(seed, ("random", "greedy", "random", "selfish"), _options(scenario), check)
    assert check.seen["exiled"] > 0
    held = check.seen["exiles-commodity"] + check.seen["exiles-wages"]
    assert held > 0


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    economy=st.sampled_from(ECONOMIES),
    scenario=st.sampled_from(SCENARIOS),
)
def test_a_sealed_step_with_exiles_reaches_nobody(seed: int, economy: str, scenario: str) -> None:
    seal_watching_the_others(
        seed, _options(scenario), "random", orders=2_000, setup=_exiled_at_the_start(economy)
    )


def test_the_bots_elect_no_wife_to_succeed_a_deposed_dictator_under_dolls_house() -> None:
    """Found by these games: a random bot named a wife as the new Dictator (rulers.candidates
    leaves out the voiceless, women under Doll's House as under No Suffrage) and its order was
    refused, so the game stopped; bots.electable now reads gender.voiceless's rule."""
    options = _options("market-socialism", government="dictatorship", gender="dolls-house")
    bots = ("random", "cooperative", "random", "cooperative")
    bot_game(2944455115, bots, options, PlannedApart())
