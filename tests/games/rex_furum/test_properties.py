"""Properties of random Rex Furum games between bots.

- games end, every bot order round-trips through its notation;
- money is conserved except salary (created) and mutual-backstab fines (destroyed);
- the record replays exactly;
- no leaks: a player's round email is the same whatever the other players' employers
  (at equal totals), salaries, crashes in progress, bribe offers, pending orders and
  the notices addressed to others; their money and earnings are public from version 3
  (the seed's email lists "each player"), private in version 2; a bribe offer never
  names its briber.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sealed.core.events import Audience, Event
from sealed.core.game import resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, bot_rng, replay
from sealed.games.rex_furum import GAME
from sealed.games.rex_furum.state import RexState

BOT_NAMES = sorted(GAME.bots)

tables = st.tuples(
    st.integers(0, 2**32),
    st.lists(st.sampled_from(BOT_NAMES), min_size=3, max_size=8),
    st.integers(1, 10),
)


def play(
    seed: int, bots: list[str], rounds: int, game: Any = GAME
) -> tuple[Match[Any, Any, Any], list[int]]:
    """A finished game (under ``game``'s rules); also the total money before each round and
    at the end."""
    seats = [f"p{i}" for i in range(len(bots))]
    options = resolve_options(GAME.options, {"rounds": rounds})
    match = Match.new(game, seats, options, seed=seed)
    players = {seat: GAME.bots[name]() for seat, name in zip(seats, bots, strict=True)}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    totals = [_total(match.state)]
    while match.result() is None:
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            order = players[seat].choose(view, match.prompts()[seat], rngs[seat])
            text = GAME.format(order)
            assert GAME.parse(match.state, seat, text) == order, f"{text!r} does not round-trip"
            match.seal_order(seat, order)
        match.close()
        totals.append(_total(match.state))
    return match, totals


def _total(state: RexState) -> int:
    return sum(p.money for p in state.players)


@settings(max_examples=200, deadline=None)
@given(tables)
def test_money_is_conserved_but_for_salary_and_mutual_backstabs(table: Any) -> None:
    match, totals = play(*table)
    assert len(match.steps) == table[2]
    for number, step in enumerate(match.steps):
        state_after = _state_after(match, number)
        salary = sum(p.salary for p in state_after.players) if not state_after.over else 0
        mutual = sum(1 for e in step.events if e.kind == "backstab-mutual")
        expected = totals[number] + salary - 60_000 * mutual
        assert totals[number + 1] == expected, f"round {number + 1}: money not conserved"


def _state_after(match: Match[Any, Any, Any], number: int) -> RexState:
    """The state after step ``number``, rebuilt by replaying the record's first steps."""
    record = match.to_json()
    record["steps"] = record["steps"][: number + 1]
    record["state_digest"] = None
    record["pending"] = {}
    state: RexState = replay(record).state
    return state


@settings(max_examples=200, deadline=None)
@given(tables)
def test_the_record_replays_exactly(table: Any) -> None:
    match, _ = play(*table)
    record = json.loads(json.dumps(match.to_json()))
    again = replay(record)
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in match.events]
    assert again.result() == match.result()


@settings(max_examples=200, deadline=None)
@given(tables, st.integers(0, 2**32))
def test_my_email_ignores_other_players_secrets(table: Any, salt: int) -> None:
    seed, bots, rounds = table
    match, _ = play(seed, bots, rounds)
    state: RexState = _state_after(match, salt % len(match.steps))
    for me in state.seats:
        before = jsonable(GAME.view(state, me))
        assert jsonable(GAME.view(_scramble(state, me, salt, money=False), me)) == before, me
        moved = GAME.view(_scramble(state, me, salt, money=True), me)
        assert (
            moved.standings is not None
            and moved.standings[me] == GAME.view(state, me).standings[me]
        )


@settings(max_examples=50, deadline=None)
@given(tables, st.integers(0, 2**32))
def test_a_version_2_email_hides_the_others_money_too(table: Any, salt: int) -> None:
    seed, bots, rounds = table
    old = GAME.for_version(2)
    assert old is not None
    match, _ = play(seed, bots, rounds, old)
    state: RexState = _state_after(match, salt % len(match.steps))
    for me in state.seats:
        before = jsonable(old.view(state, me))
        assert before["standings"] is None and before["open_offers"] == []
        assert jsonable(old.view(_scramble(state, me, salt, money=True), me)) == before, me


def _scramble(state: RexState, me: str, salt: int, money: bool) -> RexState:
    """Change everything about the others that ``me`` may not know, keeping the totals.

    ``money``: also their money and earnings (public from version 3).
    """
    others = [p for p in state.players if p.seat != me]
    shift = 1 + salt % len(others)
    rotated = others[shift:] + others[:shift]
    players = tuple(
        p
        if p.seat == me
        else replace(
            p,
            money=p.money + (salt % 97_000 + 1 if money else 0),
            companies=rotated[others.index(p)].companies,
            earnings=-p.earnings - 1 if money else p.earnings,
            salary=p.salary + 1,
            crashing=None,
        )
        for p in state.players
    )
    secret = Event(
        "outed", f"secret for others {salt}", Audience(frozenset(p.seat for p in others))
    )
    mine = tuple(o for o in state.offers if o.briber == me)
    return replace(state, players=players, offers=mine, notices=(*state.notices, secret))


@settings(max_examples=40, deadline=None)
@given(tables)
def test_pending_orders_of_others_do_not_change_my_report(table: Any) -> None:
    seed, bots, _ = table
    seats = [f"p{i}" for i in range(len(bots))]
    match = Match.new(GAME, seats, resolve_options(GAME.options, {}), seed=seed)
    me, other = seats[0], seats[1]
    before = jsonable(match.report(me).view)
    match.seal(other, f"embezzle {me} out {seats[2]} invest 1000 {me}")
    assert jsonable(match.report(me).view) == before


@settings(max_examples=200, deadline=None)
@given(tables)
def test_bribe_offers_are_anonymous(table: Any) -> None:
    match, _ = play(*table)
    for event in match.events:
        if event.kind == "bribe-offer":
            assert set(event.data) == {"company", "amount"}
            assert event.audience.seats, "a bribe offer goes to the company's employees only"
            for seat in match.seats:
                assert not re.search(rf"\b{seat}\b", event.text), event.text


@settings(max_examples=200, deadline=None)
@given(tables)
def test_private_notices_go_only_to_those_the_rules_name(table: Any) -> None:
    match, _ = play(*table)
    addressed = {
        "pinkslip-failed",
        "embezzle-self-protected",
        "embezzle-protector",
        "backstab-failed",
        "out-covered",
        "bribe-offer",
    }
    public = {"embezzle-foiled", "backstab-mutual", "outed"}
    for event in match.events:
        if event.kind.startswith("gm/"):
            assert event.audience.seats == frozenset(), event
        elif event.kind in public:
            assert event.audience.seats is None, event
        else:
            assert event.kind in addressed, event.kind
            assert event.audience.seats, event
