"""Slavery in the other barter economies (rulings 164-165): Tribal Communism and Socialism, the
Traditional Economy. Random bot games under each play to the end and replay exactly, goods
stay within the supply, no slave holds goods or Radio Signals after a step, no slave votes, a
supervised slave never rolls or chooses; a sealed step tells no other seat anything. The rules
at the table are cases/optional_slavery_economies.yaml."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_optional_punishments_slavery import Bonds

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.state import Settings

ECONOMIES = ("tribal-communism", "tribal-socialism", "traditional")


@pytest.mark.parametrize("scenario", ECONOMIES)
def test_slavery_is_accepted_in_the_barter_economies(scenario: str) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "slavery"})
    assert Settings.from_options(options).punishments == ("slavery",)


@pytest.mark.parametrize("scenario", ["national-capitalism", "market-socialism"])
def test_slavery_in_a_money_economy_is_refused_in_one_line(scenario: str) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery"}
    with pytest.raises(OptionError, match=f"slavery with scenario {scenario}") as error:
        Settings.from_options(resolve_options(GAME.options, chosen))
    assert "\n" not in str(error.value)


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
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(ECONOMIES))
def test_a_sealed_order_reaches_nobody_before_the_step_opens(seed: int, scenario: str) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "punishments": "slavery"})
    seal_watching_the_others(seed, options, "random", orders=100_000)
