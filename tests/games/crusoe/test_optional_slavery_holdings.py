"""Slavery with Landlords and with Corporations (rulings 248-255): what a slave would hold
beyond goods (paths, rent owed, shares, dividends, fees) is his master's.
Random bot games under each combination (every Landlords variant in the economies it is built
for; Corporations with and without its dividend and exchange) play to the end and replay
exactly; goods stay within the supply and, in the money economies, every dollar is accounted
for by an event; outside the feeding no slave holds goods, Radio Signals, money, a path, a
share, a dividend or a debt; every path entered is open to its walker by the Leases in force
or is his master's; no slave votes nor is asked to trade. A sealed step tells no other seat
anything. The rules at the table are cases/optional_slavery_landlords.yaml and
cases/optional_slavery_corporations.yaml."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, SEATS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_market_properties import money_change
from tests.games.crusoe.test_module_corporations import check_step as corporations_step
from tests.games.crusoe.test_optional_punishments_slavery import Bonds
from tests.games.crusoe.test_optional_slavery_economies import NoPlayer

from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules import landlords, slavery
from sealed.games.crusoe.modules.corporations import MONEY_SCENARIOS
from sealed.games.crusoe.state import CrusoeState

BARTER = ("hobbesian", "tribal-capitalism", "tribal-communism", "traditional")
MONEY = ("national-capitalism", "centralized-communism", "market-socialism")
VARIANTS = ("homestead", "modern", "modern-fair-housing", "modern-rent-control")
ENSLAVED = {"players": {"ben": {"roles": ["slave-of-0"]}, "cy": {"roles": ["slave-of-3"]}}}
"""A game begun with two slaves (ann's and dee's), so the bonds are tried from the start."""


def money_economy(state: CrusoeState) -> bool:
    return state.settings.scenario in MONEY_SCENARIOS


def slaves(state: CrusoeState) -> list[str]:
    return [s for s in state.seats if slavery.master_of(state, s)]


class Holdings(NoPlayer):
    """NoPlayer's checks (Bonds; a slave holds no money and is asked nothing a money economy
    bars), and a slave holds no path, rent, share, dividend or fee; every path entered is open
    to its walker or is his master's (ruling 249); money is conserved in each step."""

    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        state = match.state
        events = match.steps[-1].events
        if not money_economy(state):  # a slave trades in barter (rulings 131, 164)
            Bonds.__call__(self, before, match)
        else:
            super().__call__(before, match)
            if state.settings.corporations:  # every dollar of the coffers, every share (136-145)
                corporations_step(before, match)
            assert state.money() - before.money() == money_change(events), [e.kind for e in events]
        bound = set(slaves(state))
        if state.ask not in ("feed", "eat"):
            assert not bound & set(state.land.owners.values()), state.land.owners
            assert not bound & set(state.land.debts), state.land.debts
            assert not any(bound & set(owed) for owed in state.land.debts.values())
            for held in state.corp.shares.values():
                assert not bound & {s for s, n in held.items() if n}, held
            assert not bound & set(state.corp.dividends), state.corp.dividends
            assert not bound & set(state.corp.debts), state.corp.debts
        land = before.land.copy()
        for event in events:
            data = event.data if isinstance(event.data, dict) else {}
            if event.kind == "rents":
                land.rents = {p: dict(t) for p, t in data["rents"].items()}
            if event.kind == "path" and state.settings.landlords != "none":
                path, seat = data["path"], data["seat"]
                master = slavery.master_of(before, seat)
                free = master is not None and land.owners.get(path) == master
                assert free or landlords.rent_for(land, path, seat) is not None, event.text
            self.seen[event.kind] += 1
            if event.kind == "slavery-to-master" and ("path-" in event.text):
                self.seen["path-to-master"] += 1
            if event.kind == "slavery-to-master" and ("shares-" in event.text):
                self.seen["shares-to-master"] += 1


def play(seed: int, bots: tuple[str, ...], chosen: dict[str, Any], begun: bool) -> Holdings:
    """A random game to its end under Holdings; its record replays exactly."""
    check = Holdings()
    options = resolve_options(GAME.options, {"punishments": "slavery", **chosen})
    match = bot_game(seed, bots, options, check, setup=ENSLAVED if begun else None)
    assert match.state.over
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    return check


# -- Landlords (rulings 248-251) -----------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    variant=st.sampled_from(VARIANTS),
    scenario=st.sampled_from(BARTER + MONEY),
    begun=st.booleans(),
)
def test_random_games_under_landlords_play_to_the_end_and_replay(
    seed: int, bots: list[str], variant: str, scenario: str, begun: bool
) -> None:
    play(seed, tuple(bots), {"landlords": variant, "scenario": scenario}, begun)


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    paths=st.sampled_from((0, 3)),
    begun=st.booleans(),
)
def test_random_games_under_government_ownership_play_to_the_end_and_replay(
    seed: int, bots: list[str], paths: int, begun: bool
) -> None:
    chosen = {
        "landlords": "government-ownership",
        "landlords_government_paths": paths,
        "scenario": "national-capitalism",
    }
    play(seed, tuple(bots), chosen, begun)


@pytest.mark.parametrize("scenario", ["tribal-capitalism", "traditional", "national-capitalism"])
def test_slaves_paths_leases_and_rents_are_their_masters(scenario: str) -> None:
    """Games begun with two slaves: they are sent down paths (their master's among them) and
    nobody ends a step with a slave holding a path or rent (Holdings)."""
    seen: dict[str, int] = {}
    for seed in range(3):
        check = play(
            seed,
            ("greedy", "random", "random", "greedy"),
            {"landlords": "modern", "scenario": scenario},
            True,
        )
        for kind, n in check.seen.items():
            seen[kind] = seen.get(kind, 0) + n
    assert seen.get("slavery-fed", 0) > 0
    assert seen.get("path", 0) > 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(("tribal-capitalism", *MONEY[:1])))
def test_a_sealed_order_under_landlords_reaches_nobody_before_the_step_opens(
    seed: int, scenario: str
) -> None:
    chosen = {"scenario": scenario, "punishments": "slavery", "landlords": "modern"}
    options = resolve_options(GAME.options, chosen)
    seal_watching_the_others(seed, options, "random", orders=100_000, setup=ENSLAVED)


# -- Corporations (rulings 251, 252) -------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    scenario=st.sampled_from(MONEY_SCENARIOS),
    extras=st.booleans(),
    land=st.sampled_from(("none", "modern")),
    begun=st.booleans(),
)
def test_random_games_under_corporations_play_to_the_end_and_replay(
    seed: int, bots: list[str], scenario: str, extras: bool, land: str, begun: bool
) -> None:
    """With and without the dividend and the exchange (rulings 180, 181), and beside Landlords."""
    chosen: dict[str, Any] = {"scenario": scenario, "corporations": True, "landlords": land}
    if extras:
        chosen |= {"corporations_dividend": True, "corporations_exchange": True}
    play(seed, tuple(bots), chosen, begun)


@pytest.mark.parametrize("scenario", ["state-capitalism", "national-capitalism"])
def test_a_slaves_last_take_is_his_masters_when_the_market_opens(scenario: str) -> None:
    """Ruling 252: with Corporations no Experience is asked, so the Market opens in the step of
    the last move; a slave who took goods in it is no holder asked to consign them (a game that
    stopped on a slave asked to consign nothing before the fix)."""
    bots = ("cooperative", "greedy", "selfish", "greedy")
    check = play(1, bots, {"scenario": scenario, "corporations": True}, True)
    assert check.seen["slavery-fed"] > 0


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_sealed_order_under_corporations_reaches_nobody_before_the_step_opens(
    seed: int,
) -> None:
    chosen = {
        "scenario": "national-capitalism",
        "punishments": "slavery",
        "corporations": True,
        "corporations_dividend": True,
        "corporations_exchange": True,
    }
    options = resolve_options(GAME.options, chosen)
    seal_watching_the_others(seed, options, "random", orders=100_000, setup=ENSLAVED)


@pytest.mark.parametrize(
    ("scenario", "proposes"), [("national-capitalism", False), ("tribal-capitalism", True)]
)
def test_under_rent_control_a_slave_proposes_rents_only_where_he_proposes_policy(
    scenario: str, proposes: bool
) -> None:
    """Ruling 250: the government's rents are a policy: in a money economy a slave proposes
    none (ruling 167); in barter he proposes as he proposes a division (ruling 164)."""
    chosen = {"scenario": scenario, "landlords": "modern-rent-control", "punishments": "slavery"}
    match = Match.new(GAME, list(SEATS), resolve_options(GAME.options, chosen), seed=1)
    state: CrusoeState = match.state.copy()
    state.players["ben"].roles = ("slave-of-0",)
    assert ("ben" in landlords.lawmakers(state)) is proposes
    assert len(landlords.lawmakers(state)) == len(SEATS) - (0 if proposes else 1)
