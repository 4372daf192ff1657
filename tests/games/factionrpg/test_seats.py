"""Leaving the game and negotiation: a dropped faction is handed to a bot that sees only
its own view (the record says from which step); messages reach only whom they are for."""

from __future__ import annotations

import json
import random
from typing import Any

from sealed.core.game import Prompt, resolve_options
from sealed.core.jsonable import jsonable
from sealed.core.match import Match, play_bots, replay
from sealed.games.factionrpg import GAME
from sealed.games.factionrpg.bots import StewardBot
from sealed.games.factionrpg.orders import Order
from sealed.games.factionrpg.views import FactionView

SEATS = ["Red", "Blue", "Green", "Gold"]


def new_match(turns: int = 3) -> Match[Any, Any, Any]:
    options = resolve_options(GAME.options, {"turns": turns})
    return Match.new(GAME, SEATS, options, seed=5)


class Spy:
    """A steward that records every view it is given."""

    def __init__(self) -> None:
        self.seen: list[FactionView] = []

    def choose(self, view: FactionView, prompt: Prompt, rng: random.Random) -> Order:
        self.seen.append(view)
        return StewardBot().choose(view, prompt, rng)


def test_a_dropped_faction_is_played_by_a_bot_from_the_step_it_is_handed_over() -> None:
    match = new_match()
    for seat in SEATS:
        match.seal(seat, "pass")
    handover = match.hand_over("Blue", "steward")
    assert handover.step == match.step
    assert match.bots() == {"Blue": "steward"}
    spy = Spy()
    bots = {seat: spy if seat == "Blue" else StewardBot() for seat in SEATS}
    play_bots(match, bots)
    assert match.result() is not None
    assert spy.seen and all(view.faction == "Blue" for view in spy.seen)
    for view in spy.seen:  # only what Blue may see: no hidden asset of another faction
        assert all(
            not a.hidden or a.owner == "Blue" or a.name in view.profiles for a in view.assets
        )
    record = json.loads(json.dumps(match.to_json()))
    assert record["handovers"] == [{"seat": "Blue", "bot": "steward", "step": 2}]
    assert replay(record).bots() == {"Blue": "steward"}


def test_the_bot_of_a_dropped_faction_decides_only_from_its_view() -> None:
    match = new_match()
    for seat in SEATS:
        match.seal(seat, "Red-Military damage Blue-Military" if seat == "Red" else "pass")
    view = GAME.view(match.state, "Blue")
    other = match.state.copy()
    for asset in other.assets.values():  # what Blue cannot see, changed
        if asset.hidden and asset.owner != "Blue":
            asset.value = 1
    assert jsonable(GAME.view(other, "Blue")) == jsonable(view)
    prompt = GAME.prompts(match.state)["Blue"]
    first = StewardBot().choose(view, prompt, random.Random(1))
    second = StewardBot().choose(GAME.view(other, "Blue"), prompt, random.Random(1))
    assert first == second


def test_negotiation_messages_reach_only_their_readers() -> None:
    match = new_match()
    match.send("Red", ["Blue"], "Share your profile on Gold-Agents and I will help you.")
    match.send("Green", None, "Green stands with whoever attacks Gold.")
    told = {seat: [m.text for m in match.report(seat).messages] for seat in SEATS}
    assert told["Blue"] == [
        "Share your profile on Gold-Agents and I will help you.",
        "Green stands with whoever attacks Gold.",
    ]
    assert told["Gold"] == ["Green stands with whoever attacks Gold."]
    assert next(m.text for m in match.report("gm").messages).startswith("Share your profile")


def test_a_shared_profile_is_an_order_with_effect() -> None:
    options = resolve_options(GAME.options, {"starting_assets": "setup", "space": 50})
    setup = {
        "assets": {
            "Red-Cell": {"owner": "Red", "value": 2, "hidden": True},
            "Blue-Bank": {"owner": "Blue", "value": 3},
        }
    }
    match = Match.new(GAME, SEATS, options, seed=1, setup=setup)
    match.seal("Red", "share Red-Cell with Blue")
    match.close()
    assert [a.name for a in GAME.view(match.state, "Blue").assets] == ["Blue-Bank", "Red-Cell"]
    assert [a.name for a in GAME.view(match.state, "Gold").assets] == ["Blue-Bank"]
