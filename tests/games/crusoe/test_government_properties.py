"""Property tests of the governments with a ruler (rulers.py), over random bot games.

Every Dictatorship and Representative Democracy (stable, unstable, fanatic) with every built
scenario that has a government plays to the end with every bot, and:

- its record replays exactly;
- whenever anyone lives, the ruler is a living player, and everyone's view names him;
- the ruler never pays Leisure to invoke government or to start a fight, and rolls the dice
  his strength gives him;
- a fanatic ruler is never on the losing side of a battle, and never wounded by one;
- a ruler on the losing side is replaced, by the winners' election, before the next cycle;
- a President is elected in every cycle that reaches the government phase, among those who
  campaigned, and only those who had Leisure or were President campaigned;
- the money on the table changes only by the rules' own ``print``, ``lost``, ``confiscate``
  and ``discard`` events (as in the market's property test);
- a sealed ballot (an election, among others) reaches no other seat before the step opens.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.crusoe.bot_games import BOTS, SEATS, bot_game, seal_watching_the_others

from sealed.core.events import Event
from sealed.core.game import resolve_options
from sealed.core.match import Match, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.state import CrusoeState

SCENARIOS = ("national-capitalism", "welfare-capitalism", "governmental-socialism")
STRENGTHS = ("stable", "unstable", "fanatic")
GOVERNMENTS = ("dictatorship", "representative")
MONEY_EVENTS = {"print": 1, "lost": -1, "confiscate": -1, "discard": -1}


def options(scenario: str, strength: str, government: str = "dictatorship") -> dict[str, Any]:
    return resolve_options(
        GAME.options,
        {
            "scenario": scenario,
            "government": government,
            "government_strength": strength,
            "government_dice": 2,
        },
    )


def money_change(events: list[Event]) -> int:
    return sum(
        MONEY_EVENTS[e.kind] * int(e.data["amount"]) for e in events if e.kind in MONEY_EVENTS
    )


def check_ruler(state: CrusoeState) -> None:
    living = state.living()
    if not living:
        return
    if state.phase == "estate" or state.phase == "consume":
        return  # a ruler who has just died is succeeded when his goods are disposed of
    assert state.ruler in living or state.electors, f"the ruler {state.ruler} is not living"
    for seat in SEATS:
        assert GAME.view(state, seat).ruler == state.ruler


def ruler_dice(state: CrusoeState) -> int:
    """Stable: one per other living player; unstable: the option's two, fewer than the others,
    at least one; fanatic: one (he wins whatever he rolls)."""
    others = len(state.living()) - 1
    strength = state.settings.government_strength
    if strength == "stable":
        return max(1, others)
    if strength == "unstable":
        return max(1, min(2, others - 1))
    return 1


def check_step(before: CrusoeState, after: CrusoeState, events: list[Event]) -> None:
    ruler = before.ruler
    strength = before.settings.government_strength
    lost = any(e.kind == "battle" and ruler in e.data["losers"] for e in events)
    for event in events:
        if event.kind == "invoke" and event.data["seat"] == ruler:
            assert not event.data["paid"], f"the ruler {ruler} paid to invoke government"
        if event.kind == "fight" and event.data["seat"] == ruler and ruler and not lost:
            assert after.players[ruler].leisure >= before.players[ruler].leisure, "he paid"
        if event.kind == "battle" and ruler in event.data["dice"]:
            rolled = event.data["dice"][ruler]
            count = len(rolled) if isinstance(rolled, list) else 1
            assert count == ruler_dice(before), f"the {strength} ruler rolled {count} dice"
        if event.kind == "battle" and strength == "fanatic" and ruler is not None:
            assert ruler not in event.data["losers"], "a fanatic ruler lost a battle"
            wounded_now = after.players[ruler].wounded and not before.players[ruler].wounded
            assert not (ruler in event.data["dice"] and wounded_now), "a fanatic was wounded"
        if event.kind == "campaign" and event.data["paid"]:
            seat = event.data["seat"]
            assert before.players[seat].leisure >= 1, f"{seat} campaigned without Leisure"
        if event.kind == "ruler" and event.data["how"] in ("elected", "unopposed"):
            assert event.data["ruler"] in (before.candidates or before.living())
    if after.cycle > before.cycle and after.living():
        assert not after.electors, "an election was left undone at the end of a cycle"
        assert not after.candidates, "a campaign was left open at the end of a cycle"


def play(
    seed: int, bots: tuple[str, ...], scenario: str, strength: str, government: str
) -> Match[Any, Any, Any]:
    def check(before: CrusoeState, match: Match[Any, Any, Any]) -> None:
        events = match.steps[-1].events
        assert match.state.money() - before.money() == money_change(events)
        check_ruler(match.state)
        check_step(before, match.state, events)

    return bot_game(seed, bots, options(scenario, strength, government), check)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    bots=st.permutations(BOTS),
    scenario=st.sampled_from(SCENARIOS),
    strength=st.sampled_from(STRENGTHS),
    government=st.sampled_from(GOVERNMENTS),
)
def test_every_ruled_government_plays_to_the_end_and_replays_exactly(
    seed: int, bots: list[str], scenario: str, strength: str, government: str
) -> None:
    match = play(seed, tuple(bots), scenario, strength, government)
    if government == "representative" and any(e.kind == "invoke" for e in match.events):
        assert any(e.kind in ("campaign", "ruler") for e in match.events)
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    strength=st.sampled_from(STRENGTHS),
    government=st.sampled_from(GOVERNMENTS),
)
def test_a_sealed_order_reaches_no_other_seat_before_the_step_opens(
    seed: int, strength: str, government: str
) -> None:
    chosen = options("national-capitalism", strength, government)
    seal_watching_the_others(seed, chosen, "random", orders=100_000)
