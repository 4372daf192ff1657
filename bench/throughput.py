"""Random-playout throughput per game, today's code against the code before Core 2, same run.

Run: ``.venv/bin/python bench/throughput.py [--seconds 3] [--rounds 3]
[--baseline REV]``.

For every registered game it plays games between random bots on the path
``sealed sim`` uses (``sealed.lab.sim.play_one``: each bot reads its view, or
is handed its legal orders where it offers ``choose_legal``) for
``--seconds`` and prints games/s and decisions/s; and, where the game
enumerates its orders, random legal orders applied with ``Game.advance`` (no
views, no bots: the way OpenSpiel's own speed is measured). With
``--baseline`` (default: ab390b7, the last commit before Core 2) it also
extracts that commit's ``src/`` with ``git archive`` into a temporary folder
and measures the same games there, one game at a time, alternating old and
new in separate processes ``--rounds`` times and printing the medians, so the
ratio compares like with like on this machine in this run. With
``open_spiel`` installed it adds OpenSpiel's C++ Goofspiel with 13 cards
driven from Python, and our Goofspiel driven the same way (see
``bench/goofspiel.py``).

Time is the measuring process's CPU time (``time.process_time``), not the
wall clock: the machine is shared, and under load the wall clock of one
process varied two- to threefold within a run while its CPU time did not.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BEFORE_CORE_2 = "ab390b7"

MEASURE = """
import json, sys, time
from sealed.core.game import resolve_options
from sealed.core.registry import get_game
from sealed.lab.sim import play_one
game = get_game(sys.argv[1])
options = resolve_options(game.options, {})
bots = ["random"] * (game.default_players or game.min_players)
seconds = float(sys.argv[2])
games = decisions = 0
start = time.process_time()
while (elapsed := time.process_time() - start) < seconds:
    decisions += play_one(game, options, bots, f"bench/{games}").decisions
    games += 1
print(json.dumps([games / elapsed, decisions / elapsed]))
"""


LEGAL = """
import json, random, sys, time
from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.core.registry import get_game
game = get_game(sys.argv[1])
options = resolve_options(game.options, {})
seats = [f"s{i}" for i in range(game.default_players or game.min_players)]
seconds, rng = float(sys.argv[2]), random.Random(0)
games = decisions = 0
start = time.process_time()
while (elapsed := time.process_time() - start) < seconds:
    chance = SeededChance(f"bench/{games}")
    state = game.initial_state(seats, options, chance)
    while game.result(state) is None:
        orders = {}
        for seat in game.prompted(state):
            legal = game.legal_orders(state, seat)
            if legal is None:
                print("null")
                sys.exit()
            orders[seat] = legal[rng.randrange(len(legal))]
        state = game.advance(state, orders, chance)
        decisions += len(orders)
    games += 1
print(json.dumps([games / elapsed, decisions / elapsed]))
"""


def run_script(src: Path, script: str, game: str, seconds: float) -> Any:
    """Run a measuring ``script`` on ``game`` with the package found in ``src``; its JSON."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", script, game, str(seconds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def measure_legal(src: Path, game: str, seconds: float) -> float | None:
    """decisions/s of random legal orders on the fast path (None: orders not enumerable)."""
    result = run_script(src, LEGAL, game, seconds)
    return None if result is None else float(result[1])


def measure(src: Path, game: str, seconds: float) -> tuple[float, float]:
    """games/s and decisions/s of random bots playing ``game``."""
    games, decisions = run_script(src, MEASURE, game, seconds)
    return float(games), float(decisions)


def extract(revision: str, into: Path) -> Path:
    """``src/`` of ``revision``, unpacked below ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "src"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def games_at(src: Path) -> list[str]:
    code = "from sealed.core.registry import all_games; print(' '.join(all_games()))"
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    return out.stdout.split()


def row(name: str, new: Path, old: Path | None, seconds: float, rounds: int) -> str:
    """One game's line: new code's games/s, bots and legal decisions/s, and the old code's
    bots decisions/s with the ratios; each the median of ``rounds`` turns (new, then old)."""
    bots: list[tuple[float, float]] = []
    legal: list[float | None] = []
    before: list[float] = []
    for _ in range(rounds):
        bots.append(measure(new, name, seconds))
        legal.append(measure_legal(new, name, seconds))
        if old is not None:
            before.append(measure(old, name, seconds)[1])
    games = statistics.median(b[0] for b in bots)
    decisions = statistics.median(b[1] for b in bots)
    fast = None if legal[0] is None else statistics.median(x or 0.0 for x in legal)
    shown = "-" if fast is None else f"{fast:,.0f}"
    line = f"{name:12} {games:8,.0f} {decisions:9,.0f} {shown:>9}"
    if before:
        was = statistics.median(before)
        fast_x = "-" if fast is None else f"{fast / was:.1f}x"
        line += f" {was:19,.0f} {decisions / was:6.1f}x {fast_x:>8}"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time per game and code")
    parser.add_argument("--rounds", type=int, default=1, help="measurements per game (median)")
    parser.add_argument("--baseline", default=BEFORE_CORE_2, help="git revision to compare with")
    parser.add_argument("--no-baseline", action="store_true", help="measure today's code only")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    args = parser.parse_args()
    new_src = ROOT / "src"
    with tempfile.TemporaryDirectory() as tmp:
        old_src = None if args.no_baseline else extract(args.baseline, Path(tmp))
        old_games = set(games_at(old_src)) if old_src else set()
        print("decisions/s: random bots as `sealed sim` plays them (views or legal orders), and")
        print("random legal orders on the fast path (as OpenSpiel's benchmarks drive games)")
        head = f"{'game':12} {'games/s':>8} {'bots':>9} {'legal':>9}"
        if old_src:
            head += f" {'bots before Core 2':>19} {'bots x':>7} {'legal x':>8}"
        print(head)
        for name in games_at(new_src):
            if args.games and name not in args.games.split(","):
                continue
            baseline = old_src if old_src and name in old_games else None
            print(row(name, new_src, baseline, args.seconds, args.rounds), flush=True)
    goofspiel = ROOT / "bench" / "goofspiel.py"
    if goofspiel.exists():
        print()
        rounds = ["--rounds", str(args.rounds)]
        subprocess.run([sys.executable, str(goofspiel), "--seconds", str(args.seconds), *rounds])


if __name__ == "__main__":
    main()
