"""The OpenSpiel adapter: OpenSpiel's own random-simulation test, explicit chance, and results
equal to sealed's for the same orders and outcomes."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.adapters.play import CONFIG_IDS, CONFIGS, GAMES, replay_in_sealed

from sealed.adapters.chance import Pieces
from sealed.adapters.openspiel import REGISTERED, SealedState, short_name
from sealed.core.chance import ChanceRequest


def load(name: str, players: int | None, options: dict[str, object]) -> Any:
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(GAMES[name]), params)


def test_every_encoded_game_is_registered() -> None:
    assert sorted(REGISTERED) == sorted(short_name(game) for game in GAMES.values())
    assert set(REGISTERED) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_openspiels_random_sim_test(
    name: str, players: int | None, options: dict[str, object]
) -> None:
    """OpenSpiel's own API test for games (clones, serialisation by history, observations)."""
    game = load(name, players, options)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["goofspiel", "war-slayer"])
def test_the_turn_based_transform_passes_too(name: str) -> None:
    """OpenSpiel's sequential algorithms take simultaneous games through this transform."""
    game = pyspiel.convert_to_turn_based(load(name, None, {}))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def play_random(game: Any, seed: int) -> SealedState:
    """Random chance and random players, every player reading only its legal actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            players = range(game.num_players())
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in players])
    assert isinstance(state, SealedState)
    return state


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**31))
def test_random_games_reach_sealeds_own_result(
    name: str, players: int | None, options: dict[str, object], seed: int
) -> None:
    game = load(name, players, options)
    state = play_random(game, seed)
    table = state.table
    assert table is not None
    outcomes = [entry.value for entry in state.chance_log]
    match = replay_in_sealed(game.rules, state.seats, game.options, outcomes, state.opened)
    result = match.result()
    assert result is not None and result == table.result()
    assert game.rules.to_json(match.state) == game.rules.to_json(table.state)
    shares = [1 / len(result.winners) if s in result.winners else 0.0 for s in state.seats]
    assert state.returns() == pytest.approx(shares)


@pytest.mark.parametrize("name", list(GAMES))
def test_observations_are_the_encoded_view_and_its_rendering(name: str) -> None:
    game = load(name, None, {})
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    table = state.table
    for player, seat in enumerate(state.seats):
        tensor = np.asarray(state.observation_tensor(player), np.float32)
        assert tensor.tolist() == np.asarray(table.observe(seat), np.float32).tolist()
        assert state.observation_string(player) == game.rules.render(table.view(seat))


def test_a_shuffle_is_dealt_uniformly_one_item_at_a_time() -> None:
    """Every ordering of three items comes out exactly once, each with probability 1/6."""
    request = ChanceRequest("shuffle", "deck", items=("a", "b", "c"))
    chances: dict[tuple[str, ...], Fraction] = {}
    for first, second in itertools.product(range(3), range(2)):
        pieces = Pieces(request)
        probability = Fraction(1)
        for piece in (first, second):
            probability /= pieces.choices()
            pieces.chosen.append(piece)
        assert pieces.complete
        chances[tuple(pieces.value())] = probability
    assert sorted(chances) == sorted(itertools.permutations("abc"))
    assert set(chances.values()) == {Fraction(1, 6)}


def test_dice_and_numbers_are_one_piece_per_die_or_number() -> None:
    dice = Pieces(ChanceRequest("dice", "roll", count=2, sides=4))
    assert (dice.size, dice.choices()) == (2, 4)
    dice.chosen += [0, 3]
    assert dice.value() == [1, 4]
    number = Pieces(ChanceRequest("integer", "company", low=0, high=3))
    number.chosen.append(2)
    assert (number.size, number.value()) == (1, 2)
    assert Pieces(ChanceRequest("shuffle", "one card", items=("x",))).complete


def test_fixems_game_string_loads_back() -> None:
    """card_order=3-2-1 would read as a number: the parameter is spelled 3_2_1."""
    game = load("fixem", None, {"card_order": "2-3-1"})
    again = pyspiel.load_game(str(game))
    assert again.options["card_order"] == "2-3-1"
    assert again.get_parameters()["card_order"] == "2_3_1"


CHART = """\
# a comment line, and a blank line below: the serialised game and state is read by lines

wages (each good):
  otherwise: max(10, round_up(good.price / 2))
prices (each good):
  if good.market == 0: 15  # 100% of a scarce good's (escapes: %2C stays as written)
  otherwise: 10
purchase_limits (each good and path):
  if path.firefly: 999
  otherwise: 2
estate (choose a player):
  otherwise: lowest player.vp, ties by dice
"""


def test_a_crusoe_chart_with_commas_and_parentheses_loads_back_and_plays() -> None:
    """A Bureaucracy chart holds ',' '=' '(' ')' (OpenSpiel's game string's separators), as
    every chart that names an heir does, and blank and comment lines (a serialised game and
    state is read by lines, those skipped): the parameter is spelled %% and the text with
    escapes (%2C, %0A ...) and reads back as written (a '%2C' written in the chart stays as
    written); a game of it plays and serialises under OpenSpiel's own test."""
    options: dict[str, object] = {"scenario": "market-socialism", "government": "bureaucracy"}
    game = load("crusoe", 3, options | {"government_chart": CHART})
    assert game.get_parameters()["government_chart"].startswith("%%# a comment line%2C and")
    again = pyspiel.load_game(str(game))
    assert again.options["government_chart"] == game.options["government_chart"] == CHART
    assert str(again) == str(game)
    text = pyspiel.serialize_game_and_state(game, game.new_initial_state())
    assert str(pyspiel.deserialize_game_and_state(text)[0]) == str(game)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"num_cards": 0}, "option num_cards: 0 is below 1"),
        ({"points_order": "rand"}, "'rand' is not one of random, descending, ascending"),
        ({"players": 9}, "Goofspiel takes 2-4 players, not 9"),
        ({"num_crds": 3}, "Unknown parameter 'num_crds'"),
    ],
)
def test_bad_parameters_are_refused_with_the_reason(params: dict[str, Any], message: str) -> None:
    with pytest.raises(Exception, match=re.escape(message)):
        pyspiel.load_game("python_sealed_goofspiel", params)
