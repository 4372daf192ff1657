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

from sealed.core.chance import SeededChance
from sealed.core.errors import OptionError, SealedError
from sealed.core.game import Game, OptionValue
from sealed.lab.measures import (
    Difference,
    Estimate,
    Measure,
    SeatBalance,
    difference,
    estimate,
    game_measures,
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
    measures: Sequence[Measure] | None = None,
) -> Run:
    """Every measure of ``games`` with its interval, and the seat balance.

    ``measures`` default to the lab's and the game's own (``Game.tally``) found in ``games``.
    """
    seats = seat_names(len(bots))
    if measures is None:
        measures = [*measures_for(seats, bots), *game_measures(games)]
    estimates = [estimate(m, games, seed) for m in measures]
    return Run(label, given, options, games, estimates, seat_balance(games, seats, seed))


def check_playable(
    game: Game[Any, Any, Any], options: Mapping[str, OptionValue], bots: Sequence[str], label: str
) -> None:
    """Set up one game of ``options`` before any is played, so that a combination the rules
    refuse is one line naming the variant, not an error from inside a worker process.

    :raises OptionError: the game refuses the options (its message, after the variant).
    """
    try:
        game.initial_state(seat_names(len(bots)), options, SeededChance(f"check/{label}"))
    except SealedError as error:
        raise OptionError(f"variant {label}: {error}") from None


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
    """Play ``count`` games of each variant from the same seeds and compare them.

    Both runs are measured by the same list: the lab's measures, then the game's own
    (``Game.tally``) that either run gave, so a module's measures line up side by side.
    """
    played = [run_games(game, count, bots, seed, options, jobs, progress) for options in resolved]
    measures = [*measures_for(seat_names(len(bots)), bots), *game_measures(played[0] + played[1])]
    a, b = (
        measure_run(label, given, options, games, bots, seed, measures)
        for label, given, options, games in zip("AB", variants, resolved, played, strict=True)
    )
    differences = [difference(m, a.games, b.games, seed) for m in measures]
    return Comparison(a, b, differences)
