"""The strict setup reader: unknown keys, crash cases, and every accepted setup plays to the end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import SetupError
from sealed.core.match import deep_merge
from sealed.games.fixem import GAME

SEATS = ("ana", "ben", "cy")
DEFAULTS = {spec.name: spec.default for spec in GAME.options}


def start_json(options: dict[str, Any] | None = None) -> dict[str, Any]:
    state = GAME.initial_state(SEATS, DEFAULTS | (options or {}), SeededChance("setup"))
    return GAME.to_json(state)


def read(change: dict[str, Any], options: dict[str, Any] | None = None) -> Any:
    data = deep_merge(start_json(options), change)
    return GAME.from_json(data, SEATS, DEFAULTS | (options or {}))


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"rund": 4}, ("rund",), "unknown key 'rund' — did you mean 'round'?"),
        ({"players": {"ana": {"wating": 3}}}, ("players", "ana", "wating"), "did you mean"),
        ({"players": {"anna": {"hand": []}}}, ("players", "anna"), "did you mean 'ana'"),
        ({"field": [{"seat": "ana", "piont": 3}]}, ("field", "0", "piont"), "did you mean"),
    ],
)
def test_unknown_keys_are_refused_with_a_suggestion(
    change: dict[str, Any], path: tuple[str, ...], message: str
) -> None:
    with pytest.raises(SetupError, match=message) as caught:
        read(change)
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        # a colour with 34 dice and one with 38: the total is right, the colours are not
        (
            {"players": {"ana": {"waiting": 24}, "ben": {"waiting": 28}}},
            ("players", "ben"),
            "ben's colour has 38 dice in play",
        ),
        ({"players": {"ana": {"waiting": 40}}}, ("players", "ana", "waiting"), "above 36"),
        ({"players": {"ana": {"waiting": -1}}}, ("players", "ana", "waiting"), "below 0"),
        ({"players": {"ana": {"hand": [1, 7]}}}, ("players", "ana", "hand", "1"), "not a point"),
        ({"players": {"ana": {"hand": "1 2"}}}, ("players", "ana", "hand"), "expected a list"),
        ({"players": {"ana": {"scored": True}}}, ("players", "ana", "scored"), "whole number"),
        (
            {"players": {"ana": {"prediction": {"count": -1, "point": 3}}}},
            ("players", "ana", "prediction", "count"),
            "below 0",
        ),
        ({"field": [{"seat": "dan", "point": 1}]}, ("field", "0", "seat"), "not at the table"),
        ({"queue": [{"seat": "ana", "point": 0}]}, ("queue", "0", "point"), "not a point 1-6"),
        ({"removed": 1}, (), "must add up to 108"),
        ({"stage": "over"}, ("ended",), "a game is over iff it has ended"),
        ({"ended": "field"}, ("ended",), "a game is over iff it has ended"),
        ({"ended": "lunch"}, ("ended",), "not one of"),
        ({"round": 11}, ("round",), "above 10"),
        ({"additional_rounds": 5}, ("additional_rounds",), "above 4"),
        ({"cards": {"ana": "card4 1"}}, ("cards", "ana"), "unknown order"),
        ({"cards": {"ana": "predict 3 x 4"}}, ("cards", "ana"), "not a card"),
        ({"cards": {"dan": "pass"}}, ("cards", "dan"), "unknown key"),
        ({"players": "ana"}, ("players",), "expected a mapping"),
    ],
)
def test_setups_the_rules_cannot_play_from_are_refused(
    change: dict[str, Any], path: tuple[str, ...], message: str
) -> None:
    with pytest.raises(SetupError, match=message) as caught:
        read(change)
    assert caught.value.path == path
    assert str(caught.value).startswith("fixem state: ")


def test_an_accepted_setup_keeps_score_as_derived() -> None:
    state = read({"players": {"ana": {"score": 99}}})
    assert GAME.to_json(state)["players"]["ana"]["score"] == 0


POINT = st.integers(min_value=0, max_value=7)
DIE = st.fixed_dictionaries({"seat": st.sampled_from([*SEATS, "dan"]), "point": POINT})
PLAYER = st.fixed_dictionaries(
    {},
    optional={
        "hand": st.lists(POINT, max_size=8),
        "waiting": st.integers(min_value=-1, max_value=37),
        "scored": st.integers(min_value=0, max_value=40),
        "additional": st.integers(min_value=0, max_value=10),
        "prediction": st.none()
        | st.fixed_dictionaries({"count": st.integers(0, 40), "point": POINT}),
    },
)
CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "round": st.integers(min_value=0, max_value=12),
        "stage": st.sampled_from(["predict", "cards", "over"]),
        "ended": st.sampled_from(["", "rounds", "field", "limit"]),
        "players": st.fixed_dictionaries({}, optional={s: PLAYER for s in SEATS}),
        "field": st.lists(DIE, max_size=24),
        "queue": st.lists(DIE, max_size=4),
        "removed": st.integers(min_value=0, max_value=40),
        "additional_rounds": st.none() | st.integers(min_value=0, max_value=5),
        "cards": st.none()
        | st.fixed_dictionaries(
            {}, optional={s: st.sampled_from(["pass", "card1 3"]) for s in SEATS}
        ),
    },
)
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "hidden_hands": st.booleans(),
        "queue_joins": st.sampled_from(["after_roll", "before_roll"]),
        "refill": st.sampled_from(["own_colour", "scorer", "none"]),
        "closest_award": st.booleans(),
        "ending": st.sampled_from(["rounds", "field"]),
        "max_rounds": st.integers(min_value=1, max_value=12),
    },
)


def play_setup(change: dict[str, Any], options: dict[str, Any], seed: int) -> bool:
    """Play from the setup with bots, checking every step; False if the reader refused it."""
    try:
        state = read(change, options)
    except SetupError:
        return False
    full = DEFAULTS | options
    chance = SeededChance(seed)
    bots = {seat: GAME.bots["random" if i % 2 else "counter"]() for i, seat in enumerate(SEATS)}
    rng = random.Random(seed)
    for _ in range(1000):
        for seat in SEATS:
            GAME.render(GAME.view(state, seat))
        if GAME.result(state) is not None:
            break
        orders = {}
        for seat, prompt in GAME.prompts(state).items():
            order = bots[seat].choose(GAME.view(state, seat), prompt, rng)
            GAME.validate(state, seat, order)
            orders[seat] = order
        state, _ = GAME.resolve(state, orders, chance)
        assert GAME.from_json(GAME.to_json(state), SEATS, full) == state
    assert GAME.result(state) is not None
    return True


@settings(max_examples=300, deadline=None)
@given(change=CHANGES, options=OPTIONS, seed=st.integers(0, 2**16))
def test_every_accepted_setup_plays_to_the_end(
    change: dict[str, Any], options: dict[str, Any], seed: int
) -> None:
    """Random (mostly broken) setups: those the reader accepts play to the end without a crash."""
    play_setup(change, options, seed)


@st.composite
def conserved_setups(draw: st.DrawFn) -> dict[str, Any]:
    """Setups whose dice add up (each colour at most 36 in play, the rest scored or removed)."""
    players: dict[str, Any] = {}
    field: list[dict[str, Any]] = []
    queue: list[dict[str, Any]] = []
    out = 0
    for seat in SEATS:
        hand = draw(st.lists(st.integers(1, 6), max_size=8))
        mine = draw(st.lists(st.integers(1, 6), max_size=10))
        queued = draw(st.lists(st.integers(1, 6), max_size=2))
        waiting = draw(st.integers(0, 36 - len(hand) - len(mine) - len(queued)))
        field += [{"seat": seat, "point": p} for p in mine]
        queue += [{"seat": seat, "point": p} for p in queued]
        out += 36 - len(hand) - len(mine) - len(queued) - waiting
        players[seat] = {"hand": hand, "waiting": waiting, "scored": 0, "additional": 0}
    removed = draw(st.integers(0, out))
    out -= removed
    for seat in SEATS[:-1]:
        players[seat]["scored"] = draw(st.integers(0, out))
        out -= players[seat]["scored"]
    players[SEATS[-1]]["scored"] = out
    stage = draw(st.sampled_from(["predict", "cards"]))
    if stage == "cards":
        for seat in SEATS:
            players[seat]["prediction"] = draw(
                st.none()
                | st.fixed_dictionaries({"count": st.integers(1, 20), "point": st.integers(1, 6)})
            )
    return {
        "round": draw(st.integers(1, 10)),
        "stage": stage,
        "players": players,
        "field": field,
        "queue": queue,
        "removed": removed,
        "additional_rounds": draw(st.none() | st.integers(1, 4)),
    }


@settings(max_examples=200, deadline=None)
@given(setup=conserved_setups(), options=OPTIONS, seed=st.integers(0, 2**16))
def test_conserved_setups_are_accepted_and_play_to_the_end(
    setup: dict[str, Any], options: dict[str, Any], seed: int
) -> None:
    """Setups whose dice add up are accepted (unless the round is past the end) and play on."""
    last = 6 + 4 if options.get("ending", "rounds") == "rounds" else options.get("max_rounds", 60)
    accepted = play_setup(setup, options, seed)
    assert accepted or setup["round"] > last
