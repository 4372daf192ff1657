"""Gender (modules/gender.py): the options (Doll's House in Crusoe's Economy and the
Matriarchal Golden Age where not built refused by name; the other economies: rulings 157-162,
test_module_gender_economies.py; Men's Work numbers the seed rules out), Mad Jack's rolls,
the halving, and
random games under Basic Disempowerment, No Suffrage and Men's Work in which no woman votes,
invokes, speaks or rules under No Suffrage and nobody walks a path denied to him, that replay
exactly. The rules on the table are cases/module_gender.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import _is_built
from sealed.games.crusoe.modules.gender import (
    DOLLS_HOUSE_SCENARIOS,
    MATRIARCHAL,
    VOTES,
    barred_paths,
    husband_of,
    violence_roll,
)
from sealed.games.crusoe.state import GOODS, Settings

SEATS = ("ana", "ben", "cy", "dee", "eve")
BOTS = ("greedy", "cooperative", "selfish", "random", "greedy")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"gender": "dolls-house"},
            "gender dolls-house with scenario crusoes-economy: the castaways cannot reach",
        ),
        (
            {"gender": "dolls-house", "scenario": "hobbesian", "objectivist": True},
            "gender dolls-house with objectivist: both say who receives",
        ),
        (
            {"gender": "matriarchal-golden-age", "scenario": "traditional"},
            "gender matriarchal-golden-age with traditional: the Traditional Economy keeps",
        ),
        ({"gender_paths_denied": 2}, "set gender=base too"),
        ({"gender": "base", "gender_paths_denied": 2}, "set gender_mens_work=1 too"),
        ({"gender": "base", "gender_mens_work": 1}, "gender_paths_denied 0: Men's Work denies"),
        ({"gender": "base", "gender_mens_work": 1, "gender_paths_denied": 7}, "from 1 to 6"),
        ({"gender": "base", "gender_mens_work": 2, "gender_paths_denied": 1}, "0 or 1"),
    ],
)
def test_what_the_seed_rules_out_or_is_not_built_is_refused_by_name(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        Settings.from_options(resolve_options(GAME.options, options))


def test_mad_jacks_gender_rolls_are_playable() -> None:
    assert _is_built({"gender": "base", "gender_mens_work": 0})
    assert _is_built({"gender": "base", "gender_mens_work": 1, "gender_paths_denied": 6})
    assert _is_built(
        {
            "gender": "no-suffrage",
            "gender_mens_work": 1,
            "gender_paths_denied": 3,
            "gender_pink_collar_path": 1,
        }
    )
    for scenario in DOLLS_HOUSE_SCENARIOS:  # every economy but Crusoe's (rulings 157-162)
        assert _is_built({"gender": "dolls-house", "gender_mens_work": 0, "scenario": scenario})
    assert _is_built({"gender": "matriarchal-golden-age", "gender_mens_work": 0})


@given(st.integers(0, 20))
def test_a_woman_halves_her_roll_rounding_down(rolled: int) -> None:
    assert violence_roll(("woman",), rolled) == rolled // 2
    assert violence_roll((), rolled) == rolled


def play(seed: int, options: dict[str, Any], bots: tuple[str, ...] = BOTS) -> Match[Any, Any, Any]:
    match: Match[Any, Any, Any] = Match.new(
        GAME, list(SEATS), resolve_options(GAME.options, options), seed=seed
    )
    players = {seat: GAME.bots[bot]() for seat, bot in zip(SEATS, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in SEATS}
    women = [s for s in SEATS if "woman" in match.state.players[s].roles]
    if options["gender"] == "matriarchal-golden-age":  # the men are the 2nd class (113)
        women = [s for s in SEATS if "woman" not in match.state.players[s].roles]
        assert len(women) == 2
    elif options["gender"] == "dolls-house":  # "if there is an odd player he should be male"
        assert len(women) == 2
    else:  # "exactly half the players ... (round up for an odd number)"
        assert len(women) == 3
    for _ in range(5_000):
        if match.result() is not None:
            return match
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, players[seat].choose(view, match.prompts()[seat], rngs[seat]))
        check_the_variants(match, women)
    raise AssertionError("the game did not end")


def check_the_variants(match: Match[Any, Any, Any], women: list[str]) -> None:
    """Men's Work: nobody walks a path denied to him; No Suffrage: no woman is asked to vote,
    invokes government, speaks, or rules."""
    state = match.state
    for seat in SEATS:
        player = state.players[seat]
        assert player.path is None or player.path not in barred_paths(player.roles)
    if state.settings.gender_variant == "dolls-house":
        check_the_households(match, women)
    if state.settings.gender_variant not in ("no-suffrage", "dolls-house", MATRIARCHAL):
        return
    if state.ask in VOTES or state.ask in ("invoke", "speech"):
        assert not set(state.waiting) & set(women), (state.ask, state.waiting)
    assert state.ruler not in women or all(
        not state.players[s].alive for s in SEATS if s not in women
    )
    for event in match.steps[-1].events:
        if event.kind == "invoke":
            assert event.data["seat"] not in women


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(("hobbesian", "tribal-capitalism")))
def test_random_games_end_and_replay_exactly(seed: int, scenario: str) -> None:
    match = play(seed, {"gender": "base", "scenario": scenario})
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism", "national-capitalism")),
    government=st.sampled_from(("athenian", "dictatorship", "representative")),
    warlord=st.booleans(),
    bots=st.permutations(BOTS),
)
def test_random_games_in_the_matriarchal_golden_age_end_and_replay(
    seed: int, scenario: str, government: str, warlord: bool, bots: list[str]
) -> None:
    """The men are the 2nd class: they neither vote, invoke, speak nor rule (the check's
    "women" are the men here), and their paths are the government's."""
    options: dict[str, Any] = {"gender": MATRIARCHAL, "scenario": scenario}
    if scenario == "national-capitalism":
        options["government"] = government
    if warlord:
        options |= {"early_feudalism": "weak", "early_feudalism_dice": 3}
        options["early_feudalism_women_only"] = 1
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def check_the_households(match: Match[Any, Any, Any], women: list[str]) -> None:
    """Doll's House: a living woman has a living husband whenever an unattached man lives; what
    a wife produces goes to him; she is never asked to trade."""
    state = match.state
    husbands = {w: husband_of(state, w) for w in women if state.players[w].alive}
    men = [s for s in SEATS if s not in women and state.players[s].alive]
    if any(h is None for h in husbands.values()):
        assert set(men) <= {h for h in husbands.values() if h}, "a widow could marry"
    assert not (state.ask == "trade" and set(state.waiting) & {w for w, h in husbands.items() if h})
    events = match.steps[-1].events
    for i, event in enumerate(events):
        seat = event.data.get("seat") if event.kind == "produce" else None
        goods = {g: n for g, n in event.data.get("gained", {}).items() if n and g in GOODS}
        if seat in husbands and husbands[seat] and goods:
            assert events[i + 1].kind == "marriage" and events[i + 1].data["goods"] == goods


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("hobbesian", "tribal-capitalism")),
    bots=st.permutations(BOTS),
)
def test_random_games_in_a_dolls_house_end_and_replay(
    seed: int, scenario: str, bots: list[str]
) -> None:
    match = play(seed, {"gender": "dolls-house", "scenario": scenario}, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        ("hobbesian", "tribal-capitalism", "tribal-socialism", "traditional", "national-capitalism")
    ),
    government=st.sampled_from(("athenian", "dictatorship", "representative")),
    denied=st.integers(0, 6),
    pink=st.booleans(),
    bots=st.permutations(BOTS),
)
def test_random_games_under_no_suffrage_and_mens_work_end_and_replay(
    seed: int, scenario: str, government: str, denied: int, pink: bool, bots: list[str]
) -> None:
    options: dict[str, Any] = {"gender": "no-suffrage", "scenario": scenario}
    if scenario == "national-capitalism":
        options["government"] = government
    if denied:
        options |= {
            "gender_mens_work": 1,
            "gender_paths_denied": denied,
            "gender_pink_collar_path": int(pink),
        }
    match = play(seed, options, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
