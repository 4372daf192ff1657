"""Slavery in the other economies (rulings 164-167): Tribal Communism and Socialism, the
Traditional Economy and every advanced scenario, under each government.
Random bot games under each play to the end and replay exactly, goods stay within the supply,
no slave holds goods, Radio Signals or money after a step, no slave votes, a supervised slave
never rolls or chooses, in the money economies no slave is asked to sell, bid, trade, propose
or elect; a sealed step tells no other seat anything. The rules at the table are
cases/optional_slavery_economies.yaml and cases/optional_slavery_money.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_government_hybrid import HYBRIDS, SEED_HYBRID, TWO_RULERS
from tests.games.crusoe.test_optional_punishments_slavery import Bonds

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME, bureaucracy
from sealed.games.crusoe.modules import slavery
from sealed.games.crusoe.state import CrusoeState, Settings

ECONOMIES = ("tribal-communism", "tribal-socialism", "traditional")
MONEY = "national-capitalism"
MONEY_ECONOMIES = (  # Welfare Capitalism with its seed's package and the government's wage
    {"scenario": MONEY},
    {"scenario": "welfare-capitalism"},
    {"scenario": "welfare-capitalism", "minimum_wage": "government"},
    {"scenario": "centralized-communism"},
    {"scenario": "state-capitalism"},
    {"scenario": "governmental-socialism"},  # no money, but a government and a pool (164)
    {"scenario": "market-socialism"},
    {"scenario": "class-warfare-capitalism"},
)
GOVERNED = (  # the economies with a government
    *(MONEY, "welfare-capitalism", "class-warfare-capitalism"),
    *("governmental-socialism", "market-socialism"),
)
NOT_A_PLAYER = (  # ruling 167
    *("sell", "bid", "trade", "policy", "ballot", "campaign", "elect", "wage"),
    *("plan", "plan-ballot", "buy", "wage-ballot", "box", "amend", "amend-ballot"),
)


@pytest.mark.parametrize("scenario", ECONOMIES)
def test_slavery_is_accepted_in_the_barter_economies(scenario: str) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "slavery"})
    assert Settings.from_options(options).punishments == ("slavery",)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"scenario": "crusoes-economy"}, "slavery with scenario crusoes-economy"),
    ],
)
def test_slavery_in_a_money_economy_not_built_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    chosen = {"punishments": "slavery", **options}
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, chosen))
    assert "\n" not in str(error.value)


class NoPlayer(Bonds):
    """Bonds, and in a money economy a slave holds no money after a step and is never asked
    to sell, bid, trade, propose or vote (ruling 167), but a slave in exile trades at the
    exiles' barter (ruling 300)."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        state = match.state
        for seat in state.seats:
            if slavery.master_of(state, seat):
                assert state.players[seat].money == 0, (seat, state.players[seat].money)
        if before.ask in NOT_A_PLAYER:
            asked = [s for s in before.waiting if slavery.master_of(before, s)]
            if before.ask == "trade":  # a slave in exile barters at the exiles' barter (300)
                asked = [s for s in asked if "exile" not in before.players[s].roles]
            assert not asked, (before.ask, asked)
        ruler = state.ruler
        if ruler is not None and ruler != before.ruler:  # a new ruler is never a slave
            assert not slavery.master_of(state, ruler), ruler


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("slavery", "slavery+crippling")),
    government=st.sampled_from(("athenian", "dictatorship", "representative", "bureaucracy")),
    economy=st.sampled_from(MONEY_ECONOMIES),
)
def test_random_money_games_under_slavery_play_to_the_end_and_replay(
    seed: int, bots: list[str], punishments: str, government: str, economy: dict[str, str]
) -> None:
    chosen = {**economy, "punishments": punishments}
    if economy["scenario"] in GOVERNED:  # State Capitalism, Centralized Communism have none
        chosen["government"] = government
    if (economy["scenario"], government) == ("governmental-socialism", "bureaucracy"):
        chosen["government"] = "athenian"  # no chart divides its pool (refused by name)
    options = resolve_options(GAME.options, chosen)
    match = bot_game(seed, tuple(bots), options, NoPlayer())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("economy", MONEY_ECONOMIES)
def test_slaves_in_the_money_economies_are_swept_and_fed(economy: dict[str, str]) -> None:
    """Games begun with two slaves (under the Athenian Democracy: no ruler is drawn, who
    might be one of them): their produce reaches their master, they are fed, and the checks
    above hold at every step."""
    check = NoPlayer()
    options = resolve_options(GAME.options, {**economy, "punishments": "slavery"})
    setup = {"players": {"ben": {"roles": ["slave-of-0"]}, "cy": {"roles": ["slave-of-0"]}}}
    for seed in range(2):
        bot_game(seed, ("greedy", "random", "random", "random"), options, check, setup=setup)
    assert check.seen["slavery-to-master"] > 0
    assert check.seen["slavery-fed"] > 0


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    punishments=st.sampled_from(("slavery", "slavery+crippling")),
    scenario=st.sampled_from(ECONOMIES),
)
def test_random_games_in_each_economy_play_to_the_end_and_replay(
    seed: int, bots: list[str], punishments: str, scenario: str
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": punishments})
    match = bot_game(seed, tuple(bots), options, Bonds())
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@pytest.mark.parametrize("scenario", ECONOMIES)
def test_random_bots_enslave_and_feed_in_each_economy(scenario: str) -> None:
    """The property test would pass if nobody were ever enslaved: random games in each
    economy must enslave, feed and sweep a slave's acquisitions to his master."""
    check = Bonds()
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "slavery"})
    wanted = ("enslaved", "slavery-fed", "slavery-to-master")
    for seed in range(40):
        bot_game(seed, ("random",) * 4, options, check)
        if all(check.seen[kind] for kind in wanted):
            break
    assert check.seen["enslaved"] > 0
    assert check.seen["slavery-fed"] > 0
    assert check.seen["slavery-to-master"] > 0


@settings(max_examples=3, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from((*ECONOMIES, *(e["scenario"] for e in MONEY_ECONOMIES))),
)
def test_a_sealed_order_reaches_nobody_before_the_step_opens(seed: int, scenario: str) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "slavery"})
    seal_watching_the_others(seed, options, "random", orders=100_000)


@pytest.mark.parametrize(("phase", "first"), [("policy", "cy"), ("amend", "ana")])
def test_a_bureaucracys_first_player_is_the_first_free_one(phase: str, first: str) -> None:
    """Ruling 167: the first player who decides what the chart cannot (or moves an amendment)
    is the first free player: before the turn order, the free in seat order from one seat
    further each cycle (cycle 2: ana, cy, so cy, not the slave ben); after it, the first free
    in turn order (ben, ana, cy: ana)."""
    chosen = {"scenario": MONEY, "government": "bureaucracy", "punishments": "slavery"}
    options = resolve_options(GAME.options, chosen)
    setup = {
        "cycle": 2,
        "order": ["ben", "ana", "cy"],
        "players": {"ben": {"roles": ["slave-of-0"]}},
    }
    match = Match.new(GAME, ["ana", "ben", "cy"], dict(options), seed=1, setup=setup)
    match.state.phase = phase
    assert bureaucracy.first_player(match.state) == first
    match.state.players["ben"].roles = ()  # free again: he is the first player once more
    assert bureaucracy.first_player(match.state) == "ben"


@pytest.mark.parametrize("branches", [SEED_HYBRID, HYBRIDS[1], TWO_RULERS[0]])
def test_random_games_under_a_hybrid_with_slavery(branches: dict[str, Any]) -> None:
    """Ruling 167 under the Constitutional Hybrid (the seed's example, a Bureaucracy's branch,
    two rulers): the checks hold at every step, the game ends and replays exactly."""
    chosen = {"scenario": MONEY, "punishments": "slavery", "government": "hybrid", **branches}
    options = resolve_options(GAME.options, chosen)
    for seed in range(2):
        match = bot_game(seed, ("random", "greedy", "random", "selfish"), options, NoPlayer())
        again = replay(json.loads(json.dumps(match.to_json())))
        assert GAME.to_json(again.state) == GAME.to_json(match.state)
