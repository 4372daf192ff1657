"""Crusoe's Planet versions: a version 1 game keeps version 1's rules and state keys.

The records of tests/records/c198585 (tests/core/test_old_records.py) replay under
them; these pin the wiring (manual, Versions).
"""

from __future__ import annotations

import random

import pytest

from sealed.core.errors import RecordError
from sealed.core.match import Match, replay, rules_for
from sealed.games.crusoe import GAME
from sealed.games.crusoe.versions import V1_KEYS, V1_PLAYER_KEYS, CrusoeV1

SEATS = ["ana", "ben", "cy"]
OPTIONS = {"scenario": "traditional"}


def test_a_version_1_record_is_replayed_by_crusoe_v1() -> None:
    record = Match.new(CrusoeV1(), SEATS, OPTIONS, seed=5).to_json()
    assert record["game_version"] == 1
    assert isinstance(rules_for(GAME, record), CrusoeV1)
    assert rules_for(GAME, {**record, "game_version": GAME.version}) is GAME
    match = replay(record)
    assert match.state.settings.version == 1
    with pytest.raises(RecordError, match="replays versions 1, 2"):
        rules_for(GAME, {**record, "game_version": 3})


def test_version_1_writes_version_1_keys_only() -> None:
    match = Match.new(CrusoeV1(), SEATS, OPTIONS, seed=5)
    data = match.game.to_json(match.state)
    assert tuple(data) == V1_KEYS
    assert all(tuple(p) == V1_PLAYER_KEYS for p in data["players"].values())
    current = Match.new(GAME, SEATS, OPTIONS, seed=5)
    assert set(V1_KEYS) < set(GAME.to_json(current.state))
    assert current.state.settings.version == GAME.version == 2


def test_a_version_1_game_s_search_bots_play_out_version_1_worlds() -> None:
    game = CrusoeV1()
    match = Match.new(game, SEATS, OPTIONS, seed=5)
    drawn = game.sample_state(game.view(match.state, "ana"), OPTIONS, random.Random(2))
    assert drawn.settings.version == 1
