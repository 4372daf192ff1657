"""The search bot against each game's best hand-written bot: win rates with 95% intervals.

Run: ``.venv/bin/python bench/search.py [--games N] [--budgets 16,64]
[--only war-slayer,fixem,rex-furum] [--jobs 2] [--seed S]``.

For every game and budget it plays ``N`` games of one ``search-B`` bot
against the game's best hand-written bot in every other seat, on the path
``sealed sim`` uses (:func:`sealed.lab.sim.run_games`: game ``i`` has seed
``"S/i"``, the line-up rotated by ``i`` so the search bot sits in every seat
equally often). It prints the search bot's share of the wins (a shared win
counts a fraction) with its 95% Wilson interval, beside the share an equal
bot would expect (1 / seats), and whether the interval lies above it. The
seconds per game are printed for planning only: they are never asserted.
"""

from __future__ import annotations

import argparse
import time

from sealed.core.game import resolve_options
from sealed.core.registry import get_game
from sealed.lab.sim import run_games, summarise
from sealed.lab.stats import wilson

BEST = {"war-slayer": "spymaster", "fixem": "counter", "rex-furum": "greedy"}
"""Each game's strongest hand-written bot (Rex Furum: greedy won 64% of a four-way sim)."""


def measure(name: str, budget: int, games: int, jobs: int, seed: str) -> dict[str, object]:
    game = get_game(name)
    best = BEST[name]
    searcher = f"search-{budget}"
    lineup = [searcher] + [best] * (game.usual_players - 1)
    started = time.perf_counter()
    results = run_games(game, games, lineup, seed, resolve_options(game.options, {}), jobs=jobs)
    seconds = time.perf_counter() - started
    wins = summarise(results).wins_by_bot[searcher]
    low, high = wilson(wins, games)
    fair = 1 / game.usual_players
    return {
        "game": name,
        "against": f"{best} x{game.usual_players - 1}",
        "budget": budget,
        "games": games,
        "wins": wins,
        "share": wins / games,
        "low": low,
        "high": high,
        "fair": fair,
        "verdict": "beats" if low > fair else "worse" if high < fair else "not shown",
        "seconds_per_game": seconds / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budgets", default="16,64")
    parser.add_argument("--only", default=",".join(BEST))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="bench-search")
    args = parser.parse_args()
    print(
        f"{'game':<11} {'against':<13} {'budget':>6} {'games':>5} {'search wins':>11} "
        f"{'95% Wilson':>15} {'fair':>5}  verdict     s/game"
    )
    for name in args.only.split(","):
        for budget in (int(b) for b in args.budgets.split(",")):
            row = measure(name, budget, args.games, args.jobs, args.seed)
            print(
                f"{row['game']:<11} {row['against']:<13} {budget:>6} {args.games:>5} "
                f"{row['wins']:>6g} {row['share']:>4.0%} "
                f"  [{row['low']:.3f}, {row['high']:.3f}] {row['fair']:>5.2f}  "
                f"{row['verdict']:<10} {row['seconds_per_game']:>6.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
