"""Random-playout throughput for every registered game, in one process.

Run: ``.venv/bin/python bench/throughput.py [--seconds 3]``. Prints games/s
and decisions/s for random bots playing on the rules directly (the path
``sealed sim`` uses). With ``open-spiel`` installed it adds OpenSpiel's C++
Goofspiel with 13 cards driven from Python, as a yardstick.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from sealed.core.game import resolve_options
from sealed.core.registry import all_games
from sealed.lab.sim import play_one


def measure(play: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Play games until ``seconds`` pass; return games/s and decisions/s."""
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        decisions += play(games)
        games += 1
    return games / elapsed, decisions / elapsed


def sealed_player(name: str) -> Callable[[int], int]:
    game = all_games()[name]
    options = resolve_options(game.options, {})
    bots = ["random"] * game.min_players
    return lambda i: play_one(game, options, bots, f"bench/{i}").decisions


def goofspiel_player() -> Callable[[int], int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("goofspiel(num_cards=13)")
    rng = random.Random(0)

    def play(_: int) -> int:
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(2)])
            decisions += 2
        return decisions

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    args = parser.parse_args()
    rows = [(name, *measure(sealed_player(name), args.seconds)) for name in all_games()]
    goofspiel = goofspiel_player()
    if goofspiel is not None:
        rows.append(("open_spiel goofspiel(13), C++", *measure(goofspiel, args.seconds)))
    print(f"{'game':32} {'games/s':>10} {'decisions/s':>12}")
    for name, games, decisions in rows:
        print(f"{name:32} {games:10,.0f} {decisions:12,.0f}")


if __name__ == "__main__":
    main()
