"""The random bot's draws are the library's, and it picks the same order from a view or
from the legal orders: ``placement_draws`` against ``Random.shuffle`` then
``Random.choice`` (results and generator state), ``choose_legal`` against ``choose``
along seeded games. The differential test's seeded games, and every ``sealed sim``
run, depend on these draws."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import Prompt, resolve_options
from sealed.games.war_slayer import GAME, WarSlayer
from sealed.games.war_slayer.bots import RandomBot, placement_draws
from sealed.games.war_slayer.orders import WarSlayerOrder
from sealed.games.war_slayer.state import WarSlayerState
from sealed.games.war_slayer.views import WarSlayerView
from sealed.lab.sim import play_one

SEATS = ("ana", "ben")
OPTIONS = resolve_options(GAME.options, {})


def drawn_as_the_library(rng: random.Random, rows: int) -> tuple[list[int], int]:
    cards = [0, 1, 2]
    first, second, row = placement_draws(rng, rows)
    cards[2], cards[first] = cards[first], cards[2]
    cards[1], cards[second] = cards[second], cards[1]
    return cards, row


@pytest.mark.parametrize("rows", [1, 2])
def test_the_same_draws_as_shuffle_then_choice_over_many_seeds(rows: int) -> None:
    for seed in range(3000):
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(5):  # several in a row: the generator's state carries over
            expected = [0, 1, 2]
            theirs.shuffle(expected)
            assert drawn_as_the_library(ours, rows) == (expected, theirs.choice(range(rows)))
        assert ours.getstate() == theirs.getstate()


@given(seed=st.text(max_size=20))
def test_the_same_draws_from_text_seeds_as_sealed_sim_uses(seed: str) -> None:
    ours, theirs = random.Random(f"{seed}/bot/seat1"), random.Random(f"{seed}/bot/seat1")
    expected = [0, 1, 2]
    theirs.shuffle(expected)
    assert drawn_as_the_library(ours, 2) == (expected, theirs.choice(range(2)))
    assert ours.getstate() == theirs.getstate()


@given(seed=st.integers(0, 2**32))
def test_choose_legal_picks_what_choose_picks_with_the_same_draws(seed: int) -> None:
    chance, bot = SeededChance(seed), RandomBot()
    state = GAME.initial_state(SEATS, OPTIONS, chance)
    rngs = {seat: random.Random(f"{seed}/{seat}") for seat in SEATS}
    steps = 0
    while GAME.result(state) is None and steps < 60:
        orders = {}
        for seat, prompt in GAME.prompts(state).items():
            twin = random.Random()
            twin.setstate(rngs[seat].getstate())
            order = bot.choose(GAME.view(state, seat), prompt, rngs[seat])
            assert bot.choose_legal(GAME.legal_orders(state, seat), twin) == order
            assert twin.getstate() == rngs[seat].getstate()
            orders[seat] = order
        state = GAME.advance(state, orders, chance)
        steps += 1


class ViewOnlyRandom:
    """The random bot without choose_legal: sealed sim must build its views."""

    def __init__(self) -> None:
        self.bot = RandomBot()

    def choose(self, view: WarSlayerView, prompt: Prompt, rng: random.Random) -> WarSlayerOrder:
        return self.bot.choose(view, prompt, rng)


class ThroughViews(WarSlayer):
    bots: ClassVar[Mapping[str, type[Any]]] = {**WarSlayer.bots, "random": ViewOnlyRandom}


class Unlisted(WarSlayer):
    """Orders not enumerable: a bot with choose_legal falls back to its view."""

    def legal_orders(self, state: WarSlayerState, seat: str) -> Sequence[WarSlayerOrder] | None:  # type: ignore[override]
        return None


@pytest.mark.parametrize("bots", [["random", "random"], ["random", "spymaster"]])
def test_sealed_sim_plays_the_same_games_with_legal_orders_as_with_views(
    bots: list[str],
) -> None:
    for n in range(150):
        seed = f"same/{n}"
        fast = play_one(GAME, OPTIONS, bots, seed, check=True)
        assert play_one(ThroughViews(), OPTIONS, bots, seed, check=True) == fast
        assert play_one(Unlisted(), OPTIONS, bots, seed) == fast
