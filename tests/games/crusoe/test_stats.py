"""Crusoe's Planet's own measures of a finished game (Game.tally), on states set up by hand."""

from __future__ import annotations

from sealed.core.chance import SeededChance
from sealed.core.game import Tally, resolve_options
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.state import CrusoeState

GAME = CrusoeGame()
SEATS = ("ana", "ben", "cy", "dee")


def finished(rescued: bool, vp: dict[str, int], dead: dict[str, tuple[int, str]]) -> CrusoeState:
    options = resolve_options(GAME.options, {"scenario": "hobbesian"})
    data = GAME.to_json(GAME.initial_state(SEATS, options, SeededChance("stats")))
    data.update(cycle=6, phase="over", ask=None, waiting=[], over=True, rescued=rescued)
    for seat, player in data["players"].items():
        player["vp"] = vp[seat]
        if seat in dead:
            player["alive"] = False
            player["death_cycle"], player["death_cause"] = dead[seat]
    return GAME.from_json(data, SEATS, options)


def tally_of(state: CrusoeState) -> Tally:
    tally = GAME.tally(state)
    assert tally is not None
    return tally


def test_a_rescue_with_two_dead_counts_survivors_winners_and_deaths() -> None:
    state = finished(
        True,
        {"ana": 12, "ben": -3, "cy": -20, "dee": 5},
        {"cy": (2, "starvation"), "dee": (4, "violence")},
    )
    tally = tally_of(state)
    assert tally.shares == {"survived to the end": 0.5, "rescued": True, "everyone lost": False}
    assert tally.amounts == {"winners per game": 1.0}  # ana: alive and positive; dee is dead
    assert tally.values == {"final VP": (12.0, -3.0, -20.0, 5.0)}
    assert tally.counts["deaths by cycle and cause"] == ("cycle 2, starvation", "cycle 4, violence")
    assert tally.counts["rescued in cycle"] == ("cycle 6",)


def test_no_rescue_means_everyone_lost_and_no_rescue_cycle() -> None:
    tally = tally_of(finished(False, dict.fromkeys(SEATS, 4), {}))
    assert tally.shares["everyone lost"] is True and tally.shares["rescued"] is False
    assert tally.shares["survived to the end"] == 1.0
    assert tally.counts == {"deaths by cycle and cause": (), "rescued in cycle": ()}


def test_a_game_in_progress_has_no_tally() -> None:
    options = resolve_options(GAME.options, {})
    assert GAME.tally(GAME.initial_state(SEATS, options, SeededChance("s"))) is None
