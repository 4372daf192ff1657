"""The counter bot: intent, and no preference for a seat because of where it sits."""

from __future__ import annotations

import random

from sealed.core.game import Prompt
from sealed.games.fixem import GAME
from sealed.games.fixem.bots import CounterBot
from sealed.games.fixem.orders import Card2, format_order

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
