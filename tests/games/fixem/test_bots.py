"""The counter bot: intent, and no preference for a seat because of where it sits. The random
bot: it draws its first version's numbers (the differential baseline's games hold them)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import Prompt
from sealed.games.fixem import GAME
from sealed.games.fixem.bots import CounterBot, RandomBot, _sample
from sealed.games.fixem.orders import Card1, Card2, Card3, FixemOrder, Pass, Predict, format_order
from sealed.games.fixem.state import POINTS
from sealed.games.fixem.views import FixemView

SEATS = ("ana", "ben", "cy")
DEFAULTS = {spec.name: spec.default for spec in GAME.options}


def tied_leaders_state() -> object:
    """ben and cy tie on score and are both exact; ana can spoil either with card 2."""
    data = {
        "round": 2,
        "stage": "cards",
        "players": {
            "ana": {"hand": [2, 3], "waiting": 34, "prediction": None},
            "ben": {"hand": [], "waiting": 33, "scored": 2, "prediction": {"count": 1, "point": 2}},
            "cy": {"hand": [], "waiting": 33, "scored": 2, "prediction": {"count": 1, "point": 3}},
        },
        "field": [{"seat": "ben", "point": 2}, {"seat": "cy", "point": 3}],
        "queue": [],
    }
    return GAME.from_json(data, SEATS, DEFAULTS)


def test_counter_bot_attacks_tied_leaders_without_seat_preference() -> None:
    state = tied_leaders_state()
    view = GAME.view(state, "ana")  # type: ignore[arg-type]
    prompt = Prompt(phase="round 2, Card Stage", help="")
    chosen = {format_order(CounterBot().choose(view, prompt, random.Random(i))) for i in range(40)}
    assert chosen == {format_order(Card2((2,))), format_order(Card2((3,)))}


def first_random_bot(view: FixemView, rng: random.Random) -> FixemOrder:
    """The random bot as first written (through random.Random's own functions)."""
    if view.stage == "predict":
        top = max(2, (len(view.field) + len(view.queue)) // 3)
        return Predict(rng.randint(1, top), rng.choice(POINTS))
    me = view.me()
    choices: list[FixemOrder] = [Pass(), Card1(rng.choice(POINTS))]
    if me.hand:
        size = rng.randint(1, len(me.hand))
        choices.append(Card2(tuple(sorted(rng.sample(list(me.hand), size)))))
    for other in view.players:
        if other.seat == view.seat:
            continue
        if other.hand is None:
            choices.append(Card3(other.seat, rng.choice(POINTS)))
        elif other.hand:
            choices.append(Card3(other.seat, rng.choice(other.hand)))
    return rng.choice(choices)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([{}, {"hidden_hands": True}]))
def test_the_random_bot_chooses_as_its_first_version_did(
    seed: int, options: dict[str, bool]
) -> None:
    """Every decision of a seeded game: the same order, the generator left in the same place."""
    chance = SeededChance(seed)
    state = GAME.initial_state(SEATS, {**DEFAULTS, **options}, chance)
    rng = random.Random(seed)
    while GAME.result(state) is None:
        orders = {}
        for seat, prompt in GAME.prompts(state).items():
            view = GAME.view(state, seat)
            new, old = random.Random(f"{seed}/{seat}"), random.Random(f"{seed}/{seat}")
            assert RandomBot().choose(view, prompt, new) == first_random_bot(view, old)
            assert new.getstate() == old.getstate()
            orders[seat] = RandomBot().choose(view, prompt, rng)  # the game goes on its own way
        state = GAME.advance(state, orders, chance)


def test_a_sample_from_a_big_hand_draws_as_random_sample_does() -> None:
    """Beyond the pool's sizes (over 21 dice, or more than 5 taken) sample is asked itself."""
    for n, k in [(3, 2), (21, 5), (22, 3), (30, 9), (8, 6)]:
        for salt in range(30):
            new, old = random.Random(salt), random.Random(salt)
            items = tuple(range(n))
            assert _sample(new, items, k) == old.sample(list(items), k)
            assert new.getstate() == old.getstate()
