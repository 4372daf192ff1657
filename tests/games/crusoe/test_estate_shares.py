"""A dead player's goods in unequal shares (estate_shares.py; ruling 201).

Scenarios: cases/estate_shares.yaml (refusals, a defeated and a carried division, ruling 10's
ballot when every proposer passes, a Dictator's division). Here: the option is refused where
nobody inherits; random bot games with it in several economies and governments play to the end
and replay exactly, keep every token, hand out all of a dead player's goods to living heirs when
a division carries, and some carry; a sealed order reaches no other seat before its step opens.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, check_tokens, seal_watching_the_others

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME, estate_shares
from sealed.games.crusoe.modules import punishments, slavery
from sealed.games.crusoe.state import CrusoeState, Settings


def options(**chosen: Any) -> dict[str, Any]:
    return resolve_options(GAME.options, {"estate_shares": True, **chosen})


def test_the_option_is_refused_where_nobody_inherits() -> None:
    with pytest.raises(OptionError, match="estate_shares: in Crusoe's Economy"):
        Settings.from_options(options(scenario="crusoes-economy"))
    assert Settings.from_options(options(scenario="hobbesian")).estate_shares
    assert not Settings.from_options(resolve_options(GAME.options, {})).estate_shares


def check_estates(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state: CrusoeState = match.state
    check_tokens(state)
    for event in match.steps[-1].events if match.steps else []:
        if event.kind == "estate" and event.data.get("divided"):
            dead = event.data["dead"]
            left = before.players[dead].goods
            handed: dict[str, int] = {}
            for seat, goods in event.data["shares"].items():
                assert state.players[seat].alive, f"{seat} inherits dead"
                for good, n in goods.items():
                    handed[good] = handed.get(good, 0) + n
            assert handed == {g: n for g, n in left.items() if n}, event.text
            assert not any(state.players[dead].goods.values())
    if state.ask == "estate-divide" and before.phase != "estate":  # the first in turn order
        voters = punishments.heirs(state, state.estates[0], state.living())
        assert state.waiting == (estate_shares.proposers(state, voters)[0],), state.waiting
    if state.ask in ("estate-divide", "estate-ballot"):  # "Slaves may never vote" (247)
        assert all(slavery.master_of(state, s) is None for s in state.waiting), state.waiting


CONFIGS = (
    {"scenario": "hobbesian"},
    {"scenario": "tribal-capitalism"},
    {"scenario": "traditional"},
    {"scenario": "national-capitalism"},
    {"scenario": "national-capitalism", "government": "dictatorship"},
    {"scenario": "class-warfare-capitalism"},
    {"scenario": "hobbesian", "punishments": "slavery"},
)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), bots=st.permutations(BOTS), chosen=st.sampled_from(CONFIGS))
def test_random_games_with_shares_play_to_the_end_and_replay(
    seed: int, bots: list[str], chosen: dict[str, Any]
) -> None:
    match = bot_game(seed, tuple(bots), options(**chosen), check_estates)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_some_divisions_carry() -> None:
    carried = 0
    for seed in range(4):
        match = bot_game(
            seed,
            ("random", "greedy", "random", "cooperative"),
            options(scenario="hobbesian"),
            check_estates,
        )
        carried += sum(1 for e in match.events if e.kind == "estate" and e.data.get("divided"))
    assert carried


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_sealed_order_reaches_no_other_seat_before_the_step_opens(seed: int) -> None:
    seal_watching_the_others(seed, options(scenario="hobbesian"), "random", 3_000)
