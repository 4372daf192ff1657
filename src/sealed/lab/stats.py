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
    estimates = np.array([statistic(data[row]) for row in picks], dtype=np.float64)
    tail = (1 - confidence) / 2
    low, high = np.quantile(estimates, [tail, 1 - tail])
    return (float(low), float(high))


def _check_confidence(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), got {confidence}")
