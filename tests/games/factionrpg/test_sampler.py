"""The FactionRPG sampler (search bots' worlds): drawn from a faction's view alone.

- every drawn state gives the faction exactly its view, in every phase, and is a state
  the rules can play on (a playout of bots to the end from it);
- two states that differ only in what the faction cannot see (other factions' unseen
  hidden assets, their values, others' profiles and beliefs) give the same draws under
  the same seed;
- the prior: at turn 1 of the standard start every other faction holds exactly its
  hidden F-Agents 2; the drawn total never exceeds the space;
- the search bot plays FactionRPG and, under a fixed seed, decides the same whatever
  the other factions' secrets are.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import Options, resolve_options
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.state import Asset, FactionState


def states_of_a_game(
    seed: int, players: int, turns: int, bots: tuple[str, ...] = ("random", "steward")
) -> Iterator[tuple[FactionState, Options]]:
    """Every state of a bot game (both phases of every turn, and the end)."""
    seats = tuple(f"F{i}" for i in range(players))
    options = resolve_options(GAME.options, {"turns": turns})
    chance = SeededChance(seed)
    state = GAME.initial_state(seats, options, chance)
    rng = random.Random(seed)
    players_ = {s: GAME.bots[bots[i % len(bots)]]() for i, s in enumerate(seats)}
    while True:
        yield state, options
        prompts = GAME.prompts(state)
        if not prompts:
            return
        orders = {s: players_[s].choose(GAME.view(state, s), p, rng) for s, p in prompts.items()}
        state = GAME.advance(GAME.clone(state), orders, chance)


def secrets_changed(state: FactionState, me: str, rng: random.Random) -> FactionState:
    """A copy that differs from ``state`` only in what ``me`` cannot see."""
    changed = state.copy()
    others = [s for s in state.seats if s != me]
    for name, asset in changed.assets.items():
        if not state.sees(me, name):
            asset.value = rng.randint(1, 4)
    owner = rng.choice(others)
    changed.assets[f"{owner}-Cell{rng.randint(0, 9)}"] = Asset(owner, 1, True)
    for other in others:
        hidden = sorted(n for n, a in changed.assets.items() if a.hidden and a.owner != other)
        changed.profiles[other] = set(rng.sample(hidden, min(2, len(hidden))))
        changed.beliefs[other] = [f"turn 1: {me} has no (other) hidden assets."]
    return changed


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), turns=st.integers(1, 4))
def test_a_drawn_state_gives_the_faction_exactly_its_view(
    seed: int, players: int, turns: int
) -> None:
    draws = random.Random(seed)
    for state, options in states_of_a_game(seed, players, turns):
        for faction in state.seats:
            view = GAME.view(state, faction)
            drawn = GAME.sample_state(view, options, draws)
            assert GAME.view(drawn, faction) == view
            assert drawn.total_value() <= drawn.space
            assert GAME.prompts(drawn).keys() == GAME.prompts(state).keys()


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_the_same_seed_draws_the_same_world_whatever_the_secrets(seed: int, players: int) -> None:
    """The sampler reads the view only: another faction's secrets never change a draw."""
    rng = random.Random(seed)
    compared = 0
    for state, options in states_of_a_game(seed, players, 3):
        for faction in state.seats:
            changed = secrets_changed(state, faction, rng)
            view = GAME.view(state, faction)
            assert GAME.view(changed, faction) == view  # the change is one it cannot see
            assert GAME.to_json(changed) != GAME.to_json(state)
            first = GAME.sample_state(view, options, random.Random(seed))
            second = GAME.sample_state(GAME.view(changed, faction), options, random.Random(seed))
            assert GAME.to_json(first) == GAME.to_json(second)
            compared += 1
    assert compared


def test_turn_one_of_the_standard_start_is_known_exactly() -> None:
    """Every faction begins with hidden F-Agents 2 (Ruling 1, public): the draw is the truth."""
    seats = ("Red", "Blue", "Green")
    options = resolve_options(GAME.options, {})
    state = GAME.initial_state(seats, options, SeededChance(0))
    for faction in seats:
        drawn = GAME.sample_state(GAME.view(state, faction), options, random.Random(5))
        assert GAME.to_json(drawn)["assets"] == GAME.to_json(state)["assets"]


def test_later_draws_vary_and_respect_the_space() -> None:
    """After turn 1 the unseen hidden assets are drawn (values and extra assets vary), and a
    space with room for one more value point cuts them to it."""
    state, options = next(
        (s, o) for s, o in states_of_a_game(3, 4, 6) if s.turn == 4 and s.phase == "orders"
    )
    view = GAME.view(state, "F0")
    worlds = {
        repr(sorted(GAME.to_json(GAME.sample_state(view, options, random.Random(i)))["assets"]))
        for i in range(30)
    }
    assert len(worlds) > 3
    seen = sum(a.value for a in view.assets)
    tight = replace(view, space=seen + 1)
    totals = {GAME.sample_state(tight, options, random.Random(i)).total_value() for i in range(30)}
    assert totals == {seen + 1}


def test_search_plays_factionrpg_and_ignores_secrets() -> None:
    """search-4 finishes a game; at a decision its order is the same when the other
    factions' secrets are drawn again (a fixed seed)."""
    bot = GAME.bots["search-4"]()
    checked = 0
    for state, _ in states_of_a_game(8, 3, 3):
        prompts = GAME.prompts(state)
        if not prompts or state.turn > 2:
            continue
        seat = state.seats[state.turn % 3]
        changed = secrets_changed(state, seat, random.Random(1))
        first = bot.choose(GAME.view(state, seat), prompts[seat], random.Random(4))
        second = bot.choose(GAME.view(changed, seat), prompts[seat], random.Random(4))
        assert GAME.format(first) == GAME.format(second)
        GAME.validate(state, seat, first)
        checked += 1
    assert checked == 4  # both phases of turns 1 and 2
