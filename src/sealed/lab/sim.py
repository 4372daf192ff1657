"""Simulate many bot games and summarise them.

Game ``i`` of a run with seed ``S`` uses the seed ``"S/i"`` for chance and
its bots, and seats the bots rotated by ``i`` so that no bot keeps the
first seat; the summary is therefore the same whatever the number of jobs.

Besides the generic summary (wins, outcomes, lengths, actions, leads), a game
may contribute its own measures of each finished game (:meth:`Game.tally`:
Crusoe's Planet's deaths, survival and rescues), which :func:`summarise_tally`
estimates over the run with 95% intervals.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import statistics
import sys
import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sealed.core.chance import SeededChance
from sealed.core.errors import SealedError
from sealed.core.game import Game, OptionValue, Seat, Tally, resolve_options
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
    tally: Tally | None = None  # the game's own measures of the finished game (Game.tally)


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
    tests do, so a bot that writes an illegal order fails there, not here). A
    bot that offers ``choose_legal`` (see :class:`~sealed.core.game.Bot`) is
    handed the legal orders instead of a view, where the game lists them.
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
    # The loop below runs for every step of every simulated game: what it calls is
    # looked up once (each seat's bot, generator and tally; the game's methods).
    pickers = {seat: getattr(players[seat], "choose_legal", None) for seat in seats}
    seat_bots = {
        seat: (players[seat].choose, pickers[seat], rngs[seat], actions[bot_of[seat]])
        for seat in seats
    }
    views_needed = None in pickers.values()  # else the prompts' texts are never read either
    result_of, prompts, view, labels = game.result, game.prompts, game.view, game.action_labels
    advance, scores, update = game.advance, game.scores, lead.update
    prompted, legal_orders = game.prompted, game.legal_orders
    scored: Mapping[Seat, float] | None = None  # the scores of the lead's last update
    held = 0  # steps since then whose scores were the same (tallied at the next change)
    while (result := result_of(state)) is None:
        if steps >= MAX_STEPS:
            raise SealedError(f"game {seed} did not end within {MAX_STEPS} steps")
        orders = {}
        asked = prompts(state) if views_needed else None
        for seat in prompted(state) if asked is None else asked:
            choose, pick, rng, counts = seat_bots[seat]
            if pick is not None and (legal := legal_orders(state, seat)) is not None:
                order = pick(legal, rng)
            else:  # a bot that reads its view, or orders the game does not list
                prompt = (prompts(state) if asked is None else asked)[seat]
                order = choose(view(state, seat), prompt, rng)
            if check:
                game.validate(state, seat, order)
            orders[seat] = order
            for label in labels(order):  # Counter.update costs more per call
                counts[label] += 1
        state = advance(state, orders, chance)
        steps += 1
        decisions += len(orders)
        if (now := scores(state)) == scored:  # many steps move no points: no call for them
            held += 1
            continue
        lead.repeat(held)
        update(now)
        scored, held = lead.last, 0
    lead.repeat(held)
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
        tally=game.tally(state),
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
    last: Mapping[Seat, float] | None = None  # the scores of the last update

    def halftime_leader_won(self, winners: tuple[Seat, ...]) -> bool | None:
        if not self.history:
            return None
        leader = self.history[(len(self.history) - 1) // 2]
        return None if leader is None else leader in winners

    def repeat(self, steps: int) -> None:
        """``steps`` more steps whose scores are the last update's: they repeat its entries
        (nothing else would change). ``play_one`` counts such steps and calls this once."""
        if steps:
            self.history += [self.history[-1]] * steps
            self.best += [self.best[-1]] * steps
            self.margins += [self.margins[-1]] * steps

    def update(self, scores: Mapping[Seat, float]) -> None:
        # Called after every step of every simulated game whose scores changed.
        if scores == self.last:  # never on the first step: last is None then
            self.repeat(1)
            return
        self.last = dict(scores)  # a copy: a game may hand out a mapping it changes later
        # One plain loop (a comprehension or sorted() costs more for a few seats): the
        # leader is the first seat with the best score, unless another has it too; the
        # runner-up's score is the best of the others (the leader's own when alone).
        best = max(scores.values())
        leader: Seat | None = None
        several = False
        second = best
        for seat, score in scores.items():
            if score < best:
                self.ever_behind.add(seat)
                if second == best or score > second:
                    second = score
            elif leader is None:
                leader = seat
            else:
                several = True
        self.best.append(float(best))
        if several:  # several lead: nobody leads alone, and the runner-up has the best too
            self.margins.append(0.0)
            self.history.append(None)
            return
        self.margins.append(float(best - second))
        self.history.append(leader)
        if self.leader is not None and leader != self.leader:
            self.changes += 1
        self.leader = leader


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
    played = _chunk_results(game.name, options, bots, str(seed), chunks, jobs)
    with contextlib.closing(played) as run:
        for chunk_result in run:  # closed at once if progress() is interrupted: stops the pool
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
) -> Generator[list[GameSummary], None, None]:
    if jobs <= 1:
        for chunk in chunks:
            yield _play_chunk(game_name, options, bots, seed, chunk)
        return
    tasks = [(game_name, options, bots, seed, chunk) for chunk in chunks]
    yield from in_processes(jobs, _play_chunk, tasks)


T = TypeVar("T")


def in_processes(
    jobs: int, work: Callable[..., T], tasks: Sequence[tuple[Any, ...]]
) -> Generator[T, None, None]:
    """``work(*task)`` for each task, in order, from a pool of ``jobs`` processes.

    Stopped early (Ctrl-C, or a caller that stops reading) it cancels the tasks not
    yet started and ends the workers at once: the pool's own ``with`` exit waits for
    every submitted task, so Ctrl-C went on playing the whole run.
    """
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_leave_interrupts_to_the_parent)
    with _interrupts_deferred() as pressed:
        try:
            futures = [pool.submit(work, *task) for task in tasks]
            for future in futures:
                yield _result(future, pressed)
        except BaseException:  # KeyboardInterrupt, GeneratorExit: stop now, not after the run
            stop_pool(pool)
            raise
    pool.shutdown()


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[threading.Event]:
    """While a pool is driven, Ctrl-C only sets the event (checked between waits): raised
    inside the pool's own locks (at submit) it left them held, and stopping hung. Only the
    main thread can set a signal handler; elsewhere the event is never set."""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield pressed
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.set())
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


def _result(future: Future[T], pressed: threading.Event) -> T:
    """The future's result, waiting in short steps so a deferred Ctrl-C is acted on."""
    while not pressed.is_set():
        try:
            return future.result(timeout=0.1)
        except TimeoutError:
            continue
    raise KeyboardInterrupt


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the command): the
    parent stops the pool and ends the workers, instead of each printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel queued work and end the running workers (their results are not wanted)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # no public way < 3.14
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(timeout=5)
    # A worker ended while writing a result leaves half a message in the results pipe: the
    # pool's manager thread then waits in recv for the rest, and Python's exit hook joins that
    # thread for ever (CI's pytest hung after its summary so). Once the workers are gone,
    # closing this process's own write end lets that read see the end of the pipe and the
    # thread finish as for a broken pool.
    if all(not process.is_alive() for process in workers):
        writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
        if writer is not None:
            writer.close()
    pool.shutdown(wait=False, cancel_futures=True)


STOPPED = "stopped; nothing was written"


@contextlib.contextmanager
def stopping_on_interrupt() -> Iterator[None]:
    """Ctrl-C during a command's run: one line on stderr and exit code 130 (128 + SIGINT).

    The process ends here, skipping Python's exit hooks: a process pool broken by
    Ctrl-C (its workers are interrupted too) can make Python 3.11's hook hang on the
    pool's thread or print a traceback from its closed pipe. Nothing is lost: a run
    writes its report only when it is done. For commands only, never in a library.
    """
    try:
        yield
    except KeyboardInterrupt:
        print(STOPPED, file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)


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


# -- a game's own measures (Game.tally) -------------------------------------------------


@dataclass(frozen=True)
class TallyEstimate:
    """A share or an amount of :class:`Tally` over a run: its mean and 95% interval."""

    name: str
    kind: str  # "share" (0..1 per game) or "amount"
    value: float
    low: float
    high: float
    method: str  # "Wilson" (every game gave 0 or 1) or "bootstrap" (over games)
    games: int  # the games that gave a value

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "method": self.method,
            "games": self.games,
        }


@dataclass(frozen=True)
class TallyValues:
    """Values pooled over a run (final VP of every player): mean with interval, spread."""

    name: str
    count: int
    mean: float
    low: float  # 95% bootstrap interval of the mean, resampling whole games
    high: float
    quartiles: tuple[float, float, float]
    minimum: float
    maximum: float

    def to_json(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "quartiles": list(self.quartiles),
            "min": self.minimum,
            "max": self.maximum,
        }


@dataclass(frozen=True)
class TallyReport:
    """Every measure a game contributed, summarised over the run's games."""

    games: int
    estimates: tuple[TallyEstimate, ...]
    values: tuple[TallyValues, ...]
    counts: Mapping[str, Mapping[str, int]]  # name -> label -> occurrences (natural order)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "estimates": {e.name: e.to_json() for e in self.estimates},
            "values": {v.name: v.to_json() for v in self.values},
            "counts": {name: dict(c) for name, c in self.counts.items()},
        }


def summarise_tally(games: Sequence[GameSummary], seed: str | int = 0) -> TallyReport | None:
    """The game's own measures over ``games`` (None: the game contributes none).

    Intervals are reproducible: each bootstrap draws from ``"{seed}/tally/{name}"``.
    """
    tallies = [g.tally for g in games if g.tally is not None]
    if not tallies:
        return None
    estimates = [
        _estimate(name, "share", _per_game(tallies, lambda t: t.shares, name), f"{seed}")
        for name in _names(t.shares for t in tallies)
    ]
    estimates += [
        _estimate(name, "amount", _per_game(tallies, lambda t: t.amounts, name), f"{seed}")
        for name in _names(t.amounts for t in tallies)
    ]  # a share every game gave as a bool (yes/no) gets Wilson's interval, others the bootstrap
    values = [_values(name, tallies, f"{seed}") for name in _names(t.values for t in tallies)]
    counts = {
        name: _label_counts(label for t in tallies for label in t.counts.get(name, ()))
        for name in _names(t.counts for t in tallies)
    }
    return TallyReport(len(tallies), tuple(estimates), tuple(values), counts)


def _names(mappings: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every key, in the order first met."""
    return list(dict.fromkeys(name for mapping in mappings for name in mapping))


def _per_game(
    tallies: Sequence[Tally], part: Callable[[Tally], Mapping[str, float]], name: str
) -> list[float]:
    """The value each game gave (bools kept as bools: they mark a yes/no share)."""
    return [part(t)[name] for t in tallies if name in part(t)]


def _estimate(name: str, kind: str, values: Sequence[float], seed: str) -> TallyEstimate:
    # numpy is loaded only when a game contributes measures (every `sealed` call would pay for it).
    from sealed.lab.stats import bootstrap, mean_of, wilson

    mean = statistics.fmean(values)
    if kind == "share" and all(isinstance(v, bool) for v in values):
        low, high = wilson(sum(values), len(values))
        method = "Wilson"
    else:
        low, high = bootstrap(values, mean_of, seed=f"{seed}/tally/{name}")
        method = "bootstrap"
    return TallyEstimate(name, kind, mean, low, high, method, len(values))


def _values(name: str, tallies: Sequence[Tally], seed: str) -> TallyValues:
    from sealed.lab.stats import bootstrap, mean_of

    per_game = [t.values[name] for t in tallies if t.values.get(name)]
    pooled = sorted(v for game in per_game for v in game)
    if not pooled:
        nan = float("nan")
        return TallyValues(name, 0, nan, nan, nan, (nan, nan, nan), nan, nan)
    # Players of one game are not independent: the interval resamples whole games (every game
    # of a run has the same number of players, so the mean of the games' means is the mean).
    means = [statistics.fmean(game) for game in per_game]
    low, high = bootstrap(means, mean_of, seed=f"{seed}/tally/{name}")
    q1, q2, q3 = statistics.quantiles(pooled, n=4) if len(pooled) > 1 else [pooled[0]] * 3
    return TallyValues(
        name, len(pooled), statistics.fmean(pooled), low, high, (q1, q2, q3), pooled[0], pooled[-1]
    )


def _label_counts(labels: Iterable[str]) -> dict[str, int]:
    counts = Counter(labels)
    return {label: counts[label] for label in sorted(counts, key=natural_key)}


def natural_key(label: str) -> tuple[tuple[int, int | str], ...]:
    """Sorts ``cycle 10`` after ``cycle 9``: runs of digits compare as numbers."""
    parts = re.findall(r"\d+|\D+", label)
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


# -- scenarios side by side (sealed sim --scenario) ------------------------------------


def scenario_options(
    game: Game[Any, Any, Any], names: str, given: Mapping[str, OptionValue]
) -> dict[str, dict[str, OptionValue]]:
    """The options of each scenario named in ``names`` (``all``, or ``a,b``), over ``given``.

    ``given`` holds the options the user set (``--option``); a scenario may
    not be combined with an option it sets itself.

    :raises SealedError: the game has no scenarios, a name is unknown (with a
        suggestion), or an option clashes with a scenario.
    """
    known = game.scenarios()
    if not known:
        raise SealedError(
            f"{game.name} has no scenario option; set its rules with --option name=value"
        )
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    groups = game.scenario_groups()
    if wanted == ["all"] and "all" not in groups:  # a game may say what its 'all' plays
        wanted = list(known)
    wanted = [name for group in wanted for name in groups.get(group, (group,))]
    if not wanted:
        raise SealedError(f"--scenario needs a name: all, or some of {', '.join(known)}")
    runs: dict[str, dict[str, OptionValue]] = {}
    for name in wanted:
        if name not in known:
            words = list(dict.fromkeys(["all", *groups, *known]))
            raise SealedError(
                f"{game.name} has no scenario {name!r}{did_you_mean(name, words)} "
                f"(scenarios: {', '.join(words)})"
            )
        clash = sorted(set(given) & set(known[name]))
        if clash:
            raise SealedError(
                f"scenario {name} sets {', '.join(clash)} itself: leave out --option {clash[0]}"
            )
        runs[name] = resolve_options(game.options, {**given, **known[name]})
    return runs


def percent(x: float) -> str:
    return f"{x:.1%}"


def tally_lines(report: TallyReport) -> list[str]:
    """A game's own measures as lines of text: each with its interval and how it was made."""
    lines = []
    for e in report.estimates:
        show = percent if e.kind == "share" else (lambda x: f"{x:.2f}")
        lines.append(
            f"{e.name}: {show(e.value)} (95% {show(e.low)} to {show(e.high)}, {e.method}; "
            f"{e.games} games)"
        )
    for v in report.values:
        q1, q2, q3 = v.quartiles
        lines.append(
            f"{v.name}: mean {v.mean:.1f} (95% {v.low:.1f} to {v.high:.1f}, bootstrap over "
            f"games), quartiles {q1:g} / {q2:g} / {q3:g}, min {v.minimum:g}, max {v.maximum:g} "
            f"({v.count} values)"
        )
    for name, counts in report.counts.items():
        total = sum(counts.values())
        listed = ", ".join(f"{label}: {n}" for label, n in counts.items()) or "none"
        lines.append(f"{name} ({total} in {report.games} games): {listed}")
    return lines


def scenario_table(reports: Mapping[str, TallyReport]) -> tuple[list[str], list[list[str]]]:
    """The designer's table: one row per scenario, one column per share, amount and mean."""
    estimates = list(dict.fromkeys(e.name for r in reports.values() for e in r.estimates))
    values = list(dict.fromkeys(v.name for r in reports.values() for v in r.values))
    headers = ["scenario", "games", *estimates, *(f"mean {name}" for name in values)]
    rows = []
    for scenario, report in reports.items():
        by_name = {e.name: e for e in report.estimates}
        by_value = {v.name: v for v in report.values}
        row = [scenario, str(report.games)]
        for name in estimates:
            e = by_name.get(name)
            row.append("" if e is None else _cell(e.value, e.low, e.high, e.kind == "share"))
        for name in values:
            v = by_value.get(name)
            row.append("" if v is None else _cell(v.mean, v.low, v.high, False))
        rows.append(row)
    return headers, rows


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Lines of a Markdown table (readable as text, pasted as is into a manual)."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def _cell(value: float, low: float, high: float, share: bool) -> str:
    if share:
        return f"{value:.1%} [{low:.1%}, {high:.1%}]"
    return f"{value:.1f} [{low:.1f}, {high:.1f}]"
