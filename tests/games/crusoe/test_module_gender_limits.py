"""Gender, No Suffrage's additional limitations (modules/gender.py; ruling 198): "Additional
limitations might be imposed in some particular economies (such as no right to own land, no
right to collect welfare, etc.) at the option of the players before play begins."

Scenarios: cases/module_gender_limits.yaml (a woman first out of a path does not own it; no path
is given to a woman; a woman below the minimum wage gets no welfare and is taxed). Here: the
options and their refusals in one line, and random bot games under each limitation that play to
the end, replay exactly, never let a woman own a path nor be paid welfare, and keep every dollar
accounted for.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game
from tests.games.crusoe.test_government_properties import money_change

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules.gender import ROLE
from sealed.games.crusoe.state import CrusoeState, Settings


def options(**chosen: Any) -> dict[str, Any]:
    return resolve_options(GAME.options, chosen)


def test_the_limitations_are_read_with_no_suffrage_and_with_dolls_house() -> None:
    chosen = options(
        scenario="welfare-capitalism",
        gender="no-suffrage",
        landlords="modern",
        gender_no_land=True,
        gender_no_welfare=True,
    )
    assert Settings.from_options(chosen).gender_limits == ("land", "welfare")
    house = options(scenario="welfare-capitalism", gender="dolls-house", gender_no_welfare=True)
    assert Settings.from_options(house).gender_limits == ("welfare",)
    assert Settings.from_options(options(gender="no-suffrage")).gender_limits == ()


@pytest.mark.parametrize(
    ("chosen", "message"),
    [
        ({"gender": "base", "gender_no_welfare": True}, "set gender=no-suffrage"),
        ({"gender_no_land": True}, "set gender=no-suffrage"),
        ({"gender": "no-suffrage", "gender_no_land": True}, "only Landlords has land"),
        (
            {"gender": "no-suffrage", "gender_no_welfare": True, "scenario": "national-capitalism"},
            "only Welfare Capitalism pays welfare",
        ),
    ],
    ids=["without no suffrage", "without gender", "no land without landlords", "no welfare"],
)
def test_a_limitation_the_game_cannot_have_is_refused_in_one_line(
    chosen: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message) as error:
        Settings.from_options(options(**chosen))
    assert "\n" not in str(error.value)


def test_the_two_landlords_are_men() -> None:
    """Modern: "two players are selected to be Landlords": drawn among the men only."""
    chosen = options(
        scenario="tribal-capitalism", gender="no-suffrage", landlords="modern", gender_no_land=True
    )
    for seed in range(6):
        match = Match.new(GAME, ["ana", "ben", "cy", "dee", "eve"], chosen, seed=seed)
        state: CrusoeState = match.state
        assert state.land.landlords and all(
            ROLE not in state.players[s].roles for s in state.land.landlords
        )
    with pytest.raises(OptionError, match="two men are drawn to be Landlords"):
        Match.new(GAME, ["ana", "ben", "cy"], chosen, seed=1)


def check_step(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state: CrusoeState = match.state
    events = match.steps[-1].events
    assert state.money() - before.money() == money_change(events)
    for path, owner in state.land.owners.items():
        assert owner not in state.players or ROLE not in state.players[owner].roles, (
            f"the woman {owner} owns the {path}"
        )
    for event in events:
        if event.kind == "welfare":
            paid = event.data["welfare"]
            assert not [s for s in paid if ROLE in state.players[s].roles], event.text


LIMITED = (
    {"scenario": "tribal-capitalism", "landlords": "homestead", "gender_no_land": True},
    {"scenario": "hobbesian", "landlords": "modern", "gender_no_land": True},
    {"scenario": "national-capitalism", "landlords": "modern", "gender_no_land": True},
    {"scenario": "welfare-capitalism", "gender_no_welfare": True},
    {
        "scenario": "welfare-capitalism",
        "landlords": "homestead",
        "gender_no_land": True,
        "gender_no_welfare": True,
    },
)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), bots=st.permutations(BOTS), chosen=st.sampled_from(LIMITED))
def test_random_games_under_the_limitations_play_to_the_end_and_replay(
    seed: int, bots: list[str], chosen: dict[str, Any]
) -> None:
    match = bot_game(seed, tuple(bots), options(gender="no-suffrage", **chosen), check_step)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
