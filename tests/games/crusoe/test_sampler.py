"""Crusoe's Planet's sampler of whole states, from one seat's view only (for search bots).

- Over random games of every economy, the sampled state shows the seat its
  own view again, and the rules ask the same seats to decide as in the true
  state (who decides with the viewer is inferred right);
- the sampler reads the view only: two states that differ only in what the
  seat cannot see (barter offers between others, the score sheets) give the
  same samples under one seed;
- the table's bookkeeping (the invoker and the speeches to come, the passes
  before the viewer) is in the view, so it is carried exactly, not drawn.
  The advanced economies: ``test_sampler_advanced.py``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.sampler import sample_state
from sealed.games.crusoe.state import CrusoeState, Offer
from sealed.games.crusoe.stats import ECONOMIES

GAME = CrusoeGame()
LINEUPS = (("random",) * 4, ("greedy", "cooperative", "selfish", "greedy"), ("selfish",) * 3)


def position(economy: str, lineup: tuple[str, ...], seed: int, steps: int) -> CrusoeState:
    """The state after up to ``steps`` steps of the bots of ``lineup`` (seeded)."""
    options = resolve_options(GAME.options, ECONOMIES[economy])
    seats = tuple(f"p{i + 1}" for i in range(len(lineup)))
    chance = SeededChance(f"sampler/{seed}")
    state = GAME.initial_state(seats, options, chance)
    bots = {seat: GAME.bots[name]() for seat, name in zip(seats, lineup, strict=True)}
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        prompts = GAME.prompts(state)
        orders = {s: bots[s].choose(GAME.view(state, s), p, rng) for s, p in prompts.items()}
        state = GAME.advance(state, orders, chance)
    return state


@settings(max_examples=150, deadline=None)
@given(
    economy=st.sampled_from(list(ECONOMIES)),
    lineup=st.sampled_from(LINEUPS),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 250),
    pick=st.integers(0, 7),
)
def test_a_sample_shows_the_seat_its_view_and_asks_the_same_seats(
    economy: str, lineup: tuple[str, ...], seed: int, steps: int, pick: int
) -> None:
    state = position(economy, lineup, seed, steps)
    options = resolve_options(GAME.options, ECONOMIES[economy])
    prompted = GAME.prompted(state)
    seat = prompted[pick % len(prompted)] if prompted else state.seats[pick % len(state.seats)]
    view = GAME.view(state, seat)
    sampled = sample_state(view, options, random.Random(seed))
    assert GAME.view(sampled, seat) == view
    if seat in prompted:
        assert GAME.prompted(sampled) == prompted, (state.ask, state.waiting)
        # The rules play on from it: one step with the bots' orders.
        bots = {s: GAME.bots["greedy"]() for s in prompted}
        rng = random.Random(seed)
        orders = {
            s: bots[s].choose(GAME.view(sampled, s), p, rng)
            for s, p in GAME.prompts(sampled).items()
        }
        for s, order in orders.items():
            GAME.validate(sampled, s, order)
        GAME.advance(sampled, orders, SeededChance("playout"))


def hidden_changed(state: CrusoeState, viewer: str) -> CrusoeState:
    """The same table for ``viewer``; what it cannot see changed."""
    other = state.copy()
    others = [s for s in state.seats if s != viewer]
    other.offers = [o for o in other.offers if viewer in (o.giver, o.taker)]
    other.offers.append(Offer(others[0], others[1], (("water", 1),), (("apple", 2),)))
    for seat in others:
        other.players[seat].sheet = [dict.fromkeys(("cycle", "total"), 99)]
    other.votes = {others[0]: "kill"}
    return other


@pytest.mark.parametrize("economy", ["tribal-capitalism", "traditional", "hobbesian"])
@pytest.mark.parametrize("steps", [5, 40, 120])
def test_the_sampler_reads_nothing_the_seat_cannot_see(economy: str, steps: int) -> None:
    state = position(economy, LINEUPS[1], seed=steps, steps=steps)
    options = resolve_options(GAME.options, ECONOMIES[economy])
    viewer = (GAME.prompted(state) or state.seats)[0]
    changed = hidden_changed(state, viewer)
    view = GAME.view(state, viewer)
    assert GAME.view(changed, viewer) == view  # the change is hidden from the viewer
    assert GAME.to_json(changed) != GAME.to_json(state)
    for n in range(5):
        first = sample_state(view, options, random.Random(n))
        second = sample_state(GAME.view(changed, viewer), options, random.Random(n))
        assert GAME.to_json(first) == GAME.to_json(second)


def find(economy: str, ask: str) -> CrusoeState:
    """A position where ``ask`` is open (random and selfish bots fight often)."""
    for seed in range(400):
        for lineup in (LINEUPS[2], LINEUPS[0]):
            state = position(economy, lineup, seed, 0)
            for _ in range(300):
                if state.over or state.ask == ask:
                    break
                state = _step(state, lineup, seed)
            if state.ask == ask:
                return state
    raise AssertionError(f"no position with {ask} open")


def _step(state: CrusoeState, lineup: tuple[str, ...], seed: int) -> CrusoeState:
    rng = random.Random(seed + state.cycle)
    bots = {s: GAME.bots[name]() for s, name in zip(state.seats, lineup, strict=True)}
    prompts = GAME.prompts(state)
    orders = {s: bots[s].choose(GAME.view(state, s), p, rng) for s, p in prompts.items()}
    return GAME.advance(state, orders, SeededChance(f"find/{seed}/{state.cycle}"))


@pytest.mark.parametrize(
    ("ask", "fields"), [("speech", ("invoker", "speakers")), ("violence", ("passes",))]
)
def test_the_tables_bookkeeping_is_carried_exactly(ask: str, fields: tuple[str, ...]) -> None:
    """The invoker, the speeches to come and the passes in a row are public (everyone sees
    them at the table): the view carries them and every sample has them as they are."""
    state = find("hobbesian", ask)
    seat = state.waiting[0]
    view = GAME.view(state, seat)
    options = resolve_options(GAME.options, ECONOMIES["hobbesian"])
    for n in range(5):
        sampled = sample_state(view, options, random.Random(n))
        for field in fields:
            assert getattr(sampled, field) == getattr(state, field), field


@pytest.mark.parametrize("economy", ["tribal-capitalism", "hobbesian"])
def test_the_search_bot_decides_legally_the_same_under_a_seed_and_blind_to_secrets(
    economy: str,
) -> None:
    """``search-2`` (two playouts per candidate) over sampled states: a legal order, the same
    one under the same seed, and the same when what the seat cannot see is changed."""
    state = position(economy, LINEUPS[1], seed=3, steps=30)
    seat = GAME.prompted(state)[0]
    prompt = GAME.prompts(state)[seat]
    bot = GAME.bots["search-2"]()
    chosen = bot.choose(GAME.view(state, seat), prompt, random.Random(5))
    GAME.validate(state, seat, chosen)
    assert bot.choose(GAME.view(state, seat), prompt, random.Random(5)) == chosen
    changed = hidden_changed(state, seat)
    assert bot.choose(GAME.view(changed, seat), prompt, random.Random(5)) == chosen
