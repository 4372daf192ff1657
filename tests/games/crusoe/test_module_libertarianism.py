"""Libertarianism (modules/libertarianism.py): the option and the governments refused, Mad
Jack's rows, the notation of a declaration, and random bot games (with a Weak or Strong Warlord
too, as Mad Jack's rows combine them) in which nobody starts a fight against a player not in
default, losers none of whom is in default lose only Diamonds and Spears, a monetary market
collects no taxes, and every game replays exactly. The rules on the table are
cases/module_libertarianism.yaml (ruling 111)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, check_tokens

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.orders import Order, format_order, parse_order
from sealed.games.crusoe.state import GOODS, CrusoeState, Settings


@pytest.mark.parametrize("government", ["dictatorship"])
def test_a_government_that_is_no_democracy_is_refused(government: str) -> None:
    options = {"libertarianism": True, "government": government, "scenario": "national-capitalism"}
    with pytest.raises(OptionError, match="Libertarianism takes one of the forms of democracy"):
        Settings.from_options(resolve_options(GAME.options, options))


def test_mad_jacks_libertarian_rows_are_playable() -> None:
    assert _is_built({"libertarianism": True})
    assert _is_built({"libertarianism": True, "early_feudalism": "strong"})
    assert _is_built({"libertarianism": True, "early_feudalism": "weak", "early_feudalism_dice": 2})


def test_a_declaration_reads_and_writes_back() -> None:
    assert parse_order("default none") == Order("default")
    assert parse_order("Default ben cy") == Order("default", terms=(("ben", 1), ("cy", 1)))
    assert format_order(Order("default", terms=(("ben", 1),))) == "default ben"
    assert format_order(Order("default")) == "default none"


def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state = match.state
    check_tokens(state)
    marked = {s for s, p in before.players.items() if "in-default" in p.roles}
    for event in match.steps[-1].events:
        if event.kind == "default":
            marked = set(event.data["in_default"])
        if event.kind == "fight":
            assert event.data["target"] in marked, event.text
        if event.kind == "verdict" and not marked & set(event.data["losers"]):
            verdict = event.data["verdict"]
            assert verdict == "spare" or verdict.startswith("fine"), event.text
            for taken in event.data["taken"].values():
                assert set(taken) <= {"diamond", "spear"}, event.text
        assert event.kind != "taxes", "no taxes are collected"
    for seat in state.seats:
        goods = state.players[seat].goods
        assert all(goods[g] >= 0 for g in GOODS)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "national-capitalism")),
    warlord=st.sampled_from(("none", "strong", "weak")),
    bots=st.permutations(BOTS),
)
def test_random_games_attack_only_defaulters_and_replay(
    seed: int, scenario: str, warlord: str, bots: list[str]
) -> None:
    options: dict[str, Any] = {"libertarianism": True, "scenario": scenario}
    options["early_feudalism"] = warlord
    if warlord == "weak":
        options["early_feudalism_dice"] = 2
    match = bot_game(seed, tuple(bots), resolve_options(GAME.options, options), check)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
