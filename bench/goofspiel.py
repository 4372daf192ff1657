"""Our Goofspiel against OpenSpiel's C++ Goofspiel, random legal play, in one run.

Run: ``.venv/bin/python bench/goofspiel.py [--seconds 3] [--cards 13] [--rounds 1]``.

Both sides are driven from Python the way a research user drives them: ours
with ``legal_orders`` + a random choice per seat + ``advance`` (the fast path:
the state changes in place, no events); OpenSpiel's with ``legal_actions`` +
a random choice + ``apply_actions``. Both count a decision per seat per
turn (both play the last, forced turn by themselves), and both draw chance
from one generator per run: ours through a :class:`Chance` over a
``random.Random`` (the per-game :class:`SeededChance` of ``sealed sim``
is measured too; seeding a generator from text per game is its own cost).
Each is measured in CPU time (the machine is shared), in turn, ``--rounds``
times; the medians are printed, and the ratio is the median of the rounds'
ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from sealed.core.chance import Chance, ChanceRequest, ChanceValue, SeededChance
from sealed.core.game import resolve_options
from sealed.games.goofspiel import GAME

Player = Callable[[], int]


class GeneratorChance(Chance):
    """Chance drawn from one ``random.Random`` (as OpenSpiel's driver draws its chance nodes)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def _draw(self, request: ChanceRequest) -> ChanceValue:
        items = list(request.items)
        self.rng.shuffle(items)
        return items


def ours(cards: int, seeded: bool) -> Player:
    game = GAME
    options = resolve_options(game.options, {"num_cards": cards})
    seats = ("p1", "p2")
    rng = random.Random(0)
    shared = GeneratorChance(random.Random(1))
    games = iter(range(sys.maxsize))
    choice = rng.choice

    def play() -> int:
        chance = SeededChance(f"bench/{next(games)}") if seeded else shared
        state = game.initial_state(seats, options, chance)
        chance.log.clear()
        decisions = 0
        while prompted := game.prompted(state):
            orders = {seat: choice(game.legal_orders(state, seat)) for seat in prompted}
            state = game.advance(state, orders, chance)
            decisions += len(orders)
        return decisions

    return play


def openspiel(cards: int) -> Player | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(f"goofspiel(num_cards={cards})")
    rng = random.Random(0)
    choice = rng.choice

    def play() -> int:
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
                continue
            state.apply_actions([choice(state.legal_actions(p)) for p in range(2)])
            decisions += 2
        return decisions

    return play


def measure(play: Player, seconds: float) -> tuple[float, float]:
    """Play games until ``seconds`` pass; return games/s and decisions/s."""
    games = decisions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        decisions += play()
        games += 1
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per player")
    parser.add_argument("--cards", type=int, default=13, help="num_cards for both")
    parser.add_argument("--rounds", type=int, default=1, help="measurements of each (median)")
    args = parser.parse_args()
    players: list[tuple[str, Player]] = [
        ("sealed goofspiel, advance", ours(args.cards, seeded=False)),
        ("sealed goofspiel, SeededChance/game", ours(args.cards, True)),
    ]
    theirs = openspiel(args.cards)
    if theirs is not None:
        players.append(("open_spiel goofspiel, C++", theirs))
    runs = [[measure(play, args.seconds) for _, play in players] for _ in range(args.rounds)]
    print(f"goofspiel(num_cards={args.cards}), 2 players, random legal play, one process")
    print(f"{'':38} {'games/s':>10} {'decisions/s':>12}")
    for i, (name, _) in enumerate(players):
        games = statistics.median(run[i][0] for run in runs)
        decisions = statistics.median(run[i][1] for run in runs)
        print(f"{name:38} {games:10,.0f} {decisions:12,.0f}")
    if theirs is not None:
        ratios = [run[0][1] / run[-1][1] for run in runs]
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        print(f"ours / OpenSpiel (decisions/s): {statistics.median(ratios):.2f} (rounds: {shown})")


if __name__ == "__main__":
    main()
