"""Variable Values for Diamonds (Optional Rules; modules/diamonds.py): the option, the values,
and random games under each rule. The worked examples are cases/module_diamonds.yaml."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import ScriptedChance, SeededChance
from sealed.core.errors import OptionError
from sealed.core.events import Event
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules.diamonds import diamond_vp, lottery_value, yuppie_values
from sealed.games.crusoe.state import CrusoeState, Settings

SEATS = ("ana", "ben", "cy", "dee")


def test_seats_without_the_small_boat_are_refused() -> None:
    with pytest.raises(OptionError, match="diamonds_seats 3: a number of seats with"):
        Settings.from_options(resolve_options(GAME.options, {"diamonds_seats": 3}))


def test_an_unknown_rule_is_refused_with_the_choices() -> None:
    with pytest.raises(OptionError, match="yuppies"):
        resolve_options(GAME.options, {"diamonds": "yupies"})


def test_lottery_values_average_the_standard_three() -> None:
    """The seed: "The average value of diamonds under this scheme is the same"."""
    values = [lottery_value(die) for die in range(1, 7)]
    assert values == [0, 1, 2, 3, 4, 8]
    assert sum(values) / 6 == 3


@given(st.dictionaries(st.sampled_from(SEATS), st.integers(0, 9), min_size=1))
def test_yuppie_values_rank_the_holders(held: dict[str, int]) -> None:
    values = yuppie_values(held)
    for seat, count in held.items():
        assert values[seat] == sum(1 for other in held.values() if other < count)
        for other, more in held.items():
            if more > count:
                assert values[other] > values[seat]
            if more == count:
                assert values[other] == values[seat]


def _state(held: dict[str, int], rule: str) -> CrusoeState:
    options = resolve_options(GAME.options, {"diamonds": rule})
    state = GAME.initial_state(list(SEATS), options, SeededChance(1))
    for seat, count in held.items():
        state.players[seat].goods["diamond"] = count
    return state


@given(st.fixed_dictionaries({seat: st.integers(0, 5) for seat in SEATS}))
def test_standard_diamonds_are_three_each_and_the_dead_score_none(held: dict[str, int]) -> None:
    state = _state(held, "standard")
    state.players["dee"].alive = False
    assert diamond_vp(state, SeededChance(1), None) == {
        seat: 3 * held[seat] for seat in ("ana", "ben", "cy")
    }


def test_lottery_rolls_one_die_per_holder_and_tells_it() -> None:
    state = _state({"ana": 3, "ben": 0, "cy": 2, "dee": 1}, "lottery")
    events: list[Event] = []
    vp = diamond_vp(state, ScriptedChance([[5], [6], [2]]), events)
    assert vp == {"ana": 12, "ben": 0, "cy": 16, "dee": 1}
    assert [e.data["seat"] for e in events] == ["ana", "cy", "dee"]
    assert all(e.to_json()["audience"] == "all" for e in events)  # public, as at the table


def play(seed: int, rule: str, scenario: str) -> Match[object, object, object]:
    options = resolve_options(GAME.options, {"diamonds": rule, "scenario": scenario})
    match: Match[object, object, object] = Match.new(GAME, list(SEATS), options, seed=seed)
    bots = {seat: GAME.bots["greedy"]() for seat in SEATS}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)  # type: ignore[arg-type]
            match.seal_order(seat, bots[seat].choose(view, match.prompts()[seat], rngs[seat]))
    raise AssertionError("the game did not end")


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rule=st.sampled_from(("lottery", "yuppies", "small-boat")),
    scenario=st.sampled_from(("crusoes-economy", "tribal-capitalism")),
)
def test_random_games_under_each_rule_end_and_replay_exactly(
    seed: int, rule: str, scenario: str
) -> None:
    match = play(seed, rule, scenario)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)  # type: ignore[arg-type]
    result = match.result()
    assert result is not None
    for seat in result.winners:  # the left-behind win nothing (Small Boat)
        assert "left-behind" not in match.state.players[seat].roles  # type: ignore[attr-defined]
