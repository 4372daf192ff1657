"""The search bot against each game's best hand-written bot: win rates with 95% intervals.

Run: ``.venv/bin/python bench/search.py [--games N] [--budgets 16,64]
[--only war-slayer,fixem,rex-furum] [--jobs 2] [--seed S] [--against BOT]
[--players K]``.

For every game and budget it plays ``N`` games of one ``search-B`` bot
against the game's best hand-written bot (or ``--against`` another of the
game's bots) in every other seat (``--players``: how many seats, default
the game's usual number), as ``sealed
sim`` plays them (:func:`sealed.lab.sim.play_one`; game ``i`` has seed
``"S/i"``, the line-up rotated by ``i`` so the search bot sits in every seat
equally often). Every ``--every`` games it prints the search bot's share of
the wins so far (a shared win counts a fraction) with its 95% Wilson
interval, beside the share an equal bot would expect (1 / seats), and
whether the interval lies above it; a run stopped early on a busy machine
still reports the games it finished. The seconds per game are printed for
planning only: they are never asserted.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from sealed.core.game import resolve_options
from sealed.core.registry import get_game
from sealed.lab.sim import GameSummary, play_one
from sealed.lab.stats import wilson

BEST = {"war-slayer": "spymaster", "fixem": "counter", "rex-furum": "greedy"}
"""Each game's strongest hand-written bot (Rex Furum: greedy won 64% of a four-way sim)."""


def play(name: str, lineup: list[str], seed: str, index: int) -> GameSummary:
    """Game ``index``: seed ``"S/i"``, the line-up rotated by ``i`` (as ``sealed sim`` seats it)."""
    game = get_game(name)
    shift = index % len(lineup)
    seated = lineup[shift:] + lineup[:shift]
    return play_one(game, resolve_options(game.options, {}), seated, f"{seed}/{index}")


def measure(
    name: str,
    budget: int,
    games: int,
    jobs: int,
    seed: str,
    every: int,
    against: str | None = None,
    players: int | None = None,
) -> Iterator[dict[str, object]]:
    """The tally after every ``every`` games and at the end (a run may be stopped any time)."""
    game = get_game(name)
    best = against or BEST[name]
    seats = players or game.usual_players
    searcher = f"search-{budget}"
    lineup = [searcher] + [best] * (seats - 1)
    started = time.perf_counter()
    wins, done = 0.0, 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play, name, lineup, seed, i) for i in range(games)]
        for future in futures:
            summary = future.result()
            done += 1
            wins += sum(
                1 / len(summary.winners) for s in summary.winners if summary.bots[s] == searcher
            )
            if done % every == 0 or done == games:
                yield _row(name, best, seats, budget, done, wins, started)


def _row(
    name: str, best: str, seats: int, budget: int, done: int, wins: float, started: float
) -> dict[str, object]:
    low, high = wilson(wins, done)
    fair = 1 / seats
    return {
        "game": name,
        "against": f"{best} x{seats - 1}",
        "budget": budget,
        "games": done,
        "wins": wins,
        "share": wins / done,
        "low": low,
        "high": high,
        "fair": fair,
        "verdict": "beats" if low > fair else "worse" if high < fair else "not shown",
        "seconds_per_game": (time.perf_counter() - started) / done,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budgets", default="16,64")
    parser.add_argument("--only", default=",".join(BEST))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="bench-search")
    parser.add_argument("--every", type=int, default=20, help="print the tally every N games")
    parser.add_argument("--against", help="the bot in every other seat (default: the best)")
    parser.add_argument("--players", type=int, help="seats (default: the game's usual number)")
    args = parser.parse_args()
    names = args.only.split(",")
    for name in names:
        game = get_game(name)
        if args.against is not None and args.against not in game.bots:
            parser.error(f"{name} has no bot {args.against!r} (bots: {', '.join(game.bots)})")
        if args.players is not None and not game.min_players <= args.players <= game.max_players:
            parser.error(f"{name} is for {game.player_range} players, not {args.players}")
    print(
        f"{'game':<11} {'against':<13} {'budget':>6} {'games':>5} {'search wins':>11} "
        f"{'95% Wilson':>15} {'fair':>5}  verdict     s/game"
    )
    for name in names:
        for budget in (int(b) for b in args.budgets.split(",")):
            rows = measure(
                name,
                budget,
                args.games,
                args.jobs,
                args.seed,
                args.every,
                against=args.against,
                players=args.players,
            )
            for row in rows:
                print(
                    f"{row['game']:<11} {row['against']:<13} {budget:>6} {row['games']:>5} "
                    f"{row['wins']:>6g} {row['share']:>4.0%} "
                    f"  [{row['low']:.3f}, {row['high']:.3f}] {row['fair']:>5.2f}  "
                    f"{row['verdict']:<10} {row['seconds_per_game']:>6.2f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
