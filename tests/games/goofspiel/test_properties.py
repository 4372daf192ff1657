"""Property tests over random Goofspiel games: purity, one rules path, clones, legality, secrecy."""

from __future__ import annotations

import json
import random
import re
from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import IllegalOrderError, SetupError
from sealed.core.game import resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, bot_rng, replay
from sealed.games.goofspiel import GAME
from sealed.games.goofspiel.orders import Bid
from sealed.games.goofspiel.state import GoofspielState
from sealed.games.goofspiel.views import GoofspielView, PlayerView

GAMES = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "players": st.integers(2, 4),
        "num_cards": st.integers(1, 15),
        "points_order": st.sampled_from(["random", "descending", "ascending"]),
    }
)


def states(game: dict[str, object]) -> list[GoofspielState]:
    """Every state of a random game, each an independent copy."""
    seats = tuple(f"p{i}" for i in range(int(game["players"])))  # type: ignore[call-overload]
    options = resolve_options(GAME.options, {k: game[k] for k in ("num_cards", "points_order")})
    chance = SeededChance(str(game["seed"]))
    state = GAME.initial_state(seats, options, chance)
    rng = random.Random(str(game["seed"]))
    seen = [GAME.clone(state)]
    while GAME.prompted(state):
        bids = {seat: rng.choice(GAME.legal_orders(state, seat)) for seat in state.seats}
        state = GAME.advance(state, bids, chance)
        seen.append(GAME.clone(state))
    return seen


def random_bids(state: GoofspielState, rng: random.Random) -> dict[str, Bid]:
    return {seat: rng.choice(GAME.legal_orders(state, seat)) for seat in GAME.prompted(state)}


@given(game=GAMES)
def test_resolve_is_pure_and_advance_reaches_the_same_state(game: dict[str, object]) -> None:
    rng = random.Random(1)
    for state in states(game)[:-1]:
        before = GAME.to_json(state)
        bids = random_bids(state, rng)
        after, events = GAME.resolve(state, bids, SeededChance(0))
        assert GAME.to_json(state) == before, "resolve changed its input"
        assert events
        fast = GAME.advance(GAME.clone(state), bids, SeededChance(0))
        assert GAME.to_json(fast) == GAME.to_json(after)


@given(game=GAMES)
def test_clones_are_independent(game: dict[str, object]) -> None:
    rng = random.Random(2)
    for state in states(game)[:-1]:
        before = GAME.to_json(state)
        copy = GAME.clone(state)
        GAME.advance(copy, random_bids(copy, rng), SeededChance(0))
        assert GAME.to_json(state) == before
        other = GAME.clone(state)
        GAME.advance(state, random_bids(state, rng), SeededChance(0))
        assert GAME.to_json(other) == before


@given(game=GAMES)
def test_legal_orders_validate_are_unique_and_are_the_hand(game: dict[str, object]) -> None:
    for state in states(game):
        prompted = GAME.prompted(state)
        assert prompted == tuple(GAME.prompts(state))
        for i, seat in enumerate(state.seats):
            legal = GAME.legal_orders(state, seat)
            assert GAME.count_legal_orders(state, seat) == len(legal)
            assert [int(b) for b in legal] == GAME.to_json(state)["players"][seat]["hand"]
            texts = [GAME.format(bid) for bid in legal]
            assert len(set(texts)) == len(texts)
            for bid, text in zip(legal, texts, strict=True):
                GAME.validate(state, seat, bid)
                assert GAME.parse(state, seat, text) == bid
            for card in set(range(1, state.settings.num_cards + 1)) - set(legal):
                with pytest.raises(IllegalOrderError):
                    GAME.validate(state, seat, Bid(card))
            assert (seat in prompted) == bool(legal), i


@given(game=GAMES)
def test_state_json_round_trips_at_every_step(game: dict[str, object]) -> None:
    for state in states(game):
        data = json.loads(json.dumps(GAME.to_json(state)))
        options = {
            "num_cards": state.settings.num_cards,
            "points_order": state.settings.points_order,
        }
        rebuilt = GAME.from_json(data, state.seats, options)
        assert GAME.to_json(rebuilt) == data
        assert [GAME.view(rebuilt, s) for s in state.seats] == [
            GAME.view(state, s) for s in state.seats
        ]


@given(game=GAMES, shuffle_seed=st.integers(0, 2**32))
def test_no_view_shows_the_order_of_the_face_down_prizes(
    game: dict[str, object], shuffle_seed: int
) -> None:
    """Rearranging the prizes still face down changes no view: their order is nobody's."""
    for state in states(game):
        hidden = list(state.prizes[state.turn + 1 :])
        random.Random(shuffle_seed).shuffle(hidden)
        other = GAME.clone(state)
        other.prizes = (*state.prizes[: state.turn + 1], *hidden)
        for seat in state.seats:
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.render(GAME.view(other, seat)) == GAME.render(GAME.view(state, seat))


@given(game=GAMES)
def test_a_view_holds_only_public_facts(game: dict[str, object]) -> None:
    """Every hand in a view follows from the open bids: 1..N less the cards bid."""
    allowed = {
        "seat", "num_cards", "points_order", "turn", "prize", "revealed", "face_down", "hand",
        "players",
    }  # fmt: skip
    assert {f.name for f in fields(GoofspielView)} == allowed
    assert {f.name for f in fields(PlayerView)} == {"seat", "points", "bids", "hand"}
    for state in states(game):
        n = state.settings.num_cards
        for seat in state.seats:
            view = GAME.view(state, seat)
            assert view.revealed == state.prizes[: state.turn]
            for player in view.players:
                assert len(player.bids) == view.turn
                assert player.hand == tuple(c for c in range(1, n + 1) if c not in player.bids)
            assert view.hand == next(p.hand for p in view.players if p.seat == seat)
            assert json.loads(json.dumps(jsonable(view))) == jsonable(view)


@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_a_recorded_match_replays_exactly(seed: int, players: int) -> None:
    seats = [f"p{i}" for i in range(players)]
    options = resolve_options(GAME.options, {"num_cards": 7})
    match = Match.new(GAME, seats, options, seed=seed)
    bots = {
        seat: GAME.bots[("random", "matching", "counter")[i % 3]]() for i, seat in enumerate(seats)
    }
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    while match.result() is None:
        for seat in match.waiting_for():
            view, prompt = GAME.view(match.state, seat), match.prompts()[seat]
            match.seal(seat, GAME.format(bots[seat].choose(view, prompt, rngs[seat])))
    record = json.loads(json.dumps(match.to_json()))
    again = replay(record)
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]


def test_the_joint_actions_are_the_product_of_the_hands() -> None:
    """A perft-style count: after t turns of N cards, (N - t) ** players joint actions."""
    state = GAME.initial_state(("a", "b", "c"), {"num_cards": 6}, SeededChance(0))
    rng = random.Random(0)
    for turn in range(5):
        counts = [GAME.count_legal_orders(state, seat) for seat in state.seats]
        assert counts == [6 - turn] * 3
        state = GAME.advance(state, random_bids(state, rng), SeededChance(0))
    assert GAME.prompted(state) == ()
    assert [GAME.count_legal_orders(state, seat) for seat in state.seats] == [0, 0, 0]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"prizs": [1, 2, 3, 4]}, "unknown key 'prizs' — did you mean 'prizes'"),
        ({"prizes": [1, 2, 3]}, "prizes: the prize deck holds each card 1..4 once"),
        ({"prizes": [1, 1, 2, 3]}, "each card 1..4 once"),
        ({"prizes": [1, 2, 3, 9]}, "prizes.3: 9 is above 4"),
        ({"players": {"ana": {"bids": [1, 1]}}}, "players.ana.bids: a card can be bid only once"),
        ({"players": {"ana": {"bids": [1]}}}, "every player bids on every turn"),
        ({"players": {"ana": {"points": -1}}}, "players.ana.points: -1 is below 0"),
        ({"players": {"ana": {"pionts": 1}}}, "did you mean 'points'?"),
        ({"players": {"cleo": {}}}, "unknown key 'cleo'"),
    ],
)
def test_setups_are_read_strictly(setup: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)):
        Match.new(GAME, ["ana", "ben"], {"num_cards": 4, "points_order": "random"}, setup=setup)


def test_a_fixed_points_order_refuses_another_prize_order() -> None:
    with pytest.raises(SetupError, match="descending reveals the prizes as"):
        Match.new(
            GAME, ["ana", "ben"], {"num_cards": 3, "points_order": "descending"},
            setup={"prizes": [1, 2, 3]},
        )  # fmt: skip


def test_a_setup_in_the_middle_of_a_game_derives_the_hands_and_turn() -> None:
    setup = {
        "prizes": [4, 3, 2, 1],
        "players": {"ana": {"bids": [4, 1], "points": 4}, "ben": {"bids": [2, 3], "points": 3}},
    }
    match = Match.new(GAME, ["ana", "ben"], {"num_cards": 4, "points_order": "random"}, setup=setup)
    state = GAME.to_json(match.state)
    assert state["turn"] == 2 and state["prize"] == 2
    assert state["players"]["ana"]["hand"] == [2, 3]
    assert state["players"]["ben"]["hand"] == [1, 4]
