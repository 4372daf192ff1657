"""Crusoe's Planet for research adapters: masks, spellings and observations (encoding.py).

- Agents that follow the masks play whole games of every introductory economy
  through the adapters' table and never write an order the rules refuse;
  where the rules list the choices, the masks spell exactly those;
- spellings round-trip (a consumption, a fine, a division, a one-unit offer);
- an observation has its size and is built from the view only: what the seat
  cannot see (barter offers between others, the table's unshown bookkeeping)
  changes neither its observation nor its mask.
"""

from __future__ import annotations

import random

import pytest
from tests.adapters.play import spellings

from sealed.adapters.table import Table
from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.crusoe.encoding import CrusoeEncoding, encoding_for
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.orders import parse_order
from sealed.games.crusoe.state import CrusoeState, Offer
from sealed.games.crusoe.stats import ECONOMIES

GAME = CrusoeGame()
SEATS = ("p1", "p2", "p3", "p4")


def new_table(economy: str, seed: int) -> Table:
    options = resolve_options(GAME.options, ECONOMIES[economy])
    encoding = encoding_for(SEATS, options)
    assert encoding is not None
    return Table(GAME, encoding, SEATS, GAME.initial_state(SEATS, options, SeededChance(seed)))


def agent_action(table: Table, seat: str, rng: random.Random) -> int:
    """A random legal action; at the Market it often goes home (random offers never end)."""
    actions = table.legal_actions(seat)
    view = table.view(seat)
    if view.decide == "trade" and rng.random() < 0.5:
        return table.encoding.actions.index("home")
    return rng.choice(actions)


def play(economy: str, seed: int, check_masks: bool) -> tuple[Table, int]:
    table, rng = new_table(economy, seed), random.Random(seed)
    chance = SeededChance(f"{seed}/play")
    steps = 0
    while not table.over:
        if check_masks:
            for seat in table.deciding():
                legal = GAME.legal_orders(table.state, seat)
                if legal is not None and not table.drafts.get(seat):
                    spelled = sorted(GAME.format(o) for o in spellings(table, seat))
                    assert spelled == sorted(GAME.format(o) for o in legal)
        for seat in table.seats:
            assert len(table.observe(seat)) == table.observation_size
        actions = {seat: agent_action(table, seat, rng) for seat in table.deciding()}
        orders = table.act(actions)  # validates every completed order against the rules
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
            steps += 1
    return table, steps


@pytest.mark.parametrize("economy", list(ECONOMIES))
def test_mask_following_agents_play_whole_games_with_legal_orders(economy: str) -> None:
    table, steps = play(economy, seed=len(economy), check_masks=True)
    assert table.result() is not None and steps > 10


@pytest.mark.parametrize(
    "text",
    [
        "eat water 2 apple 1 egg 2",
        "eat nothing",
        "fine water 1 fish 2",
        "fine all",
        "offer p3 water 1 for apple 1",
        "offer p2 nothing for egg 1",
        "give p1",
        "fight p4",
    ],
)
def test_spellings_round_trip(text: str) -> None:
    view = GAME.view(new_table("tribal-capitalism", 1).state, "p1")
    encoding = CrusoeEncoding(SEATS)
    order = parse_order(text)
    assert encoding.order(view, encoding.tokens(view, order)) == order


def test_a_division_is_spelled_unit_by_unit_to_living_players() -> None:
    state = new_table("tribal-socialism", 2).state
    state.pile = {"water": 2, "egg": 1}
    state.ask, state.waiting = "divide", ("p1",)
    view = GAME.view(state, "p1")
    encoding = CrusoeEncoding(SEATS)
    to = [encoding.actions.index(f"divide to seat+{k}") for k in (1, 0, 3)]
    done = encoding.actions.index("divide done")
    assert encoding.next_tokens(view, None, tuple(to)) == [done]
    order = encoding.order(view, (*to, done))
    assert order == parse_order("divide p1 water 1 p2 water 1 p3 nothing p4 egg 1")
    GAME.validate(state, "p1", order)
    assert encoding.tokens(view, order) == (to[1], to[0], to[2], done)  # p1, p2, p4 in order


def test_an_offer_larger_than_one_unit_cannot_be_spelled() -> None:
    view = GAME.view(new_table("tribal-capitalism", 1).state, "p1")
    with pytest.raises(ValueError, match="one unit a side"):
        CrusoeEncoding(SEATS).tokens(view, parse_order("offer p2 water 2 for apple 1"))


def hidden_changed(state: CrusoeState, viewer: str) -> CrusoeState:
    other = state.copy()
    others = [s for s in state.seats if s != viewer]
    other.offers = [o for o in other.offers if viewer in (o.giver, o.taker)]
    other.offers.append(Offer(others[0], others[1], (("water", 1),), (("apple", 1),)))
    other.passes, other.votes = 2, {others[0]: "spare"}
    for seat in others:
        other.players[seat].sheet = []
    return other


@pytest.mark.parametrize("economy", ["tribal-capitalism", "traditional", "hobbesian"])
def test_what_a_seat_cannot_see_never_reaches_its_observation_or_mask(economy: str) -> None:
    table, rng = new_table(economy, 5), random.Random(5)
    chance = SeededChance("leak")
    compared = 0
    while not table.over and compared < 200:
        for me in table.seats:
            changed = hidden_changed(table.state, me)
            other = Table(GAME, table.encoding, table.seats, changed)
            other.drafts, other.sealed = dict(table.drafts), dict(table.sealed)
            assert other.observe(me) == table.observe(me)
            assert other.legal_actions(me) == table.legal_actions(me)
            compared += 1
        actions = {seat: agent_action(table, seat, rng) for seat in table.deciding()}
        orders = table.act(actions)
        if orders is not None:
            table.moved_to(GAME.advance(table.state, orders, chance))
    assert compared >= 40


def test_the_advanced_scenarios_have_no_encoding_yet() -> None:
    introductory = resolve_options(GAME.options, {"scenario": "traditional"})
    assert encoding_for(SEATS, introductory) is not None
    scenarios = next(spec.choices for spec in GAME.options if spec.name == "scenario")
    advanced = [s for s in scenarios if s not in {e["scenario"] for e in ECONOMIES.values()}]
    for scenario in advanced:
        assert encoding_for(SEATS, {"scenario": scenario}) is None


@pytest.mark.parametrize(
    "extra",
    [
        {"early_feudalism": "weak", "early_feudalism_dice": 2},
        {"libertarianism": True},
        {"gender": "matriarchal-golden-age"},
    ],
)
def test_tack_ons_whose_decisions_are_not_spelled_have_no_encoding(
    extra: dict[str, object],
) -> None:
    options = resolve_options(GAME.options, {"scenario": "hobbesian", **extra})
    assert encoding_for(SEATS, options) is None
    objectivist = resolve_options(GAME.options, {"scenario": "hobbesian", "objectivist": True})
    assert encoding_for(SEATS, objectivist) is not None
