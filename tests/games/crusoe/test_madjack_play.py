"""A Mad Jack configuration the program calls playable starts and plays to the end (issue 14:
"any Mad Jack roll plays to the end"), with bots, and its record replays."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.core.match import Match, bot_rng, replay
from sealed.games.crusoe import GAME
from sealed.games.crusoe.madjack import Configuration, EnteredDice, roll

SEATS = ("ana", "ben", "cy", "dee", "ed", "flo", "gus", "hal")


def play_options_to_the_end(
    options: dict[str, Any], seats: list[str], seed: int, bot: str, what: str
) -> None:
    """A game of ``bot`` in every seat to its end, and its record replays exactly."""
    match = Match.new(GAME, seats, resolve_options(GAME.options, options), seed=seed)
    bots = {seat: GAME.bots[bot]() for seat in seats}
    rngs = {seat: bot_rng(seed, seat) for seat in seats}
    for _ in range(20_000):
        if match.result() is not None:
            break
        for seat in match.waiting_for():
            view = GAME.view(match.state, seat)
            match.seal_order(seat, bots[seat].choose(view, match.prompts()[seat], rngs[seat]))
    assert match.result() is not None, f"{what}\ndid not end"
    again = replay(json.loads(json.dumps(match.to_json())))
    assert GAME.to_json(again.state) == GAME.to_json(match.state)


def play_to_the_end(config: Configuration, seed: int, bot: str = "greedy") -> None:
    seats = list(SEATS[: config.players])
    play_options_to_the_end(config.options(), seats, seed, bot, config.to_text())


def test_national_capitalism_with_an_athenian_democracy_plays_to_the_end() -> None:
    config = roll(4, EnteredDice("4 3 4 3 4"))
    assert config.not_built() == []
    play_to_the_end(config, seed=3)


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 8), st.integers(0, 1))
def test_a_playable_roll_plays_to_the_end(seed: int, players: int, complications: int) -> None:
    config = roll(players, SeededChance(f"play/{seed}"), complications)
    assume(not config.not_built())
    play_to_the_end(config, seed)
