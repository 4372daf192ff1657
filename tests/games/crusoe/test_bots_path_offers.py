"""Landlords: the strategic bots weigh a path named in a barter offer (option
``bots_path_offers``, ruling 182's Bots): they accept a path whose Leases are worth more than
what is asked, refuse to give their own for too little, let every such offer stand without the
option (as before), random games with the option play to the end, and without Landlords the
option is refused."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError
from sealed.core.game import resolve_options
from sealed.core.match import Match, play_bots
from sealed.games.crusoe import GAME
from sealed.games.crusoe.bots import GreedyBot
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.views import CrusoeView

SEATS = ["ana", "ben", "cy", "dee"]
BOTS = ("greedy", "cooperative", "selfish", "random")
Offer = dict[str, object]


def options(on: bool = True, scenario: str = "tribal-capitalism") -> dict[str, Any]:
    chosen = {"scenario": scenario, "landlords": "homestead", "bots_path_offers": on}
    return resolve_options(GAME.options, chosen)


def market_view(on: bool, offer: Offer, owners: dict[str, str]) -> CrusoeView:
    """ana's view at a Market, three apples in hand: ben and cy walk the spider, whose Lease is
    2 productions."""
    match: Match[Any, Any, Any] = Match.new(GAME, SEATS, options(on), seed=1)
    view = GAME.view(match.state, "ana")
    walking = {"ben": "spider", "cy": "spider", "ana": "ant", "dee": "ant"}
    players = [
        dataclasses.replace(p, path=walking[p.seat], goods=p.goods | {"apple": 3})
        for p in view.players
    ]
    land = {"owners": owners, "rents": {path: {"all": 2} for path in owners}}
    return dataclasses.replace(
        view, decide="trade", players=players, land=land, offers=[offer], order=list(SEATS)
    )


def decision(view: CrusoeView) -> Order:
    me = next(p for p in view.players if p.seat == "ana")
    return GreedyBot().trade(view, me)


GIFT: Offer = {"giver": "dee", "taker": "ana", "give": {"spider": 1}, "want": {"apple": 1}}
SALE: Offer = {"giver": "dee", "taker": "ana", "give": {"apple": 1}, "want": {"spider": 1}}


def test_a_path_with_paying_tenants_for_an_apple_is_accepted_only_with_the_option() -> None:
    assert decision(market_view(True, GIFT, {"spider": "dee"})) == Order("accept", name="dee")
    assert decision(market_view(False, GIFT, {"spider": "dee"})) != Order("accept", name="dee")


def test_its_own_path_with_paying_tenants_is_not_given_for_an_apple() -> None:
    view = market_view(True, SALE, {"spider": "ana"})
    assert decision(view) != Order("accept", name="dee")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    # the Traditional Economy refuses a path in a barter offer (ruling 185): its bots deed one
    scenario=st.sampled_from(
        ["tribal-capitalism", "national-capitalism", "hobbesian", "traditional"]
    ),
    bots=st.tuples(*[st.sampled_from(BOTS)] * 4),
)
def test_random_games_with_the_option_play_to_the_end(
    seed: int, scenario: str, bots: tuple[str, ...]
) -> None:
    match: Match[Any, Any, Any] = Match.new(GAME, SEATS, options(True, scenario), seed=seed)
    play_bots(match, {s: GAME.bots[b]() for s, b in zip(SEATS, bots, strict=True)})
    assert match.result() is not None


def test_the_option_is_refused_without_landlords() -> None:
    chosen = resolve_options(
        GAME.options, {"scenario": "tribal-capitalism", "bots_path_offers": True}
    )
    with pytest.raises(OptionError, match="bots_path_offers: only Landlords"):
        GAME.initial_state(SEATS, chosen, SeededChance("x"))
