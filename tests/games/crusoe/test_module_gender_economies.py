"""Gender's Doll's House in the other economies (rulings 157-162): random games of every kind
of bot in each economy it is built for play to the end and replay exactly; no wife is asked to
trade, draft, sell, consign, bid, buy or invest, and none holds money when the market is open
(what is given her her husband collects); in a step that only shares out, drafts or hands
goods over, every good on the table (the players' and the central pile's) is conserved, and a
wife's money handed over is conserved too. The rules are scenarios in
cases/module_gender.yaml."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, SEATS, bot_game, check_tokens

from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.modules.gender import husband_of
from sealed.games.crusoe.state import GOODS, CrusoeState

ECONOMIES = (
    "tribal-communism",
    "tribal-socialism",
    "governmental-socialism",
    "traditional",
    "national-capitalism",
    "welfare-capitalism",
    "class-warfare-capitalism",
    "state-capitalism",
    "centralized-communism",
    "market-socialism",
)
"""The economies Doll's House is newly built for (ruling 157 on; the money economies: 161,
162)."""
MARKET_ASKS = ("trade", "draft", "divide", "bid", "buy", "sell", "consign", "invest")
"""What a wife is never asked: she "does not participate in the market"."""
MARKET_ONLY = {
    "split",
    "marriage",
    "draft",
    "trade",
    "offer",
    "home",
    "experience",
    "vote",
    "proposal",
}
"""Event kinds that move goods only between seats and the central pile (or none)."""


def _totals(state: CrusoeState) -> dict[str, int]:
    held = {g: sum(p.goods[g] for p in state.players.values()) for g in GOODS}
    return {g: held[g] + state.pile.get(g, 0) for g in GOODS}


def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
    state: CrusoeState = match.state
    check_tokens(state)
    wives = {s for s in SEATS if state.players[s].alive and husband_of(state, s) is not None}
    if state.ask in MARKET_ASKS:
        assert not set(state.waiting) & wives, (state.ask, state.waiting)
    if state.phase in ("wholesale", "buy"):  # what the rules gave her is his before he buys
        assert all(state.players[s].money == 0 for s in wives), state.phase
    kinds = {e.kind for e in match.steps[-1].events}
    if kinds and kinds <= MARKET_ONLY:
        assert _totals(before) == _totals(state), kinds
        assert before.money() == state.money(), kinds


@settings(max_examples=16, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    economy=st.sampled_from(ECONOMIES),
    bots=st.permutations(BOTS),
    dictator=st.booleans(),
)
@example(seed=0, economy="national-capitalism", bots=list(BOTS), dictator=False)
@example(seed=1, economy="welfare-capitalism", bots=list(BOTS), dictator=False)
@example(seed=2, economy="class-warfare-capitalism", bots=list(BOTS), dictator=False)
@example(seed=3, economy="state-capitalism", bots=list(BOTS), dictator=False)
@example(seed=4, economy="centralized-communism", bots=list(BOTS), dictator=False)
@example(seed=5, economy="market-socialism", bots=list(BOTS), dictator=False)
def test_random_dolls_house_games_end_conserve_and_replay(
    seed: int, economy: str, bots: list[str], dictator: bool
) -> None:
    chosen: dict[str, Any] = {"gender": "dolls-house", "scenario": economy}
    if dictator and economy == "governmental-socialism":  # the Dictator divides alone
        chosen["government"] = "dictatorship"
    options = resolve_options(GAME.options, chosen)
    match = bot_game(seed, tuple(bots), options, check)
    wives = [
        s for s in SEATS if any(r.startswith("wife-of-") for r in match.state.players[s].roles)
    ]
    assert wives, "nobody married"
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
