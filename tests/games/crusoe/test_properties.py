"""Property tests over random bot games of Crusoe's Planet, in every built scenario.

- tokens are never created except by production (each ``produce`` event), never exceed the
  supply, never go negative, and steps that neither produce nor consume nor spoil
  conserve every good exactly (battles, fines, a dead player's goods move goods around);
- a game record replays exactly (``replay(match.to_json())``);
- the dead make no decisions;
- no view shows what the table would not: an order sealed by one seat changes no other
  seat's view or report until the step opens;
- notation round-trips.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, bot_game, check_tokens, seal_watching_the_others

from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.orders import format_order, parse_order
from sealed.games.crusoe.state import GOODS, SCENARIOS, CrusoeState

CHANGES_GOODS = {"produce", "consume", "preserve", "spear", "battle", "cycle"}
CHANGES_GOODS |= {"wholesale"}  # units nobody bid for go back to the bank (exact check: market)
CHANGES_GOODS |= {"destroy"}  # State Capitalism: destroyed rather than sold (exact check: market)


def totals(state: CrusoeState) -> Counter[str]:
    return Counter({good: state.in_play(good) for good in GOODS})


def check_step(before: Counter[str], after: Counter[str], events: list[Any]) -> None:
    """Goods appear only by production; a step without goods events conserves them exactly."""
    produced: Counter[str] = Counter()
    kinds = {e.kind for e in events}
    for event in events:
        if event.kind == "produce":
            produced.update({k: v for k, v in event.data["gained"].items() if k in GOODS})
    for good in GOODS:
        assert after[good] - before[good] <= produced[good], f"{good} appeared from nowhere"
    dead_goods_to_bank = any(e.kind == "consume" and e.data["dies"] for e in events)
    if not kinds & CHANGES_GOODS and not dead_goods_to_bank:
        assert after == before, f"goods changed in a step of {sorted(kinds)}"


def play(seed: int, scenario: str, bots: tuple[str, ...]) -> Match[Any, Any, Any]:
    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        check_tokens(match.state)
        check_step(totals(before), totals(match.state), match.steps[-1].events)

    options = resolve_options(GAME.options, {"scenario": scenario})
    return bot_game(seed, bots, options, check)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    scenario=st.sampled_from(SCENARIOS),
    bots=st.permutations(BOTS),
)
def test_bot_games_conserve_goods_and_replay_exactly(
    seed: int, scenario: str, bots: list[str]
) -> None:
    match = play(seed, scenario, tuple(bots))
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)
    result = match.result()
    assert result is not None
    for seat in result.winners:
        assert match.state.players[seat].alive and match.state.rescued


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 80))
def test_a_sealed_order_reaches_no_other_seat_before_the_step_opens(seed: int, cut: int) -> None:
    options = resolve_options(GAME.options, {"scenario": "hobbesian"})
    seal_watching_the_others(seed, options, "selfish", orders=cut)


WORDS = st.sampled_from(
    [
        "path",
        "ant",
        "move",
        "3",
        "take",
        "fruit",
        "eat",
        "water",
        "2",
        "apple",
        "nothing",
        "fight",
        "ben",
        "fine",
        "all",
        "kill",
        "give",
        "split",
        "learn",
        "7",
        "x",
        "-1",
        "²",
        "1@31",
        "2@17",
        "3@$9",
        "@",
        "1@",
        "none",
        "bid",
        "policy",
        "reward",
        "burden",
        "firefly",
        "10",
        "sell",
        "spear",
    ]
)


@given(st.one_of(st.text(max_size=60), st.lists(WORDS, max_size=8).map(" ".join)))
def test_notation_round_trips_or_refuses_in_one_line(text: str) -> None:
    from sealed.core.errors import OrderSyntaxError

    try:
        order = parse_order(text)
    except OrderSyntaxError as error:
        assert "\n" not in str(error) and len(str(error)) < 300
        return
    assert parse_order(format_order(order)) == order
