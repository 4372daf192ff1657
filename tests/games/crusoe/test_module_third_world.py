"""Third World Country (modules/third_world.py): the chart, the commitment's rounding, Mad Jack's
rows playable, and random bot games in which no good but the BR is produced once its National
Production Limit is reached, the BR comes three at a time, every debt is met, returned or
ends with a sacking or the MNCs leaving, the tokens stay within the supply, every seat sees the
same public facts, and the record replays exactly. The rules on the table are
cases/module_third_world.yaml."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import bot_game, check_tokens

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError, OrderSyntaxError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME, bots, madjack
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules import third_world
from sealed.games.crusoe.orders import format_order, parse_order
from sealed.games.crusoe.state import CrusoeState, Settings

BOTS = ("greedy", "cooperative", "selfish", "random")


def test_the_chart_is_the_seeds() -> None:
    chart = third_world.CHART
    assert chart["banana"]["diamond"] == 30
    assert chart["grape"]["banana"] == Fraction(1, 2)
    assert chart["diamond"]["banana"] == Fraction(1, 3)
    assert all(resource not in row for resource, row in chart.items())
    assert all(len(row) == 6 for row in chart.values())


@pytest.mark.parametrize(
    ("resource", "goods", "owed"),
    [("egg", {"apple": 2}, 10), ("diamond", {"banana": 2}, 1), ("diamond", {"banana": 3}, 1)],
)
def test_the_commitment_is_the_whole_rounded_up(
    resource: str, goods: dict[str, int], owed: int
) -> None:
    assert third_world.commitment(resource, goods) == owed


@pytest.mark.parametrize("scenario", ["tribal-capitalism", "national-capitalism", "traditional"])
def test_mad_jacks_third_world_rows_are_playable(scenario: str) -> None:
    assert _is_built({"scenario": scenario, "third_world": True})


def check_third_world(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state: CrusoeState = match.state
    check_tokens(state)
    running = {g: third_world.produced(before, g) for g in before.npl}
    npl = dict(before.npl)
    for event in match.steps[-1].events if match.steps else []:
        if event.kind == "cycle":
            running = dict.fromkeys(running, 0)
        elif event.kind == "npl":
            npl = dict(event.data["npl"])
        elif event.kind == "produce":
            for good, n in event.data["gained"].items():
                if good == state.resource:
                    assert n % third_world.TIMES == 0, event.text
                elif good in npl and n:
                    assert running[good] < npl[good], f"{event.text} past the NPL {npl[good]}"
                    running[good] += n
    assert state.owed == 0 or state.phase in ("trade", "import", "imported") or state.ask
    views = [GAME.view(state, seat).third_world for seat in state.seats]
    assert all(view == views[0] for view in views)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        ("hobbesian", "tribal-capitalism", "tribal-communism", "national-capitalism")
    ),
    bots=st.permutations(BOTS),
)
def test_random_third_world_games_keep_the_limits_and_replay(
    seed: int, scenario: str, bots: list[str]
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "third_world": True})
    match = bot_game(seed, tuple(bots), options, check_third_world)
    agents = [
        s for s in match.state.seats if set(third_world.ROLES) & set(match.state.players[s].roles)
    ]
    assert agents
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_mad_jacks_rolls_of_the_three_modules_are_never_not_built_for_themselves() -> None:
    """The Church and Third World Country are playable wherever Mad Jack rolls them; the
    Paternalistic Economy everywhere but the Traditional Economy (ruling 103). What else a roll
    holds (a government a scenario cannot have, Libertarianism) may still be not built."""
    seen, ruled_alone = set(), 0
    for n in range(400):
        config = madjack.roll(4, SeededChance(f"three modules {n}"), complications=1)
        missing = config.not_built()  # the parts refused, each by its own name
        for module in config.modules:
            if module.name in ("church", "third-world") or (
                module.name == "paternalistic" and config.scenario != "traditional"
            ):
                seen.add(module.name)
                assert module.describe() not in missing, config.to_text()
            alone = config.scenario in ("hobbesian", "tribal-capitalism", "state-capitalism")
            if module.name == "paternalistic" and alone and config.government and not missing:
                ruled_alone += 1  # a government the tack-on brings is playable (ruling 103)
    assert seen == {"church", "third-world", "paternalistic"}
    assert ruled_alone


# -- the Agent chooses which goods he returns (third_world_returns, ruling 199) ------------------


def test_the_agents_choice_needs_third_world() -> None:
    with pytest.raises(OptionError, match="third_world_returns: only with third_world=true"):
        Settings.from_options(resolve_options(GAME.options, {"third_world_returns": True}))
    chosen = {"third_world": True, "third_world_returns": True}
    assert Settings.from_options(resolve_options(GAME.options, chosen)).third_world_returns


@pytest.mark.parametrize("text", ["repay apple 1 fish 2", "repay dearest"])
def test_repay_reads_and_prints_in_pairs(text: str) -> None:
    order = parse_order(text)
    assert format_order(order) == text and parse_order(format_order(order)) == order


@pytest.mark.parametrize("text", ["repay", "repay nothing", "repay apple 0"])
def test_repay_without_goods_is_refused_not_read_as_dearest(text: str) -> None:
    """Ruling 245: only 'repay dearest' leaves the choice to ruling 104."""
    with pytest.raises(OrderSyntaxError, match="repay: name the goods you return"):
        parse_order(text)


def check_repay(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    """Every repay carries the debt it was asked for: the goods returned are the Agent's, worth
    at least the difference at the chart's prices, and the debt is then 0."""
    check_third_world(before, match)
    for event in match.steps[-1].events if match.steps else []:
        if event.kind == "settle" and before.ask == "repay":
            returned = event.data["returned"]
            worth = third_world.cost(before.resource, returned)
            assert worth >= before.owed, event.text
            cheapest = min(third_world.CHART[before.resource][g] for g in returned)
            assert worth - cheapest < before.owed, f"more than the difference (245): {event.text}"
            seat = event.data["seat"]
            for good, n in returned.items():
                assert before.players[seat].goods[good] - n == match.state.players[seat].goods[good]
            assert match.state.owed == 0


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "national-capitalism")),
    bots=st.permutations(BOTS),
)
def test_random_games_where_the_agent_chooses_his_returns_play_to_the_end_and_replay(
    seed: int, scenario: str, bots: list[str]
) -> None:
    chosen = {"scenario": scenario, "third_world": True, "third_world_returns": True}
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, chosen), check_repay)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_a_random_agent_is_asked_and_repays() -> None:
    """Some seed of the random bots' games asks the Agent to repay (the decision is reached)."""
    chosen = {"scenario": "tribal-capitalism", "third_world": True, "third_world_returns": True}
    options = resolve_options(GAME.options, chosen)
    asked = 0
    for seed in range(12):
        match = bot_game(seed, ("random",) * 4, options, check_repay)
        asked += sum(
            1
            for step in match.steps
            if any(e.kind == "settle" and "chooses" in e.text for e in step.events)
        )
    assert asked


def an_agent_asked_to_import(seed: int) -> Match[Any, Any, Any]:
    """A random bots' game of Tribal Capitalism played until the Agent is asked to import."""
    options = resolve_options(GAME.options, {"scenario": "tribal-capitalism", "third_world": True})
    match: Match[Any, Any, Any] = Match.new(GAME, ["ana", "ben", "cy", "dee"], options, seed=seed)
    bots = {seat: GAME.bots["random"]() for seat in match.state.seats}
    rngs = {seat: bot_rng(seed, seat) for seat in match.state.seats}
    while match.state.ask != "import":
        assert match.result() is None, "the game ended before the Agent imported"
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, match.prompts()[seat], rngs[seat]))
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bots_import_no_more_than_the_bank_holds(seed: int) -> None:
    """The bots read the bank from the table (what every seat holds, the Church's, the pile and
    the vault) and never ask the MNCs for tokens it lacks: a random Agent asked 2 of the 4
    spears while the players held them all, and its order was refused (the rules' check), which
    stopped a bot game (test_module_composition, seed 1056212)."""
    match = an_agent_asked_to_import(seed)
    state: CrusoeState = match.state
    agent = state.waiting[0]
    other = next(s for s in state.seats if s != agent)
    sold = list(third_world.CHART[state.resource])
    view = GAME.view(state, agent)
    assert all(bots.bank_in_view(view, g) == state.bank(g) for g in sold)
    empty, short = sold[0], sold[1]  # one good gone from the bank, one down to a single token
    state.players[other].goods[empty] += state.bank(empty)
    state.players[other].goods[short] += state.bank(short) - 1
    view = GAME.view(state, agent)
    for name in BOTS:
        for draw in range(40):
            order = GAME.bots[name]().choose(view, match.prompts()[agent], random.Random(draw))
            assert third_world.import_problem(state, dict(order.goods)) is None, order
            assert dict(order.goods).get(empty, 0) == 0 and dict(order.goods).get(short, 0) <= 1
