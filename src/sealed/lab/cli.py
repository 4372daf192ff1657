"""``sealed lab``: the designer's lab (compare variants, sweep option grids), with HTML reports.

Every command prints its table and writes a self-contained HTML report that
names the command, seeds and versions that reproduce it.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from sealed.core.errors import OptionError, SealedError
from sealed.core.game import Game, OptionValue, resolve_options
from sealed.core.registry import get_game
from sealed.core.suggest import did_you_mean
from sealed.lab.sim import check_bots, stopping_on_interrupt

if TYPE_CHECKING:  # the commands import numpy and matplotlib when run, not every `sealed` call
    from sealed.lab.compare import Comparison
    from sealed.lab.measures import Difference, Estimate
    from sealed.lab.sweep import Sweep

console = Console(highlight=False, soft_wrap=True)
if not console.is_terminal:  # a file or pipe: keep the wide tables on whole lines
    console = Console(highlight=False, soft_wrap=True, width=200)


class LabGroup(click.Group):
    """Suggests the nearest lab command for a misspelt one."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            raise click.UsageError(
                f"unknown lab command {args[0]!r}{did_you_mean(args[0], self.commands)}", ctx
            )
        return super().resolve_command(ctx, args)


@click.group(cls=LabGroup)
def lab() -> None:
    """The designer's lab: compare rule variants and sweep option grids, with HTML reports."""


# -- shared helpers ------------------------------------------------------------


def option_pairs(pairs: Sequence[str], flag: str = "--option") -> dict[str, str]:
    """``["rounds=8"]`` as ``{"rounds": "8"}``.

    :raises OptionError: a pair without ``=``, or a name given twice (the last
        silently won: a user giving two values meant a sweep).
    """
    given: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(f"option {pair!r} must be written name=value")
        name, value = (part.strip() for part in pair.split("=", 1))
        if name in given:
            raise OptionError(
                f"{flag} {name} is given twice ({given[name]} and {value}); for several "
                f"values use 'sealed lab sweep --grid {name}={given[name]},{value}'"
            )
        given[name] = value
    return given


def bot_lineup(game: Game[Any, Any, Any], text: str) -> list[str]:
    """Bots one per seat (``a,b``); one name fills the game's usual table.

    :raises SealedError: an unknown bot, or a number of bots the game cannot seat.
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    if len(names) == 1:
        names = names * game.usual_players
    if not game.min_players <= len(names) <= game.max_players:
        raise SealedError(f"{game.title} needs {game.player_range} bots, not {len(names)}")
    check_bots(game, names)
    return names


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Any]:
    """A progress bar on stderr, shown only when stderr is a terminal; yields ``advance(n)``."""
    progress = Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )
    with progress:
        task = progress.add_task(what, total=total)
        yield lambda done: progress.advance(task, done)


def _pairs_args(flag: str, given: Mapping[str, str]) -> list[str]:
    return [part for name, value in given.items() for part in (flag, f"{name}={value}")]


def _report_path(path: str | None, default: str) -> str:
    """Where the report goes, checked before any game is played.

    :raises SealedError: the folder does not exist.
    """
    chosen = path or default
    folder = Path(chosen).parent
    if not folder.is_dir():
        raise SealedError(f"cannot write the report {chosen!r}: no folder {str(folder)!r}")
    return chosen


def _write(path: str, html: str) -> None:
    try:
        Path(path).write_text(html, encoding="utf-8")
    except OSError as error:
        raise SealedError(f"cannot write the report {path!r}: {error.strerror}") from None
    console.print(f"report: {path}")


def _interval(low: float, high: float, share: bool) -> str:
    if low != low:  # NaN: no game gave a value
        return "n/a"
    return f"[{_value(low, share)}, {_value(high, share)}]"


def _value(value: float, share: bool) -> str:
    from sealed.lab.measures import shown  # numpy: loaded by the lab's commands only

    return shown(value, share)


def show_estimate(e: Estimate) -> str:
    share = e.kind in ("share", "fraction")  # measures.PERCENT_KINDS (numpy: not imported here)
    if e.value != e.value:
        return "n/a"
    return f"{_value(e.value, share)} {_interval(e.low, e.high, share)}"


def show_difference(d: Difference) -> str:
    share = d.kind in ("share", "fraction")  # measures.PERCENT_KINDS (numpy: not imported here)
    if d.value != d.value:
        return "n/a"
    sign = "+" if d.value > 0 else ""
    return f"{sign}{_value(d.value, share)} {_interval(d.low, d.high, share)}"


def _number(x: float) -> float | None:
    return None if x != x else x  # NaN (no game gave a value) is null in JSON


def estimate_json(e: Estimate) -> dict[str, Any]:
    values = {"value": _number(e.value), "low": _number(e.low), "high": _number(e.high)}
    return {"kind": e.kind, **values, "games": e.games, "method": e.method}


def comparison_json(result: Comparison) -> dict[str, Any]:
    """A comparison as JSON: each run's options, estimates and seat balance, and A - B."""
    runs = {
        run.label: {
            "options": dict(run.options),
            "estimates": {e.name: estimate_json(e) for e in run.estimates},
            "seat_balance": {
                "chi_square": run.balance.chi_square,
                "freedom": run.balance.freedom,
                "p_value": run.balance.p_value,
                "first_seat_advantage": run.balance.first_seat_advantage,
            },
        }
        for run in (result.a, result.b)
    }
    differences = {
        d.name: {
            "value": _number(d.value),
            "low": _number(d.low),
            "high": _number(d.high),
            "significant": d.significant,
            "test": d.test,
        }
        for d in result.differences
    }
    return {**runs, "a_minus_b": differences}


def sweep_json(result: Sweep) -> list[dict[str, Any]]:
    """A sweep as JSON: one object per cell, every estimate with its interval."""
    return [
        {
            "options": dict(cell.given),
            "bots": list(cell.bots),
            "estimates": {e.name: estimate_json(e) for e in cell.run.estimates},
        }
        for cell in result.cells
    ]


# -- compare -------------------------------------------------------------------


@lab.command(name="compare")
@click.argument("game_name", metavar="GAME")
@click.option("--a", "a_pairs", multiple=True, help="Variant A: name=value (repeat).")
@click.option("--b", "b_pairs", multiple=True, help="Variant B: name=value (repeat).")
@click.option("--option", "both_pairs", multiple=True, help="Both variants: name=value (repeat).")
@click.option(
    "--scenario", "scenario_name", default=None, help="Both variants start from this scenario."
)
@click.option("-n", "count", default=500, show_default=True, type=click.IntRange(min=1))
@click.option("--bots", default="random", show_default=True, help="Bots, one per seat: a,b.")
@click.option("--seed", default="0", show_default=True, help="Seed of both runs.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--report", "report_path", default=None, help="HTML file [lab-compare-GAME.html].")
@click.option("--json", "as_json", is_flag=True, help="Print the measures as JSON, not a table.")
def compare_command(
    game_name: str,
    a_pairs: tuple[str, ...],
    b_pairs: tuple[str, ...],
    both_pairs: tuple[str, ...],
    scenario_name: str | None,
    count: int,
    bots: str,
    seed: str,
    jobs: int,
    report_path: str | None,
    as_json: bool,
) -> None:
    """Play variants A and B of GAME from the same seeds with the same bots, and compare them.

    Both start from --scenario and --option; A adds --a, B adds --b, so a module
    on (--a utopian=true) and off (--b utopian=false) differ only in it. Every
    measure (the lab's and the game's own) gets a 95% interval in each variant
    and for A minus B (significant when that interval excludes 0).
    """
    from sealed.lab.compare import check_playable, compare
    from sealed.lab.report import RunInfo, compare_report

    game = get_game(game_name)
    sides = (option_pairs(a_pairs, "--a"), option_pairs(b_pairs, "--b"))
    bases = common_options(game, scenario_name, option_pairs(both_pairs), sides)
    names = bot_lineup(game, bots)
    plans = {}
    for scenario, common in bases.items():
        given = ({**common, **sides[0]}, {**common, **sides[1]})
        resolved = (
            resolve_options(game.options, given[0]),
            resolve_options(game.options, given[1]),
        )
        for label, options in zip("AB", resolved, strict=True):
            check_playable(game, options, names, f"{label} ({scenario})" if scenario else label)
        plans[scenario] = (given, resolved)
    several = len(plans) > 1
    path = _report_path(report_path, f"lab-compare-{game.name}.html")
    command = [
        *("sealed", "lab", "compare", game.name),
        *(("--scenario", scenario_name.strip()) if scenario_name else ()),
        *_pairs_args("--option", option_pairs(both_pairs)),
        *_pairs_args("--a", sides[0]),
        *_pairs_args("--b", sides[1]),
        *("-n", str(count), "--bots", ",".join(names), "--seed", seed),
    ]
    results = {}
    with stopping_on_interrupt(), progress_bar(2 * count * len(plans), "comparing") as advance:
        for scenario, (given, resolved) in plans.items():
            results[scenario] = compare(game, given, resolved, count, names, seed, jobs, advance)
    if as_json:
        data = {k: comparison_json(r) for k, r in results.items()}
        click.echo(json.dumps({"scenarios": data} if several else data.popitem()[1], indent=1))
    else:
        for scenario, result in results.items():
            if several:
                console.print(f"\n{scenario}", markup=False)
            _print_comparison(game, result, names, count)
        if several:
            _print_summary(results)
    info = RunInfo.make(game, shlex.join(command), seed, count, names)
    for scenario, result in results.items():
        _write(
            _scenario_path(path, scenario) if several else path, compare_report(game, result, info)
        )


def _scenario_path(path: str, scenario: str) -> str:
    """One report per scenario of a group: ``lab-compare-crusoe-national-capitalism.html``."""
    chosen = Path(path)
    slug = re.sub(r"[^A-Za-z0-9_-]+", "_", scenario)
    return str(chosen.with_name(f"{chosen.stem}-{slug}{chosen.suffix}"))


def _print_summary(results: Mapping[str, Comparison]) -> None:
    """The game's own measures (and everyone's 'shared or no winner'), A - B per scenario."""
    console.print("\nA - B per scenario (95% intervals in brackets; * significant):", markup=False)
    from sealed.lab.measures import game_measures

    games = [g for r in results.values() for run in (r.a, r.b) for g in run.games]
    shown = ["shared or no winner", *(m.name for m in game_measures(games))]
    lines = ["| scenario | " + " | ".join(shown) + " |", "|---|" + "---|" * len(shown)]
    for scenario, result in results.items():
        by_name = {d.name: d for d in result.differences}
        cells = [
            show_difference(by_name[n]) + (" *" if by_name[n].significant else "")
            if n in by_name
            else ""
            for n in shown
        ]
        lines.append(f"| {scenario} | " + " | ".join(cells) + " |")
    for line in lines:
        console.print(line, markup=False)


def common_options(
    game: Game[Any, Any, Any],
    scenario: str | None,
    both: Mapping[str, str],
    sides: tuple[Mapping[str, str], Mapping[str, str]],
) -> dict[str, dict[str, str]]:
    """What A and B share, per scenario: its options, then ``--option``; as text, as typed.

    No ``--scenario`` is one comparison (named ``""``); a name, a list ``a,b`` or a group
    the game names (``advanced``) is one comparison per scenario. ``--a``/``--b`` may
    change what a scenario sets (a government under an economy), never an ``--option``
    (both would then not share it).

    :raises SealedError: an unknown scenario (with a suggestion), a game without
        scenarios, an ``--option`` a scenario sets, or an option given to both
        ``--option`` and a side.
    """
    for flag, side in zip(("--a", "--b"), sides, strict=True):
        clash = sorted(set(both) & set(side))
        if clash:
            raise OptionError(
                f"{clash[0]} is given to --option and {flag}: --option sets what A and B "
                f"share, --a and --b what differs"
            )
    if scenario is None:
        return {"": dict(both)}
    from sealed.lab.sim import scenario_options

    chosen = scenario_options(game, scenario, both)  # refuses an unknown name, or a clash
    known = game.scenarios()
    return {name: {**{k: _typed(v) for k, v in known[name].items()}, **both} for name in chosen}


def _typed(value: OptionValue) -> str:
    """An option's value as a person types it (``true``, not Python's ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _print_comparison(
    game: Game[Any, Any, Any], result: Comparison, names: Sequence[str], count: int
) -> None:
    a, b = result.a, result.b
    console.print(
        f"{count} games of {game.title} per variant, same seeds; bots {', '.join(names)}\n"
        f"A: {_given(a.given)}\nB: {_given(b.given)}"
    )
    table = Table("measure [95% interval]", "A", "B", "A - B", "significant", "test")
    for ea, eb, d in zip(a.estimates, b.estimates, result.differences, strict=True):
        verdict = "yes" if d.significant else "no"
        row = (show_estimate(ea), show_estimate(eb), show_difference(d), verdict, d.test)
        table.add_row(ea.name, *row)
    console.print(table)
    from sealed.lab.measures import SIGNIFICANCE

    console.print(SIGNIFICANCE)
    for run in (a, b):
        balance = run.balance
        console.print(
            f"seat balance {run.label}: chi-square {balance.chi_square:.2f} on "
            f"{balance.freedom} df, p = {balance.p_value:.3f} "
            f"({'unbalanced' if balance.unbalanced else 'no evidence of imbalance'}); "
            f"first seat wins {show_estimate(balance.first_seat)} against a fair "
            f"{balance.fair_share:.1%} "
            f"({'an advantage' if balance.first_seat_advantage else 'not significant'}, "
            "score test)"
        )


def _given(given: Mapping[str, OptionValue]) -> str:
    return ", ".join(f"{k}={v}" for k, v in given.items()) or "the defaults"


# -- sweep ---------------------------------------------------------------------


@lab.command(name="sweep")
@click.argument("game_name", metavar="GAME")
@click.option("--grid", "grid_specs", multiple=True, help="An option and its values: k=v1,v2.")
@click.option(
    "--bots", "lineups", multiple=True, help="A bot line-up, a,b (repeat for several) [random]."
)
@click.option("-n", "count", default=200, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default="0", show_default=True, help="Seed of every cell.")
@click.option("--jobs", default=2, show_default=True, type=click.IntRange(min=1))
@click.option("--ray", "ray_address", default=None, help="Run on Ray: 'auto' or an address.")
@click.option("--report", "report_path", default=None, help="HTML file [lab-sweep-GAME.html].")
@click.option("--json", "as_json", is_flag=True, help="Print the cells as JSON, not a table.")
def sweep_command(
    game_name: str,
    grid_specs: tuple[str, ...],
    lineups: tuple[str, ...],
    count: int,
    seed: str,
    jobs: int,
    ray_address: str | None,
    report_path: str | None,
    as_json: bool,
) -> None:
    """Play COUNT games in every cell of an option grid and bot line-ups, and tabulate them.

    Cells run in local processes (--jobs) or on a Ray cluster (--ray); the
    table is the same whatever runs it.
    """
    from sealed.lab.report import RunInfo, sweep_report
    from sealed.lab.sweep import parse_grid, parse_lineups, sweep

    game = get_game(game_name)
    grid = parse_grid(game, grid_specs)
    teams = parse_lineups(game, lineups or ("random",), bot_lineup)
    path = _report_path(report_path, f"lab-sweep-{game.name}.html")
    command = [
        *("sealed", "lab", "sweep", game.name),
        *(part for spec in grid_specs for part in ("--grid", spec.strip())),
        *(part for team in teams for part in ("--bots", ",".join(team))),
        *("-n", str(count), "--seed", seed),
    ]
    cells = len(teams) * max(1, _product_size(grid))
    with stopping_on_interrupt(), progress_bar(cells, "sweeping") as advance:
        result = sweep(game, grid, teams, count, seed, jobs, ray_address, advance)
    if as_json:
        click.echo(json.dumps(sweep_json(result), indent=1))
    else:
        _print_sweep(game, result)
    info = RunInfo.make(game, shlex.join(command), seed, count, [",".join(t) for t in teams])
    _write(path, sweep_report(game, result, info))


def _product_size(grid: Mapping[str, Sequence[object]]) -> int:
    size = 1
    for values in grid.values():
        size *= len(values)
    return size


def _print_sweep(game: Game[Any, Any, Any], result: Sweep) -> None:
    console.print(f"{len(result.cells)} cells of {result.count} games of {game.title}")
    from sealed.lab.report import bot_wins

    headers = ["options", "bots", *result.columns, "wins by bot"]
    table = Table(*headers)
    for cell in result.cells:
        row = [_given(cell.given), ",".join(cell.bots)]
        row += [show_estimate(cell.run.estimate_of(name)) for name in result.columns]
        table.add_row(*row, bot_wins(cell.run, cell.bots))
    console.print(table)
