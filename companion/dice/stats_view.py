"""How dice statistics read: verdicts in words, the dice screen's totals, and `companion stats`' report."""

import math
from typing import Any

from companion.dice.fairness import GoodnessOfFit, Verdict
from companion.dice.statistics import SOURCES, DiceStatistics, FaceTally, TotalsTally
from companion.games.kit.words import count_of

BARS = "·▁▂▃▄▅▆▇█"
MOST_TOTALS_IN_A_SPREAD = 24
REPORT_WIDTH = 80

VERDICT_WORDS = {
    Verdict.TOO_FEW_ROLLS: "too few rolls to tell",
    Verdict.CONSISTENT: "consistent with a fair die",
    Verdict.SUSPICIOUS: "suspicious: a fair die seldom comes up this unevenly",
    Verdict.VERY_UNLIKELY_FAIR: "very unlikely to be a fair die",
}


def verdict_text(fit: GoodnessOfFit) -> str:
    """`consistent with a fair die`; too few rolls says how many faces the test needs."""
    words = VERDICT_WORDS[fit.verdict]
    if fit.verdict is Verdict.TOO_FEW_ROLLS:
        needed = fit.minimum_faces - fit.faces
        return f"{words}: a d{fit.sides} needs {fit.minimum_faces} faces for the test, {needed} more"
    return words


def p_value_text(p_value: float | None) -> str:
    if p_value is None:
        return "p: no rolls yet"
    return "p < 0.001" if p_value < 0.001 else f"p = {p_value:.3f}"


def fairness_text(fit: GoodnessOfFit) -> str:
    """`chi-square 3.20, 5 degrees of freedom, p = 0.669: consistent with a fair die`."""
    if fit.p_value is None:
        return verdict_text(fit)
    return (f"chi-square {fit.statistic:.2f}, {count_of(fit.degrees_of_freedom, 'degree')} of freedom, "
            f"{p_value_text(fit.p_value)}: {verdict_text(fit)}")


def totals_text(tally: TotalsTally) -> str:
    """The dice screen's figures for one spec: rolls, average against expected, lowest, highest, spread."""
    spec = tally.spec
    if tally.mean is None:
        return f"{spec}: no rolls yet\nexpected average {tally.expected_mean:.2f}"
    return (
        f"{spec}: {count_of(tally.rolls, 'roll')}\n"
        f"average {tally.mean:.2f} (expected {tally.expected_mean:.2f})\n"
        f"lowest {tally.lowest}, highest {tally.highest}"
        + spread_of_totals(tally)
    )


def totals_line(tally: TotalsTally) -> str:
    """The same figures in one line: `2d6: 12 rolls · average 7.08 (7.00 expected) · 2 to 12`."""
    spec = tally.spec
    if tally.mean is None:
        return f"{spec}: no rolls yet · {tally.expected_mean:.2f} expected on average"
    return (f"{spec}: {count_of(tally.rolls, 'roll')} · average {tally.mean:.2f} ({tally.expected_mean:.2f} "
            f"expected) · {tally.lowest} to {tally.highest}")


def spread_of_totals(tally: TotalsTally) -> str:
    """A one-line bar per possible total (`2 ▁▂▄▆█▆▄▂▁·· 12`), for dice with few totals."""
    low, high = tally.lowest_possible, tally.highest_possible
    if high - low + 1 > MOST_TOTALS_IN_A_SPREAD or not tally.rolls:
        return ""
    most = max(tally.counts)
    bars = "".join(BARS[round(count / most * (len(BARS) - 1))] for count in tally.counts)
    return f"\n{low} {bars} {high}"


def face_table(tally: FaceTally, width: int = REPORT_WIDTH) -> list[str]:
    """Face, observed and expected counts in columns, in as few even blocks as fit the width."""
    expected = f"{tally.faces / tally.sides:.1f}"
    column = max(len(str(tally.sides)), len(str(max(tally.counts))), len(expected)) + 2
    label = len("observed") + 2
    blocks = math.ceil(tally.sides / max(1, (width - label) // column))
    per_block = math.ceil(tally.sides / blocks)
    lines = []
    for first in range(1, tally.sides + 1, per_block):
        faces = range(first, min(first + per_block, tally.sides + 1))
        lines.append("face".ljust(label) + "".join(str(face).rjust(column) for face in faces))
        lines.append("observed".ljust(label) + "".join(str(tally.count(face)).rjust(column) for face in faces))
        lines.append("expected".ljust(label) + expected.rjust(column) * len(faces))
    return lines


def report_lines(statistics: DiceStatistics) -> list[str]:
    """`companion stats`: per die type and source, the faces counted, against a fair die."""
    if not statistics.by_die:
        return ["no dice rolled"]
    lines = []
    for die in statistics.die_types():
        tally = statistics.by_die[die]
        lines.append(f"d{die.sides}, {die.source}: {count_of(tally.rolls, 'roll')}, {count_of(tally.faces, 'face')}")
        lines += [f"  {line}" for line in face_table(tally)]
        lines.append(f"  {fairness_text(tally.fit())}")
    return lines


def report_json(statistics: DiceStatistics) -> dict[str, Any]:
    """Per die type (`"d6"`): both sources together, and each source apart under `sources`."""
    return {
        f"d{sides}": {
            **_tally_json(statistics.faces_of(sides)),
            "sources": {source: _tally_json(statistics.faces_of(sides, source)) for source in SOURCES},
        }
        for sides in statistics.sides()
    }


def _tally_json(tally: FaceTally) -> dict[str, Any]:
    fit = tally.fit()
    return {
        "sides": tally.sides,
        "rolls": tally.rolls,
        "faces": tally.faces,
        "counts": {str(face): tally.count(face) for face in range(1, tally.sides + 1)},
        "expected": fit.expected,
        "chi_square": None if fit.p_value is None else fit.statistic,
        "degrees_of_freedom": fit.degrees_of_freedom,
        "p_value": fit.p_value,
        "minimum_faces": fit.minimum_faces,
        "verdict": fit.verdict.value,
    }
