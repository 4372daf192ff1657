"""Gender, Doll's House: a husband may feed his wife more than he owes her (modules/gender.py;
ruling 200): "During the consumption phase he may feed and water her, and is obligated to see
that she had three units of food and one of water before he consumes any food or water himself."

Scenarios: cases/module_gender_feeding.yaml (more given, refusals, nothing more and the minimum
still owed). Here: the option needs Doll's House; random bot games with it in several economies
play to the end and replay exactly, every gift is water or food within what she may eat, some
husbands give more, and a sealed order reaches no other seat before its step opens.
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
from sealed.games.crusoe import GAME
from sealed.games.crusoe.state import FOODS, CrusoeState, Settings


def options(**chosen: Any) -> dict[str, Any]:
    return resolve_options(
        GAME.options, {"gender": "dolls-house", "gender_feeding": True, **chosen}
    )


def test_feeding_more_needs_dolls_house() -> None:
    for variant in ("none", "base", "no-suffrage"):
        with pytest.raises(OptionError, match="gender_feeding: only under Doll's House"):
            Settings.from_options(options(gender=variant))
    assert Settings.from_options(options(scenario="hobbesian")).gender_feeding


def check_feeding(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state: CrusoeState = match.state
    check_tokens(state)
    for event in match.steps[-1].events if match.steps else []:
        if event.kind == "marriage" and event.data.get("more"):
            wife, goods = event.data["wife"], event.data["goods"]
            assert set(goods) <= {"water", *FOODS}, event.text
            # A widow, or a wife who won a fine, may hold more than she may eat; what is
            # checked is that the gift fits what she may still eat (ruling 246)
            had = before.players[wife].goods
            assert all(had[g] + n <= (2 if g == "water" else 3) for g, n in goods.items()), (
                event.text
            )
            assert before.ask == "husband" and before.waiting == (event.data["husband"],)


SCENARIOS = ("hobbesian", "tribal-capitalism", "traditional", "national-capitalism")


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), bots=st.permutations(BOTS), scenario=st.sampled_from(SCENARIOS))
def test_random_games_with_feeding_play_to_the_end_and_replay(
    seed: int, bots: list[str], scenario: str
) -> None:
    match = bot_game(seed, tuple(bots), options(scenario=scenario), check_feeding)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def test_some_husbands_give_more() -> None:
    given_more = 0
    for seed in range(4):
        match = bot_game(
            seed,
            ("random", "cooperative", "random", "cooperative"),
            options(scenario="hobbesian"),
            check_feeding,
        )
        given_more += sum(
            1
            for step in match.steps
            for e in step.events
            if e.kind == "marriage" and e.data.get("more") and e.data["goods"]
        )
    assert given_more


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_sealed_order_reaches_no_other_seat_before_the_step_opens(seed: int) -> None:
    seal_watching_the_others(seed, options(scenario="tribal-capitalism"), "random", 2_000)
