"""The chi-square test against a fair die, checked against scipy's as the reference."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dice.fairness import (
    SUSPICIOUS_BELOW,
    VERY_UNLIKELY_FAIR_BELOW,
    GoodnessOfFit,
    Verdict,
    chi_square_survival,
    goodness_of_fit,
    regularized_upper_gamma,
)

SIDES = [2, 3, 4, 6, 8, 10, 12, 20, 100, 1000]


def scipy_chisquare(counts: list[int]):
    # Imported here, not at the top: scipy takes most of a second to import, and every test worker
    # would pay it while collecting, not only the one that runs these three tests.
    from scipy.stats import chisquare

    return chisquare(counts)


def scipy_gammaincc(a: float, x: float) -> float:
    from scipy.special import gammaincc

    return gammaincc(a, x)


def fit_of(counts: list[int]) -> GoodnessOfFit:
    return goodness_of_fit(len(counts), sum(counts), sum(c * c for c in counts))


def assert_same_p(ours: float, reference: float) -> None:
    # Below ~1e-300 both are underflow noise; above, they agree to ~1e-12 relative.
    assert ours == pytest.approx(reference, rel=1e-10, abs=1e-300)


def test_p_values_match_scipy_over_many_seeded_random_tallies_fair_and_loaded():
    rng = random.Random(2024)
    for _ in range(600):
        sides = rng.choice(SIDES)
        rolls = rng.choice([1, 2, 5, sides, 5 * sides, rng.randint(1, 20_000)])
        loaded = [rng.random() ** 3 for _ in range(sides)] if rng.random() < 0.5 else None
        counts = [0] * sides
        for face in rng.choices(range(sides), weights=loaded, k=rolls):
            counts[face] += 1
        ours = fit_of(counts)
        reference = scipy_chisquare(counts)
        assert ours.statistic == pytest.approx(reference.statistic, rel=1e-12, abs=1e-12)
        assert_same_p(ours.p_value, reference.pvalue)


@given(st.lists(st.integers(0, 500), min_size=2, max_size=40).filter(any))
def test_p_values_match_scipy_for_any_counts(counts):
    assert_same_p(fit_of(counts).p_value, scipy_chisquare(counts).pvalue)


@given(st.floats(0.5, 600, allow_nan=False), st.floats(0, 2000, allow_nan=False))
def test_the_regularized_upper_gamma_matches_scipys_gammaincc(a, x):
    assert_same_p(regularized_upper_gamma(a, x), scipy_gammaincc(a, x))


def test_a_statistic_of_zero_has_p_one_and_a_huge_one_p_zero():
    assert chi_square_survival(0.0, 5) == 1.0
    assert chi_square_survival(1e6, 5) == 0.0


def test_the_gamma_function_refuses_a_shape_that_is_not_positive():
    with pytest.raises(ValueError, match="a > 0"):
        regularized_upper_gamma(0, 1.0)


def test_no_faces_means_no_p_value_and_too_few_rolls():
    fit = goodness_of_fit(6, 0, 0)
    assert fit.p_value is None and fit.verdict is Verdict.TOO_FEW_ROLLS
    assert (fit.expected, fit.minimum_faces, fit.degrees_of_freedom) == (0.0, 30, 5)


def test_perfectly_even_faces_are_consistent_with_a_fair_die():
    fit = fit_of([5, 5, 5, 5, 5, 5])
    assert (fit.statistic, fit.p_value, fit.verdict) == (0.0, 1.0, Verdict.CONSISTENT)


def test_a_die_that_shows_one_face_only_is_very_unlikely_fair_once_there_are_enough_rolls():
    assert fit_of([0, 0, 0, 0, 0, 29]).verdict is Verdict.TOO_FEW_ROLLS
    enough = fit_of([0, 0, 0, 0, 0, 30])
    assert enough.statistic == 150.0 and enough.verdict is Verdict.VERY_UNLIKELY_FAIR


def test_the_minimum_sample_is_five_expected_per_face():
    assert goodness_of_fit(10, 49, 49).verdict is Verdict.TOO_FEW_ROLLS
    assert goodness_of_fit(10, 50, 250).verdict is Verdict.CONSISTENT
    assert goodness_of_fit(20, 0, 0).minimum_faces == 100


@pytest.mark.parametrize(("p_value", "verdict"), [
    (SUSPICIOUS_BELOW, Verdict.CONSISTENT),
    (SUSPICIOUS_BELOW * 0.99, Verdict.SUSPICIOUS),
    (VERY_UNLIKELY_FAIR_BELOW, Verdict.SUSPICIOUS),
    (VERY_UNLIKELY_FAIR_BELOW * 0.99, Verdict.VERY_UNLIKELY_FAIR),
])
def test_the_verdict_follows_the_documented_thresholds(p_value, verdict):
    assert GoodnessOfFit(6, 60, 0.0, p_value).verdict is verdict
