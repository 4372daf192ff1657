"""The lab's HTML reports: one self-contained file per run.

A report holds its plots as inline SVG and its style inline; it loads
nothing (no script, font, image or stylesheet from anywhere), so it opens
offline and can be mailed as it is. It starts with what reproduces it: the
exact command, the seed scheme, the package and game versions and every
option of every variant, defaults included.
"""

from __future__ import annotations

import platform
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import escape
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from sealed.core.game import Game, OptionValue
from sealed.lab import plots
from sealed.lab.compare import Comparison, Run
from sealed.lab.measures import (
    PERCENT_KINDS,
    SIGNIFICANCE,
    Difference,
    Estimate,
    SeatBalance,
    shown,
)
from sealed.lab.sweep import Sweep

STYLE = """
body { font-family: sans-serif; max-width: 72rem; margin: 1rem auto; padding: 0 1rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
pre { background: #f4f4f4; padding: 0.5rem; white-space: pre-wrap; }
.yes { font-weight: bold; color: #b00; }
.plots { display: flex; flex-wrap: wrap; gap: 1rem; }
.plots figure { margin: 0; }
"""


def package_version() -> str:
    try:
        return version("sealed-orders")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown (not installed)"


@dataclass(frozen=True)
class RunInfo:
    """What reproduces a run."""

    command: str
    game: str
    game_version: int
    seed: str
    count: int
    bots: Sequence[str]
    package_version: str = field(default_factory=package_version)
    python: str = field(default_factory=platform.python_version)
    created: str = ""

    @classmethod
    def make(
        cls, game: Game[Any, Any, Any], command: str, seed: str, count: int, bots: Sequence[str]
    ) -> RunInfo:
        created = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        return cls(command, game.name, game.version, seed, count, bots, created=created)


def compare_report(game: Game[Any, Any, Any], result: Comparison, info: RunInfo) -> str:
    """The A/B report: measures, seat balance, plots, and how to reproduce it."""
    runs = [result.a, result.b]
    seats = len(info.bots)
    body = [
        f"<h1>{escape(game.title)}: A against B</h1>",
        _reproduce(info, runs),
        "<h2>Measures</h2>",
        _measure_table(result.a.estimates, result.b.estimates, result.differences),
        f"<p>{escape(SIGNIFICANCE)} Shares use the Wilson interval, means and medians a "
        "percentile bootstrap (2000 resamples, seeded by the run's seed).</p>",
        "<h2>Seat balance</h2>",
        _balance_table(runs),
        "<h2>Plots</h2>",
        _plots(
            [
                ("Wins by seat", plots.wins_by_seat(runs, seats)),
                ("Game length", plots.length_distribution(runs, game.length_unit)),
                ("Final scores", plots.score_distribution(runs)),
                ("Leader's running score", plots.leader_running_score(runs)),
                ("Actions per bot", plots.action_usage(runs)),
            ]
        ),
    ]
    return _page(f"sealed lab compare {game.name}", body)


def sweep_report(game: Game[Any, Any, Any], result: Sweep, info: RunInfo) -> str:
    """The sweep report: a table of cells and one plot per measure across cells."""
    runs = [cell.run for cell in result.cells]
    labels = [_cell_label(cell.given, cell.bots) for cell in result.cells]
    header = "".join(f"<th>{escape(c)}</th>" for c in result.columns)
    rows = [
        f"<tr><td>{escape(label)}</td>"
        + "".join(_estimate_cells(run.estimate_of(c), compact=True) for c in result.columns)
        + f"<td>{escape(bot_wins(run, cell.bots))}</td></tr>"
        for label, run, cell in zip(labels, runs, result.cells, strict=True)
    ]
    body = [
        f"<h1>{escape(game.title)}: sweep of {len(runs)} cells</h1>",
        _reproduce(info, runs),
        "<h2>Cells (95% intervals)</h2>",
        f"<table><tr><th>cell</th>{header}<th>wins by bot</th></tr>{''.join(rows)}</table>",
        "<h2>Plots</h2>",
        _plots([(c, plots.estimates_across(labels, runs, c)) for c in result.columns]),
    ]
    return _page(f"sealed lab sweep {game.name}", body)


def bot_wins(run: Run, bots: Sequence[str]) -> str:
    """Each distinct bot's win share per seat played, with its interval: ``greedy 40.0% [...]``."""
    parts = []
    for bot in dict.fromkeys(bots):
        e = run.estimate_of(f"wins {bot}")
        parts.append(f"{bot} {shown(e.value, True)} [{shown(e.low, True)}, {shown(e.high, True)}]")
    return "; ".join(parts)


def _cell_label(given: Mapping[str, str], bots: Sequence[str]) -> str:
    options = " ".join(f"{k}={v}" for k, v in given.items())
    return f"{options} [{','.join(bots)}]".strip()


def _page(title: str, body: Sequence[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def _reproduce(info: RunInfo, runs: Sequence[Run]) -> str:
    plain = [
        ("package", f"sealed-orders {info.package_version} (Python {info.python})"),
        ("game", f"{info.game} version {info.game_version}"),
        ("games per run", str(info.count)),
        ("bots", "; ".join(info.bots)),
        ("seeds", f"game i plays from seed '{info.seed}/i' with the bots rotated by i seats"),
        ("made", info.created),
    ]
    facts = [(name, escape(text)) for name, text in plain]
    facts += [(f"options {run.label}", _options(run.options, run.given)) for run in runs]
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in facts)
    return (
        f'<h2>Reproduce</h2><pre class="command">{escape(info.command)}</pre><table>{rows}</table>'
    )


def _options(options: Mapping[str, OptionValue], given: Mapping[str, str]) -> str:
    """Every option, the ones set for this run in bold (so it reproduces if defaults change)."""
    parts = [
        f"<b>{escape(f'{k}={v}')}</b>" if k in given else escape(f"{k}={v}")
        for k, v in options.items()
    ]
    return ", ".join(parts) or "none"


def _estimate_cells(e: Estimate, compact: bool = False) -> str:
    share = e.kind in PERCENT_KINDS
    if e.value != e.value:
        return '<td class="num">n/a</td>' if compact else '<td class="num">n/a</td><td></td>'
    value, low, high = (_fmt(x, share) for x in (e.value, e.low, e.high))
    if compact:
        return f'<td class="num">{value} [{low}, {high}]</td>'
    return f'<td class="num">{value}</td><td class="num">[{low}, {high}] {e.method}</td>'


def _fmt(x: float, share: bool) -> str:
    return shown(x, share)


def _measure_table(
    a: Sequence[Estimate], b: Sequence[Estimate], differences: Sequence[Difference]
) -> str:
    head = (
        "<tr><th>measure</th><th>A</th><th>95% interval</th><th>B</th><th>95% interval</th>"
        "<th>A - B</th><th>95% interval</th><th>significant</th><th>test</th></tr>"
    )
    rows = []
    for ea, eb, d in zip(a, b, differences, strict=True):
        share = d.kind in PERCENT_KINDS
        verdict = '<td class="yes">yes</td>' if d.significant else "<td>no</td>"
        diff = (
            "<td>n/a</td><td></td>"
            if d.value != d.value
            else f'<td class="num">{_fmt(d.value, share)}</td>'
            f'<td class="num">[{_fmt(d.low, share)}, {_fmt(d.high, share)}]</td>'
        )
        rows.append(
            f"<tr><td>{escape(ea.name)}</td>{_estimate_cells(ea)}{_estimate_cells(eb)}"
            f"{diff}{verdict}<td>{escape(d.test)}</td></tr>"
        )
    return f"<table>{head}{''.join(rows)}</table>"


def _balance_table(runs: Sequence[Run]) -> str:
    head = (
        "<tr><th>run</th><th>chi-square (df)</th><th>p</th><th>seats unbalanced?</th>"
        "<th>first seat wins</th><th>fair share</th>"
        "<th>first-seat advantage? (score test)</th></tr>"
    )
    rows = [_balance_row(run.label, run.balance) for run in runs]
    return f"<table>{head}{''.join(rows)}</table>"


def _balance_row(label: str, b: SeatBalance) -> str:
    return (
        f"<tr><td>{escape(label)}</td><td class='num'>{b.chi_square:.2f} ({b.freedom})</td>"
        f"<td class='num'>{b.p_value:.3f}</td><td>{'yes' if b.unbalanced else 'no'}</td>"
        f"{_estimate_cells(b.first_seat, compact=True)}<td class='num'>{b.fair_share:.1%}</td>"
        f"<td>{'yes' if b.first_seat_advantage else 'no'}</td></tr>"
    )


def _plots(figures: Sequence[tuple[str, str]]) -> str:
    items = [
        f'<figure class="plot" data-plot="{escape(name)}">{svg}'
        f"<figcaption>{escape(name)}</figcaption></figure>"
        for name, svg in figures
    ]
    return f'<div class="plots">{"".join(items)}</div>'
