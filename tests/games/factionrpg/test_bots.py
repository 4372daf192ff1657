"""The bots: legal orders from their faction's view only; the steward defends what was
attacked, infiltrates a faction after an unseen attacker struck, and collaborates."""

from __future__ import annotations

import random
from typing import Any

from sealed.core.game import resolve_options
from sealed.core.match import Match
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.bots import StewardBot
from sealed.games.factionrpg.orders import TurnOrders

SEATS = ["Red", "Blue", "Green"]


def match_after(setup: dict[str, Any], orders: dict[str, str]) -> Match[Any, Any, Any]:
    options = resolve_options(GAME.options, {"starting_assets": "setup", "space": 100})
    match = Match.new(GAME, SEATS, options, seed=3, setup=setup)
    for seat, text in orders.items():
        match.seal(seat, text)
    match.close()
    if match.state.phase == "consequences":
        match.close()
    return match


def steward_orders(match: Match[Any, Any, Any], seat: str) -> TurnOrders:
    view = GAME.view(match.state, seat)
    order = StewardBot().choose(view, GAME.prompts(match.state)[seat], random.Random(0))
    GAME.validate(match.state, seat, order)
    assert isinstance(order, TurnOrders)
    return order


SETUP = {
    "assets": {
        "Red-Army": {"owner": "Red", "value": 3},
        "Red-Spies": {"owner": "Red", "value": 4, "hidden": True},
        "Blue-Fort": {"owner": "Blue", "value": 5},
        "Blue-Bank": {"owner": "Blue", "value": 4},
        "Green-Navy": {"owner": "Green", "value": 6},
        "Green-Cell": {"owner": "Green", "value": 2, "hidden": True},
    }
}


def test_the_steward_defends_what_was_attacked_and_hunts_an_unseen_attacker() -> None:
    match = match_after(SETUP, {"Green": "Green-Cell damage Blue-Fort"})
    order = steward_orders(match, "Blue")
    by_asset = {o.asset: o for o in order.actions}
    assert any(o.action == "enhance" and o.target == "Blue-Fort" for o in by_asset.values())
    # the attacker was unseen; Blue has no hidden asset to infiltrate with, so it strikes
    assert all(o.action != "infiltrate" for o in order.actions)


def test_the_steward_infiltrates_with_its_hidden_assets_after_an_unseen_attack() -> None:
    match = match_after(SETUP, {"Green": "Green-Cell damage Red-Army"})
    order = steward_orders(match, "Red")
    spies = next(o for o in order.actions if o.asset == "Red-Spies")
    # it cannot know who struck: it infiltrates the strongest rival it sees (Blue, 9 in view)
    assert spies.action == "infiltrate" and spies.target == "Blue"


def test_two_stewards_on_one_target_collaborate() -> None:
    setup = {
        "assets": {
            "Red-Army": {"owner": "Red", "value": 2},
            "Green-Navy": {"owner": "Green", "value": 2},
            "Blue-Bank": {"owner": "Blue", "value": 1},
            "Blue-Fort": {"owner": "Blue", "value": 9},
        }
    }
    options = resolve_options(GAME.options, {"starting_assets": "setup", "space": 100})
    match = Match.new(GAME, SEATS, options, seed=3, setup=setup)
    for seat in ("Red", "Green"):
        match.seal_order(seat, steward_orders(match, seat))
    match.close()
    action = next(e for e in match.events if e.kind == "action-damage")
    assert {p["owner"] for p in action.data["participants"]} == {"Red", "Green"}
