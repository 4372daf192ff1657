"""Exile with Landlords (Alternate Punishments with the Landlords tack-on; rulings 272-276).

The scenarios are ``cases/optional_exile_landlords.yaml`` (a ruling each). Random-bot property
tests over the five forms of Landlords in the economies Exile is built with: the game plays to
the end and replays exactly; goods (and in the money economies dollars) are conserved as in the
other Exile tests; no trade, battle or inheritance crosses; no Lease, rent, path given or
taken crosses between an exile and the main encampment, no exile takes a Lease, pays or is
paid rent, claims a path, or is asked the rents; a sealed step tells no other seat anything.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, seal_watching_the_others
from tests.games.crusoe.test_optional_exile_money import MoneyApart
from tests.games.crusoe.test_optional_punishments_exile import Apart

from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules import landlords
from sealed.games.crusoe.state import CrusoeState, Settings

BARTER = ("hobbesian", "tribal-capitalism", "tribal-communism", "tribal-socialism", "traditional")
MONEY = ("national-capitalism", "welfare-capitalism", "centralized-communism", "state-capitalism")
FORMS = ("homestead", "modern", "modern-fair-housing", "modern-rent-control")


def _exiles(state: CrusoeState) -> set[str]:
    return {s for s, p in state.players.items() if "exile" in p.roles}


def _check_land(before: CrusoeState, match: Match[Any, Any, Any], seen: Any) -> None:
    """No Lease, rent or path crosses the divide; an exile takes, pays, is paid and claims
    nothing, and is asked no rents (sides as they stood before the step)."""
    exiles = _exiles(before) & _exiles(match.state)
    state = match.state
    if state.ask in ("rent", "rent-ballot"):
        assert not set(state.waiting) & _exiles(state), (state.ask, state.waiting)
    for tenant, owed in state.land.debts.items():  # nothing new owed by or to an exile
        for owner in owed:
            if tenant in exiles or owner in exiles:
                assert before.land.debts.get(tenant, {}).get(owner, 0) >= owed[owner]
    for event in match.steps[-1].events:
        data = event.data
        if event.kind in ("lease", "rent"):
            seen["exile-era-" + event.kind] += bool(_exiles(before))
            assert data["seat"] not in exiles, event.text
            assert data["owner"] not in exiles, event.text
        if event.kind == "land" and "taker" in data:  # a path given at the Market
            assert data["seat"] not in exiles and data["taker"] not in exiles, event.text
        if event.kind == "land" and isinstance(data.get("paths"), dict):  # to the winners
            assert not set(data["paths"].values()) & exiles, event.text
        if event.kind == "land" and "path" in data and "taker" not in data:  # Homestead claim
            assert data["seat"] not in exiles, event.text
        if event.kind == "land" and "void" in data:
            seen["void"] += 1
    for path, owner in state.land.owners.items():  # an exile gains no path in exile
        if owner in exiles:
            assert before.land.owners.get(path) == owner, (path, owner)


class LandApart(Apart):
    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        _check_land(before, match, self.seen)


class MoneyLandApart(MoneyApart):
    def __call__(self, before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        super().__call__(before, match)
        _check_land(before, match, self.seen)


def _options(scenario: str, form: str, **more: Any) -> dict[str, Any]:
    return resolve_options(
        GAME.options,
        {"scenario": scenario, "punishments": "exile", "landlords": form, **more},
    )


def _exiled_at_the_start(economy: str) -> dict[str, Any]:
    """ben and dee begin in exile, having established ``economy`` among themselves."""
    roles = ["exile", economy]
    return {"players": {"ben": {"roles": roles}, "dee": {"roles": roles}}}


def _replays(match: Match[Any, Any, Any]) -> None:
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(BARTER),
    form=st.sampled_from(FORMS),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    begun=st.sampled_from(("", "exiles-barter", "exiles-share", "exiles-pool")),
)
def test_random_barter_games_with_landlords_under_exile_keep_apart_and_replay(
    seed: int, scenario: str, form: str, bots: list[str], begun: str
) -> None:
    setup = _exiled_at_the_start(begun) if begun else None
    match = bot_game(seed, tuple(bots), _options(scenario, form), LandApart(), setup=setup)
    _replays(match)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(MONEY),
    form=st.sampled_from((*FORMS, "government-ownership")),
    bots=st.lists(st.sampled_from(BOTS), min_size=4, max_size=4),
    begun=st.sampled_from(("", "exiles-barter")),
)
def test_random_money_games_with_landlords_under_exile_keep_apart_and_replay(
    seed: int, scenario: str, form: str, bots: list[str], begun: str
) -> None:
    setup = _exiled_at_the_start(begun) if begun else None
    match = bot_game(seed, tuple(bots), _options(scenario, form), MoneyLandApart(), setup=setup)
    _replays(match)


def test_random_games_exile_landlords_and_tenants_and_rent_goes_on() -> None:
    """The property tests would pass if nobody were exiled or nobody leased: random games must
    exile, and Leases and rents must still be taken and paid while exiles are away."""
    check = LandApart()
    for seed in range(12):
        bot_game(seed, ("random",) * 4, _options("hobbesian", "modern"), check)
        setup = _exiled_at_the_start("exiles-barter")
        options = _options("tribal-capitalism", "homestead")
        bot_game(seed, ("random",) * 4, options, check, setup=setup)
    assert check.seen["exiled"] > 0
    assert check.seen["exile-era-lease"] > 0


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(("tribal-capitalism", "national-capitalism")),
    form=st.sampled_from(("modern", "modern-rent-control")),
)
def test_a_sealed_step_with_exiles_and_landlords_reaches_nobody(
    seed: int, scenario: str, form: str
) -> None:
    seal_watching_the_others(
        seed,
        _options(scenario, form),
        "random",
        orders=3_000,
        setup=_exiled_at_the_start("exiles-barter"),
    )


@pytest.mark.parametrize("form", [*FORMS, "government-ownership"])
def test_exile_with_landlords_is_no_longer_refused(form: str) -> None:
    scenario = "national-capitalism" if form == "government-ownership" else "hobbesian"
    assert Settings.from_options(_options(scenario, form)).landlords == form


def test_a_view_names_the_exiles_for_the_bots_and_the_sampler_drops_it() -> None:
    """The view's ledger adds who is in exile (``abroad``), so the bots read the Leases as the
    rules do; the state's own ledger never holds it."""
    match = Match.new(
        GAME,
        ["ana", "ben", "cy", "dee"],
        _options("hobbesian", "modern"),
        seed=3,
        setup=_exiled_at_the_start("exiles-barter"),
    )
    view = GAME.view(match.state, "ana")
    assert view.land[landlords.ABROAD] == ["ben", "dee"]
    assert landlords.allowed_in_view(view.land, "ben", ["ant", "spider"]) == ["ant", "spider"]
    assert landlords.ABROAD not in landlords.ledger_only(view.land)
    assert landlords.ABROAD not in match.state.land.to_json()


def test_an_exiles_paths_give_no_dice_and_bind_again_on_his_return() -> None:
    """Rulings 273 and 276: in exile ben's two paths give no violence die and bind nobody (the
    main encampment walks them free, he is asked no Leases); when the exiles return, his paths
    give their dice again and bind again (forbidden until he writes his Leases)."""
    from sealed.games.crusoe.modules import punishments
    from sealed.games.crusoe.orders import Order

    setup = {
        "land": {"owners": {"ant": "ben", "spider": "ben"}, "cycle": 1},
        "players": {s: {"roles": ["exile"]} for s in ("ben", "cy", "dee")},
    }
    match = Match.new(
        GAME, ["ana", "ben", "cy", "dee"], _options("hobbesian", "homestead"), seed=1, setup=setup
    )
    state = match.state
    assert landlords.extra_dice(state, "ben") == 0
    assert landlords.path_problem(state, "ana", "ant") is None
    assert landlords.open_paths(state, "ana") == list(landlords.PATHS)
    assert "Open to all, their owners in exile: ant, spider" in landlords.view_lines(
        landlords.land_view(state)
    )
    back = {s: Order("return") for s in ("ben", "cy", "dee")}
    assert punishments.settle_vote(state, back, None)
    assert landlords.extra_dice(state, "ben") == 2
    assert landlords.path_problem(state, "ana", "ant") is not None
    assert landlords.ABROAD not in landlords.land_view(state)


OTHER = [  # Exile's other economies and Slavery beside it, with each form in turn
    {"scenario": "class-warfare-capitalism"},
    {"scenario": "market-socialism"},
    {"scenario": "national-capitalism", "government": "representative"},
    {"scenario": "hobbesian", "punishments": "slavery+exile"},
    {"scenario": "tribal-capitalism", "punishments": "slavery+exile"},
    {"scenario": "traditional", "punishments": "slavery+exile"},
    {"scenario": "national-capitalism", "punishments": "slavery+exile"},
    {"scenario": "tribal-socialism", "paternalistic": True},
    {"scenario": "tribal-capitalism", "guild_oligarchy": True, "gender": "dolls-house"},
]


@pytest.mark.parametrize("config", OTHER, ids=lambda c: "-".join(map(str, c.values())))
@pytest.mark.parametrize("seed", [1, 2])
def test_exile_with_landlords_in_the_other_economies_and_modules_keeps_apart(
    config: dict[str, Any], seed: int
) -> None:
    """Rulings 272-276 wherever Exile and Landlords are both built: random games play to the
    end, replay exactly, and no Lease, rent or path crosses (goods conserved)."""
    money = config["scenario"] in landlords.MONETARY
    forms = (*FORMS, "government-ownership") if money else FORMS
    form = forms[(seed + OTHER.index(config)) % len(forms)]
    bots = ("random",) * 4 if seed == 1 else ("greedy", "random", "selfish", "cooperative")
    more = {k: v for k, v in config.items() if k != "scenario"}
    options = _options(config["scenario"], form, **more)
    setup = _exiled_at_the_start("exiles-barter") if seed == 2 else None
    _replays(bot_game(seed, bots, options, LandApart(), setup=setup))


def test_under_rent_control_with_every_owner_in_exile_no_rents_are_set() -> None:
    """Ruling 275: the government sets no rent for an exile's path; with every path an
    exile's it sets none that cycle (nobody is asked), and every path is open rent free."""
    from sealed.core.chance import SeededChance

    owners = dict.fromkeys(landlords.PATHS, "ben")
    setup = {"land": {"owners": owners}, "players": {"ben": {"roles": ["exile"]}}}
    options = _options("hobbesian", "modern-rent-control")
    match = Match.new(GAME, ["ana", "ben", "cy"], options, seed=4, setup=setup)
    state = match.state.copy()
    state.land.cycle, state.land.lawmaking, state.ask = 0, False, ""
    assert not landlords.before_paths(state, SeededChance(4), None)
    assert not state.land.lawmaking and state.land.rents == {}
    assert landlords.government_set(state) == []
    assert all(landlords.path_problem(state, s, p) is None for s in ["ana", "cy"] for p in owners)


def test_an_exile_enslaved_in_exile_keeps_his_paths_until_he_returns() -> None:
    """Ruling 305, found by random games: ben, in exile with three paths, was enslaved by the
    exile cy and his paths passed to cy in exile (ruling 248's confiscation), though the
    exiles' battles move no path (ruling 273). Now no path moves while both are in exile
    (LandApart: an exile gains no path in exile), and the game plays on and replays."""
    setup = {"players": {s: {"roles": ["exile", "exiles-barter"]} for s in ("ben", "cy", "dee")}}
    options = _options("welfare-capitalism", "modern-rent-control", punishments="slavery+exile")
    check = MoneyLandApart()
    match = bot_game(3774472248, ("random",) * 4, options, check, setup=setup)
    enslaved = [
        e.data["enslaved"]
        for step in match.steps
        for e in step.events
        if e.kind == "verdict" and e.data.get("enslaved")
    ]
    assert enslaved and match.state.land.owners["ant"] == "ben"  # his, once freed
    _replays(match)
