"""FactionRPG versions: a version 1 game keeps version 1's rules (manual, Versions).

The records of tests/records/c198585 (tests/core/test_old_records.py) show that
version 1 files replay; these pin what a version 1 game keeps when it goes on,
each beside what version 2 does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from sealed.core.errors import IllegalOrderError, RecordError
from sealed.core.match import Match, replay, rules_for
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.game import FactionRPG, FactionRPGV1

SEATS = ["Red", "Blue", "Green"]
OPTIONS = {"starting_assets": "setup", "space": 100}
SETUP: dict[str, Any] = {
    "factions": {
        "Red": {"specialization": "upgrade"},
        "Blue": {"specialization": "tactics"},
        "Green": {"specialization": "tactics"},
    },
    "assets": {
        "Red-Bank": {"owner": "Red", "value": 6},
        "Red-Mint": {"owner": "Red", "value": 6},
        "Red-Fort": {"owner": "Red", "value": 2},
        "Red-Agents": {"owner": "Red", "value": 2, "hidden": True},
        "Blue-Army": {"owner": "Blue", "value": 3},
    },
}


def first_turn(game: FactionRPG, red: str) -> Match[Any, Any, Any]:
    """Red's orders and two passes, the Orders Phase opened; now the Consequences Phase."""
    match = Match.new(game, SEATS, OPTIONS, seed=7, setup=SETUP)
    match.seal("Red", red)
    match.seal("Blue", "pass")
    match.seal("Green", "pass")
    return match


def test_rules_for_a_version_1_record_is_version_1() -> None:
    record = Match.new(FactionRPGV1(), SEATS, OPTIONS, seed=1, setup=SETUP).to_json()
    assert record["game_version"] == 1
    rules = rules_for(GAME, record)
    assert isinstance(rules, FactionRPGV1) and rules.version == 1
    assert replay(record).game.version == 1
    assert rules_for(GAME, {**record, "game_version": 2}) is GAME
    with pytest.raises(RecordError, match="replays versions 1, 2"):
        rules_for(GAME, {**record, "game_version": 3})


@pytest.mark.parametrize(("game", "value"), [(FactionRPGV1(), 12), (GAME, 5)])
def test_upgrade_version_1_raises_once_per_point_of_excess(game: FactionRPG, value: int) -> None:
    """Strength 12 on value 2: version 1 raised it by 10 (one per point of excess),
    version 2 spends the strength (Ruling 12: 3, 4, 5)."""
    match = first_turn(game, "Red-Bank enhance Red-Fort\nRed-Mint enhance Red-Fort")
    for seat in SEATS:
        match.seal(seat, "pass")
    if match.state.phase == "consequences":  # version 2's phase waits for its deadline
        match.close()
    assert match.state.assets["Red-Fort"].value == value


@pytest.mark.parametrize(("game", "hidden"), [(FactionRPGV1(), False), (GAME, True)])
def test_covert_creation_version_1_is_public(game: FactionRPG, hidden: bool) -> None:
    match = first_turn(game, "Red-Agents enhance Red-Cell")
    assert match.state.assets["Red-Cell"].hidden is hidden


def test_version_1_consequences_open_when_all_answered_and_refuse_narrations() -> None:
    match = first_turn(FactionRPGV1(), "Red-Bank enhance Red-Fort")
    assert not any(p.wait_for_deadline for p in match.prompts().values())
    assert "narrate" not in next(iter(match.prompts().values())).help
    with pytest.raises(IllegalOrderError, match="version 1's rules, which have no narrations"):
        match.seal("Red", "narrate Red-Fort: the walls rise")
    steps = len(match.steps)
    for seat in SEATS:
        match.seal(seat, "pass")
    assert len(match.steps) == steps + 1
    assert match.state.phase == "orders"


def test_version_2_consequences_wait_for_the_deadline() -> None:
    match = first_turn(GAME, "Red-Bank enhance Red-Fort")
    assert all(p.wait_for_deadline for p in match.prompts().values())


def test_a_version_1_game_s_search_bots_play_out_version_1_worlds() -> None:
    game = FactionRPGV1()
    match = Match.new(game, SEATS, OPTIONS, seed=3, setup=SETUP)
    drawn = game.sample_state(game.view(match.state, "Blue"), OPTIONS, random.Random(1))
    assert drawn.settings.version == 1
    current = GAME.sample_state(GAME.view(match.state, "Blue"), OPTIONS, random.Random(1))
    assert current.settings.version == 2
