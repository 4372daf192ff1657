"""The random bot picks the same bid, with the same draw, from its view or from its legal
bids (``sealed sim`` hands it the legal bids and builds no view)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.goofspiel import GAME
from sealed.games.goofspiel.bots import RandomBot


@given(seed=st.integers(0, 2**32), cards=st.integers(1, 13), players=st.integers(2, 4))
def test_choose_legal_picks_what_choose_picks_with_the_same_draw(
    seed: int, cards: int, players: int
) -> None:
    seats = [f"p{i}" for i in range(players)]
    options = resolve_options(GAME.options, {"num_cards": cards})
    chance, bot = SeededChance(seed), RandomBot()
    state = GAME.initial_state(seats, options, chance)
    rngs = {seat: random.Random(f"{seed}/{seat}") for seat in seats}
    while GAME.result(state) is None:
        orders = {}
        for seat, prompt in GAME.prompts(state).items():
            twin = random.Random()
            twin.setstate(rngs[seat].getstate())
            order = bot.choose(GAME.view(state, seat), prompt, rngs[seat])
            assert bot.choose_legal(GAME.legal_orders(state, seat), twin) == order
            assert twin.getstate() == rngs[seat].getstate()
            orders[seat] = order
        state = GAME.advance(state, orders, chance)
