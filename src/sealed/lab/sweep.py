"""Sweeps: every cell of an option grid and every bot line-up, on local processes or Ray.

A cell is one combination of option values and one line-up; it plays
``count`` games from the run's seed exactly as ``sealed sim`` would (game
``i`` from seed ``"S/i"``, bots rotated by ``i``). What a cell plays depends
only on the game, its options, its bots, the seed and the count, never on
where it runs, so the table is identical on one process, many, or a Ray
cluster. Every cell uses the same seeds, which makes the cells comparable
game by game (common random numbers).
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sealed.core.errors import OptionError, SealedError
from sealed.core.game import Game, OptionValue, resolve_options
from sealed.core.registry import get_game
from sealed.lab.compare import Run, measure_run
from sealed.lab.sim import GameSummary, in_processes, run_games

COLUMNS = (
    "wins seat1",
    "length mean",
    "final margin mean",
    "lead changes mean",
    "half-time leader won",
    "winner trailed at some point",
)


@dataclass(frozen=True)
class Cell:
    """One combination of grid values and one bot line-up, and what its games measured."""

    given: Mapping[str, str]
    bots: tuple[str, ...]
    run: Run


@dataclass(frozen=True)
class Sweep:
    count: int
    seed: str
    cells: Sequence[Cell]
    columns: Sequence[str] = COLUMNS

    def table(self) -> list[tuple[Any, ...]]:
        """Each cell's options, bots and every estimate (value and interval): what must not vary."""
        return [
            (
                tuple(cell.given.items()),
                cell.bots,
                tuple(
                    (e.name, *(_plain(x) for x in (e.value, e.low, e.high)), e.games)
                    for e in cell.run.estimates
                ),
            )
            for cell in self.cells
        ]


def _plain(x: float) -> float | None:
    """NaN (no game gave a value) as None, which equals itself."""
    return None if x != x else x


def parse_grid(game: Game[Any, Any, Any], specs: Sequence[str]) -> dict[str, list[str]]:
    """``["rounds=6,8"]`` as ``{"rounds": ["6", "8"]}``, every value checked against the option.

    :raises OptionError: a spec without ``=`` or values, a repeated option, an
        unknown option (with a suggestion) or a value the option refuses.
    """
    grid: dict[str, list[str]] = {}
    for spec in specs:
        name, _, values_text = spec.partition("=")
        name = name.strip()
        values = [v.strip() for v in values_text.split(",") if v.strip()]
        if not name or not values:
            raise OptionError(f"grid {spec!r} must be written name=value1,value2")
        if name in grid:
            raise OptionError(f"grid option {name!r} is given twice")
        seen: dict[object, str] = {}
        for value in values:
            read = resolve_options(game.options, {name: value})[name]
            if read in seen:  # two identical cells: twice the time for nothing
                raise OptionError(
                    f"--grid {spec.strip()}: the value {value} is given twice"
                    + (f" ({seen[read]} and {value} are the same)" if seen[read] != value else "")
                )
            seen[read] = value
        grid[name] = values
    return grid


def parse_lineups(
    game: Game[Any, Any, Any],
    lineups: Sequence[str],
    read: Callable[[Game[Any, Any, Any], str], list[str]],
) -> list[tuple[str, ...]]:
    """Each ``--bots`` text as a line-up, read (and checked) by ``read``."""
    teams = [tuple(read(game, text)) for text in lineups]
    if len(set(teams)) != len(teams):
        raise SealedError("a bot line-up is given twice")
    return teams


def grid_cells(grid: Mapping[str, Sequence[str]]) -> list[dict[str, str]]:
    """Every combination of the grid's values, the first option varying slowest."""
    names = list(grid)
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*grid.values())]


def play_cell(
    game_name: str, options: Mapping[str, OptionValue], bots: Sequence[str], seed: str, count: int
) -> list[GameSummary]:
    """One cell's games (in whatever process or Ray worker runs it)."""
    return run_games(get_game(game_name), count, bots, seed, options)


def sweep(
    game: Game[Any, Any, Any],
    grid: Mapping[str, Sequence[str]],
    lineups: Sequence[Sequence[str]],
    count: int,
    seed: str,
    jobs: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Sweep:
    """Play every cell and measure it; ``progress`` is told of each finished cell."""
    plan = [
        (given, tuple(bots), resolve_options(game.options, given))
        for bots in lineups
        for given in grid_cells(grid)
    ]
    tasks = [(game.name, options, bots, seed, count) for _, bots, options in plan]
    runner = _on_ray(ray_address) if ray_address else _on_processes(jobs)
    cells = []
    with contextlib.closing(runner(tasks)) as results:  # closed at once if interrupted
        for (given, bots, options), games in zip(plan, results, strict=True):
            run = measure_run(",".join(bots), given, options, games, bots, seed)
            cells.append(Cell(given, bots, run))
            if progress:
                progress(1)
    return Sweep(count, seed, cells)


Task = tuple[str, Mapping[str, OptionValue], tuple[str, ...], str, int]
Runner = Callable[[Sequence[Task]], Generator[list[GameSummary], None, None]]


def _on_processes(jobs: int) -> Runner:
    def run(tasks: Sequence[Task]) -> Generator[list[GameSummary], None, None]:
        if jobs <= 1 or len(tasks) <= 1:
            for task in tasks:
                yield play_cell(*task)
            return
        yield from in_processes(jobs, play_cell, tasks)

    return run


def _on_ray(address: str) -> Runner:
    """Cells as Ray tasks; joins the cluster at ``address`` unless Ray is already running here."""

    def run(tasks: Sequence[Task]) -> Generator[list[GameSummary], None, None]:
        try:
            import ray
        except ImportError:
            raise SealedError("--ray needs Ray: pip install 'sealed-orders[ray]'") from None
        if not ray.is_initialized():
            try:
                ray.init(address=address, include_dashboard=False, log_to_driver=False)
            except ConnectionError as error:
                raise SealedError(f"cannot join the Ray cluster at {address!r}: {error}") from None
        remote = ray.remote(play_cell)
        refs = [remote.remote(*task) for task in tasks]
        for ref in refs:
            yield ray.get(ref)

    return run
