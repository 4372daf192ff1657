"""The lab's plots, as inline SVG text for a self-contained HTML page.

Figures are drawn with :class:`matplotlib.figure.Figure` directly, not
through ``pyplot``, so no global figure state or GUI backend is involved.
The SVG is stripped of its XML prolog, DOCTYPE, metadata and namespace
declarations (inline SVG in HTML needs none of them), so the page names no
external address at all. A fixed hash salt makes the element ids, and so the
file, the same on every run.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import matplotlib as mpl
import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import NDArray

from sealed.lab.compare import Run
from sealed.lab.sim import seat_names

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
PROGRESS_POINTS = 21  # the leader's running score is sampled at 0%, 5%, ..., 100% of each game


@contextmanager
def _svg_style() -> Iterator[None]:
    """Fixed ids (hash salt) and real text rather than glyph outlines (smaller files)."""
    with mpl.rc_context({"svg.hashsalt": "sealed-lab", "svg.fonttype": "none", "font.size": 9.0}):
        yield


def to_svg(figure: Figure) -> str:
    """The figure as inline SVG: no prolog, DOCTYPE, metadata or namespace URLs."""
    buffer = io.StringIO()
    with _svg_style():
        figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.DOTALL)
    return re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", svg)


def _figure(width: float = 6.4, height: float = 3.4) -> tuple[Figure, Axes]:
    with _svg_style():
        figure = Figure(figsize=(width, height), layout="constrained")
        return figure, figure.add_subplot()


def length_distribution(runs: Sequence[Run], unit: str) -> str:
    """Histogram of game lengths, one outline per run."""
    figure, axes = _figure()
    lengths = [[g.steps for g in run.games] for run in runs]
    bins = _integer_bins([v for values in lengths for v in values])
    for i, (run, values) in enumerate(zip(runs, lengths, strict=True)):
        axes.hist(
            values, bins=bins, histtype="step", linewidth=1.6, color=_colour(i), label=run.label
        )
    axes.set(xlabel=f"game length ({unit})", ylabel="games", title="Game length")
    axes.legend()
    return to_svg(figure)


def score_distribution(runs: Sequence[Run]) -> str:
    """Histogram of final scores (every seat of every game), one outline per run."""
    figure, axes = _figure()
    scores = [[float(s) for g in run.games for s in g.scores.values()] for run in runs]
    every = [v for values in scores for v in values]
    bins: int | list[float] = (
        20 if not every or min(every) == max(every) else np.histogram_bin_edges(every, 20).tolist()
    )
    for i, (run, values) in enumerate(zip(runs, scores, strict=True)):
        axes.hist(
            values, bins=bins, histtype="step", linewidth=1.6, color=_colour(i), label=run.label
        )
    axes.set(xlabel="final score", ylabel="seats", title="Final scores (every seat)")
    axes.legend()
    return to_svg(figure)


def wins_by_seat(runs: Sequence[Run], seats: int) -> str:
    """Win share of each seat with its Wilson 95% interval, runs side by side; fair share dashed."""
    figure, axes = _figure()
    names = seat_names(seats)
    width = 0.8 / len(runs)
    for i, run in enumerate(runs):
        estimates = [run.estimate_of(f"wins {seat}") for seat in names]
        x = np.arange(seats) + (i - (len(runs) - 1) / 2) * width
        values = np.array([e.value for e in estimates])
        errors = np.array(
            [[e.value - e.low for e in estimates], [e.high - e.value for e in estimates]]
        )
        axes.bar(x, values, width, color=_colour(i), alpha=0.8, label=run.label)
        axes.errorbar(x, values, yerr=errors, fmt="none", ecolor="black", capsize=3)
    axes.axhline(1 / seats, color="grey", linestyle="--", linewidth=1, label="fair share")
    axes.set_xticks(np.arange(seats), names)
    axes.set(ylabel="share of games won", title="Wins by seat (95% Wilson intervals)")
    top = max((run.estimate_of(f"wins {seat}").high for run in runs for seat in names), default=1)
    axes.set_ylim(0, min(1.0, top) * 1.3)  # room above the bars for the legend
    axes.legend(loc="upper center", ncols=len(runs) + 1)
    return to_svg(figure)


def leader_running_score(runs: Sequence[Run]) -> str:
    """The leader's running score across the game: median and interquartile band per run."""
    figure, axes = _figure()
    progress = np.linspace(0, 1, PROGRESS_POINTS)
    for i, run in enumerate(runs):
        curves = np.array([_resampled(g.leader_scores) for g in run.games if g.leader_scores])
        if not len(curves):
            continue
        low, median, high = np.percentile(curves, [25, 50, 75], axis=0)
        axes.plot(progress * 100, median, color=_colour(i), label=f"{run.label} median")
        axes.fill_between(progress * 100, low, high, color=_colour(i), alpha=0.2)
    axes.set(
        xlabel="share of the game played (%)",
        ylabel="leader's running score",
        title="The leader's running score (median, 25-75% band)",
    )
    axes.legend()
    return to_svg(figure)


def _resampled(values: Sequence[float]) -> NDArray[np.float64]:
    """A game's per-step series at fixed shares of its length (step i ends at (i+1)/n)."""
    ends = np.arange(1, len(values) + 1) / len(values)
    series = np.asarray(values, dtype=np.float64)
    return np.asarray(np.interp(np.linspace(0, 1, PROGRESS_POINTS), ends, series), np.float64)


def action_usage(runs: Sequence[Run]) -> str:
    """For each bot, the share of its actions of each kind; runs side by side."""
    bots = list(dict.fromkeys(bot for run in runs for g in run.games[:1] for bot in g.actions))
    figure = Figure(figsize=(6.4, 1.2 + 2.2 * max(1, len(bots))), layout="constrained")
    for row, bot in enumerate(bots, start=1):
        axes = figure.add_subplot(len(bots), 1, row)
        totals = [_actions(run, bot) for run in runs]
        labels = sorted({label for counts in totals for label in counts})
        height = 0.8 / len(runs)
        for i, (run, counts) in enumerate(zip(runs, totals, strict=True)):
            whole = sum(counts.values()) or 1
            y = np.arange(len(labels)) + (i - (len(runs) - 1) / 2) * height
            axes.barh(
                y, [counts[x] / whole for x in labels], height, color=_colour(i), label=run.label
            )
        axes.set_yticks(np.arange(len(labels)), labels)
        axes.set(xlabel="share of the bot's actions", title=f"Actions of bot {bot}")
        axes.legend()
    return to_svg(figure)


def _actions(run: Run, bot: str) -> Counter[str]:
    total: Counter[str] = Counter()
    for g in run.games:
        total.update(g.actions.get(bot, Counter()))
    return total


def estimates_across(labels: Sequence[str], runs: Sequence[Run], measure: str) -> str:
    """One measure with its interval in each run (a sweep's cells), in order."""
    figure, axes = _figure(width=max(6.4, 0.6 * len(runs) + 2))
    estimates = [run.estimate_of(measure) for run in runs]
    x = np.arange(len(runs))
    values = np.array([e.value for e in estimates])
    errors = np.array([[e.value - e.low for e in estimates], [e.high - e.value for e in estimates]])
    axes.errorbar(x, values, yerr=errors, fmt="o", color=_colour(0), capsize=3)
    axes.set_xticks(x, labels, rotation=30, ha="right")
    axes.set(ylabel=measure, title=f"{measure} (95% interval) by cell")
    return to_svg(figure)


def _integer_bins(values: Sequence[int]) -> list[float]:
    """Bins centred on whole numbers (at most about 40 of them)."""
    low, high = (min(values), max(values)) if values else (0, 1)
    step = max(1, (high - low + 1) // 40)
    return [edge - 0.5 for edge in range(low, high + step + 1, step)]


def _colour(index: int) -> str:
    return COLOURS[index % len(COLOURS)]
