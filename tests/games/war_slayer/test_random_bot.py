"""The random bot's draws are the library's: ``shuffle_then_choose`` against
``Random.shuffle`` then ``Random.choice``, results and generator state alike (the
differential test's seeded games, and every ``sealed sim`` run, depend on them)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.games.war_slayer.bots import shuffle_then_choose
from sealed.games.war_slayer.rules import BOTH_ROWS, DOSSIER_ONLY, THEATER_ONLY
from sealed.games.war_slayer.state import DECK, Row


@pytest.mark.parametrize("rows", [BOTH_ROWS, THEATER_ONLY, DOSSIER_ONLY])
def test_the_same_draws_as_shuffle_then_choice_over_many_seeds(rows: tuple[Row, ...]) -> None:
    for seed in range(3000):
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(5):  # several in a row: the generator's state carries over
            cards = list(DECK[:3])
            expected = list(cards)
            theirs.shuffle(expected)
            expected_row = theirs.choice(rows)
            assert shuffle_then_choose(ours, cards, rows) is expected_row
            assert cards == expected
        assert ours.getstate() == theirs.getstate()


@given(seed=st.text(max_size=20), first=st.integers(0, 49))
def test_the_same_draws_from_text_seeds_as_sealed_sim_uses(seed: str, first: int) -> None:
    ours, theirs = random.Random(f"{seed}/bot/seat1"), random.Random(f"{seed}/bot/seat1")
    cards = list(DECK[first : first + 3])
    expected = list(cards)
    theirs.shuffle(expected)
    assert shuffle_then_choose(ours, cards, BOTH_ROWS) is theirs.choice(BOTH_ROWS)
    assert cards == expected and ours.getstate() == theirs.getstate()
