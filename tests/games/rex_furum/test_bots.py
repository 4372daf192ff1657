"""The random bot draws its first version's numbers: the differential baseline's seeded
games (tests/differential) hold its choices, so a faster bot must choose the same."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.rex_furum.test_fast_path import BOT_NAMES, states

from sealed.core.game import Prompt
from sealed.games.rex_furum import GAME
from sealed.games.rex_furum.bots import RandomBot, desk_of, legal
from sealed.games.rex_furum.orders import (
    AcceptBribe,
    Action,
    Backstab,
    Bribe,
    CoverUp,
    Crash,
    Embezzle,
    EnterEmpty,
    Extort,
    Invest,
    Out,
    Pinkslip,
    Protect,
    Quit,
    RoundOrders,
)
from sealed.games.rex_furum.rules import INVEST_LIMIT
from sealed.games.rex_furum.state import BY_NAME, COMPANIES, Company
from sealed.games.rex_furum.views import RoundEmail


def first_version(view: RoundEmail, rng: random.Random) -> RoundOrders:
    """The random bot as first written (through random.Random's own functions)."""
    others = [s for s in view.players if s != view.name]
    money = max(view.net_worth, 0)
    who, where = rng.choice(others), rng.choice(COMPANIES)
    actions: list[Action] = [
        Embezzle(who),
        Out(rng.choice(others)),
        Pinkslip(rng.choice(others), rng.choice(COMPANIES)),
        Extort(who, where),
        Crash(rng.choice(COMPANIES)),
        Backstab(rng.choice(others)),
        Protect(rng.choice([None, *others])),
        CoverUp(rng.choice(others)),
        EnterEmpty(rng.choice(COMPANIES)),
        Quit(rng.choice(COMPANIES)),
    ]
    if view.crash_in_progress:
        actions.append(Crash(BY_NAME[view.crash_in_progress]))
    if money > 0:
        actions.append(Bribe(rng.randint(1, money), rng.choice(COMPANIES)))
        amount = rng.randint(1, min(money, INVEST_LIMIT - 1))
        actions.append(Invest(amount, rng.choice(others)))
    for notice in view.notices:
        if notice.kind == "bribe-offer":
            company = Company(str(notice.data["company"]))
            actions.append(AcceptBribe(int(notice.data["amount"]), rng.choice(others), company))
    rng.shuffle(actions)
    return legal(desk_of(view), actions[: rng.randint(0, 6)])


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32),
    st.lists(st.sampled_from(BOT_NAMES), min_size=3, max_size=6),
    st.integers(1, 10),
)
def test_the_random_bot_chooses_as_its_first_version_did(
    seed: int, bots: list[str], rounds: int
) -> None:
    """Every email of seeded games (bribe offers, crashes, broke players among them):
    the same orders, and the generator left in the same place."""
    for state, _ in states(seed, bots, rounds):
        for seat, prompt in GAME.prompts(state).items():
            view = GAME.view(state, seat)
            new, old = random.Random(f"{seed}/{seat}"), random.Random(f"{seed}/{seat}")
            assert RandomBot().choose(view, prompt, new) == first_version(view, old)
            assert new.getstate() == old.getstate()


def test_a_broke_player_still_draws_as_before() -> None:
    """No money: no bribe nor investment, and no amount drawn."""
    state = states(3, ["random"] * 4, 2)[0][0]
    state.players[0].money = 0
    seat = state.seats[0]
    view = GAME.view(state, seat)
    prompt: Prompt = GAME.prompts(state)[seat]
    for salt in range(50):
        new, old = random.Random(salt), random.Random(salt)
        assert RandomBot().choose(view, prompt, new) == first_version(view, old)
        assert new.getstate() == old.getstate()
