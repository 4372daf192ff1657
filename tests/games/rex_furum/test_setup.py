"""The strict setup reader: unknown keys and unplayable values are refused, with their path;
whatever it accepts, the rules can play to the end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import SetupError
from sealed.core.game import resolve_options
from sealed.core.match import deep_merge
from sealed.games.rex_furum import GAME
from sealed.games.rex_furum.state import NOTICE_KINDS, RexState

SEATS = ["amy", "arthur", "stephen"]
OPTIONS = resolve_options(GAME.options, {})


def start() -> dict[str, Any]:
    return GAME.to_json(GAME.initial_state(SEATS, OPTIONS, SeededChance(1)))


def read(overlay: dict[str, Any]) -> RexState:
    return GAME.from_json(deep_merge(start(), overlay), SEATS, OPTIONS)


def test_the_initial_state_reads_back_unchanged() -> None:
    assert GAME.to_json(read({})) == start()


@pytest.mark.parametrize(
    ("overlay", "path", "fragment"),
    [
        ({"rund": 4}, ("rund",), "did you mean 'round'"),
        ({"players": {"amy": {"mony": 5}}}, ("players", "amy", "mony"), "did you mean 'money'"),
        ({"players": {"ammy": {"money": 5, "companies": []}}}, ("players", "ammy"), "'amy'"),
        ({"offers": [{"briber": "amy", "company": "beta", "amout": 5}]}, None, "'amount'"),
        ({"notices": [{"kind": "outed", "text": "x", "too": "all"}]}, None, "'to'"),
    ],
)
def test_unknown_keys_are_refused_with_a_suggestion(
    overlay: dict[str, Any], path: tuple[str, ...] | None, fragment: str
) -> None:
    with pytest.raises(SetupError, match="unknown key") as error:
        read(overlay)
    assert fragment in str(error.value)
    if path is not None:
        assert error.value.path == path


CRASHES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "round 0": ({"round": 0}, ("round",)),
    "round past the end": ({"round": 12}, ("round",)),
    "round as text": ({"round": "3"}, ("round",)),
    "money as text": ({"players": {"amy": {"money": "lots"}}}, ("players", "amy", "money")),
    "unknown company": (
        {"players": {"amy": {"companies": ["alfa"]}}},
        ("players", "amy", "companies", "0"),
    ),
    "company twice": (
        {"players": {"amy": {"companies": ["beta", "beta"]}}},
        ("players", "amy", "companies"),
    ),
    "companies not a list": (
        {"players": {"amy": {"companies": "beta"}}},
        ("players", "amy", "companies"),
    ),
    "negative salary": ({"players": {"amy": {"salary": -1}}}, ("players", "amy", "salary")),
    "crash of no company": (
        {"players": {"amy": {"crashing": "omega"}}},
        ("players", "amy", "crashing"),
    ),
    "a seat missing": ({"players": {"amy": None}}, ("players", "amy")),
    "offer of $0": (
        {"offers": [{"briber": "amy", "company": "beta", "amount": 0}]},
        ("offers", "0", "amount"),
    ),
    "offer from nobody seated": (
        {"offers": [{"briber": "zed", "company": "beta", "amount": 5}]},
        ("offers", "0", "briber"),
    ),
    "offer without a company": (
        {"offers": [{"briber": "amy", "amount": 5}]},
        ("offers", "0"),
    ),
    "offers not a list": ({"offers": {"briber": "amy"}}, ("offers",)),
    "notice of an unknown kind": (
        {"notices": [{"kind": "rumour", "text": "x"}]},
        ("notices", "0", "kind"),
    ),
    "notice to nobody seated": (
        {"notices": [{"kind": "outed", "text": "x", "to": ["zed"]}]},
        ("notices", "0", "to", "0"),
    ),
    "bribe offer notice without its facts": (
        {"notices": [{"kind": "bribe-offer", "text": "x", "to": ["amy"]}]},
        ("notices", "0", "data"),
    ),
    "bribe offer notice of $0": (
        {
            "notices": [
                {
                    "kind": "bribe-offer",
                    "text": "x",
                    "to": ["amy"],
                    "data": {"company": "beta", "amount": 0},
                }
            ]
        },
        ("notices", "0", "data", "amount"),
    ),
}


@pytest.mark.parametrize("case", sorted(CRASHES))
def test_setups_the_rules_could_not_play_are_refused(case: str) -> None:
    overlay, path = CRASHES[case]
    with pytest.raises(SetupError) as error:
        read(overlay)
    assert error.value.path == path, str(error.value)
    assert str(error.value).startswith(".".join(path)), str(error.value)


def test_a_finished_game_and_negative_money_are_fine() -> None:
    assert read({"round": 11}).over
    assert read({"players": {"amy": {"money": -50_000}}}).player("amy").money == -50_000


# -- random setups ---------------------------------------------------------------------

companies = st.lists(st.sampled_from(["alpha", "beta", "gamma", "delta", "omega"]), max_size=4)
players = st.fixed_dictionaries(
    {
        "money": st.integers(-200_000, 300_000),
        "companies": companies,
        "earnings": st.integers(-100_000, 100_000),
        "salary": st.integers(-5, 20_000),
        "crashing": st.none() | st.sampled_from(["alpha", "beta", "gamma", "delta"]),
    }
)
offers = st.lists(
    st.fixed_dictionaries(
        {
            "briber": st.sampled_from([*SEATS, "zed"]),
            "company": st.sampled_from(["alpha", "beta", "gamma", "delta"]),
            "amount": st.integers(-10, 90_000),
        }
    ),
    max_size=4,
)
notices = st.lists(
    st.fixed_dictionaries(
        {
            "kind": st.sampled_from([*NOTICE_KINDS, "rumour"]),
            "text": st.text(max_size=20),
            "to": st.just("all") | st.lists(st.sampled_from(SEATS), min_size=1, max_size=3),
            "data": st.fixed_dictionaries({})
            | st.fixed_dictionaries(
                {
                    "company": st.sampled_from(["alpha", "beta", "gamma", "delta", "omega"]),
                    "amount": st.integers(-5, 50_000),
                }
            ),
        }
    ),
    max_size=4,
)
setups = st.fixed_dictionaries(
    {
        "round": st.integers(-1, 12),
        "players": st.fixed_dictionaries({seat: players for seat in SEATS}),
        "offers": offers,
        "notices": notices,
    }
)


@settings(max_examples=300, deadline=None)
@given(setups, st.lists(st.sampled_from(sorted(GAME.bots)), min_size=3, max_size=3), st.integers())
def test_every_setup_the_reader_accepts_plays_to_the_end(
    setup: dict[str, Any], bots: list[str], seed: int
) -> None:
    try:
        state = read(setup)
    except SetupError:
        return
    players = {seat: GAME.bots[name]() for seat, name in zip(SEATS, bots, strict=True)}
    rng = random.Random(seed)
    while GAME.result(state) is None:
        orders = {}
        for seat, prompt in GAME.prompts(state).items():
            order = players[seat].choose(GAME.view(state, seat), prompt, rng)
            GAME.validate(state, seat, order)
            orders[seat] = order
        for seat in SEATS:
            GAME.render(GAME.view(state, seat))
        state, _ = GAME.resolve(state, orders, SeededChance(seed))
    assert GAME.result(state) is not None
