"""Property tests over random War Slayer V games: conservation and secrecy."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.war_slayer import GAME
from sealed.games.war_slayer.orders import WarSlayerOrder
from sealed.games.war_slayer.state import DECK, DECK_POINTS, Card, Phase, WarSlayerState

SEATS = ("ana", "ben")
BOTS = st.sampled_from(list(GAME.bots))


def playout(seed: int, bots: tuple[str, str], steps: int) -> list[WarSlayerState]:
    """Every state of a bot game from the deal, at most ``steps`` openings long."""
    options = resolve_options(GAME.options, {})
    chance = SeededChance(seed)
    state = GAME.initial_state(SEATS, options, chance)
    players = {seat: GAME.bots[name]() for seat, name in zip(SEATS, bots, strict=True)}
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        if GAME.result(state) is not None:
            break
        orders = {
            seat: players[seat].choose(GAME.view(state, seat), prompt, rng)
            for seat, prompt in GAME.prompts(state).items()
        }
        state, _ = GAME.resolve(state, orders, chance)
        states.append(state)
    return states


def assert_conserved(state: WarSlayerState) -> None:
    cards = Counter(card for side in state.sides for card in side.cards())
    assert cards == Counter(DECK), f"mission {state.mission}: cards lost or doubled"
    scores = GAME.scores(state)
    assert sum(scores.values()) == DECK_POINTS


@given(seed=st.integers(0, 2**32), first=BOTS, second=BOTS)
def test_52_cards_at_every_step(seed: int, first: str, second: str) -> None:
    for state in playout(seed, (first, second), 400):
        assert_conserved(state)


@given(seed=st.integers(0, 2**32), first=BOTS, second=BOTS)
def test_finished_games_hold_every_card_in_the_hqs(seed: int, first: str, second: str) -> None:
    final = playout(seed, (first, second), 10_000)[-1]
    assert final.phase is Phase.OVER
    assert sum(len(side.hq) for side in final.sides) == 52
    result = GAME.result(final)
    assert result is not None and result.winners


def shuffle_secrets(state: WarSlayerState, viewer: int, rng: random.Random) -> WarSlayerState:
    """A copy of ``state`` with every card ``viewer`` cannot see rearranged: the opponent's HQ
    and face-down cards, and the order of the viewer's own HQ below the hand."""
    changed = GAME.clone(state)
    other = 1 - viewer
    theirs = changed.sides[other]
    hidden_theater = list(range(state.operation, len(theirs.theater)))
    hidden_dossier = [i for i, card in enumerate(theirs.dossier) if card is not None]
    pool: list[Card] = list(theirs.hq)
    pool += [theirs.theater[i] for i in hidden_theater]
    pool += [card for card in theirs.dossier if card is not None]
    rng.shuffle(pool)
    rest = pool[len(theirs.hq) :]
    theirs.hq = pool[: len(theirs.hq)]
    for i in hidden_theater:
        theirs.theater[i] = rest.pop()
    for i in hidden_dossier:
        theirs.dossier[i] = rest.pop()
    mine = changed.sides[viewer]
    keep = len(state.hand(viewer))
    below = mine.hq[keep:]
    rng.shuffle(below)
    mine.hq = mine.hq[:keep] + below
    return changed


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), viewer=st.sampled_from([0, 1]))
def test_no_view_changes_when_hidden_cards_move(seed: int, steps: int, viewer: int) -> None:
    rng = random.Random(seed)
    for state in playout(seed, ("random", "spymaster"), steps):
        changed = shuffle_secrets(state, viewer, rng)
        assert_conserved(changed)
        seat = SEATS[viewer]
        assert GAME.view(changed, seat) == GAME.view(state, seat)


def test_view_never_holds_a_score() -> None:
    state = playout(3, ("random", "random"), 5)[-1]
    view = GAME.view(state, "ana")
    assert "score" not in repr(view).lower()


# -- one rules path: resolve (narrating, pure) and advance (in place, silent) --


def bot_orders(state: WarSlayerState, rng: random.Random) -> dict[str, WarSlayerOrder]:
    bot = GAME.bots["random"]()
    return {
        seat: bot.choose(GAME.view(state, seat), prompt, rng)
        for seat, prompt in GAME.prompts(state).items()
    }


@given(seed=st.integers(0, 2**32))
def test_resolve_never_changes_its_input(seed: int) -> None:
    rng, chance = random.Random(seed), SeededChance(seed)
    state = GAME.initial_state(SEATS, resolve_options(GAME.options, {}), chance)
    while GAME.result(state) is None:
        before = GAME.to_json(state)
        after, _ = GAME.resolve(state, bot_orders(state, rng), chance)
        assert GAME.to_json(state) == before
        state = after


@given(seed=st.integers(0, 2**32), first=BOTS, second=BOTS)
def test_advance_and_resolve_reach_the_same_states(seed: int, first: str, second: str) -> None:
    options = resolve_options(GAME.options, {})
    slow = GAME.initial_state(SEATS, options, SeededChance(seed))
    fast = GAME.initial_state(SEATS, options, SeededChance(seed))
    players = {seat: GAME.bots[name]() for seat, name in zip(SEATS, (first, second), strict=True)}
    rng = random.Random(seed)
    while GAME.result(slow) is None:
        orders = {
            seat: players[seat].choose(GAME.view(slow, seat), prompt, rng)
            for seat, prompt in GAME.prompts(slow).items()
        }
        slow, _ = GAME.resolve(slow, orders, SeededChance(seed))
        fast = GAME.advance(fast, orders, SeededChance(seed))
        assert GAME.to_json(fast) == GAME.to_json(slow)
        assert GAME.scores(fast) == GAME.scores(slow)
        assert all(GAME.view(fast, s) == GAME.view(slow, s) for s in SEATS)
    assert GAME.result(fast) == GAME.result(slow)


@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_a_clone_is_independent(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = playout(seed, ("random", "random"), steps)[-1]
    if GAME.result(state) is not None:
        return
    before = GAME.to_json(state)
    copy = GAME.clone(state)
    while GAME.result(copy) is None:
        copy = GAME.advance(copy, bot_orders(copy, rng), SeededChance(seed))
    assert GAME.to_json(state) == before
    assert GAME.to_json(copy) != before


def test_scores_kept_by_the_rules_match_a_recount() -> None:
    for state in playout(7, ("random", "spymaster"), 10_000):
        for seat, side in zip(SEATS, state.sides, strict=True):
            assert GAME.scores(state)[seat] == sum(card.points for card in side.cards())
