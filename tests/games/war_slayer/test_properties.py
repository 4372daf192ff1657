"""Property tests over random War Slayer V games: conservation and secrecy."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.war_slayer import GAME
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
    """Rearrange every card ``viewer`` cannot see: the opponent's HQ and face-down cards,
    and the order of the viewer's own HQ below the hand."""
    other = 1 - viewer
    theirs = state.sides[other]
    hidden_theater = list(range(state.operation, len(theirs.theater)))
    hidden_dossier = [i for i, card in enumerate(theirs.dossier) if card is not None]
    pool: list[Card] = list(theirs.hq)
    pool += [theirs.theater[i] for i in hidden_theater]
    pool += [card for card in theirs.dossier if card is not None]
    rng.shuffle(pool)
    hq = tuple(pool[: len(theirs.hq)])
    rest = pool[len(theirs.hq) :]
    theater = list(theirs.theater)
    for i in hidden_theater:
        theater[i] = rest.pop()
    dossier = list(theirs.dossier)
    for i in hidden_dossier:
        dossier[i] = rest.pop()
    sides = list(state.sides)
    sides[other] = replace(theirs, hq=hq, theater=tuple(theater), dossier=tuple(dossier))
    mine = state.sides[viewer]
    keep = len(state.hand(viewer))
    below = list(mine.hq[keep:])
    rng.shuffle(below)
    sides[viewer] = replace(mine, hq=mine.hq[:keep] + tuple(below))
    return replace(state, sides=(sides[0], sides[1]))


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
