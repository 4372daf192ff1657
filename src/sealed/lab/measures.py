"""What the lab measures in a run of games, each with its 95% interval.

A :class:`Measure` reads one number from each game (a share in 0..1, or an
amount such as the length) and is estimated over the run: shares with the
Wilson interval, means and medians with the bootstrap. Two runs on the same
seeds are compared measure by measure (:func:`difference`). Everything is
generic over games: it reads only :class:`~sealed.lab.sim.GameSummary`, which
``play_one`` fills from ``Game.result``, ``Game.scores`` after every step,
``Game.length`` and ``Game.action_labels``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from sealed.core.game import Seat, Tally
from sealed.lab.sim import GameSummary
from sealed.lab.stats import (
    Interval,
    Statistic,
    bootstrap,
    chi_square_uniform,
    excludes,
    mean_of,
    median_of,
    newcombe_difference,
    paired_bootstrap_difference,
    wilson,
)

Kind = Literal["share", "fraction", "mean", "median"]
PERCENT_KINDS = ("share", "fraction")  # shown as percentages
CONFIDENCE = 0.95
NAN = float("nan")  # a measure no game gave a value for

METHODS: dict[Kind, str] = {
    "share": "Wilson",
    "fraction": "bootstrap",
    "mean": "bootstrap",
    "median": "bootstrap",
}
TESTS: dict[Kind, str] = {
    "share": "Newcombe",  # the hybrid score interval of A - B excludes 0
    "fraction": "paired bootstrap",  # a share of each game (players alive): a mean over games
    "mean": "paired bootstrap",  # the bootstrap interval of A - B, games paired by seed, excludes 0
    "median": "paired bootstrap",
}
SIGNIFICANCE = (
    "A difference is significant when its 95% interval excludes 0: Newcombe's hybrid score "
    "interval for yes/no shares, a bootstrap over pairs of games with the same seed for means, "
    "medians and the shares of each game's players (survival)."
)


@dataclass(frozen=True)
class Measure:
    """A number read from each game; ``None`` leaves the game out (no half-time leader)."""

    name: str
    kind: Kind
    of_game: Callable[[GameSummary], float | None]
    doc: str


@dataclass(frozen=True)
class Estimate:
    """A measure over a run, with its interval and how it was made."""

    name: str
    kind: Kind
    value: float
    low: float
    high: float
    games: int  # how many games it counts (fewer than the run when some gave None)

    @property
    def method(self) -> str:
        return METHODS[self.kind]


@dataclass(frozen=True)
class Difference:
    """A measure in A minus the same measure in B, with the interval that tests it."""

    name: str
    kind: Kind
    value: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        return excludes((self.low, self.high), 0.0)

    @property
    def test(self) -> str:
        return TESTS[self.kind]


def shown(x: float, share: bool) -> str:
    """A number for a person: a share as a percentage, money-sized amounts with separators."""
    if x != x:  # NaN: no game gave a value
        return "n/a"
    if share:
        return f"{x:.1%}"
    return f"{x:,.0f}" if abs(x) >= 1000 else f"{x:.3g}"


def measures_for(seats: Sequence[Seat], bots: Sequence[str]) -> list[Measure]:
    """The lab's measures for a run with these seats and bots."""
    return [
        *(_seat_wins(seat) for seat in seats),
        *(_bot_wins(bot) for bot in dict.fromkeys(bots)),
        Measure("shared or no winner", "share", lambda g: float(len(g.winners) != 1), _OUTCOME),
        Measure("length mean", "mean", lambda g: float(g.steps), "game length, own unit"),
        Measure("length median", "median", lambda g: float(g.steps), "game length, own unit"),
        Measure("final margin mean", "mean", _final_margin, _MARGIN),
        Measure("lead changes mean", "mean", lambda g: float(g.lead_changes), _CHANGES),
        Measure("lead changed hands", "share", lambda g: float(g.lead_changes > 0), _CHANGED),
        Measure("half-time leader won", "share", _halftime, _HALFTIME),
        Measure("winner trailed at some point", "share", lambda g: float(g.winner_trailed), _CAME),
    ]


_OUTCOME = "games won by several seats together, or by nobody"
_MARGIN = "the top final score minus the second (scores as Game.scores gives them)"
_CHANGES = "how often the sole leader of the running score changed"
_CHANGED = "games in which the sole leader changed at least once"
_HALFTIME = "of games with a sole leader half-way through, those the leader won"
_CAME = "games whose winner was strictly behind at some step: a comeback"


def _seat_wins(seat: Seat) -> Measure:
    return Measure(
        f"wins {seat}",
        "share",
        lambda g: 1 / len(g.winners) if seat in g.winners else 0.0,
        f"games won by {seat} (a shared win counts a fraction)",
    )


def _bot_wins(bot: str) -> Measure:
    def share(game: GameSummary) -> float:
        seats = [seat for seat, name in game.bots.items() if name == bot]
        won = sum(1 / len(game.winners) for seat in seats if seat in game.winners)
        return won / len(seats) if seats else 0.0

    return Measure(f"wins {bot}", "share", share, f"games won per seat played by bot {bot}")


def _final_margin(game: GameSummary) -> float:
    return game.margins[-1] if game.margins else 0.0


def _halftime(game: GameSummary) -> float | None:
    return None if game.halftime_leader_won is None else float(game.halftime_leader_won)


def game_measures(games: Sequence[GameSummary]) -> list[Measure]:
    """The game's own measures (``Game.tally``) found in ``games``, as the lab's measures.

    Estimated as ``sealed sim`` does (Wilson for a yes/no share, a bootstrap over games
    for the rest) and so compared: Newcombe for a yes/no share, games paired by seed
    otherwise. A game that did not give a measure is left out of it. Names are those of
    the game (Crusoe's Planet: survived to the end, rescued, everyone lost, final VP).
    """
    tallies = [g.tally for g in games if g.tally is not None]
    shares = list(dict.fromkeys(name for t in tallies for name in t.shares))
    yes_no = {
        name
        for name in shares
        if all(isinstance(t.shares[name], bool) for t in tallies if name in t.shares)
    }
    measures = [_tally_share(name, name in yes_no) for name in shares]
    amounts = dict.fromkeys(n for t in tallies for n in t.amounts)
    values = dict.fromkeys(n for t in tallies for n in t.values)
    counts = dict.fromkeys(n for t in tallies for n in t.counts)
    measures += [_tally_mean(name, f"{name} mean", _amount) for name in amounts]
    measures += [_tally_mean(name, f"{name} mean", _values_mean) for name in values]
    measures += [_tally_mean(name, f"{name}, per game", _count) for name in counts]
    return measures


def _tally_share(name: str, yes_no: bool) -> Measure:
    def of_game(game: GameSummary) -> float | None:
        if game.tally is None or name not in game.tally.shares:
            return None
        return float(game.tally.shares[name])

    kind: Kind = "share" if yes_no else "fraction"  # a fraction: of each game's players
    return Measure(name, kind, of_game, f"the game's own share {name!r} (Game.tally)")


def _tally_mean(name: str, shown_as: str, read: Callable[[Tally, str], float | None]) -> Measure:
    def of_game(game: GameSummary) -> float | None:
        return None if game.tally is None else read(game.tally, name)

    return Measure(shown_as, "mean", of_game, f"the game's own {name!r} (Game.tally), per game")


def _amount(tally: Tally, name: str) -> float | None:
    return tally.amounts.get(name)


def _values_mean(tally: Tally, name: str) -> float | None:
    # a game's players are resampled together: one number per game keeps the bootstrap honest
    values = tally.values.get(name)
    return sum(values) / len(values) if values else None


def _count(tally: Tally, name: str) -> float | None:
    return float(len(tally.counts.get(name, ())))


def values_of(measure: Measure, games: Sequence[GameSummary]) -> list[float]:
    return [v for g in games if (v := measure.of_game(g)) is not None]


def estimate(measure: Measure, games: Sequence[GameSummary], seed: str) -> Estimate:
    """The measure over ``games`` with its interval; the bootstrap draws from ``seed``."""
    values = values_of(measure, games)
    if not values:
        return Estimate(measure.name, measure.kind, NAN, NAN, NAN, 0)
    if measure.kind == "share":
        value = sum(values) / len(values)
        low, high = wilson(sum(values), len(values), CONFIDENCE)
    else:
        statistic = STATISTICS[measure.kind]
        value = statistic(np.asarray(values, dtype=np.float64))
        low, high = bootstrap(values, statistic, CONFIDENCE, seed=f"{seed}/{measure.name}")
    return Estimate(measure.name, measure.kind, value, low, high, len(values))


def difference(
    measure: Measure, games_a: Sequence[GameSummary], games_b: Sequence[GameSummary], seed: str
) -> Difference:
    """A minus B. Shares: Newcombe's interval; means and medians: games paired by seed."""
    if measure.kind == "share":
        a, b = values_of(measure, games_a), values_of(measure, games_b)
        share_a = sum(a) / len(a) if a else 0.5
        share_b = sum(b) / len(b) if b else 0.5
        interval = newcombe_difference(sum(a), len(a), sum(b), len(b), CONFIDENCE)
        return Difference(measure.name, measure.kind, share_a - share_b, *interval)
    pairs = [
        (va, vb)
        for ga, gb in zip(games_a, games_b, strict=True)
        if (va := measure.of_game(ga)) is not None and (vb := measure.of_game(gb)) is not None
    ]
    statistic = STATISTICS[measure.kind]
    a_values, b_values = [p[0] for p in pairs], [p[1] for p in pairs]
    if not pairs:
        return Difference(measure.name, measure.kind, NAN, NAN, NAN)
    value = statistic(np.asarray(a_values)) - statistic(np.asarray(b_values))
    paired: Interval = paired_bootstrap_difference(
        a_values, b_values, statistic, CONFIDENCE, seed=f"{seed}/difference/{measure.name}"
    )
    return Difference(measure.name, measure.kind, value, *paired)


STATISTICS: dict[Kind, Statistic] = {"fraction": mean_of, "mean": mean_of, "median": median_of}


@dataclass(frozen=True)
class SeatBalance:
    """Are the seats fair? Pearson's chi-square over seat wins, and the first seat on its own."""

    chi_square: float
    freedom: int
    p_value: float
    first_seat: Estimate
    fair_share: float  # 1 / seats: what every seat wins if none has an advantage

    @property
    def unbalanced(self) -> bool:
        return self.p_value < 1 - CONFIDENCE

    @property
    def first_seat_advantage(self) -> bool:
        """Significant when the Wilson interval excludes the fair share (the score test)."""
        return excludes((self.first_seat.low, self.first_seat.high), self.fair_share)


def seat_balance(games: Sequence[GameSummary], seats: Sequence[Seat], seed: str) -> SeatBalance:
    wins = [sum(_seat_wins(seat).of_game(g) or 0.0 for g in games) for seat in seats]
    chi, freedom, p = chi_square_uniform(wins)
    first = estimate(_seat_wins(seats[0]), games, seed)
    return SeatBalance(chi, freedom, p, first, 1 / len(seats))
