"""Exile with Corporations (Alternate Punishments with the Corporations tack-on; 324-329).

The scenarios are ``cases/optional_exile_corporations.yaml`` (a ruling each). Random-bot
property tests in the six economies that use money, with and without the dividend and the
exchange, beside Landlords and Slavery: the game plays to the end and replays exactly; dollars
and goods are accounted for by the events (MoneyApart); shares are made only by investment;
no exile (as the sides stood before the step) is asked a corporation's question, invests,
exchanges, votes, is paid a dividend or a salary's excess or pays a fee, and his shares move
only with him; a sealed step tells no other seat anything.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.adapters.play import spellings
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_encoding_exile import agent_action, table_for
from tests.games.crusoe.test_optional_exile_governments import exiles_at_the_start
from tests.games.crusoe.test_optional_exile_money import MoneyApart

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules import corporations, punishments
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import CrusoeState, Settings

MONEY = corporations.MONEY_SCENARIOS
CORPORATE_ASKS = ("toll", "invest", "exchange", "spend", "dividend", "corp-learn")
PAID = ("corporate", "dividend-paid")


def _exiles(state: CrusoeState) -> set[str]:
    return {s for s, p in state.players.items() if "exile" in p.roles}


def _shares(state: CrusoeState) -> dict[str, dict[str, int]]:
    return {p: dict(h) for p, h in state.corp.shares.items()}


class CorpApart(MoneyApart):
    """MoneyApart's checks, and the corporations': nothing of theirs crosses the divide."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        state, events = match.state, match.steps[-1].events
        exiles = _exiles(before) & _exiles(state)
        if state.ask in CORPORATE_ASKS:
            assert not set(state.waiting) & _exiles(state), (state.ask, state.waiting)
        bought = {p: 0 for p in corporations.PATHS}
        for event in events:
            data = event.data
            if event.kind == "invest":
                assert not set(data["invested"]) & exiles, event.text
                for paid in data["invested"].values():
                    for path, dollars in paid.items():
                        bought[path] += dollars // corporations.SHARE
            if event.kind == "exchange":
                for giver, gifts in data["gifts"].items():
                    assert giver not in exiles, event.text
                    assert not {g["to"] for g in gifts} & exiles, event.text
            if event.kind in PAID:
                assert data["seat"] not in exiles, event.text
            if event.kind in ("toll", "dividend"):
                named = data.get("votes", data.get("owed", {}))
                assert not set(named) & exiles, event.text
            if event.kind == "dividend-void" and "fees" in data:
                self.seen["void-exile"] += 1
        for path in corporations.PATHS:  # shares are made by investment only
            was = sum(before.corp.shares.get(path, {}).values())
            now = sum(state.corp.shares.get(path, {}).values())
            assert now - was == bought[path], (path, was, now, bought[path])
        for seat in exiles:  # an exile's shares neither come nor go while he is away
            for path in corporations.PATHS:
                was = before.corp.shares.get(path, {}).get(seat, 0)
                assert state.corp.shares.get(path, {}).get(seat, 0) == was, (seat, path)
            for path, owed in state.corp.debts.get(seat, {}).items():  # void at collection
                assert owed <= before.corp.debts.get(seat, {}).get(path, 0), (seat, path)
            for path, due in state.corp.dividends.get(seat, {}).items():  # likewise (329)
                assert due <= before.corp.dividends.get(seat, {}).get(path, 0), (seat, path)
        held = (before.corp.shares.get(p, {}).get(s) for p in corporations.PATHS for s in exiles)
        self.seen["exile-holds"] += any(held)


def _options(scenario: str, **more: Any) -> dict[str, Any]:
    return resolve_options(
        GAME.options,
        {"punishments": "exile", "scenario": scenario, "corporations": True, **more},
    )


def _holders_in_exile(dividend: bool) -> dict[str, Any]:
    """ben and dee begin in exile holding shares (ben a dividend owed and a fee owed too)."""
    ledger: dict[str, Any] = {
        "shares": {"ant": {"ben": 3, "ana": 1}, "spider": {"dee": 2, "cy": 1}},
        "coffers": {"ant": 40, "spider": 30},
        "debts": {"ben": {"spider": 5}},
    }
    if dividend:
        ledger["dividends"] = {"ben": {"ant": 4}}
    roles = ["exile", "exiles-barter"]
    return {"corporations": ledger, "players": {"ben": {"roles": roles}, "dee": {"roles": roles}}}


def _replays(match: Match[Any, Any, Any]) -> None:
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(MONEY),
    dividend=st.booleans(),
    exchange=st.booleans(),
    beside=st.sampled_from(("", "landlords", "slavery")),
    begun=st.booleans(),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_with_corporations_under_exile_keep_apart_and_replay(
    seed: int,
    scenario: str,
    dividend: bool,
    exchange: bool,
    beside: str,
    begun: bool,
    bots: list[str],
) -> None:
    more: dict[str, Any] = {
        "corporations_dividend": dividend,
        "corporations_exchange": exchange,
    }
    if beside == "landlords":
        more["landlords"] = "modern"
    if beside == "slavery":
        more["punishments"] = "slavery+exile"
    setup = _holders_in_exile(dividend) if begun else None
    match = bot_game(seed, tuple(bots), _options(scenario, **more), CorpApart(), setup=setup)
    _replays(match)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(
        (
            "national-capitalism",
            "welfare-capitalism",
            "class-warfare-capitalism",
            "market-socialism",
        )
    ),
    government=st.sampled_from(("dictatorship", "representative", "bureaucracy")),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
)
def test_random_games_with_corporations_under_exile_and_every_government_keep_apart(
    seed: int, scenario: str, government: str, bots: list[str]
) -> None:
    """Two seats no ruler begin in exile holding shares (the governments' tests' setup)."""
    options = _options(
        scenario, government=government, corporations_dividend=True, corporations_exchange=True
    )
    setup = exiles_at_the_start(seed, options)
    exiled = list(setup.get("players", {}))
    if exiled:
        shares = {"ant": {exiled[0]: 3}, "spider": {exiled[-1]: 2}}
        setup["corporations"] = {"shares": shares, "coffers": {"ant": 30, "spider": 20}}
    match = bot_game(seed, tuple(bots), options, CorpApart(), setup=setup)
    _replays(match)


def test_random_games_exile_stockholders_and_void_what_crossed() -> None:
    """The property tests would pass if no exile held shares: pinned games must have one."""
    check = CorpApart()
    for seed in range(6):
        scenario = MONEY[seed % len(MONEY)]
        options = _options(scenario, corporations_dividend=True, corporations_exchange=True)
        bot_game(seed, ("random",) * 4, options, check, setup=_holders_in_exile(True))
    assert check.seen["exile-holds"] > 0
    assert check.seen["void-exile"] > 0


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(MONEY))
def test_a_sealed_step_with_exiled_stockholders_reaches_nobody(seed: int, scenario: str) -> None:
    options = _options(scenario, corporations_dividend=True, corporations_exchange=True)
    seal_watching_the_others(seed, options, "random", orders=2_000, setup=_holders_in_exile(True))


def test_exile_with_corporations_is_no_longer_refused() -> None:
    assert Settings.from_options(_options("national-capitalism")).corporations


def test_a_returned_exile_votes_and_fights_with_his_shares_again() -> None:
    """Ruling 329: on the exiles' return their shares vote, add to the die and may be taken
    again; a dead exile's shares are any dead holder's (no vote)."""
    match = Match.new(
        GAME,
        ["ana", "ben", "cy", "dee"],
        _options("national-capitalism"),
        seed=2,
        setup=_holders_in_exile(False),
    )
    state = match.state
    assert corporations.holders(state, "ant") == {"ana": 1}
    assert corporations.shares_of(state, "ben") == 0
    back = {s: Order("return") for s in ("ben", "dee")}
    assert punishments.settle_vote(state, back, None)
    assert corporations.holders(state, "ant") == {"ana": 1, "ben": 3}
    assert corporations.shares_of(state, "ben") == 3
    state.players["dee"].alive = False
    assert corporations.holders(state, "spider") == {"cy": 1}


AGENTS: list[dict[str, object]] = [
    {
        "scenario": "national-capitalism",
        "corporations_exchange": True,
        "corporations_dividend": True,
    },
    {"scenario": "market-socialism", "corporations_dividend": True},
    {
        "scenario": "state-capitalism",
        "punishments": "exile+crippling",
        "corporations_exchange": True,
    },
    {"scenario": "centralized-communism"},
    {"scenario": "class-warfare-capitalism", "corporations_exchange": True, "landlords": "modern"},
    {
        "scenario": "welfare-capitalism",
        "punishments": "slavery+exile",
        "corporations_dividend": True,
    },
    {
        "scenario": "national-capitalism",
        "government": "representative",
        "corporations_exchange": True,
    },
]
"""The research encoding spells Exile with Corporations (encoding_exile.EXILE_UNSPELLED is
empty): the rules ask an exile no corporate question and refuse a gift to him, and the masks
are the rules' checks."""


@pytest.mark.parametrize("more", AGENTS, ids=lambda o: "-".join(map(str, o.values())))
def test_mask_following_agents_play_exile_with_corporations_to_the_end(
    more: dict[str, object],
) -> None:
    """Mask-following agents play to the end: one game plain, one with p2 and p4 in exile
    from the start under their barter holding shares, owed a dividend and owing a fee; every
    completed order is accepted by the rules, the listed masks are the rules' lists."""
    chosen: dict[str, object] = {"punishments": "exile", "corporations": True, **more}
    words = _agents(chosen, 0, ())
    words += _agents(chosen, 1, ("p2", "p4"))
    assert words["eat"] > 0 and words["invest"] > 0


def _agents(chosen: dict[str, object], seed: int, exiles: tuple[str, ...]) -> Counter[str]:
    """test_encoding_exile's game of agents, the exiles holding shares of the ant and spider."""
    table = table_for(chosen, seed)
    corp = table.state.corp
    for seat in exiles:
        table.state.players[seat].roles = ("exile", "exiles-barter")
        corp.shares.setdefault("ant", {})[seat] = 2
        corp.shares.setdefault("spider", {})[seat] = 1
        corp.debts[seat] = {"spider": 5}
    if exiles:
        corp.coffers.update({"ant": 40, "spider": 20})
        if table.state.settings.corporations_dividend:
            corp.dividends[exiles[0]] = {"ant": 4}
    rng, chance, words = random.Random(seed), SeededChance(f"{seed}/play"), Counter[str]()
    while not table.over:
        for seat in table.deciding():
            legal = GAME.legal_orders(table.state, seat)
            if legal is not None and not table.drafts.get(seat):
                spelled = sorted(GAME.format(o) for o in spellings(table, seat))
                assert spelled == sorted(GAME.format(o) for o in legal)
        actions = {seat: agent_action(table, seat, rng) for seat in table.deciding()}
        orders = table.act(actions)  # validates every completed order against the rules
        if orders is not None:
            words.update(order.word for order in orders.values())
            table.moved_to(GAME.advance(table.state, orders, chance))
    return words
