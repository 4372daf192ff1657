"""The designer's table: bot simulations of Crusoe's Planet, summarised per economy.

``python -m sealed.games.crusoe.stats -n 1000 --bots greedy`` prints, for each
of the seven introductory economies (the Utopian one played with Tribal
Communism, as the seed suggests for Marx's vision), the survival rate, deaths
by cycle and cause, the mean and spread of final VP, the share of games
rescued and by which cycle, and the share where everyone lost. Games are
played on the fast path with seeds ``"crusoe-stats/ECONOMY/i"``, so a table
is reproducible.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from sealed.core.chance import SeededChance
from sealed.core.game import resolve_options
from sealed.games.crusoe.game import CrusoeGame
from sealed.games.crusoe.state import CrusoeState

GAME = CrusoeGame()
ECONOMIES: dict[str, dict[str, object]] = {
    "tribal-capitalism": {"scenario": "tribal-capitalism"},
    "tribal-socialism": {"scenario": "tribal-socialism"},
    "tribal-communism": {"scenario": "tribal-communism"},
    "traditional": {"scenario": "traditional"},
    "crusoes-economy": {"scenario": "crusoes-economy"},
    "hobbesian": {"scenario": "hobbesian"},
    "utopian": {"scenario": "tribal-communism", "utopian": True},
}
"""The seven introductory economies, as options of the game."""


@dataclass
class Summary:
    """What the designer asks of one scenario's simulations."""

    scenario: str
    games: int = 0
    players: int = 0
    survivors: int = 0
    deaths: Counter[tuple[int, str]] = field(default_factory=Counter)  # (cycle, cause)
    final_vp: list[int] = field(default_factory=list)
    rescued_in: Counter[int] = field(default_factory=Counter)
    everyone_lost: int = 0
    winners: int = 0


def play(economy: str, bots: Sequence[str], seed: str) -> CrusoeState:
    """One bot game, to the end, on the fast path."""
    options = resolve_options(GAME.options, ECONOMIES[economy])
    seats = tuple(f"p{i + 1}" for i in range(len(bots)))
    chance = SeededChance(seed)
    state = GAME.initial_state(seats, options, chance)
    players = {s: GAME.bots[b]() for s, b in zip(seats, bots, strict=True)}
    rngs = {s: random.Random(f"{seed}/bot/{s}") for s in seats}
    while not state.over:
        orders = {
            seat: players[seat].choose(GAME.view(state, seat), prompt, rngs[seat])
            for seat, prompt in GAME.prompts(state).items()
        }
        state = GAME.advance(state, orders, chance)
    return state


def summarise(scenario: str, bots: Sequence[str], games: int) -> Summary:
    summary = Summary(scenario)
    for i in range(games):
        state = play(scenario, bots, f"crusoe-stats/{scenario}/{i}")
        result = GAME.result(state)
        summary.games += 1
        for player in state.players.values():
            summary.players += 1
            summary.final_vp.append(player.vp)
            if player.alive:
                summary.survivors += 1
            else:
                summary.deaths[(player.death_cycle or 0, player.death_cause or "?")] += 1
        if state.rescued:
            summary.rescued_in[state.cycle] += 1
        if result is not None and not result.winners:
            summary.everyone_lost += 1
        summary.winners += len(result.winners) if result else 0
    return summary


def report(summary: Summary) -> str:
    """One scenario's block of the table, as plain text."""
    n, p = summary.games, summary.players
    vp = summary.final_vp
    rescued = sum(summary.rescued_in.values())
    deaths = (
        ", ".join(f"c{c} {cause} {k}" for (c, cause), k in sorted(summary.deaths.items())) or "none"
    )
    cycles = ", ".join(f"c{c} {k}" for c, k in sorted(summary.rescued_in.items())) or "never"
    quartiles = statistics.quantiles(vp, n=4) if len(vp) > 1 else [vp[0]] * 3
    return "\n".join(
        [
            f"{summary.scenario}: {n} games, {p // max(n, 1)} players",
            f"  survived to the end: {summary.survivors / p:.1%}",
            f"  deaths by cycle and cause: {deaths}",
            f"  final VP: mean {statistics.fmean(vp):.1f}, quartiles "
            + " / ".join(f"{q:g}" for q in quartiles)
            + f", min {min(vp)}, max {max(vp)}",
            f"  rescued: {rescued / n:.1%} (by cycle: {cycles})",
            f"  everyone lost: {summary.everyone_lost / n:.1%}; winners per game "
            f"{summary.winners / n:.2f}",
        ]
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="games per scenario")
    parser.add_argument("--bots", default="greedy", help="one bot, or one per seat: a,b,c,d")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--scenario", action="append", choices=tuple(ECONOMIES))
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    bots = names * args.players if len(names) == 1 else names
    for scenario in args.scenario or ECONOMIES:
        print(report(summarise(scenario, bots, max(1, args.n))))


if __name__ == "__main__":
    main()
