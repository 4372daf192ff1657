"""Intervals and tests for the lab's statistics.

Every statistic the lab prints comes with a 95% interval:

- a share (a win rate, the share of games with a comeback) gets the Wilson
  score interval, which behaves at 0/n and n/n where the normal one collapses;
- a mean or a median gets a percentile bootstrap interval, reproducible
  because the resampling draws from a seeded :class:`numpy.random.Generator`.

Randomness is an input here as in the rules: nothing draws from a global
generator, and :func:`generator` turns the run's seed (``"S"`` or ``"S/i"``)
into one.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from statistics import NormalDist

import numpy as np
from numpy.typing import NDArray

Interval = tuple[float, float]
Statistic = Callable[[NDArray[np.float64]], float]

DEFAULT_RESAMPLES = 2000


def mean_of(values: NDArray[np.float64]) -> float:
    return float(np.mean(values))


def median_of(values: NDArray[np.float64]) -> float:
    return float(np.median(values))


# The same statistics over each row of a matrix of resamples at once (the loop is slow).
_ALONG_ROWS: dict[object, Callable[[NDArray[np.float64]], NDArray[np.float64]]] = {
    mean_of: lambda rows: np.mean(rows, axis=1),
    median_of: lambda rows: np.median(rows, axis=1),
    np.mean: lambda rows: np.mean(rows, axis=1),
    np.median: lambda rows: np.median(rows, axis=1),
}


def _on_resamples(statistic: Statistic, rows: NDArray[np.float64]) -> NDArray[np.float64]:
    """``statistic`` of each row; by numpy along the rows when it is a known one."""
    along = _ALONG_ROWS.get(statistic)
    if along is not None:
        return np.asarray(along(rows), dtype=np.float64)
    return np.array([statistic(row) for row in rows], dtype=np.float64)


def generator(seed: str | int) -> np.random.Generator:
    """A numpy generator from a seed of any form, the same on every machine and Python.

    Strings are hashed with SHA-256 (not :func:`hash`, which is salted per process).
    """
    digest = hashlib.sha256(str(seed).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:16], "big"))


def z_value(confidence: float) -> float:
    """The two-sided normal quantile: 1.959963... for 0.95.

    :raises ValueError: a confidence outside (0, 1).
    """
    _check_confidence(confidence)
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, trials: int, confidence: float = 0.95) -> Interval:
    """The Wilson score interval for a share of ``successes`` out of ``trials``.

    ``successes`` may be fractional (a shared win counts a fraction to each
    winner). With no trials nothing is known: ``(0.0, 1.0)``.

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]

    :raises ValueError: negative trials, successes outside 0..trials, or a
        confidence outside (0, 1).
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"wilson: need 0 <= successes <= trials, got {successes}/{trials}")
    z = z_value(confidence)
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0/n and n/n the bounds are exactly 0 and 1; rounding must not move them.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def bootstrap(
    values: Sequence[float],
    statistic: Statistic,
    confidence: float = 0.95,
    resamples: int = DEFAULT_RESAMPLES,
    rng: np.random.Generator | None = None,
    seed: str | int = 0,
) -> Interval:
    """A percentile bootstrap interval for ``statistic`` (``np.mean``, ``np.median``...).

    Draws from ``rng`` if given, else from :func:`generator` of ``seed``; the
    same seed gives the same interval.

    :raises ValueError: no values, fewer than one resample, or a confidence outside (0, 1).
    """
    _check_confidence(confidence)
    if not values:
        raise ValueError("bootstrap: no values")
    if resamples < 1:
        raise ValueError(f"bootstrap: need at least one resample, got {resamples}")
    data = np.asarray(values, dtype=np.float64)
    draw = rng if rng is not None else generator(seed)
    picks = draw.integers(0, len(data), size=(resamples, len(data)))
    estimates = _on_resamples(statistic, data[picks])
    tail = (1 - confidence) / 2
    low, high = np.quantile(estimates, [tail, 1 - tail])
    return (float(low), float(high))


def _check_confidence(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), got {confidence}")


def newcombe_difference(
    successes_a: float,
    trials_a: int,
    successes_b: float,
    trials_b: int,
    confidence: float = 0.95,
) -> Interval:
    """An interval for share A minus share B: Newcombe's hybrid score method (his method 10).

    It combines the two Wilson intervals, so it keeps their good behaviour
    near 0 and 1. It treats the two samples as independent; for two runs on
    the same seeds (positively correlated) it is conservative.

    :raises ValueError: as :func:`wilson`.
    """
    low_a, high_a = wilson(successes_a, trials_a, confidence)
    low_b, high_b = wilson(successes_b, trials_b, confidence)
    share_a = successes_a / trials_a if trials_a else 0.5
    share_b = successes_b / trials_b if trials_b else 0.5
    difference = share_a - share_b
    return (
        difference - math.sqrt((share_a - low_a) ** 2 + (high_b - share_b) ** 2),
        difference + math.sqrt((high_a - share_a) ** 2 + (share_b - low_b) ** 2),
    )


def paired_bootstrap_difference(
    values_a: Sequence[float],
    values_b: Sequence[float],
    statistic: Statistic,
    confidence: float = 0.95,
    resamples: int = DEFAULT_RESAMPLES,
    seed: str | int = 0,
) -> Interval:
    """An interval for ``statistic(A) - statistic(B)``, resampling pairs ``(a_i, b_i)`` together.

    Game ``i`` of A and game ``i`` of B share a seed, so they are resampled as
    a pair; that keeps the correlation the common seeds create.

    :raises ValueError: samples of different or zero length, or as :func:`bootstrap`.
    """
    _check_confidence(confidence)
    if len(values_a) != len(values_b) or not values_a:
        raise ValueError(
            f"paired bootstrap: need two samples of one length, got {len(values_a)} and "
            f"{len(values_b)}"
        )
    a = np.asarray(values_a, dtype=np.float64)
    b = np.asarray(values_b, dtype=np.float64)
    picks = generator(seed).integers(0, len(a), size=(resamples, len(a)))
    estimates = _on_resamples(statistic, a[picks]) - _on_resamples(statistic, b[picks])
    tail = (1 - confidence) / 2
    low, high = np.quantile(estimates, [tail, 1 - tail])
    return (float(low), float(high))


def excludes(interval: Interval, value: float) -> bool:
    """Whether ``value`` lies outside ``interval``: the test the interval stands for rejects it."""
    return value < interval[0] or value > interval[1]


def chi_square_uniform(counts: Sequence[float]) -> tuple[float, int, float]:
    """Pearson's goodness-of-fit test of ``counts`` against equal shares.

    Returns the statistic, its degrees of freedom and the p-value. Counts may
    be fractional (shared wins); with no counts at all nothing is tested (p = 1).

    >>> [round(x, 4) for x in chi_square_uniform([60, 40])]
    [4.0, 1, 0.0455]
    """
    total = float(sum(counts))
    freedom = len(counts) - 1
    if total <= 0 or freedom < 1:
        return (0.0, max(freedom, 0), 1.0)
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return (statistic, freedom, chi_square_sf(statistic, freedom))


def chi_square_sf(x: float, freedom: int) -> float:
    """P(X >= x) for a chi-square variable with ``freedom`` degrees of freedom.

    The regularized upper incomplete gamma function Q(k/2, x/2), by its series
    below ``a + 1`` and its continued fraction above (Numerical Recipes, 6.2).
    """
    if x <= 0:
        return 1.0
    a, half = freedom / 2, x / 2
    if half < a + 1:
        return 1.0 - _lower_gamma_series(a, half)
    return _upper_gamma_fraction(a, half)


def _lower_gamma_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    denominator = a
    for _ in range(1000):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_gamma_fraction(a: float, x: float) -> float:
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))
