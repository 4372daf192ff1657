"""The Church (modules/church.py): the option, Mad Jack's rows playable, the tithe's arithmetic,
and random bot games under each Church in which every donation moves goods to the Church
without loss, no banned player gets charity, nobody is brought above the seed's limits, the
Church's goods count against the supply, and the record replays exactly. The rules on the
table are cases/module_church.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import bot_game, check_tokens, seal_watching_the_others

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules import church
from sealed.games.crusoe.state import FOODS, GOODS, CrusoeState, Settings

BOTS = ("greedy", "cooperative", "selfish", "random")


def test_an_unknown_church_is_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match="church"):
        Settings.from_options(resolve_options(GAME.options, {"church": "zealous"}))


@pytest.mark.parametrize("variant", ["more-devout", "less-devout"])
def test_mad_jacks_churches_are_playable(variant: str) -> None:
    assert _is_built({"scenario": "hobbesian", "church": variant})
    assert _is_built({"scenario": "national-capitalism", "church": variant})


def test_the_more_devout_church_forbids_violence() -> None:
    assert not Settings(scenario="hobbesian", church="more-devout").violence
    assert Settings(scenario="hobbesian", church="less-devout").violence


@pytest.mark.parametrize(
    ("items", "banned", "dues"),
    [(0, False, (0,)), (1, True, (1,)), (10, False, (1,)), (11, False, (2,)), (11, True, (2, 3))],
)
def test_the_tithe_is_rounded_up_and_the_penance_is_twenty_per_cent(
    items: int, banned: bool, dues: tuple[int, ...]
) -> None:
    assert church.dues_of(items, banned) == dues


def goods_on_the_table(state: CrusoeState) -> dict[str, int]:
    """Every good held by a player or by the Church."""
    return {
        g: sum(p.goods[g] for p in state.players.values()) + state.church.get(g, 0) for g in GOODS
    }


def check_church(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state: CrusoeState = match.state
    check_tokens(state)  # the Church's goods are in play (state.in_play)
    events = match.steps[-1].events if match.steps else []
    if before.ask == "donate" and before.settings.scenario == "tribal-capitalism":
        # the step only donates and opens the Market: no good is lost or made
        assert goods_on_the_table(state) == goods_on_the_table(before)
        assert all(state.players[s].radio == before.players[s].radio for s in state.seats)
    for event in events:
        if event.kind != "charity":
            continue
        for seat, got in event.data["given"].items():
            # no ban comes after the charity within a step, but a penance may come before it
            assert seat not in state.banned, f"banned {seat} got charity"
            player = state.players[seat]
            if any(f in got for f in FOODS):
                assert sum(player.goods[f] for f in FOODS) <= church.MOST_FOOD
            if "water" in got:
                assert player.goods["water"] <= max(church.WATER_LEVELS)
    if state.settings.church == "more-devout":
        assert state.phase != "government" and state.ask not in ("invoke", "violence")


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "national-capitalism")),
    variant=st.sampled_from(("more-devout", "less-devout")),
    bots=st.permutations(BOTS),
)
def test_random_games_with_the_church_keep_its_rules_and_replay(
    seed: int, scenario: str, variant: str, bots: list[str]
) -> None:
    options = resolve_options(GAME.options, {"scenario": scenario, "church": variant})
    match = bot_game(seed, tuple(bots), options, check_church)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert "church" in GAME.to_json(match.state)


def test_a_game_without_the_church_has_no_church_key() -> None:
    """So that the records of earlier games keep their digest."""
    match: Match[Any, Any, Any] = Match.new(
        GAME, ["ana", "ben"], resolve_options(GAME.options, {"scenario": "hobbesian"}), seed=1
    )
    assert "church" not in GAME.to_json(match.state)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), bot=st.sampled_from(("random", "greedy")))
def test_a_sealed_donation_reaches_no_other_seat_before_all_are_made(seed: int, bot: str) -> None:
    """The donations are sealed at once: until the last is in, nobody learns another's."""
    options = resolve_options(
        GAME.options, {"scenario": "tribal-capitalism", "church": "less-devout"}
    )
    seal_watching_the_others(
        seed, options, bot, orders=400, stop=lambda order: order.word == "donate"
    )
