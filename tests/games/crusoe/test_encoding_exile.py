"""The research encoding under Exile and Crippling (encoding_exile.py).

Mask-following agents play whole games under Exile (also with Crippling, also with exiles
from the start under their own pile) through the adapters' table, and never write an order
the rules refuse; where the rules list the choices (the exiles' vote) the masks spell exactly
those; the verdicts exile and cripple ROW and the votes round-trip; a division is spelled to
the divider's side only; the introductory catalogue keeps its ids.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.adapters.play import spellings

from sealed.adapters.table import Table
from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.crusoe.encoding import CrusoeEncoding, encoding_for
from sealed.games.crusoe.encoding_exile import PunishedEncoding
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.orders import parse_order

GAME = CrusoeGame()
SEATS = ("p1", "p2", "p3", "p4")


def table_for(chosen: dict[str, object], seed: int) -> Table:
    options = resolve_options(GAME.options, chosen)
    encoding = encoding_for(SEATS, options)
    assert encoding is not None
    return Table(GAME, encoding, SEATS, GAME.initial_state(SEATS, options, SeededChance(seed)))


def agent_action(table: Table, seat: str, rng: random.Random) -> int:
    """A random legal action; at the Market it often goes home (random offers never end)."""
    if table.view(seat).decide == "trade" and rng.random() < 0.5:
        return table.encoding.actions.index("home")
    return rng.choice(table.legal_actions(seat))


def _play(
    chosen: dict[str, object], seed: int, exiles: tuple[str, ...] = (), own: str = ""
) -> Counter[str]:
    """A game of mask-following agents to its end (``exiles`` in exile from the start, under
    their economy ``own``); every mask where the rules list the choices is checked against
    that list. Returns the words of the orders written."""
    table = table_for(chosen, seed)
    for seat in exiles:
        table.state.players[seat].roles = ("exile", own)
    rng, chance, words = random.Random(seed), SeededChance(f"{seed}/play"), Counter[str]()
    while not table.over:
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
            words.update(order.word for order in orders.values())
            table.moved_to(GAME.advance(table.state, orders, chance))
    return words


@pytest.mark.parametrize(
    "chosen",
    [
        {"scenario": "hobbesian", "punishments": "exile"},
        {"scenario": "tribal-capitalism", "punishments": "exile+crippling"},
        {"scenario": "traditional", "punishments": "exile"},
        {"scenario": "hobbesian", "punishments": "crippling"},
    ],
    ids=lambda o: "-".join(map(str, o.values())),
)
def test_mask_following_agents_play_whole_games_with_legal_orders(
    chosen: dict[str, object],
) -> None:
    words: Counter[str] = Counter()
    for seed in range(3):
        words += _play(chosen, seed)
    assert words["eat"] > 0


@pytest.mark.parametrize("scenario", ["tribal-communism", "tribal-socialism", "traditional"])
@pytest.mark.parametrize("own", ["exiles-share", "exiles-pool"])
def test_agents_share_the_exiles_own_pile(scenario: str, own: str) -> None:
    """Two exiles from the start under their own Communism or Socialism (ruling 172): their
    draft or their division and vote are spelled within their side."""
    chosen: dict[str, object] = {"scenario": scenario, "punishments": "exile"}
    words: Counter[str] = Counter()
    for seed in range(3):
        words += _play(chosen, seed, exiles=("p2", "p4"), own=own)
    assert words["draft" if own == "exiles-share" else "divide"] > 0


def test_the_verdicts_and_the_exiles_vote_round_trip() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "hobbesian", "punishments": "exile+crippling"}
    )
    encoding = encoding_for(SEATS, options)
    assert isinstance(encoding, PunishedEncoding)
    view = GAME.view(GAME.initial_state(SEATS, options, SeededChance(1)), "p1")
    for text in ("exile", "cripple 9", "cripple 2", "establish tribal-socialism", "return"):
        order = parse_order(text)
        tokens = encoding.tokens(view, order)
        assert len(tokens) == 1 and encoding.order(view, tokens) == order


def test_the_introductory_catalogue_keeps_its_ids() -> None:
    options = resolve_options(GAME.options, {"scenario": "hobbesian", "punishments": "exile"})
    punished = encoding_for(SEATS, options)
    assert punished is not None
    plain = CrusoeEncoding(SEATS)
    assert punished.actions[: len(plain.actions)] == plain.actions
    assert "cripple 9" not in punished.actions  # Crippling is not in play


def test_a_division_is_spelled_to_the_dividers_side_only() -> None:
    options = resolve_options(
        GAME.options, {"scenario": "tribal-socialism", "punishments": "exile"}
    )
    table = table_for({"scenario": "tribal-socialism", "punishments": "exile"}, 2)
    state = table.state
    state.players["p2"].roles = ("exile",)
    state.pile = {"water": 2, "egg": 1}
    state.ask, state.waiting = "divide", ("p1",)
    encoding = encoding_for(SEATS, options)
    assert encoding is not None
    view = GAME.view(state, "p1")
    allowed = {encoding.actions[t] for t in encoding.next_tokens(view, None, ())}
    assert allowed == {"divide to seat+0", "divide to seat+2", "divide to seat+3"}
    to = [encoding.actions.index(f"divide to seat+{k}") for k in (0, 2, 3)]
    order = encoding.order(view, (*to, encoding.actions.index("divide done")))
    assert order == parse_order("divide p1 water 1 p3 water 1 p4 egg 1")
    GAME.validate(state, "p1", order)
    assert isinstance(Table(GAME, encoding, SEATS, state).observe("p1"), list)
