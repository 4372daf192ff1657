"""The Objectivist Model (modules/objectivist.py): the option and the combination refused, Mad
Jack's rolls, and random bot games in which every good another player produces reaches John
Galt, nobody but Galt gains Experience, the game ends with nobody
winning once Galt is dead, goods stay within the supply, and every game replays exactly. The
rules on the table are cases/module_objectivist.yaml (ruling 110)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, SEATS, bot_game, check_tokens

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules import objectivist
from sealed.games.crusoe.state import GOODS, CrusoeState, Settings


def test_objectivist_with_landlords_is_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match="objectivist with landlords: two ownership tack-ons"):
        objectivist.read_options({"objectivist": True, "landlords": "homestead"})
    assert not objectivist.read_options({"landlords": "homestead"})
    assert Settings.from_options(resolve_options(GAME.options, {"objectivist": True})).objectivist


def test_mad_jacks_objectivist_roll_is_playable() -> None:
    assert _is_built({"objectivist": True})
    assert _is_built({"objectivist": True, "scenario": "national-capitalism"})


def galt_of(state: CrusoeState) -> str:
    (galt,) = [s for s in SEATS if "galt" in state.players[s].roles]
    return galt


def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state = match.state
    check_tokens(state)
    galt = galt_of(state)
    events = match.steps[-1].events
    for i, event in enumerate(events):
        if event.kind == "produce" and event.data["seat"] != galt:
            goods = {g: n for g, n in event.data["gained"].items() if n and g in GOODS}
            if goods:
                following = events[i + 1]
                assert following.kind == "galt" and following.data["goods"] == goods
        if event.kind == "experience":
            assert event.data["seat"] == galt, event.text
    if not state.players[galt].alive:
        result = match.result()
        assert result is not None and result.winners == () and "John Galt" in result.reason


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        ("hobbesian", "tribal-capitalism", "traditional", "tribal-socialism", "national-capitalism")
    ),
    bots=st.permutations(BOTS),
)
def test_random_games_give_galt_the_goods_and_replay_exactly(
    seed: int, scenario: str, bots: list[str]
) -> None:
    options = resolve_options(GAME.options, {"objectivist": True, "scenario": scenario})
    match = bot_game(seed, tuple(bots), options, check)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
