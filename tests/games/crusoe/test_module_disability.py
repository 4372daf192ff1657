"""Disability (modules/disability.py): the table, the ViP on violence rolls, Experience, the
options, Mad Jack's rolls, and random games that keep the table's limits and replay. The
rules on the board are cases/module_disability.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules.disability import TABLE, barred_icons, row_of
from sealed.games.crusoe.state import Player, Settings
from sealed.games.crusoe.violence import penalty

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")


def test_the_table_covers_every_sum_of_2d6_with_the_seeds_vip() -> None:
    assert sorted(TABLE) == list(range(2, 13))
    assert [TABLE[n].vip for n in range(2, 13)] == [3, 3, 3, 1, 0, 1, 0, 2, 2, 6, 6]
    assert set(TABLE[3].prohibited).isdisjoint({"water", "spear", "cb", "military", "top40"})
    assert "leisure" in TABLE[9].prohibited and "apple" in TABLE[10].prohibited


def test_the_vip_adds_to_the_violence_penalty() -> None:
    assert penalty(Player(roles=("disability-11",))) == 6
    assert penalty(Player(roles=("disability-9",), wounded=True)) == 4
    assert penalty(Player()) == 0


def test_disability_7_can_neither_gain_nor_use_experience() -> None:
    player = Player(roles=("disability-7",))
    assert not player.may_gain_experience and not player.may_use_experience
    assert Player(roles=("disability-8",)).may_gain_experience
    assert row_of(("vegetarian",)) is None and barred_icons(()) == ()


def test_more_disabled_than_players_is_refused() -> None:
    options = resolve_options(GAME.options, {"disability": True, "disability_players": 5})
    with pytest.raises(OptionError, match="from one to all of the 4 players"):
        GAME.initial_state(list(SEATS), options, SeededChance(1))


def test_a_count_without_the_module_is_refused() -> None:
    with pytest.raises(OptionError, match="set disability=true too"):
        Settings.from_options(resolve_options(GAME.options, {"disability_players": 2}))


def test_mad_jacks_disability_roll_is_playable() -> None:
    assert _is_built({"disability": True, "disability_players": 3})


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    roles = {s: match.state.players[s].roles for s in SEATS}
    assert sum(bool(r) for r in roles.values()) == options["disability_players"]
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            assert {p.seat: p.roles for p in view.players} == roles, "roles are public"
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        for event in match.steps[-1].events:
            if event.kind == "produce":
                barred = barred_icons(roles[event.data["seat"]])
                assert not any(event.data["gained"].get(i) for i in barred), event.text
            if event.kind == "consume":
                row = row_of(roles[event.data["seat"]])
                if row is not None:
                    assert not any(event.data["eaten"].get(f) for f in row.cannot_eat)
    raise AssertionError("the game did not end")


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    count=st.integers(1, 4),
    scenario=st.sampled_from(("crusoes-economy", "tribal-capitalism", "hobbesian")),
    bots=st.permutations(BOTS),
)
def test_random_games_keep_the_table_and_replay_exactly(
    seed: int, count: int, scenario: str, bots: list[str]
) -> None:
    options = {"disability": True, "disability_players": count, "scenario": scenario}
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
