"""Summaries of samples (min / median / p99 / max), the verdict against a target, and the table every
benchmark prints."""

import statistics
from collections.abc import Sequence


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def summary_ms(samples: list[float]) -> dict[str, float]:
    """Samples taken in seconds, in milliseconds: the typical case (median) beside the worst (max)."""
    return {
        "n": len(samples),
        "min_ms": min(samples) * 1000,
        "p50_ms": percentile(samples, 0.50) * 1000,
        "p99_ms": percentile(samples, 0.99) * 1000,
        "max_ms": max(samples) * 1000,
        "mean_ms": statistics.fmean(samples) * 1000,
    }


def spread(summary: dict[str, float], unit: str = "ms", digits: int = 2) -> str:
    """`min / median / max` of a summary."""
    return " / ".join(f"{summary[key]:.{digits}f}" for key in ("min_ms", "p50_ms", "max_ms")) + f" {unit}"


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def print_table(title: str, rows: Sequence[tuple[str, ...]]) -> None:
    """The first row names the columns."""
    print(f"\n{title}")
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
