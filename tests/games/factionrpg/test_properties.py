"""Properties of random FactionRPG games between bots.

- space is never exceeded, and every value stays positive (worthless assets are destroyed);
- the record replays exactly (every chance outcome, event and state);
- no leak in views: rearranging the values of the hidden assets a faction cannot see,
  and the other factions' beliefs, leaves its view unchanged;
- no leak in posts: the same orders resolved from two states that differ only in the
  values of hidden assets a faction cannot see (left idle and untargeted) tell that
  faction exactly the same things (events, posts, view);
- a hidden attacker's identity never reaches the defender's report unless the
  defender sees that asset (a profile) by the end of the step.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, bot_rng, replay
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.orders import TurnOrders
from sealed.games.factionrpg.state import FactionState

BOT_NAMES = sorted(GAME.bots)
tables = st.tuples(
    st.integers(0, 2**32),
    st.lists(st.sampled_from(BOT_NAMES), min_size=2, max_size=6),
    st.integers(1, 6),
    st.integers(0, 6),  # room above the starting total (0: none at all)
)


def play(
    seed: int, bots: list[str], turns: int, room: int, check: Any = None
) -> Match[Any, Any, Any]:
    """A finished game; ``check(match)`` runs after every step."""
    seats = [f"f{i}" for i in range(len(bots))]
    options = resolve_options(GAME.options, {"turns": turns, "space": 8 * len(bots) + room})
    match = Match.new(GAME, seats, options, seed=seed)
    players = {seat: GAME.bots[name]() for seat, name in zip(seats, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    while match.result() is None:
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            order = players[seat].choose(view, match.prompts()[seat], rngs[seat])
            text = GAME.format(order)
            assert GAME.parse(match.state, seat, text) == order, f"{text!r} does not round-trip"
            match.seal_order(seat, order)
        if match.pending:
            match.close()
        if check is not None:
            check(match)
    return match


@settings(max_examples=60, deadline=None)
@given(tables)
def test_space_is_never_exceeded_and_values_stay_positive(table: Any) -> None:
    def check(match: Match[Any, Any, Any]) -> None:
        state: FactionState = match.state
        assert state.total_value() <= state.space, f"step {match.step}: space exceeded"
        assert all(a.value > 0 for a in state.assets.values())

    seed, bots, turns, room = table
    play(seed, bots, turns, room, check=check)


@settings(max_examples=40, deadline=None)
@given(tables)
def test_replay_is_exact(table: Any) -> None:
    match = play(*table)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]


def _unseen_hidden(state: FactionState, faction: str) -> list[str]:
    return [n for n in sorted(state.assets) if not state.sees(faction, n)]


@settings(max_examples=60, deadline=None)
@given(tables, st.integers(0, 2**32))
def test_views_do_not_depend_on_what_a_faction_cannot_see(table: Any, shuffle_seed: int) -> None:
    seed, bots, turns, room = table
    states: list[FactionState] = []
    play(seed, bots, turns + 1, room, check=lambda m: states.append(m.state.copy()))
    rng = random.Random(shuffle_seed)
    for state in states[:4]:
        for faction in state.seats:
            other = state.copy()
            unseen = _unseen_hidden(other, faction)
            values = [other.assets[n].value for n in unseen]
            rng.shuffle(values)
            for name, value in zip(unseen, values, strict=True):
                other.assets[name].value = value
            for seat in other.seats:
                if seat != faction:
                    other.beliefs[seat] = [f"noise {rng.random()}"]
            assert jsonable(GAME.view(other, faction)) == jsonable(GAME.view(state, faction))


def _orders_avoiding(
    state: FactionState, faction: str, hidden: set[str], seed: int
) -> dict[str, Any]:
    """Bot orders for every faction, less anything that touches ``hidden`` or would let
    ``faction`` legitimately learn about it (its infiltrations, profiles shared with it)."""
    orders = {}
    for index, seat in enumerate(state.seats):
        bot = GAME.bots[BOT_NAMES[index % len(BOT_NAMES)]]()
        order = bot.choose(GAME.view(state, seat), GAME.prompts(state)[seat], random.Random(seed))
        actions = tuple(
            a
            for a in order.actions
            if a.asset not in hidden
            and a.target not in hidden
            and a.target not in state.seats
            and not (seat == faction and a.action == "infiltrate")
        )
        shares = tuple(s for s in order.shares if s.to != faction and s.asset not in hidden)
        orders[seat] = TurnOrders(actions, shares)
    return orders


def _told(events: list[Any], faction: str) -> list[Any]:
    return [jsonable(t) for e in events if (t := e.told(faction)) is not None]


@settings(max_examples=60, deadline=None)
@given(tables, st.integers(0, 2**32))
def test_posts_do_not_depend_on_what_a_faction_cannot_see(table: Any, order_seed: int) -> None:
    seed, bots, turns, room = table
    states: list[FactionState] = []
    play(seed, bots, turns + 1, room, check=lambda m: states.append(m.state.copy()))
    for state in [s for s in states if s.phase == "orders"][:3]:
        for faction in state.seats:
            unseen = _unseen_hidden(state, faction)
            if len(unseen) < 2:
                continue
            other = state.copy()
            values = [other.assets[n].value for n in unseen]
            for name, value in zip(unseen, values[1:] + values[:1], strict=True):
                other.assets[name].value = value
            orders = _orders_avoiding(state, faction, set(unseen), order_seed)
            after, events = GAME.resolve(state, orders, SeededChance(order_seed))
            after2, events2 = GAME.resolve(other, orders, SeededChance(order_seed))
            assert _told(events2, faction) == _told(events, faction)
            assert jsonable(GAME.view(after2, faction)) == jsonable(GAME.view(after, faction))


@settings(max_examples=60, deadline=None)
@given(tables)
def test_a_hidden_attacker_never_reaches_the_defenders_report(table: Any) -> None:
    """Neither the action as told to the defender nor anything else it reads in that step
    names a hidden attacking asset it does not see, unless it knew that name before (an
    earlier belief) or sees the asset by the end of the step (a profile it gained)."""
    known: dict[str, str] = {}

    def check(match: Match[Any, Any, Any]) -> None:
        state: FactionState = match.state
        events = match.steps[-1].events
        for event in events:
            if not event.kind.startswith("action-") or event.data["action"] not in (
                "damage",
                "infiltrate",
            ):
                continue
            defender = event.data["owner"]
            item = event.told(defender)
            for part in event.data["participants"]:
                if not part["hidden"] or defender in part["seen_by"]:
                    continue
                assert item is None or part["asset"] not in json.dumps(jsonable(item))
                learned = part["asset"] in state.assets and state.sees(defender, part["asset"])
                if not learned and part["asset"] not in known.get(defender, ""):
                    told = json.dumps(_told(events, defender))
                    assert part["asset"] not in told, f"{part['asset']} reached {defender}"
        for seat in state.seats:
            known[seat] = json.dumps(jsonable(GAME.view(state, seat)))

    seed, bots, turns, room = table
    play(seed, bots, turns, room, check=check)
