"""The search bot and the games' samplers of hidden states.

- Every sampler gives a state whose view for the seat is the view it was
  given, over random games, seats, options and player counts; and it draws
  the hidden parts (two draws differ where something is hidden).
- The search bot cannot see another seat's secrets: another state with the
  same view for its seat but other hidden parts (drawn by the sampler, or
  rearranged by hand) leaves its decision unchanged under a fixed seed.
- It decides legally and deterministically, finishes whole games, and its
  names resolve as documented.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import SealedError
from sealed.core.game import Game, OptionValue, Prompt, Result, resolve_options
from sealed.core.registry import get_game
from sealed.games.war_slayer.state import WarSlayerState
from sealed.lab.search import (
    DEFAULT_BUDGET,
    MAX_CANDIDATES,
    SearchBot,
    SearchSettings,
    _Search,
    search_bot,
    search_budget,
)
from sealed.lab.sim import play_one

# The options whose secrets differ: each game's defaults, and the variants that hide more.
VARIANTS: list[tuple[str, dict[str, OptionValue], int]] = [
    ("war-slayer", {}, 2),
    ("war-slayer", {"dealer": 2}, 2),
    ("fixem", {}, 3),
    ("fixem", {"hidden_hands": True, "hidden_predictions": True}, 3),
    ("fixem", {"hidden_hands": True, "queue_joins": "before_roll"}, 4),
    ("rex-furum", {}, 3),
    ("rex-furum", {"unemployed_salary": True}, 6),
    ("goofspiel", {}, 2),
    ("goofspiel", {"num_cards": 6}, 4),
]
IDS = [
    f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}-{n}"
    for name, opts, n in VARIANTS
]


def random_position(
    game: Game[Any, Any, Any],
    options: Mapping[str, OptionValue],
    players: int,
    seed: int,
    steps: int,
) -> tuple[Any, tuple[str, ...]]:
    """The state after up to ``steps`` steps of random bots (seeded), and the seats."""
    seats = tuple(f"p{i + 1}" for i in range(players))
    chance = SeededChance(f"pos/{seed}")
    state = game.initial_state(seats, options, chance)
    rng = random.Random(seed)
    bots = {seat: game.bots["random"]() for seat in seats}
    for _ in range(steps):
        if game.result(state) is not None:
            break
        prompts = game.prompts(state)
        orders = {s: bots[s].choose(game.view(state, s), p, rng) for s, p in prompts.items()}
        state = game.advance(state, orders, chance)
    return state, seats


@pytest.mark.parametrize(("name", "given_options", "players"), VARIANTS, ids=IDS)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), pick=st.integers(0, 15))
def test_sampled_states_show_the_seat_its_own_view(
    name: str, given_options: dict[str, OptionValue], players: int, seed: int, steps: int, pick: int
) -> None:
    game = get_game(name)
    options = resolve_options(game.options, given_options)
    state, seats = random_position(game, options, players, seed, steps)
    seat = seats[pick % len(seats)]
    view = game.view(state, seat)
    sampled = game.sample_state(view, options, random.Random(seed))
    assert game.view(sampled, seat) == view
    # A sampled state is one the rules can play on: the same seats are asked to decide.
    assert tuple(game.prompts(sampled)) == tuple(game.prompts(state))
    assert game.seat_of(view) == seat


@pytest.mark.parametrize(
    ("name", "given_options", "players"),
    [
        ("war-slayer", {}, 2),
        ("fixem", {"hidden_hands": True}, 3),
        ("rex-furum", {}, 5),
        ("goofspiel", {}, 2),
    ],
)
def test_samplers_draw_what_the_view_hides(
    name: str, given_options: dict[str, OptionValue], players: int
) -> None:
    """Drawn, not fixed: twenty draws from one view give several different whole states."""
    game = get_game(name)
    options = resolve_options(game.options, given_options)
    state, seats = random_position(game, options, players, seed=7, steps=2)
    view = game.view(state, seats[0])
    drawn = {
        repr(game.to_json(game.sample_state(view, options, random.Random(n)))) for n in range(20)
    }
    assert len(drawn) > 5


def test_war_slayer_sampler_deals_each_unseen_card_to_hidden_places() -> None:
    """Over many draws the opponent's three drawn cards range over the unseen cards."""
    game = get_game("war-slayer")
    options = resolve_options(game.options, {})
    state, seats = random_position(game, options, 2, seed=3, steps=0)
    view = game.view(state, seats[0])
    held: set[str] = set()
    for n in range(300):
        sampled = game.sample_state(view, options, random.Random(n))
        assert isinstance(sampled, WarSlayerState)
        held.update(card.code for card in sampled.hand(1))
    assert len(held) == 52 - 3  # every card but the viewer's own hand


# -- the search bot sees only its own seat ------------------------------------------


def decision(game: Game[Any, Any, Any], view: Any, prompt: Any, seed: int) -> str:
    """A small search's order: a few playouts of a few steps each (what is tested is sight).

    The game's own search settings (rollout bot, value), but a small budget and horizon.
    """
    configured = game.bots["search"].settings
    bot = search_bot(
        game.name, 6, configured.rollout, horizon=4, margin_weight=configured.margin_weight
    )()
    return game.format(bot.choose(view, prompt, random.Random(seed)))


@pytest.mark.parametrize(("name", "given_options", "players"), VARIANTS, ids=IDS)
@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), other=st.integers(0, 10**6))
def test_search_cannot_see_other_seats_secrets(
    name: str,
    given_options: dict[str, OptionValue],
    players: int,
    seed: int,
    steps: int,
    other: int,
) -> None:
    """Another state, the same to this seat but with other secrets: the same decision."""
    game = get_game(name)
    options = resolve_options(game.options, given_options)
    state, _ = random_position(game, options, players, seed, steps)
    prompts = game.prompts(state)
    if not prompts:
        return  # the game is over: nobody decides
    seat, prompt = next(iter(prompts.items()))
    view = game.view(state, seat)
    # The other secrets: a different whole state consistent with what this seat sees.
    changed = game.sample_state(view, options, random.Random(other))
    changed_view = game.view(changed, seat)
    assert changed_view == view
    search_seed = seed ^ 0x5EA
    assert decision(game, changed_view, prompt, search_seed) == decision(
        game, view, prompt, search_seed
    )


def test_war_slayer_search_ignores_the_opponents_hand() -> None:
    """By hand: swap the opponent's drawn cards with cards deep in their HQ; same decision."""
    game = get_game("war-slayer")
    options = resolve_options(game.options, {})
    for seed in range(5):
        state, seats = random_position(game, options, 2, seed, steps=0)
        other = state.clone()
        hq = other.sides[1].hq
        hq[:3], hq[-3:] = hq[-3:], hq[:3]
        assert state.sides[1].hq[:3] != other.sides[1].hq[:3]
        view, prompt = game.view(state, seats[0]), game.prompts(state)[seats[0]]
        assert game.view(other, seats[0]) == view
        assert decision(game, game.view(other, seats[0]), prompt, seed) == decision(
            game, view, prompt, seed
        )


@pytest.mark.parametrize("name", ["war-slayer", "fixem", "rex-furum", "goofspiel"])
def test_search_decides_legally_and_the_same_under_a_seed(name: str) -> None:
    game = get_game(name)
    options = resolve_options(game.options, {})
    for seed in range(4):
        state, _ = random_position(game, options, game.usual_players, seed, steps=seed * 3)
        for seat, prompt in game.prompts(state).items():
            view = game.view(state, seat)
            order = game.bots["search-2"]().choose(view, prompt, random.Random(seed))
            game.validate(state, seat, order)
            assert decision(game, view, prompt, seed) == decision(game, view, prompt, seed)


@pytest.mark.parametrize("name", ["war-slayer", "fixem", "rex-furum", "goofspiel"])
def test_search_finishes_whole_games(name: str) -> None:
    game = get_game(name)
    options = resolve_options(game.options, {})
    best = {"war-slayer": "spymaster", "fixem": "counter", "rex-furum": "greedy"}
    lineup = ["search-4"] + [best.get(name, "counter")] * (game.usual_players - 1)
    summary = play_one(game, options, lineup, "search-test", check=True)
    assert summary.winners
    assert summary.actions["search-4"]  # the search bot made decisions of its own


def test_search_names() -> None:
    game = get_game("war-slayer")
    assert search_budget("search") == DEFAULT_BUDGET
    assert search_budget("search-200") == 200
    assert search_budget("search-0") is None
    assert search_budget("searchy") is None
    bot = game.bots["search-12"]
    assert issubclass(bot, SearchBot) and bot.settings.budget == 12
    assert bot.settings.rollout == "spymaster"
    assert game.bots["search-12"] is bot  # made once per budget
    assert "search-7" in game.bots and "search" in game.bots
    assert "search-0" not in game.bots and "sarch" not in game.bots
    with pytest.raises(KeyError):
        game.bots["search-x"]
    # Iterating lists the hand-written bots only: seeded line-ups over every bot are unchanged.
    assert list(game.bots) == ["random", "spymaster"]


@pytest.mark.parametrize(
    ("name", "given_options", "players"),
    [
        ("fixem", {"rounds": 8, "card_order": "2-3-1", "additional_die": 2}, 3),
        ("fixem", {"ending": "field", "hidden_hands": True}, 3),
        ("rex-furum", {"rounds": 4, "round_minutes": 5}, 4),
        ("goofspiel", {"num_cards": 5, "points_order": "ascending"}, 3),
    ],
)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 30))
def test_samplers_read_the_options_a_view_shows(
    name: str, given_options: dict[str, OptionValue], players: int, seed: int, steps: int
) -> None:
    """A search bot is not told the options: what the view shows of them is enough."""
    game = get_game(name)
    state, seats = random_position(
        game, resolve_options(game.options, given_options), players, seed, steps
    )
    view = game.view(state, seats[seed % len(seats)])
    defaults = resolve_options(game.options, {})
    assert (
        game.view(game.sample_state(view, defaults, random.Random(seed)), game.seat_of(view))
        == view
    )


# -- what the search weighs, and how it values a playout -------------------------------


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 12), players=st.integers(3, 8))
@settings(max_examples=40)
def test_rex_furum_search_candidates_are_legal_distinct_full_emails(
    seed: int, steps: int, players: int
) -> None:
    """Each candidate passes the engine's check, none twice, none a part of another (a
    candidate is a full email: nothing more of what it was built from fits); and the search
    weighs them."""
    game = get_game("rex-furum")
    options = resolve_options(game.options, {})
    state, seats = random_position(game, options, players, seed, steps)
    if game.result(state) is not None:
        return
    seat = seats[seed % len(seats)]
    view, prompt = game.view(state, seat), game.prompts(state)[seat]
    candidates = game.search_candidates(view, prompt, random.Random(seed))
    assert candidates
    texts = [game.format(order) for order in candidates]
    assert len(set(texts)) == len(texts)
    for order in candidates:
        game.validate(state, seat, order)
    sets = [frozenset(order.actions) for order in candidates]
    assert not any(a < b for a in sets for b in sets)
    # The search's proposals hold the game's candidates (up to its limit), after greedy's own.
    search = _Search(
        game, view, seat, prompt, game.bots["search"].settings, options, random.Random(seed)
    )
    weighed = {game.format(order) for order in search.proposals()}
    assert len(weighed) == MAX_CANDIDATES or set(texts) <= weighed


def test_rex_furum_candidates_protect_and_embezzle_the_richest() -> None:
    """From the opening email: the candidates include protecting oneself while embezzling
    from both others, which greedy never writes before it has $60,000."""
    game = get_game("rex-furum")
    options = resolve_options(game.options, {})
    state, seats = random_position(game, options, 3, seed=1, steps=0)
    view, prompt = game.view(state, seats[0]), game.prompts(state)[seats[0]]
    candidates = game.search_candidates(view, prompt, random.Random(0))
    assert candidates is not None
    texts = {game.format(o) for o in candidates}
    assert {
        "embezzle p2; embezzle p3; protect self",
        "embezzle p3; embezzle p2; protect self",
    } & texts
    greedy = game.bots["greedy"]()
    assert all(
        "protect" not in game.format(greedy.choose(view, prompt, random.Random(n)))
        for n in range(20)
    )


def test_games_without_candidates_offer_none() -> None:
    for name in ("war-slayer", "fixem", "goofspiel"):
        game = get_game(name)
        options = resolve_options(game.options, {})
        state, _ = random_position(game, options, game.usual_players, seed=0, steps=0)
        seat, prompt = next(iter(game.prompts(state).items()))
        assert game.search_candidates(game.view(state, seat), prompt, random.Random(0)) is None


scores_st = st.dictionaries(
    st.sampled_from(["a", "b", "c", "d"]),
    st.integers(-500_000, 500_000),
    min_size=2,
    max_size=4,
)


@given(scores=scores_st, weight=st.sampled_from([0.0, 0.1, 0.5]))
def test_margin_never_outweighs_the_result(scores: dict[str, int], weight: float) -> None:
    """With the margin added, a sole win is worth more than a shared win, which is worth
    more than a loss, whatever the scores; and without weight the value is the share."""
    game = get_game("rex-furum")
    result = Result.highest(scores, "test")
    for seat in scores:
        search = _Search(
            game,
            None,
            seat,
            Prompt("x", "x"),
            SearchSettings(budget=1, rollout="greedy", margin_weight=weight),
            {},
            random.Random(0),
        )
        value = search.value(result)
        if weight == 0.0:
            assert value == (1 / len(result.winners) if seat in result.winners else 0.0)
        elif seat not in result.winners:
            assert -weight <= value <= 0.0
        elif len(result.winners) == 1:
            assert 1.0 <= value <= 1.0 + weight
        else:
            assert value == 1 / len(result.winners)


def test_a_negative_margin_weight_is_refused() -> None:
    with pytest.raises(SealedError, match="margin weight"):
        search_bot("rex-furum", 8, "greedy", margin_weight=-0.5)


def test_margin_breaks_a_tie_of_losses() -> None:
    """Two losing playouts: the one lost by less is worth more (a plain share says 0 to both)."""
    game = get_game("rex-furum")
    settings_ = SearchSettings(budget=1, rollout="greedy", margin_weight=0.5)
    search = _Search(game, None, "a", Prompt("x", "x"), settings_, {}, random.Random(0))
    near = search.value(Result.highest({"a": 90, "b": 100, "c": 0}, "test"))
    far = search.value(Result.highest({"a": -90, "b": 100, "c": 0}, "test"))
    assert far < near < 0
