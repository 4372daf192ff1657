"""Guild Oligarchy (modules/guilds.py): the draw, the limit of eight, Mad Jack's rolls, and
random games in which nobody produces what another player drew, that replay exactly. The rules
on the board (the seed's example, overburdening) are cases/module_guilds.yaml."""

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
from sealed.games.crusoe.modules.guilds import icons_of, marker_of

SEATS = ("ana", "ben", "cy", "dee")
BOTS = ("greedy", "cooperative", "selfish", "random")


def test_nine_players_cannot_draw_from_eight_markers() -> None:
    options = resolve_options(GAME.options, {"guild_oligarchy": True})
    with pytest.raises(OptionError, match="at most 8 players draw a marker"):
        GAME.initial_state([f"p{i}" for i in range(9)], options, SeededChance(1))


def test_every_player_draws_a_different_marker() -> None:
    options = resolve_options(GAME.options, {"guild_oligarchy": True})
    state = GAME.initial_state(list(SEATS), options, SeededChance(7))
    markers = [marker_of(state.players[s].roles) for s in SEATS]
    assert None not in markers and len(set(markers)) == len(SEATS)


def test_mad_jacks_guild_roll_is_playable() -> None:
    assert _is_built({"guild_oligarchy": True, "scenario": "tribal-capitalism"})


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    marker = {s: marker_of(match.state.players[s].roles) for s in SEATS}
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        for event in match.steps[-1].events:
            if event.kind != "produce":
                continue
            others = {m for s, m in marker.items() if s != event.data["seat"] and m}
            barred = {icon for m in others for icon in icons_of(m)}
            assert not any(event.data["gained"].get(i) for i in barred), event.text
    raise AssertionError("the game did not end")


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("crusoes-economy", "tribal-capitalism", "hobbesian")),
    bots=st.permutations(BOTS),
)
def test_random_games_keep_the_guilds_and_replay_exactly(
    seed: int, scenario: str, bots: list[str]
) -> None:
    match = play(seed, {"guild_oligarchy": True, "scenario": scenario}, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
