"""The round email built by position (views.build_view) holds every field's own value."""

from __future__ import annotations

import random

import pytest

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.rex_furum import GAME
from sealed.games.rex_furum.game import RexFurumV2
from sealed.games.rex_furum.state import NAMES, RexState
from sealed.games.rex_furum.views import NoticeView, OpenOffer, RoundEmail, Standing


def reference_email(state: RexState, seat: str) -> RoundEmail:
    """The email built field by field by name, as build_view did before it went positional."""
    me = state.player(seat)
    rounds, version = state.settings.rounds, state.settings.version
    notices = []
    for notice in state.notices:
        told = notice.told(seat)
        if told is not None:
            data = {
                str(k): list(v) if isinstance(v, list | tuple) else v for k, v in told.data.items()
            }
            notices.append(NoticeView(told.kind, told.text, data))
    return RoundEmail(
        name=seat,
        round=min(state.round, rounds),
        rounds=rounds,
        over=state.round > rounds,
        net_worth=me.money,
        earnings_last_round=me.earnings,
        salary=me.salary,
        employment={c.value: c in me.companies for c in state.totals()},
        employee_totals=dict(zip(NAMES, state.totals().values(), strict=True)),
        round_minutes=state.settings.round_minutes,
        players=state.seats,
        crash_in_progress=me.crashing.value if me.crashing else None,
        notices=tuple(notices),
        standings=(
            {p.seat: Standing(p.money, p.earnings) for p in state.players} if version >= 3 else None
        ),
        open_offers=(
            tuple(OpenOffer(o.company.value, o.amount) for o in state.offers if o.briber == seat)
            if version >= 3
            else ()
        ),
        rules_version=version,
    )


@pytest.mark.parametrize("game", [GAME, RexFurumV2()], ids=["v3", "v2"])
def test_positional_email_equals_the_email_built_by_name(game: object) -> None:
    """Every seat's email at every step of seeded games of random and loyal bots."""
    assert isinstance(game, type(GAME))
    seats = ("ana", "ben", "cy", "dee")
    options = resolve_options(game.options, {})
    for n in range(4):
        chance = SeededChance(f"email/{n}")
        state = game.initial_state(seats, options, chance)
        bots = {seat: game.bots["random" if i % 2 else "loyal"]() for i, seat in enumerate(seats)}
        rng = random.Random(n)
        while game.result(state) is None:
            prompts = game.prompts(state)
            orders = {}
            for seat in game.prompted(state):
                email = game.view(state, seat)
                assert email == reference_email(state, seat)
                orders[seat] = bots[seat].choose(email, prompts[seat], rng)
            state = game.advance(state, orders, chance)
        for seat in seats:
            assert game.view(state, seat) == reference_email(state, seat)
