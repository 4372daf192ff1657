"""The strict setup reader: unknown keys, wrong types, and states the rules cannot play from."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import SetupError
from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.war_slayer import GAME
from sealed.games.war_slayer.bots import RandomBot
from sealed.games.war_slayer.state import DECK, ENDS, PHASES

SEATS = ("ana", "ben")
OPTIONS = resolve_options(GAME.options, {})
CODES = [card.code for card in DECK]


def base() -> dict[str, Any]:
    """The JSON of a fresh deal, to edit."""
    return GAME.to_json(GAME.initial_state(SEATS, OPTIONS, SeededChance(1)))


def refused(data: dict[str, Any]) -> SetupError:
    with pytest.raises(SetupError) as caught:
        GAME.from_json(data, SEATS, OPTIONS)
    return caught.value


def test_a_fresh_deal_reads_back() -> None:
    state = GAME.from_json(base(), SEATS, OPTIONS)
    assert GAME.to_json(state) == base()


def test_a_misspelt_top_level_key_is_refused_with_a_suggestion() -> None:
    data = base()
    data["misson"] = data.pop("mission")
    error = refused(data)
    assert "unknown key 'misson'" in str(error) and "did you mean 'mission'" in str(error)
    assert error.path == ("misson",)


def test_a_misspelt_player_key_is_refused_with_a_suggestion() -> None:
    data = base()
    data["players"]["ben"]["dosier"] = []
    error = refused(data)
    assert "did you mean 'dossier'" in str(error)
    assert error.path == ("players", "ben", "dosier")


def test_an_unknown_seat_is_refused() -> None:
    data = base()
    data["players"]["benn"] = data["players"].pop("ben")
    error = refused(data)
    assert error.path == ("players", "benn") and "did you mean 'ben'" in str(error)


@pytest.mark.parametrize(
    ("key", "value", "fragment"),
    [
        ("mission", "3", "expected a whole number"),
        ("mission", 0, "below 1"),
        ("operation", 4, "above 3"),
        ("vip_out", "no", "expected true or false"),
        ("phase", "decde", "did you mean 'decide'"),
        ("dealer", "bne", "did you mean 'ben'"),
        ("end", "vpi", "did you mean 'vip'"),
    ],
)
def test_values_are_type_checked_and_named_by_path(key: str, value: Any, fragment: str) -> None:
    data = base()
    data[key] = value
    error = refused(data)
    assert fragment in str(error) and error.path == (key,)


def test_a_card_twice_or_missing_is_refused() -> None:
    data = base()
    hq = data["players"]["ana"]["hq"]
    hq[0] = data["players"]["ben"]["hq"][0]
    error = refused(data)
    assert "appears twice" in str(error)
    data = base()
    data["players"]["ana"]["hq"].pop()
    assert "missing" in str(refused(data))


def test_a_bad_card_names_its_place() -> None:
    data = base()
    data["players"]["ana"]["hq"][2] = "1S"
    error = refused(data)
    assert error.path == ("players", "ana", "hq", "2") and "not a card" in str(error)


def test_rest_marker_only_ends_an_hq() -> None:
    data = base()
    data["players"]["ana"]["claimed"] = ["..."]
    assert '"..." may only end an hq list' in str(refused(data))


@pytest.mark.parametrize("size", [3, 4, 5])
def test_a_first_placement_with_too_short_an_hq_is_refused(size: int) -> None:
    # Crash case: an HQ of 3-5 cards passed, and the second placement (or `sealed
    # close`) raised IndexError with fewer than three cards to draw.
    setup = {"players": {"ana": {"hq": CODES[:size]}, "ben": {"hq": [*CODES[size:]]}}}
    with pytest.raises(SetupError) as caught:
        Match.new(GAME, SEATS, OPTIONS, seed=1, setup=setup)
    assert caught.value.path == ("players", "ana", "hq")
    assert f"holds {size} cards" in str(caught.value) and "still draws 6" in str(caught.value)


def test_a_question_with_two_information_cards_already_taken_is_refused() -> None:
    # Crash case: the rules take one information card per lost operation, so a
    # dossier missing a card at an operation not yet played raised AssertionError.
    setup = {
        "phase": "decide",
        "operation": 1,
        "decider": "ana",
        "players": {
            "ana": {"hq": ["..."], "dossier": [None, None, "2C"], "theater": ["3C", "4C", "5C"]},
            "ben": {
                "hq": ["..."],
                "dossier": ["6C", "7C", "8C"],
                "theater": ["9C", "10C", "2D"],
                "claimed": ["3D", "4D"],
            },
        },
    }
    with pytest.raises(SetupError) as caught:
        Match.new(GAME, SEATS, OPTIONS, seed=1, setup=setup)
    assert caught.value.path == ("players", "ana", "dossier")
    assert "position 2 is taken" in str(caught.value)


def test_a_decider_outside_a_question_is_refused() -> None:
    data = base()
    data["decider"] = "ana"
    assert refused(data).path == ("decider",)


def test_a_game_over_needs_its_reason() -> None:
    data = base()
    data["phase"] = "over"
    data["players"]["ana"]["hq"] = data["players"]["ana"]["hq"]
    assert refused(data).path == ("end",)


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """Random states, mostly near-legal, so that many pass the reader and some do not."""
    phase = draw(st.sampled_from(PHASES))
    deck: list[str | None] = list(draw(st.permutations(CODES)))  # a taken slot is None too
    usual_rows = {"place-first": 0, "place-second": 1, "decide": 2, "over": 0}[phase]
    deciding = phase == "decide"
    operation = draw(st.integers(1, 2) if deciding else st.sampled_from([0, 0, 0, 0, 1, 3]))
    players: dict[str, dict[str, list[str | None]]] = {
        seat: {"hq": [], "dossier": [], "theater": [], "claimed": []} for seat in SEATS
    }
    for index, seat in enumerate(SEATS):
        rows = draw(st.sampled_from([usual_rows, usual_rows, usual_rows, 0, 1, 2]))
        order = ["dossier", "theater"] if draw(st.booleans()) else ["theater", "dossier"]
        for key in order[:rows]:
            players[seat][key] = [deck.pop() for _ in range(3)]
        for pos in range(len(players[seat]["dossier"])):
            if draw(st.integers(0, 3 if pos < operation and deciding else 20)) == 0:
                card = players[seat]["dossier"][pos]
                players[seat]["dossier"][pos] = None
                players[SEATS[1 - index]]["claimed"].append(card)
    cut = draw(st.integers(0, len(deck)) | st.integers(len(deck) // 2 - 8, len(deck) // 2 + 8))
    players["ana"]["hq"], players["ben"]["hq"] = deck[:cut], deck[cut:]
    over = phase == "over"
    return {
        "mission": draw(st.integers(1, 199)),
        "phase": phase,
        "operation": operation,
        "dealer": draw(st.sampled_from(SEATS)),
        "defeated": draw(st.sampled_from(SEATS)),
        "decider": draw(st.sampled_from(SEATS)) if deciding else None,
        "vip_out": draw(st.booleans()),
        "end": draw(st.sampled_from(ENDS)) if over else None,
        "players": players,
    }


@settings(max_examples=300)
@given(data=setups(), seed=st.integers(0, 2**32))
def test_every_setup_the_reader_accepts_plays_to_the_end(data: dict[str, Any], seed: int) -> None:
    try:
        state = GAME.from_json(data, SEATS, OPTIONS)
    except SetupError:
        return
    bot, rng, chance = RandomBot(), random.Random(seed), SeededChance(seed)
    for _ in range(10_000):
        if GAME.result(state) is not None:
            break
        orders = {}
        for seat, prompt in GAME.prompts(state).items():
            orders[seat] = bot.choose(GAME.view(state, seat), prompt, rng)
            GAME.validate(state, seat, orders[seat])
        for seat in GAME.prompts(state):
            GAME.render(GAME.view(state, seat))
            GAME.default_order(state, seat)
        state, _ = GAME.resolve(state, orders, chance)
    assert GAME.result(state) is not None
    assert sorted(c for side in GAME.to_json(state)["players"].values() for c in side["hq"]) == (
        sorted(CODES)
    )
