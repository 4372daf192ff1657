"""One rules path: resolve is pure, advance reaches the same states, clone is independent."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import ScriptedChance, SeededChance
from sealed.games.fixem import GAME

SEATS = ("ana", "ben", "cy", "dee")
DEFAULTS = {spec.name: spec.default for spec in GAME.options}
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "card_order": st.sampled_from(["3-2-1", "2-3-1"]),
        "queue_joins": st.sampled_from(["after_roll", "before_roll"]),
        "start_hand": st.sampled_from(["4_rolled", "6_rolled", "1_to_6"]),
        "refill": st.sampled_from(["own_colour", "scorer", "none"]),
        "closest_award": st.booleans(),
        "ending": st.sampled_from(["rounds", "field"]),
        "max_rounds": st.integers(min_value=1, max_value=15),
        "hidden_hands": st.booleans(),
        "hidden_predictions": st.booleans(),
    },
)


def orders_for(state: Any, bots: dict[str, Any], rngs: dict[str, random.Random]) -> dict[str, Any]:
    return {
        seat: bots[seat].choose(GAME.view(state, seat), prompt, rngs[seat])
        for seat, prompt in GAME.prompts(state).items()
    }


def setup_game(options: dict[str, Any], players: int, seed: int) -> tuple[Any, ...]:
    seats = SEATS[:players]
    full = DEFAULTS | options
    state = GAME.initial_state(seats, full, SeededChance(seed))
    names = ["random", "counter"]
    bots = {seat: GAME.bots[names[(seed + i) % 2]]() for i, seat in enumerate(seats)}
    rngs = {seat: random.Random(f"{seed}/{seat}") for seat in seats}
    return seats, state, bots, rngs


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_resolve_never_changes_its_input(options: dict[str, Any], players: int, seed: int) -> None:
    _, state, bots, rngs = setup_game(options, players, seed)
    chance = SeededChance(seed)
    while GAME.result(state) is None:
        before = GAME.to_json(state)
        views = {seat: GAME.render(GAME.view(state, seat)) for seat in bots}
        state_after, _ = GAME.resolve(state, orders_for(state, bots, rngs), chance)
        assert GAME.to_json(state) == before
        assert {seat: GAME.render(GAME.view(state, seat)) for seat in bots} == views
        state = state_after


@settings(max_examples=60, deadline=None)
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_advance_and_resolve_reach_the_same_states(
    options: dict[str, Any], players: int, seed: int
) -> None:
    """Step by step, the fast path and the narrated path give the same state JSON and views."""
    seats, slow, bots, rngs = setup_game(options, players, seed)
    fast = GAME.clone(slow)
    slow_chance = SeededChance(seed)
    while GAME.result(slow) is None:
        orders = orders_for(slow, bots, rngs)
        assert GAME.prompted(fast) == tuple(GAME.prompts(fast)) == tuple(orders)
        slow, _ = GAME.resolve(slow, orders, slow_chance)
        # the fast path is given exactly the outcomes the slow one drew
        fast = GAME.advance(fast, orders, ScriptedChance([e.value for e in slow_chance.take_log()]))
        assert GAME.to_json(fast) == GAME.to_json(slow)
        assert fast == slow
        for seat in seats:
            assert GAME.render(GAME.view(fast, seat)) == GAME.render(GAME.view(slow, seat))
        assert GAME.scores(fast) == GAME.scores(slow)
    assert GAME.result(fast) == GAME.result(slow)
    assert GAME.prompted(fast) == ()


@settings(max_examples=30, deadline=None)
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2**31))
def test_a_clone_is_independent(options: dict[str, Any], players: int, seed: int) -> None:
    seats, state, bots, rngs = setup_game(options, players, seed)
    chance = SeededChance(seed)
    while GAME.result(state) is None:
        orders = orders_for(state, bots, rngs)
        before = GAME.to_json(state)
        views = {seat: GAME.view(state, seat) for seat in seats}
        copy = GAME.clone(state)
        assert copy == state
        GAME.advance(copy, orders, SeededChance(f"{seed}/copy"))
        assert GAME.to_json(state) == before
        assert {seat: GAME.view(state, seat) for seat in seats} == views
        state = GAME.advance(state, orders, chance)
