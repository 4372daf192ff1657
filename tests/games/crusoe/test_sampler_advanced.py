"""The search bots' sampler in the advanced game: money, governments and the tack-ons.

- Over random Mad Jack configurations (the advanced economies with every
  government and the tack-on modules) and the modules whose decisions the
  sampler once could not draw (a Weak Warlord's election, Libertarianism's
  defaults, the Matriarchal Golden Age's assignment, Class Warfare's classes
  and CEOs), a state sampled from a seat's view shows the seat that view
  again, and is the true state but for what the seat cannot see (other
  players' barter offers and State Capitalism deals, the score sheets): the
  world is exact, not a guess;
- the rules play on from the sampled state with the same seats asked;
- the sampler needs no options: the view shows the rules agreed before the
  game (ruling 205), so a search bot made without the game's options (as
  ``sealed sim`` makes them) samples the right world;
- a search bot (``search-1``, one playout per candidate) plays a short advanced
  game to its end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import Options, resolve_options
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.madjack import roll
from sealed.games.crusoe.sampler import sample_state
from sealed.games.crusoe.socialist_market import default_plan
from sealed.games.crusoe.state import CrusoeState

GAME = CrusoeGame()
SEATS = ("ana", "ben", "cy", "dee", "ed", "flo")
BOTS = ("greedy", "cooperative", "selfish", "random")

MODULES: tuple[dict[str, Any], ...] = (
    {"scenario": "class-warfare-capitalism"},
    {"scenario": "national-capitalism", "early_feudalism": "weak", "early_feudalism_dice": 2},
    {"scenario": "national-capitalism", "libertarianism": True},
    {"scenario": "tribal-communism", "gender": "matriarchal-golden-age"},
    {"scenario": "market-socialism", "government": "hybrid"},
    {"scenario": "state-capitalism"},
    {"scenario": "national-capitalism", "government": "representative"},
    {"scenario": "welfare-capitalism", "government": "bureaucracy"},
    {"scenario": "governmental-socialism", "government": "dictatorship"},
    {"scenario": "centralized-communism", "corporations": True},
    {"scenario": "welfare-capitalism", "victory": "secret"},
    {  # two rulers (ruling 196): a Dictator and a President, each succeeded on his own
        "scenario": "national-capitalism",
        "government": "hybrid",
        "government_radio_reward": "representative",
        "government_tax_burden": "dictatorship",
    },
)
"""Configurations named by hand: the decisions the sampler once refused or could not draw."""


def exact_but_hidden(state: CrusoeState, seat: str) -> dict[str, Any]:
    """The state's JSON less what ``seat`` cannot see (the module docstring)."""
    data = GAME.to_json(state)
    data["offers"] = [o for o in data["offers"] if seat in (o["giver"], o["taker"])]
    data["deals"] = [d for d in data["deals"] if seat in (d["holder"], d["seller"])]
    data.pop("map")  # the supply is the shipped board's in both; the paths are in the view
    data.pop("votes")  # sealed ballots: never kept between steps
    data.pop("spears")
    data["pile"] = {g: n for g, n in data["pile"].items() if n}  # a sold-out good reads 0
    data["plan"] = data["plan"] or default_plan()  # none set yet: the default in force
    if state.settings.victory in ("secret", "random"):  # the others' are drawn
        data["conditions"] = {s: c for s, c in data.get("conditions", {}).items() if s == seat}
    if seat not in state.waiting:  # another seat's choices and die are his alone
        data["offer"], data["roll"] = [], 0
    for player in data["players"].values():
        player["sheet"] = []
        if state.settings.scenario != "traditional":  # the last path walked: no rule reads it
            player["track"] = None
    return data


def play(options: Options, seats: tuple[str, ...], seed: int, steps: int) -> CrusoeState:
    """The state after up to ``steps`` steps of the hand-written bots."""
    chance = SeededChance(f"advanced-sampler/{seed}")
    state = GAME.initial_state(seats, options, chance)
    rng = random.Random(seed)
    bots = {seat: GAME.bots[BOTS[i % len(BOTS)]]() for i, seat in enumerate(seats)}
    for _ in range(steps):
        if state.over:
            break
        prompts = GAME.prompts(state)
        orders = {s: bots[s].choose(GAME.view(state, s), p, rng) for s, p in prompts.items()}
        state = GAME.advance(state, orders, chance)
    return state


def check_exact(options: Options, state: CrusoeState, seed: int) -> None:
    """Every seat's sample is its view again and the true state but for its secrets; the
    rules play one step on from a prompted seat's sample."""
    prompted = GAME.prompted(state)
    for seat in state.seats:
        view = GAME.view(state, seat)
        # No options given: the view shows the rules agreed (ruling 205)
        sampled = sample_state(view, {}, random.Random(seed))
        assert GAME.view(sampled, seat) == view, (seat, state.ask)
        mine, true = exact_but_hidden(sampled, seat), exact_but_hidden(state, seat)
        assert mine == true, (seat, state.ask, first_difference(mine, true))
        if seat in prompted:
            assert GAME.prompted(sampled) == prompted
            bots = {s: GAME.bots["greedy"]() for s in prompted}
            rng = random.Random(seed)
            orders = {
                s: bots[s].choose(GAME.view(sampled, s), p, rng)
                for s, p in GAME.prompts(sampled).items()
            }
            GAME.advance(sampled, orders, SeededChance("playout"))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 6),
    complications=st.integers(0, 1),
    steps=st.integers(0, 300),
)
def test_a_sample_of_a_mad_jack_roll_is_the_true_state_but_its_secrets(
    seed: int, players: int, complications: int, steps: int
) -> None:
    config = roll(players, SeededChance(f"sampler/{seed}"), complications)
    options = resolve_options(GAME.options, config.options())
    state = play(options, SEATS[:players], seed, steps)
    if not state.over:  # a finished game asks nothing: no search samples it
        check_exact(options, state, seed)


@pytest.mark.parametrize("chosen", MODULES, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1])
def test_a_sample_is_exact_at_every_step_of_a_game(chosen: dict[str, Any], seed: int) -> None:
    """Every step of a bot game, every seat: the decisions a sampler once drew or refused
    (the Warlord's election, defaults, the men's assignment, classes and CEOs) are exact."""
    play_checking_every_step(chosen, seed)


def test_a_succession_of_two_rulers_is_exact() -> None:
    """Two rulers (ruling 196): seed 4 deposes one, and his office's electors are carried."""
    asks = play_checking_every_step(MODULES[-1], 4)
    assert "elect" in asks


def play_checking_every_step(chosen: dict[str, Any], seed: int) -> set[str]:
    """A bot game to its end, :func:`check_exact` before every step; the decisions met."""
    options = resolve_options(GAME.options, chosen)
    chance = SeededChance(f"every-step/{seed}")
    state = GAME.initial_state(SEATS[:5], options, chance)
    rng = random.Random(seed)
    bots = {seat: GAME.bots[BOTS[i % len(BOTS)]]() for i, seat in enumerate(state.seats)}
    asks: set[str] = set()
    for _ in range(3000):
        if state.over:
            break
        check_exact(options, state, seed)
        asks.add(state.ask or "")
        prompts = GAME.prompts(state)
        orders = {s: bots[s].choose(GAME.view(state, s), p, rng) for s, p in prompts.items()}
        state = GAME.advance(state, orders, chance)
    assert state.over, asks
    return asks


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "national-capitalism"},
        {"scenario": "class-warfare-capitalism", "government": "dictatorship"},
    ],
    ids=["national-capitalism", "class-warfare-dictatorship"],
)
def test_a_search_bot_plays_an_advanced_game_to_its_end(chosen: dict[str, Any]) -> None:
    """``search-1`` in one seat (its playouts over sampled worlds, a horizon of a few steps
    to keep it short), greedy bots in the others: the game ends and every order is legal."""
    from sealed.lab.search import search_bot

    options = resolve_options(GAME.options, chosen)
    searcher = search_bot("crusoe", budget=1, rollout="greedy", horizon=4)()  # no options
    chance = SeededChance("search-advanced")
    seats = SEATS[:3]
    state = GAME.initial_state(seats, options, chance)
    bots = {"ana": searcher, "ben": GAME.bots["greedy"](), "cy": GAME.bots["selfish"]()}
    rng = random.Random(7)
    for _ in range(3000):
        if state.over:
            break
        prompts = GAME.prompts(state)
        orders = {s: bots[s].choose(GAME.view(state, s), p, rng) for s, p in prompts.items()}
        for seat, order in orders.items():
            GAME.validate(state, seat, order)
        state = GAME.advance(state, orders, chance)
    assert state.over


def first_difference(one: object, other: object, where: str = "") -> str:
    """Where two JSON values first differ (for the assertion's message)."""
    if isinstance(one, dict) and isinstance(other, dict):
        for key in sorted(set(one) | set(other), key=str):
            if one.get(key) != other.get(key):
                return first_difference(one.get(key), other.get(key), f"{where}.{key}")
    return f"{where}: {one!r} != {other!r}"


def test_the_others_secret_victory_conditions_are_drawn() -> None:
    """Variant Victory, secret: the viewer's own condition is copied, the others' drawn from
    the three (a playout needs every seat's to score the game)."""
    options = resolve_options(
        GAME.options, {"scenario": "national-capitalism", "victory": "secret"}
    )
    state = play(options, SEATS[:4], seed=5, steps=12)
    assert len(state.conditions) == 4
    view = GAME.view(state, "ana")
    drawn = set()
    for n in range(20):
        sampled = sample_state(view, options, random.Random(n))
        assert sampled.conditions["ana"] == state.conditions["ana"]
        assert set(sampled.conditions) == set(state.seats)
        drawn.add(tuple(sorted(sampled.conditions.items())))
    assert len(drawn) > 1
