"""Paternalistic Economy (modules/paternalistic.py): the option and its refusals, Mad Jack's
rows playable, and random bot games under each built government in which every assignment
made is the paths walked, nobody chooses a path the government assigned, and the record replays
exactly. The rules on the table are cases/module_paternalistic.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import bot_game, check_tokens

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.state import CrusoeState, Settings

BOTS = ("greedy", "cooperative", "selfish", "random")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"scenario": "traditional"}, "paternalistic with traditional"),
        # a ruler in Tribal Socialism is built (ruling 149: he assigns, the tribe divides)
        # a Bureaucracy's chart assigns them (ruling 191: test_government_bureaucracy.py)
        # with Landlords it is built: the assignment is held to the Leases (ruling 153)
    ],
)
def test_what_the_seed_rules_out_or_is_not_built_is_refused_in_one_line(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(resolve_options(GAME.options, {**options, "paternalistic": True}))
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    "options",
    [
        {"scenario": "tribal-capitalism"},
        {"scenario": "national-capitalism", "government": "dictatorship"},
        {"scenario": "market-socialism", "government": "representative"},
        {"scenario": "governmental-socialism"},
    ],
)
def test_mad_jacks_paternalistic_rows_are_playable(options: dict[str, Any]) -> None:
    assert _is_built({**options, "paternalistic": True})


def check_assignments(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    check_tokens(match.state)
    for event in match.steps[-1].events if match.steps else []:
        if event.kind == "assignment":
            for seat, path in event.data["assigned"].items():
                assert match.state.players[seat].path == path or match.state.cycle > before.cycle
        if event.kind == "path":  # a player chooses only when the government assigned nothing
            assert before.ask == "path"


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    options=st.sampled_from(
        (
            {"scenario": "hobbesian"},
            {"scenario": "hobbesian", "government": "dictatorship"},
            {"scenario": "state-capitalism", "government": "representative"},
            {"scenario": "tribal-socialism"},
            {"scenario": "national-capitalism"},
            {"scenario": "national-capitalism", "government": "dictatorship"},
            {"scenario": "market-socialism", "government": "representative"},
        )
    ),
    bots=st.permutations(BOTS),
)
def test_random_paternalistic_games_walk_the_paths_assigned_and_replay(
    seed: int, options: dict[str, Any], bots: list[str]
) -> None:
    resolved = resolve_options(GAME.options, {**options, "paternalistic": True})
    match = bot_game(seed, tuple(bots), resolved, check_assignments)
    kinds = {event.kind for step in match.steps for event in step.events}
    assert "assignment" in kinds
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
