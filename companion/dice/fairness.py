"""Is a die fair? Pearson's chi-square goodness of fit against equal faces, its p-value and a verdict.

The p-value is the regularized upper incomplete gamma function Q(dof/2, statistic/2), computed in
pure Python (series below a+1, Lentz's continued fraction above, as in Numerical Recipes §6.2), so
the Pi needs no scipy.
"""

import math
from dataclasses import dataclass
from enum import StrEnum

MINIMUM_EXPECTED_PER_FACE = 5
"""The usual rule for the chi-square test: below 5 expected per face its p-value is unreliable."""

SUSPICIOUS_BELOW = 0.01
"""Not the textbook 0.05: the screen checks again after every roll, and with a test per die type
and source, a fair die would cross 0.05 far too often to be worth a player's worry."""

VERY_UNLIKELY_FAIR_BELOW = 0.001

_RELATIVE_PRECISION = 1e-15
_TINY = 1e-300
_MAX_TERMS = 100_000


class Verdict(StrEnum):
    TOO_FEW_ROLLS = "too_few_rolls"
    CONSISTENT = "consistent"
    SUSPICIOUS = "suspicious"
    VERY_UNLIKELY_FAIR = "very_unlikely_fair"


@dataclass(frozen=True, slots=True)
class GoodnessOfFit:
    """Counts of a die's faces tested against a fair die (every face equally likely)."""

    sides: int
    faces: int
    """How many faces were counted (a roll of 2d6 counts two)."""
    statistic: float
    p_value: float | None
    """None when nothing was counted."""

    @property
    def degrees_of_freedom(self) -> int:
        return self.sides - 1

    @property
    def expected(self) -> float:
        """The count of each face a fair die would show on average."""
        return self.faces / self.sides

    @property
    def minimum_faces(self) -> int:
        return MINIMUM_EXPECTED_PER_FACE * self.sides

    @property
    def verdict(self) -> Verdict:
        if self.p_value is None or self.faces < self.minimum_faces:
            return Verdict.TOO_FEW_ROLLS
        if self.p_value < VERY_UNLIKELY_FAIR_BELOW:
            return Verdict.VERY_UNLIKELY_FAIR
        if self.p_value < SUSPICIOUS_BELOW:
            return Verdict.SUSPICIOUS
        return Verdict.CONSISTENT


def goodness_of_fit(sides: int, faces: int, sum_of_squares: int) -> GoodnessOfFit:
    """The test from the number of faces counted and the sum of the squared count of each face.

    Σ(c − E)²/E with E = N/k is (k·Σc² − N²)/N, so a tally that keeps Σc² gets the statistic in O(1).
    """
    if faces == 0:
        return GoodnessOfFit(sides, 0, 0.0, None)
    statistic = (sides * sum_of_squares - faces * faces) / faces
    return GoodnessOfFit(sides, faces, statistic, chi_square_survival(statistic, sides - 1))


def chi_square_survival(statistic: float, degrees_of_freedom: int) -> float:
    """P(X ≥ statistic) for X chi-square distributed with these degrees of freedom."""
    return regularized_upper_gamma(degrees_of_freedom / 2, statistic / 2)


def regularized_upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0."""
    if a <= 0:
        raise ValueError(f"Q(a, x) needs a > 0, not {a}")
    if x <= 0:
        return 1.0
    if x < a + 1:
        return 1.0 - _lower_by_series(a, x)
    return _upper_by_continued_fraction(a, x)


def _prefactor(a: float, x: float) -> float:
    """x^a e^−x / Γ(a), in logarithms so that large a and x do not overflow."""
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def _lower_by_series(a: float, x: float) -> float:
    """P(a, x) by its power series, which converges fast for x < a + 1."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_MAX_TERMS):
        denominator += 1
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _RELATIVE_PRECISION:
            return total * _prefactor(a, x)
    raise ArithmeticError(f"P({a}, {x}): the series did not converge")


def _upper_by_continued_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz), which converges fast for x ≥ a + 1."""
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    fraction = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < _RELATIVE_PRECISION:
            return fraction * _prefactor(a, x)
    raise ArithmeticError(f"Q({a}, {x}): the continued fraction did not converge")
