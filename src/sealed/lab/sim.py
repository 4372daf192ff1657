"""Simulate many bot games and summarise them.

Game ``i`` of a run with seed ``S`` uses the seed ``"S/i"`` for chance and
its bots, and seats the bots rotated by ``i`` so that no bot keeps the
first seat; the summary is therefore the same whatever the number of jobs.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sealed.core.chance import SeededChance
from sealed.core.errors import SealedError
from sealed.core.game import Game, OptionValue, Seat
from sealed.core.registry import get_game
from sealed.core.suggest import did_you_mean

MAX_STEPS = 100_000


@dataclass(frozen=True)
class GameSummary:
    """One simulated game, reduced to what the statistics need."""

    seed: str
    bots: Mapping[Seat, str]
    winners: tuple[Seat, ...]
    scores: Mapping[Seat, float]
    steps: int  # the game's length in its own unit (Game.length_unit: rounds, missions)
    decisions: int
    actions: Mapping[str, Counter[str]]  # bot -> action label -> count
    lead_changes: int
    winner_trailed: bool  # a winner was strictly behind at some point
    halftime_leader_won: bool | None  # None: no sole leader half-way through
    leader_scores: tuple[float, ...] = ()  # the highest running score after each step
    margins: tuple[float, ...] = ()  # the highest running score minus the second, each step


def seat_names(count: int) -> tuple[Seat, ...]:
    return tuple(f"seat{i + 1}" for i in range(count))


def check_bots(game: Game[Any, Any, Any], names: Sequence[str]) -> None:
    """:raises SealedError: a bot name the game does not have (with a suggestion)."""
    for name in names:
        if name not in game.bots:
            raise SealedError(
                f"{game.name} has no bot {name!r}{did_you_mean(name, game.bots)} "
                f"(bots: {', '.join(game.bots)})"
            )


def play_one(
    game: Game[Any, Any, Any],
    options: Mapping[str, OptionValue],
    bots: Sequence[str],
    seed: str,
    check: bool = False,
) -> GameSummary:
    """Play one game between bots on the fast path of the rules (no record, no events).

    Bots generate legal orders; ``check=True`` validates each one anyway (the
    tests do, so a bot that writes an illegal order fails there, not here).
    """
    seats = seat_names(len(bots))
    chance = SeededChance(seed)
    state = game.initial_state(seats, options, chance)
    players = {seat: game.bots[name]() for seat, name in zip(seats, bots, strict=True)}
    rngs = {seat: random.Random(f"{seed}/bot/{seat}") for seat in seats}
    actions: dict[str, Counter[str]] = {name: Counter() for name in bots}
    bot_of = dict(zip(seats, bots, strict=True))
    lead = _Lead()
    steps = decisions = 0
    while (result := game.result(state)) is None:
        if steps >= MAX_STEPS:
            raise SealedError(f"game {seed} did not end within {MAX_STEPS} steps")
        orders = {}
        for seat, prompt in game.prompts(state).items():
            order = players[seat].choose(game.view(state, seat), prompt, rngs[seat])
            if check:
                game.validate(state, seat, order)
            orders[seat] = order
            actions[bot_of[seat]].update(game.action_labels(order))
        state = game.advance(state, orders, chance)
        steps += 1
        decisions += len(orders)
        lead.update(game.scores(state))
    return GameSummary(
        seed=seed,
        bots=bot_of,
        winners=result.winners,
        scores=dict(result.scores),
        steps=game.length(state, steps),
        decisions=decisions,
        actions=actions,
        lead_changes=lead.changes,
        winner_trailed=any(w in lead.ever_behind for w in result.winners),
        halftime_leader_won=lead.halftime_leader_won(result.winners),
        leader_scores=tuple(lead.best),
        margins=tuple(lead.margins),
    )


@dataclass
class _Lead:
    """Who leads after each step: the seat with the strictly highest running score."""

    leader: Seat | None = None
    changes: int = 0
    ever_behind: set[Seat] = field(default_factory=set)
    history: list[Seat | None] = field(default_factory=list)
    best: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)

    def halftime_leader_won(self, winners: tuple[Seat, ...]) -> bool | None:
        if not self.history:
            return None
        leader = self.history[(len(self.history) - 1) // 2]
        return None if leader is None else leader in winners

    def update(self, scores: Mapping[Seat, float]) -> None:
        best = max(scores.values())
        leaders = [seat for seat, score in scores.items() if score == best]
        self.ever_behind.update(seat for seat, score in scores.items() if score < best)
        self.history.append(leaders[0] if len(leaders) == 1 else None)
        self.best.append(float(best))
        self.margins.append(float(best - _second(scores.values())))
        if len(leaders) != 1:
            return
        if self.leader is not None and leaders[0] != self.leader:
            self.changes += 1
        self.leader = leaders[0]


def _second(values: Iterable[float]) -> float:
    """The second highest value (the highest again if two tie; itself if alone)."""
    ordered = sorted(values, reverse=True)
    return ordered[1] if len(ordered) > 1 else ordered[0]


def _rotated(bots: Sequence[str], index: int) -> list[str]:
    shift = index % len(bots)
    return list(bots[shift:]) + list(bots[:shift])


def _play_chunk(
    game_name: str,
    options: Mapping[str, OptionValue],
    bots: Sequence[str],
    seed: str,
    indices: Sequence[int],
) -> list[GameSummary]:
    game = get_game(game_name)
    return [play_one(game, options, _rotated(bots, i), f"{seed}/{i}") for i in indices]


def run_games(
    game: Game[Any, Any, Any],
    count: int,
    bots: Sequence[str],
    seed: str | int,
    options: Mapping[str, OptionValue],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameSummary]:
    """Play ``count`` games; ``progress`` is told how many games each finished chunk held."""
    check_bots(game, bots)
    chunks = [list(range(i, min(i + 50, count))) for i in range(0, count, 50)]
    results: list[GameSummary] = []
    for chunk_result in _chunk_results(game.name, options, bots, str(seed), chunks, jobs):
        results.extend(chunk_result)
        if progress:
            progress(len(chunk_result))
    results.sort(key=lambda s: int(s.seed.rsplit("/", 1)[1]))
    return results


def _chunk_results(
    game_name: str,
    options: Mapping[str, OptionValue],
    bots: Sequence[str],
    seed: str,
    chunks: list[list[int]],
    jobs: int,
) -> Iterator[list[GameSummary]]:
    if jobs <= 1:
        for chunk in chunks:
            yield _play_chunk(game_name, options, bots, seed, chunk)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_chunk, game_name, options, bots, seed, c) for c in chunks]
        for future in futures:
            yield future.result()


@dataclass(frozen=True)
class SimReport:
    """What a designer reads after a run."""

    games: int
    wins_by_seat: Mapping[Seat, float]
    wins_by_bot: Mapping[str, float]
    outcomes: Mapping[str, int]  # "win" (one winner), "shared" (several), "nobody" (all lost)
    length: Mapping[str, float]
    length_histogram: Mapping[int, int]
    actions: Mapping[str, Mapping[str, int]]
    lead_changes_mean: float
    games_with_lead_change: float
    comebacks: float
    halftime_leader_wins: float

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins_by_seat": dict(self.wins_by_seat),
            "wins_by_bot": dict(self.wins_by_bot),
            "outcomes": dict(self.outcomes),
            "length": dict(self.length),
            "length_histogram": {str(k): v for k, v in self.length_histogram.items()},
            "actions": {bot: dict(c) for bot, c in self.actions.items()},
            "lead_changes_mean": self.lead_changes_mean,
            "games_with_lead_change": self.games_with_lead_change,
            "comebacks": self.comebacks,
            "halftime_leader_wins": self.halftime_leader_wins,
        }


def summarise(games: Sequence[GameSummary]) -> SimReport:
    """Wins (a shared win counts a fraction to each winner), outcomes, lengths, actions, leads.

    Every seat and bot that played is listed, with 0 if it never won; a game
    that nobody won counts for nobody (and in ``outcomes["nobody"]``).
    """
    wins_seat: dict[Seat, float] = defaultdict(float)
    wins_bot: dict[str, float] = defaultdict(float)
    actions: dict[str, Counter[str]] = {}
    outcomes = Counter({"win": 0, "shared": 0, "nobody": 0})
    for g in games:
        outcomes[outcome_of(g.winners)] += 1
        for seat, bot in g.bots.items():
            wins_seat[seat] += 0.0
            wins_bot[bot] += 0.0
        for seat in g.winners:
            wins_seat[seat] += 1 / len(g.winners)
            wins_bot[g.bots[seat]] += 1 / len(g.winners)
        for bot, counter in g.actions.items():
            actions.setdefault(bot, Counter()).update(counter)
    lengths = [g.steps for g in games]
    return SimReport(
        games=len(games),
        wins_by_seat=dict(sorted(wins_seat.items())),
        wins_by_bot=dict(sorted(wins_bot.items())),
        outcomes=dict(outcomes),
        length=_distribution(lengths),
        length_histogram=_histogram(lengths),
        actions={bot: dict(c.most_common()) for bot, c in sorted(actions.items())},
        lead_changes_mean=statistics.fmean(g.lead_changes for g in games) if games else 0.0,
        games_with_lead_change=_share(games, lambda g: g.lead_changes > 0),
        comebacks=_share(games, lambda g: g.winner_trailed),
        halftime_leader_wins=_share(
            [g for g in games if g.halftime_leader_won is not None],
            lambda g: bool(g.halftime_leader_won),
        ),
    )


def outcome_of(winners: Sequence[Seat]) -> str:
    """``win``, ``shared`` or ``nobody``: the three ways a game ends (see Result.outcome)."""
    return "nobody" if not winners else "win" if len(winners) == 1 else "shared"


def _share(games: Sequence[GameSummary], test: Callable[[GameSummary], bool]) -> float:
    return sum(1 for g in games if test(g)) / len(games) if games else 0.0


def _distribution(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "min": ordered[0],
        "median": statistics.median(ordered),
        "mean": statistics.fmean(ordered),
        "p90": ordered[int(0.9 * (len(ordered) - 1))],
        "max": ordered[-1],
    }


def _histogram(values: Sequence[int], bins: int = 10) -> dict[int, int]:
    """Counts per bin, keyed by each bin's lowest value."""
    if not values:
        return {}
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // bins))
    counts = Counter(low + (v - low) // width * width for v in values)
    return dict(sorted(counts.items()))
