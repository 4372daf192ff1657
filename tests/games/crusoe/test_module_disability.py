"""Disability (modules/disability.py): the table, the ViP on violence rolls, Experience, the
options, Mad Jack's rolls, the rows chosen and assigned (ruling 107), and random games that
keep the table's limits and replay. The
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


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"disability_rows": "5 8"}, "disability_rows: set disability=true too"),
        ({"disability": True, "disability_rows": "5 13"}, "disability_rows 13: a row of the"),
        ({"disability": True, "disability_rows": "five"}, "disability_rows five: a row"),
        (
            {"disability": True, "disability_rows": "5 8", "disability_players": 3},
            "disability_players 3: with disability_rows the disabled are one per row",
        ),
    ],
)
def test_chosen_rows_the_seed_rules_out_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(resolve_options(GAME.options, options))


def test_chosen_rows_are_assigned_one_per_player_without_a_roll() -> None:
    options = resolve_options(GAME.options, {"disability": True, "disability_rows": "7, 7 12"})
    assert Settings.from_options(options).disabled_players == 3
    state = GAME.initial_state(list(SEATS), options, SeededChance(3))
    held = sorted(r for s in SEATS for r in state.players[s].roles)
    assert held == ["disability-12", "disability-7", "disability-7"]
    too_many = resolve_options(GAME.options, {"disability": True, "disability_rows": "2 3 4 5 6"})
    with pytest.raises(OptionError, match="from one to all of the 4 players"):
        GAME.initial_state(list(SEATS), too_many, SeededChance(1))


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
    options: dict[str, Any] = {"disability": True, "disability_players": count}
    options["scenario"] = scenario
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rows=st.lists(st.integers(2, 12), min_size=1, max_size=4),
    scenario=st.sampled_from(("tribal-capitalism", "hobbesian")),
    bots=st.permutations(BOTS),
)
def test_random_games_with_chosen_rows_keep_the_table_and_replay_exactly(
    seed: int, rows: list[int], scenario: str, bots: list[str]
) -> None:
    options: dict[str, Any] = {"disability": True, "disability_players": len(rows)}
    options |= {"disability_rows": " ".join(map(str, rows)), "scenario": scenario}
    match = play(seed, options, tuple(bots))
    held = sorted(r for s in SEATS for r in match.state.players[s].roles)
    assert held == sorted(f"disability-{n}" for n in rows)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
