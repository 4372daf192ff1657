"""Exile under a Representative Democracy, a Bureaucracy or a Constitutional Hybrid in the money
economies, and a President, a chart or a hybrid choosing the paths under Exile (rulings
278-284; scenarios in ``cases/optional_exile_governments.yaml``).

Random-bot property tests: the game plays to the end and replays exactly; every dollar and
good is accounted for (the money economies' checks of ``test_optional_exile_money``, and
Class Warfare's and Market Socialism's of ``test_optional_exile_classwar_ms``); no
trade, battle or inheritance crosses; an exile never campaigns, votes for President, moves or
votes on an amendment, writes the chart's box, proposes or votes on the policy, holds an
office or is assigned a path; a sealed step tells no other seat anything.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, SEATS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_optional_exile_classwar_ms import PlannedApart

from sealed.core.chance import ScriptedChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME, bureaucracy, stats
from sealed.games.crusoe.modules import paternalistic
from sealed.games.crusoe.state import CrusoeState, Settings

SCENARIOS = (
    "national-capitalism",
    "welfare-capitalism",
    "governmental-socialism",
    "class-warfare-capitalism",  # ruling 284
    "market-socialism",
)
TASKS = {"governmental-socialism": "distribution", "market-socialism": "wages"}
"""A hybrid's ``government_TASK``: the pot's division, the wages, else the tax burdens."""
GOVERNMENTS: dict[str, dict[str, Any]] = {
    "representative": {"government": "representative"},
    "bureaucracy": {"government": "bureaucracy"},  # the lab's chart (stats.government_options)
    "bureaucracy, no chart": {"government": "bureaucracy", "government_chart": ""},
    "hybrid": {"government": "hybrid"},  # the seed's example (stats.SEED_HYBRID)
    "hybrid, two rulers": {
        "government": "hybrid",
        "government_estate": "dictatorship",
        "government_TASK": "representative",
    },
    "hybrid, a chart and a Dictator": {
        "government": "hybrid",
        "government_estate": "bureaucracy",
        "government_chart": "",
        "government_TASK": "dictatorship",
    },
}
"""The governments built with Exile in the money economies, as options (rulings 278-281);
with no chart, every case goes to the main encampment's first player (ruling 67)."""
HOME_ASKS = (
    *("campaign", "elect", "amend", "amend-ballot", "box", "policy", "ballot"),
    *("assign", "assign-ballot"),
)
"""The main encampment's government's decisions: never asked of an exile."""


def _exiles(state: CrusoeState) -> set[str]:
    return {s for s, p in state.players.items() if "exile" in p.roles}


class GovernmentApart(PlannedApart):
    """The money economies' checks (and Class Warfare's and Market Socialism's: ruling 284), and
    the main encampment's government's: no exile is asked to
    campaign, elect, amend, write a box or assign; no exile campaigns or is assigned a path."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        state = match.state
        if state.ask in HOME_ASKS:
            assert not set(state.waiting) & _exiles(state), (state.ask, state.waiting)
        exiles = _exiles(before) & _exiles(state)
        for event in match.steps[-1].events:
            self.seen[f"home-{event.kind}"] += bool(exiles)
            if event.kind in ("campaign", "amendment", "chart"):
                assert event.data.get("seat") not in exiles, event.text
            if event.kind == "assignment":
                assert not set(event.data.get("assigned", {})) & exiles, event.text


def options(scenario: str, government: str, **more: Any) -> dict[str, Any]:
    task = TASKS.get(scenario, "tax_burden")
    form = {k.replace("TASK", task): v for k, v in GOVERNMENTS[government].items()}
    shipped = stats.government_options(scenario, str(form["government"]))
    given_ = {**shipped, "punishments": "exile", **form, **more}
    return resolve_options(GAME.options, given_)


def exiles_at_the_start(seed: int, options_: dict[str, Any]) -> dict[str, Any]:
    """Two seats begin in exile, never a ruler drawn before the setup (play never exiles a
    ruler without deposing him: rulings 179, 278) nor one already asked to decide (the first
    question is put before the setup is laid over the state)."""
    drawn = Match.new(GAME, list(SEATS), options_, seed=seed).state
    home = {drawn.ruler, drawn.president, *drawn.waiting}
    exiled = [s for s in SEATS if s not in home][-2:]
    for seat in exiled:  # their other roles (a woman's, ...) stay
        drawn.players[seat].roles = (*drawn.players[seat].roles, "exile")
    setup: dict[str, Any] = {
        "players": {seat: {"roles": list(drawn.players[seat].roles)} for seat in exiled}
    }
    if drawn.ask == "assign":  # the paths offered first are the main encampment's (ruling 176)
        setup["offer"] = paternalistic.offered(drawn)
        if not setup["offer"]:  # nobody left to assign, yet the ruler was asked: exile nobody
            return {}
    return setup


def play(seed: int, options_: dict[str, Any], bots: tuple[str, ...]) -> GovernmentApart:
    check = GovernmentApart()
    match = bot_game(seed, bots, options_, check, setup=exiles_at_the_start(seed, options_))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    return check


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(SCENARIOS),
    government=st.sampled_from(sorted(GOVERNMENTS)),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_with_exiles_under_each_government_keep_apart_and_replay(
    seed: int, scenario: str, government: str, bots: list[str]
) -> None:
    play(seed, options(scenario, government), tuple(bots))


PATH_GOVERNMENTS: dict[str, dict[str, Any]] = {
    "representative": {"government": "representative"},
    "bureaucracy": {"government": "bureaucracy", "government_chart": ""},
    "hybrid, the President's paths": {
        "government": "hybrid",
        "government_paths": "representative",
        "government_estate": "dictatorship",
    },
    "hybrid, the chart's paths": {
        "government": "hybrid",
        "government_paths": "bureaucracy",
        "government_estate": "representative",
        "government_chart": "",
    },
}
"""A President, a chart or a hybrid choosing the paths (ruling 282)."""
ASSIGNING = ({"paternalistic": True}, {"gender": "matriarchal-golden-age"})


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        ("hobbesian", "tribal-socialism", "national-capitalism", "centralized-communism")
    ),
    government=st.sampled_from(sorted(PATH_GOVERNMENTS)),
    module=st.sampled_from(ASSIGNING),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_with_the_paths_assigned_under_exile_keep_apart_and_replay(
    seed: int, scenario: str, government: str, module: dict[str, Any], bots: list[str]
) -> None:
    """Ruling 282: the government assigns the main encampment's paths only; no exile
    proposes, votes on, decrees, charts or is given a path (in Centralized Communism too, whose
    only government is the tack-on's)."""
    given_ = {"scenario": scenario, "punishments": "exile", **PATH_GOVERNMENTS[government]}
    play(seed, resolve_options(GAME.options, given_ | module), tuple(bots))


@pytest.mark.parametrize("government", sorted(GOVERNMENTS))
def test_the_main_encampment_governs_while_exiles_are_away(government: str) -> None:
    """The property test would pass if the government never sat: it must, with exiles away."""
    seen = GovernmentApart().seen
    for seed in range(4):
        seen.update(play(seed, options("national-capitalism", government), ("random",) * 4).seen)
    governed = seen["home-campaign"] + seen["home-chart"] + seen["home-ruler"]
    assert governed > 0


def test_random_games_under_a_president_exile_players() -> None:
    """The property tests would pass if nobody were ever exiled under a President: random
    games from the start (no exile set up) do exile (the President's own deposition is ruling
    278's scenario)."""
    check = GovernmentApart()
    opts = options("national-capitalism", "representative")
    for seed in range(10):
        bot_game(seed, ("random",) * 4, opts, check)
    assert check.seen["exiled"] > 0


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), government=st.sampled_from(sorted(GOVERNMENTS)))
def test_a_sealed_step_under_exile_and_a_government_reaches_nobody(
    seed: int, government: str
) -> None:
    opts = options("national-capitalism", government)
    setup = exiles_at_the_start(seed, opts)
    seal_watching_the_others(seed, opts, "random", orders=2_000, setup=setup)


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), government=st.sampled_from(sorted(PATH_GOVERNMENTS)))
def test_a_sealed_step_with_the_paths_assigned_under_exile_reaches_nobody(
    seed: int, government: str
) -> None:
    given_ = {"scenario": "hobbesian", "punishments": "exile", "paternalistic": True}
    opts = resolve_options(GAME.options, given_ | PATH_GOVERNMENTS[government])
    setup = exiles_at_the_start(seed, opts)
    seal_watching_the_others(seed, opts, "random", orders=1_500, setup=setup)


@pytest.mark.parametrize(
    ("given_", "message"),
    [
        # Corporations with Exile is built since rulings 324-329 (a Representative Democracy
        # too: test_optional_exile_corporations.py)
        ({"scenario": "crusoes-economy", "government": "bureaucracy"}, "has no government"),
    ],
)
def test_exile_with_a_government_not_built_is_refused_in_one_line(
    given_: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, {**given_, "punishments": "exile"}))
    assert "\n" not in str(error.value)


def test_a_chart_with_nobody_free_at_home_to_decide_takes_the_deadlines_box() -> None:
    """Ruling 280: a case the chart cannot decide, with nobody free at the main encampment to
    write its box (the exiles may not; a slave is not the first player: ruling 167), takes
    the deadline's box (ruling 75) rather than asking nobody."""
    opts = options("national-capitalism", "bureaucracy, no chart")
    state = Match.new(GAME, list(SEATS), opts, seed=1).state.copy()
    state.players["ana"].alive = False
    for seat in ("ben", "cy"):
        state.players[seat].roles = ("exile",)
    state.players["dee"].roles = ("slave-of-0",)  # his master, ana, lies dead
    state.estates, state.phase = ["ana"], "estate"
    assert bureaucracy.first_player(state) is None
    assert bureaucracy.estate_heir(state, ScriptedChance([])) == "dee"
    assert "if cycle == 1: lowest player.vp, ties by dice" in state.chart
