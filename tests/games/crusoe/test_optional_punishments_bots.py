"""The bots weigh the optional rules (bot_values.py): a diamond's worth under Yuppies and the
Small Boat, a prejudiced player's refusal to give goods to the other race (Race), and the
verdict cripple when Crippling is in play. Each test sets a decision the old bots made the
other way (they valued a diamond at 1.5 whatever the rule, traded with anyone, and only
killed, spared or fined)."""

from __future__ import annotations

import random
from typing import Any

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.crusoe import GAME
from sealed.games.crusoe.bot_values import STANDARD, diamond_worth
from sealed.games.crusoe.bots import GreedyBot, RandomBot
from sealed.games.crusoe.orders import Order
from sealed.games.crusoe.state import Battle, Board, CrusoeState, Offer, parse_space
from sealed.games.crusoe.views import CrusoeView

SEATS = ("ana", "ben", "cy", "dee")


def _state(options: dict[str, Any], diamonds: dict[str, int]) -> CrusoeState:
    state = GAME.initial_state(list(SEATS), resolve_options(GAME.options, options), SeededChance(1))
    for seat, count in diamonds.items():
        state.players[seat].goods["diamond"] = count
    return state


def _choose(state: CrusoeState, seat: str = "ana") -> Order:
    bot, view = GreedyBot(), GAME.view(state, seat)
    return bot.choose(view, GAME.prompts(state)[seat], random.Random(0))


def _view(state: CrusoeState, seat: str = "ana") -> CrusoeView:
    return GAME.view(state, seat)


def _at_a_space(state: CrusoeState, space: str, offer: list[str]) -> None:
    """``ana`` on the first space of the Ant's path, which holds ``space``, choosing an icon."""
    paths = dict(state.board.paths)
    paths["ant"] = (parse_space(space, ()), *paths["ant"][1:])
    state.board = Board(paths, state.board.supply)
    ana = state.players["ana"]
    ana.path, ana.position = "ant", 1
    state.phase, state.ask, state.waiting, state.offer = "move", "take", ("ana",), tuple(offer)


def test_yuppies_a_diamond_is_worth_what_it_adds_over_the_players_with_fewer() -> None:
    behind = _state({"diamonds": "yuppies"}, {"ben": 3, "cy": 3, "dee": 3})
    me = next(p for p in _view(behind).players if p.seat == "ana")
    assert diamond_worth(_view(behind), me) == 0.0  # one diamond: still nobody with fewer
    ahead = _state({"diamonds": "yuppies"}, {"ana": 3})
    me = next(p for p in _view(ahead).players if p.seat == "ana")
    assert diamond_worth(_view(ahead), me) == 1.5  # 4 x 3 - 3 x 3 = 3 VP


def test_yuppies_behind_the_others_the_bot_takes_water_over_a_diamond() -> None:
    for rule, taken in (("standard", "diamond"), ("yuppies", "water")):
        state = _state({"diamonds": rule}, {"ben": 3, "cy": 3, "dee": 3})
        state.players["ana"].goods["water"] = 2  # a third water is worth little to him
        _at_a_space(state, "diamond, water", ["water", "diamond"])
        assert _choose(state) == Order("take", name=taken), rule


def test_small_boat_without_a_sure_seat_a_diamond_is_worth_more() -> None:
    options = {"diamonds": "small-boat", "diamonds_seats": 2}
    state = _state(options, {"ben": 3, "cy": 3})
    me = next(p for p in _view(state).players if p.seat == "ana")
    assert diamond_worth(_view(state), me) == STANDARD + 3.0 / 4
    for rule, taken in (({"diamonds": "standard"}, "fruit"), (options, "diamond")):
        state = _state(rule, {"ben": 3, "cy": 3})
        state.players["ana"].goods["banana"] = 1  # a banana more is worth 2.0 to him
        _at_a_space(state, "diamond, banana", ["fruit", "diamond"])
        assert _choose(state) == Order("take", name=taken), rule


def test_small_boat_sure_of_a_seat_a_diamond_is_worth_the_standard() -> None:
    state = _state({"diamonds": "small-boat", "diamonds_seats": 2}, {"ana": 4, "ben": 3})
    me = next(p for p in _view(state).players if p.seat == "ana")
    assert diamond_worth(_view(state), me) == STANDARD


def _market(roles: dict[str, tuple[str, ...]]) -> CrusoeState:
    state = _state({"scenario": "tribal-capitalism"}, {})
    for seat, held in roles.items():
        state.players[seat].roles = held
    state.players["ana"].goods.update({"water": 0, "apple": 3})
    state.phase, state.ask, state.waiting = "trade", "trade", ("ana",)
    return state


def test_a_prejudiced_bot_gives_nothing_to_the_other_race() -> None:
    """ben (the minority) offers the thirsty ana water for an apple: the old bot accepted."""
    offer = Offer("ben", "ana", (("water", 1),), (("apple", 1),))
    fair = _market({"ana": (), "ben": ("minority",)})
    fair.offers = [offer]
    assert _choose(fair) == Order("accept", name="ben")
    prejudiced = _market({"ana": ("prejudiced",), "ben": ("minority",)})
    prejudiced.offers = [offer]
    assert _choose(prejudiced) != Order("accept", name="ben")
    same_race = _market({"ana": ("prejudiced",), "ben": ("minority",)})
    same_race.offers = [Offer("cy", "ana", (("water", 1),), (("apple", 1),))]
    assert _choose(same_race) == Order("accept", name="cy")


def _verdict(punishments: str, loser_goods: dict[str, int]) -> CrusoeState:
    state = _state({"scenario": "hobbesian", "punishments": punishments}, {})
    state.players["ben"].goods = dict.fromkeys(state.players["ben"].goods, 0) | loser_goods
    state.phase, state.ask, state.waiting = "battles", "verdict", ("ana",)
    state.battles, state.battle = [Battle(["ana"], ["ben"])], 0
    return state


def test_greedy_cripples_a_loser_who_holds_nothing_to_fine() -> None:
    assert _choose(_verdict("none", {})) == Order("fine", all_goods=True)
    assert _choose(_verdict("crippling", {"water": 1})) == Order("fine", all_goods=True)
    assert _choose(_verdict("crippling", {})) == Order("cripple", number=11)


def test_the_random_bot_cripples_only_when_crippling_is_in_play() -> None:
    for punishments in ("none", "crippling"):
        state = _verdict(punishments, {})
        view, prompt = GAME.view(state, "ana"), GAME.prompts(state)["ana"]
        rng = random.Random(3)
        words = {RandomBot().choose(view, prompt, rng).word for _ in range(60)}
        assert ("cripple" in words) == (punishments == "crippling")
