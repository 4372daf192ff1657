"""A/B of two rule variants: the same seeds, the same bots, every measure side by side.

Game ``i`` of A and game ``i`` of B are played from the same seed with the
same bots in the same seats (see :mod:`sealed.lab.sim`), so a difference
between the runs comes from the rules, not from luck of the draw. Each
measure gets a 95% interval in each run and an interval for A minus B; the
difference is called significant when that interval excludes 0 (the test is
named next to it: Newcombe's hybrid score interval for shares, a paired
bootstrap for means and medians).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sealed.core.game import Game, OptionValue
from sealed.lab.measures import (
    Difference,
    Estimate,
    SeatBalance,
    difference,
    estimate,
    measures_for,
    seat_balance,
)
from sealed.lab.sim import GameSummary, run_games, seat_names


@dataclass(frozen=True)
class Run:
    """One variant's games and what they measure."""

    label: str  # "A", "B", or a sweep cell's name
    given: Mapping[str, str]  # the options as typed (what differs from the defaults)
    options: Mapping[str, OptionValue]  # every option, defaults included
    games: Sequence[GameSummary]
    estimates: Sequence[Estimate]
    balance: SeatBalance

    def estimate_of(self, name: str) -> Estimate:
        return next(e for e in self.estimates if e.name == name)


@dataclass(frozen=True)
class Comparison:
    """A against B."""

    a: Run
    b: Run
    differences: Sequence[Difference]


def measure_run(
    label: str,
    given: Mapping[str, str],
    options: Mapping[str, OptionValue],
    games: Sequence[GameSummary],
    bots: Sequence[str],
    seed: str,
) -> Run:
    """Every measure of ``games`` with its interval, and the seat balance."""
    seats = seat_names(len(bots))
    estimates = [estimate(m, games, seed) for m in measures_for(seats, bots)]
    return Run(label, given, options, games, estimates, seat_balance(games, seats, seed))


def compare(
    game: Game[Any, Any, Any],
    variants: tuple[Mapping[str, str], Mapping[str, str]],
    resolved: tuple[Mapping[str, OptionValue], Mapping[str, OptionValue]],
    count: int,
    bots: Sequence[str],
    seed: str,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """Play ``count`` games of each variant from the same seeds and compare them."""
    runs = []
    for label, given, options in zip("AB", variants, resolved, strict=True):
        games = run_games(game, count, bots, seed, options, jobs, progress)
        runs.append(measure_run(label, given, options, games, bots, seed))
    a, b = runs
    seats = seat_names(len(bots))
    differences = [difference(m, a.games, b.games, seed) for m in measures_for(seats, bots)]
    return Comparison(a, b, differences)
