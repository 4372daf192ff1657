"""The Constitutional Hybrid (hybrid.py, government.py; Government Types): a government per task.

Scenarios: cases/government_hybrid.yaml (the seed's example: the reward by Athenian Democracy,
the tax burdens and a starved player's goods by Representative Democracy) and
cases/government_hybrid_two_rulers.yaml (a Dictator and a President, rulings 196-197). Here:

- the options: each task's form, an unnamed task Athenian, one strength per ruled form, a
  chart only with a Bureaucracy branch, and refusals by name where it is not built;
- two rulers: each office's strength, powers and succession (ruling 196);
- Mad Jack's "Constitutional Hybrid (reroll for each function separately)" rows give options
  the game plays;
- random bot games of hybrids (the seed's example, and mixes with a Bureaucracy and a Dictator)
  play to the end and replay exactly; a branch's part is set by its own form only (a ruler's
  decree names the ruler, a vote is counted), and the ruler has his military powers;
- a sealed order reaches no other seat before the step opens.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_government_properties import money_change
from tests.games.crusoe.test_madjack import NATIONAL, scripted, two

from sealed.core.chance import ScriptedChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME, hybrid, rulers
from sealed.games.crusoe.madjack import roll
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.policy import SEED_EXAMPLE
from sealed.games.crusoe.state import CrusoeState, Settings

SEED_HYBRID = {
    "government_radio_reward": "athenian",
    "government_tax_burden": "representative",
    "government_estate": "representative",
}
"""The seed's Example of Constitutional Hybrid."""
RADIO_ONLY = "radio_reward (each frequency):\n  otherwise: 30 - frequency.pool\n"
HYBRIDS = (
    SEED_HYBRID,
    {
        "government_radio_reward": "bureaucracy",
        "government_tax_burden": "dictatorship",
        "government_tax_burden_strength": "fanatic",
        "government_chart": RADIO_ONLY,
    },
    {"government_tax_burden": "bureaucracy", "government_estate": "dictatorship"},
    {"government_estate": "bureaucracy"},
)
TWO_RULERS = (
    {
        "government_radio_reward": "dictatorship",
        "government_tax_burden": "representative",
        "government_estate": "representative",
    },
    {
        "government_radio_reward": "representative",
        "government_radio_reward_strength": "fanatic",
        "government_tax_burden": "dictatorship",
        "government_tax_burden_strength": "unstable",
        "government_tax_burden_dice": 2,
    },
    {"government_tax_burden": "representative", "government_estate": "dictatorship"},
)
"""A Dictatorship and a Representative Democracy in one hybrid (ruling 196)."""


def options(scenario: str, branches: dict[str, Any]) -> dict[str, Any]:
    return resolve_options(GAME.options, {"scenario": scenario, "government": "hybrid", **branches})


def test_each_task_gets_its_form_and_an_unnamed_task_is_athenian() -> None:
    settings_ = Settings.from_options(
        options("national-capitalism", {"government_tax_burden": "dictatorship"})
    )
    assert settings_.government_branches == (
        ("radio_reward", "athenian"),
        ("tax_burden", "dictatorship"),
        ("estate", "athenian"),
    )
    assert hybrid.policy_parts("hybrid", settings_.government_branches) == [
        ("athenian", ("radio_reward",)),
        ("dictatorship", ("tax_burden",)),
    ]


def test_one_form_for_both_policy_tasks_is_one_proposal() -> None:
    branches = (("radio_reward", "dictatorship"), ("tax_burden", "dictatorship"))
    assert hybrid.policy_parts("hybrid", branches) == [
        ("dictatorship", ("radio_reward", "tax_burden"))
    ]


def test_the_ruled_branch_gives_the_ruler_his_strength_and_title() -> None:
    chosen = {"government_estate": "dictatorship", "government_estate_strength": "unstable"}
    settings_ = Settings.from_options(
        options("welfare-capitalism", chosen | {"government_estate_dice": 2})
    )
    assert (settings_.government_strength, settings_.government_dice) == ("unstable", 2)
    match = Match.new(
        GAME, ["ana", "ben", "cy", "dee"], options("welfare-capitalism", chosen), seed=2
    )
    state: CrusoeState = match.state
    assert rulers.ruled(state) and rulers.title(state) == "Dictator"
    assert rulers.ruler_for(state, "estate") == state.ruler
    assert rulers.ruler_for(state, "tax_burden") is None


@pytest.mark.parametrize(
    ("branches", "message"),
    [
        (
            {
                "government_radio_reward": "dictatorship",
                "government_tax_burden": "dictatorship",
                "government_tax_burden_strength": "fanatic",
            },
            "the dictatorship branches differ in strength",
        ),
        ({"government_chart": RADIO_ONLY}, "no branch of this hybrid is a Bureaucracy"),
        (
            {"government_radio_reward": "bureaucracy", "government_chart": SEED_EXAMPLE},
            "line 6: the government has no task 'tax_burden'",
        ),
    ],
    ids=["two strengths", "a chart without a bureaucracy", "a branch's chart"],
)
def test_a_hybrid_the_program_cannot_play_is_refused(
    branches: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(options("national-capitalism", branches))


def test_a_branch_without_a_hybrid_and_a_hybrid_without_its_scenario_are_refused() -> None:
    athenian = {"scenario": "national-capitalism", "government_estate": "dictatorship"}
    with pytest.raises(OptionError, match="government_estate: a government per task"):
        Settings.from_options(resolve_options(GAME.options, athenian))
    with pytest.raises(OptionError, match="the scenario state-capitalism has no government"):
        Settings.from_options(options("state-capitalism", {}))


def test_a_hybrid_may_give_the_minimum_wage_its_own_branch() -> None:
    """Welfare Capitalism with minimum_wage=government: the wage is a fourth task."""
    chosen = {"minimum_wage": "government", "government_minimum_wage": "dictatorship"}
    settings_ = Settings.from_options(options("welfare-capitalism", chosen))
    assert ("minimum_wage", "dictatorship") in settings_.government_branches
    with pytest.raises(OptionError, match="only in Welfare Capitalism with minimum_wage"):
        Settings.from_options(
            options("welfare-capitalism", {"government_minimum_wage": "athenian"})
        )


def test_mad_jacks_welfare_hybrid_with_the_governments_minimum_wage_is_playable() -> None:
    """Welfare Capitalism w/ Gov't sets minimum wage, a hybrid: four tasks, a form for each."""
    faces = [6, *two(4), *two(8), *two(6), *two(7), *two(9), *two(7)]
    config = roll(4, scripted(faces))
    assert config.tasks == ("radio_reward", "tax_burden", "minimum_wage", "estate")
    assert config.not_built() == []
    chosen = config.options()
    assert chosen["minimum_wage"] == "government"
    assert chosen["government_minimum_wage"] == "dictatorship"
    match = bot_game(3, ("random", "greedy", "random", "selfish"), chosen, check_step)
    assert any(e.kind == "wage" for e in match.events)


def test_governmental_socialism_has_two_tasks_and_a_chart_may_divide_the_pool() -> None:
    """The division of the common pool and a starved player's goods; a Bureaucracy may have
    either (the division by shares: ruling 189)."""
    chosen = {"government_distribution": "dictatorship", "government_estate": "bureaucracy"}
    settings_ = Settings.from_options(options("governmental-socialism", chosen))
    assert settings_.government_branches == (
        ("distribution", "dictatorship"),
        ("estate", "bureaucracy"),
    )
    assert "estate (choose a player)" in settings_.government_chart
    divided = Settings.from_options(
        options("governmental-socialism", {"government_distribution": "bureaucracy"})
    )
    assert "distribution (each player)" in divided.government_chart
    refused = [
        ({"government_radio_reward": "athenian"}, "not a task of the government in governmental"),
    ]
    for branches, message in refused:
        with pytest.raises(OptionError, match=message):
            Settings.from_options(options("governmental-socialism", branches))


def test_mad_jacks_governmental_socialism_hybrid_is_playable() -> None:
    config = roll(4, scripted([6, *two(10), *two(8), *two(9), *two(6)]))
    assert config.tasks == ("distribution", "estate")
    assert config.not_built() == []
    match = bot_game(4, ("random", "greedy", "random", "selfish"), config.options(), check_step)
    assert any(e.kind == "vote" and "Dictator" in e.text for e in match.events)


def test_market_socialisms_plan_is_decided_part_by_part() -> None:
    """Wages, prices and purchase limits, each by its branch; a branch's proposal sets its
    own terms only (a path's limits are limits)."""
    chosen = {"government_prices": "dictatorship", "government_purchase_limits": "dictatorship"}
    settings_ = Settings.from_options(options("market-socialism", chosen))
    assert hybrid.policy_parts("hybrid", settings_.government_branches, hybrid.PLAN_TASKS) == [
        ("athenian", ("wages",)),
        ("dictatorship", ("prices", "purchase_limits")),
    ]
    match = Match.new(GAME, ["ana", "ben", "cy"], options("market-socialism", chosen), seed=3)
    ruler = str(match.state.ruler)
    assert match.state.ask == "plan" and match.waiting_for() == ["ana"]
    match.seal_order("ana", GAME.parse(match.state, "ana", "plan wage 7 price 50 limit 1"))
    for seat in ("ana", "ben", "cy"):
        match.seal_order(seat, GAME.parse(match.state, seat, "yes"))
    assert match.waiting_for() == [ruler]
    decree = "plan wage 99 price 12 limit none limit.apple.firefly 4"
    match.seal_order(ruler, GAME.parse(match.state, ruler, decree))
    plan = match.state.plan
    assert set(plan["wage"].values()) == {7} and set(plan["price"].values()) == {12}
    assert plan["limit"] == {} and plan["limit.firefly"] == {"apple": 4}


def test_mad_jacks_market_socialism_hybrid_is_playable() -> None:
    config = roll(4, scripted([6, *two(8), *two(8), *two(7), *two(9), *two(7), *two(6)]))
    assert config.tasks == ("wages", "prices", "purchase_limits", "estate")
    assert config.not_built() == []
    match = bot_game(2, ("random", "greedy", "random", "selfish"), config.options(), check_step)
    assert any(e.kind == "branch" and "prices (dictatorship)" in e.text for e in match.events)


def test_mad_jacks_hybrid_rolls_are_playable() -> None:
    """The Government Type table's hybrid row, then a form per task (ruling 35)."""
    config = roll(4, scripted([*NATIONAL, *two(8), *two(6), *two(8), *two(9), *two(7)]))
    assert config.not_built() == []
    chosen = config.options()
    assert chosen["government"] == "hybrid"
    assert chosen["government_radio_reward"] == "bureaucracy"
    assert chosen["government_tax_burden"] == "dictatorship"
    match = bot_game(5, ("random", "greedy", "random", "cooperative"), chosen, lambda b, m: None)
    assert match.result() is not None


def test_two_rulers_each_have_their_own_strength_and_powers() -> None:
    """Ruling 196: a Dictator and a President, each drawn before the game, each with his
    office's strength; either invokes free; one holding both rolls the more dice."""
    chosen = TWO_RULERS[1]
    settings_ = Settings.from_options(options("national-capitalism", chosen))
    assert (settings_.government_strength, settings_.government_dice) == ("unstable", 2)
    assert (settings_.president_strength, settings_.president_dice) == ("fanatic", 1)
    seats = ["ana", "ben", "cy", "dee", "eve"]
    match = Match.new(GAME, seats, options("national-capitalism", chosen), seed=4)
    state: CrusoeState = match.state
    assert state.ruler is not None and state.president is not None
    assert rulers.offices(state) == ("dictatorship", "representative")
    assert rulers.ruler_for(state, "tax_burden") == state.ruler
    assert rulers.ruler_for(state, "radio_reward") == state.president
    assert rulers.ruler_for(state, "estate") is None  # unnamed: Athenian
    state.ruler, state.president = "ana", "ben"
    assert rulers.battle_dice(state, "ana") == 2 and rulers.battle_dice(state, "ben") == 1
    assert rulers.fanatic(state, "ben") and not rulers.fanatic(state, "ana")
    assert rulers.rules_free(state, "ana") and rulers.rules_free(state, "ben")
    assert not rulers.rules_free(state, "cy")
    state.president = "ana"  # one player in both offices
    assert rulers.title(state, "ana") == "Dictator and President"
    assert rulers.battle_dice(state, "ana") == 2 and rulers.fanatic(state, "ana")


def test_two_rulers_are_each_succeeded_at_random_when_they_starve() -> None:
    """Ruling 196 (ruling 50 for each office): a dead Dictator and a dead President are each
    replaced by a draw of their own, the Dictator's first."""
    match = Match.new(GAME, ["ana", "ben", "cy"], options("national-capitalism", TWO_RULERS[0]))
    state: CrusoeState = match.state
    state.ruler = state.president = "ana"
    state.players["ana"].alive = False
    events: list[Any] = []
    rulers.succeed(state, ScriptedChance([1, 2]), events)
    assert (state.ruler, state.president) == ("ben", "cy")
    assert [e.data["office"] for e in events] == ["Dictator", "President"]


def test_a_tied_presidents_election_rolls_for_the_president_not_the_dictator() -> None:
    """Ruling 196: with two rulers the tie's roll names the office filled (the record's label
    said Dictator when the President was elected)."""
    match = Match.new(GAME, ["ana", "ben", "cy"], options("national-capitalism", TWO_RULERS[0]))
    state: CrusoeState = match.state
    state.candidates = ["ana", "ben"]
    chance = ScriptedChance([2])
    orders = {"ana": Order("elect", name="ana"), "ben": Order("elect", name="ben")}
    rulers.on_elect(state, orders, chance, [])
    assert state.president == "ben"
    assert "the tie for President" in chance.log[0].label, chance.log[0].label


def test_an_unnamed_tack_on_task_goes_to_the_dictator() -> None:
    """Ruling 196: the paths, not named, are the hybrid's ruler's (ruling 150): the Dictator."""
    chosen = {**TWO_RULERS[2], "paternalistic": True}
    match = Match.new(GAME, ["ana", "ben", "cy"], options("national-capitalism", chosen), seed=2)
    state: CrusoeState = match.state
    assert rulers.ruler_for_tack_on(state, "paths") == state.ruler


# -- random bot games --------------------------------------------------------------------------


def check_step(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    events = match.steps[-1].events
    assert match.state.money() - before.money() == money_change(events)
    for event in events:
        form = event.data.get("form") if event.kind == "branch" else None
        if form in rulers.RULED and event.data["carried"]:
            seat = str(rulers.holder(before, str(form)))  # his own office's (ruling 196)
            assert f"by the {rulers.title(before, seat)} {seat}" in event.text
        drawn = event.kind == "ruler" and ("deposed" in event.data or event.data["how"] == "random")
        if drawn and rulers.two_rulers(before):  # which office, said (196)
            assert event.data["office"] in ("Dictator", "President")
        if event.kind == "invoke" and rulers.rules_free(before, event.data["seat"]):
            assert not event.data["paid"], "a hybrid's ruler keeps his military powers"


SOCIALIST_HYBRIDS = (
    {"government_prices": "bureaucracy", "government_wages": "dictatorship"},
    {"government_prices": "dictatorship", "government_estate": "bureaucracy"},
    {"government_wages": "representative", "government_purchase_limits": "representative"},
    {"government_distribution": "representative", "government_estate": "bureaucracy"},
    {"government_distribution": "dictatorship"},
    {"government_estate": "dictatorship"},
    {"government_distribution": "dictatorship", "government_estate": "representative"},
    {"government_wages": "representative", "government_prices": "dictatorship"},
)
WAGE_HYBRIDS = (
    {"minimum_wage": "government", "government_minimum_wage": "representative"},
    {
        "minimum_wage": "government",
        "government_minimum_wage": "bureaucracy",
        "government_radio_reward": "dictatorship",
    },
)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.permutations(BOTS),
    scenario=st.sampled_from(hybrid.SCENARIOS),
    branches=st.sampled_from(HYBRIDS + TWO_RULERS + WAGE_HYBRIDS + SOCIALIST_HYBRIDS),
)
def test_a_hybrid_plays_to_the_end_and_replays_exactly(
    seed: int, bots: list[str], scenario: str, branches: dict[str, Any]
) -> None:
    if "minimum_wage" in branches:  # the government's minimum wage: Welfare Capitalism only
        scenario = "welfare-capitalism"
    if branches in SOCIALIST_HYBRIDS:  # the Socialisms' tasks
        plan = any(t in str(branches) for t in ("wages", "prices", "purchase_limits"))
        scenario = "market-socialism" if plan else "governmental-socialism"
    elif scenario in ("governmental-socialism", "market-socialism"):
        scenario = "national-capitalism"
    match = bot_game(seed, tuple(bots), options(scenario, branches), check_step)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), branches=st.sampled_from(HYBRIDS + TWO_RULERS))
def test_a_sealed_order_reaches_no_other_seat_before_the_step_opens(
    seed: int, branches: dict[str, Any]
) -> None:
    seal_watching_the_others(seed, options("national-capitalism", branches), "random", 100_000)
