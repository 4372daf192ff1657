"""Intervals against published values, and the bootstrap's reproducibility."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sealed.lab.stats import (
    bootstrap,
    chi_square_sf,
    chi_square_uniform,
    excludes,
    generator,
    newcombe_difference,
    paired_bootstrap_difference,
    wilson,
)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        # Statistics in Medicine 17:857-872, Table I, method 3 (score interval without
        # continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Wilson 95% for n = 10 as tabulated widely (e.g. Brown, Cai, DasGupta 2001).
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson(successes, trials)
    assert got == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_wilson_at_other_confidences_is_narrower_or_wider() -> None:
    narrow, wide = wilson(5, 10, 0.80), wilson(5, 10, 0.99)
    assert wide[0] < wilson(5, 10)[0] < narrow[0] < 0.5 < narrow[1] < wilson(5, 10)[1] < wide[1]


def test_wilson_without_trials_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("successes", "trials", "confidence"),
    [(11, 10, 0.95), (-1, 10, 0.95), (1, 10, 1.0), (1, 10, 0.0)],
)
def test_wilson_refuses_impossible_input(successes: int, trials: int, confidence: float) -> None:
    with pytest.raises(ValueError):
        wilson(successes, trials, confidence)


@given(st.integers(0, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_share_and_stays_in_zero_one(pair: tuple[int, int]) -> None:
    successes, trials = pair
    low, high = wilson(successes, trials)
    share = successes / trials if trials else 0.5
    assert 0.0 <= low <= share <= high <= 1.0


def test_bootstrap_is_reproducible_under_a_seed_and_moves_with_it() -> None:
    values = [float(v) for v in range(1, 41)]
    first = bootstrap(values, np.mean, seed="run/7")
    assert first == bootstrap(values, np.mean, seed="run/7")
    assert first == bootstrap(values, np.mean, rng=generator("run/7"))
    assert first != bootstrap(values, np.mean, seed="run/8")


def test_bootstrap_of_the_mean_agrees_with_the_normal_interval() -> None:
    # 1..40: mean 20.5, standard error sd/sqrt(n) = 11.690/6.325 = 1.848, so about 16.9..24.1.
    low, high = bootstrap([float(v) for v in range(1, 41)], np.mean, resamples=4000, seed=1)
    assert low == pytest.approx(20.5 - 1.96 * 1.848, abs=0.4)
    assert high == pytest.approx(20.5 + 1.96 * 1.848, abs=0.4)


def test_bootstrap_of_a_constant_is_that_constant() -> None:
    assert bootstrap([3.0] * 9, np.median, seed=0) == (3.0, 3.0)


def test_bootstrap_refuses_no_values() -> None:
    with pytest.raises(ValueError, match="no values"):
        bootstrap([], np.mean)


def test_newcombe_difference_matches_his_worked_example() -> None:
    # Newcombe (1998), "Interval estimation for the difference between independent
    # proportions", Statistics in Medicine 17:873-890, example (a): 56/70 - 48/80,
    # method 10 gives +0.0524 to +0.3339.
    low, high = newcombe_difference(56, 70, 48, 80)
    assert (low, high) == (pytest.approx(0.0524, abs=5e-5), pytest.approx(0.3339, abs=5e-5))


def test_newcombe_difference_of_equal_shares_contains_zero() -> None:
    assert not excludes(newcombe_difference(30, 60, 30, 60), 0.0)
    assert excludes(newcombe_difference(45, 60, 15, 60), 0.0)


@pytest.mark.parametrize(
    ("x", "freedom", "p"),
    # Critical values from the standard chi-square table (e.g. NIST/SEMATECH e-Handbook, 1.3.6.7.4).
    [
        (3.841, 1, 0.05),
        (6.635, 1, 0.01),
        (5.991, 2, 0.05),
        (7.815, 3, 0.05),
        (11.070, 5, 0.05),
        (23.209, 10, 0.01),
        (2.706, 1, 0.10),
    ],
)
def test_chi_square_tail_matches_the_table(x: float, freedom: int, p: float) -> None:
    assert chi_square_sf(x, freedom) == pytest.approx(p, abs=2e-4)


def test_chi_square_uniform_of_a_60_40_split() -> None:
    statistic, freedom, p = chi_square_uniform([60, 40])
    assert (statistic, freedom) == (4.0, 1)
    assert p == pytest.approx(0.0455, abs=1e-4)
    assert chi_square_uniform([0, 0, 0]) == (0.0, 2, 1.0)


def test_paired_bootstrap_difference_sees_a_shift_and_not_its_absence() -> None:
    a = [float(v % 7) for v in range(200)]
    shifted = [v + 1.0 for v in a]
    low, high = paired_bootstrap_difference(shifted, a, np.mean, seed="x")
    assert low == pytest.approx(1.0) and high == pytest.approx(1.0)
    assert not excludes(paired_bootstrap_difference(a, list(reversed(a)), np.mean, seed="x"), 0.0)
    with pytest.raises(ValueError, match="one length"):
        paired_bootstrap_difference(a, a[:-1], np.mean)


def test_the_fast_path_for_means_and_medians_agrees_with_any_statistic() -> None:
    values = [float((7 * v) % 13) for v in range(50)]
    for fast in (np.mean, np.median):
        slow = bootstrap(values, lambda row, f=fast: float(f(row)), seed="same")
        assert bootstrap(values, fast, seed="same") == pytest.approx(slow)


def test_the_docstring_examples_hold() -> None:
    import doctest

    import sealed.lab.stats

    result = doctest.testmod(sealed.lab.stats)
    assert result.attempted >= 2 and result.failed == 0
