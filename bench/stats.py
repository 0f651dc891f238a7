"""Percentiles and the table every benchmark prints."""

import statistics


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def summary_ms(samples: list[float]) -> dict[str, float]:
    """min / p50 / p99 / max / mean of samples taken in seconds, in milliseconds."""
    return {
        "n": len(samples),
        "min_ms": min(samples) * 1000,
        "p50_ms": percentile(samples, 0.50) * 1000,
        "p99_ms": percentile(samples, 0.99) * 1000,
        "max_ms": max(samples) * 1000,
        "mean_ms": statistics.fmean(samples) * 1000,
    }


def print_table(title: str, rows: list[tuple[str, str, str, str]]) -> None:
    """Rows of (figure, measured, floor, ratio or target)."""
    print(f"\n{title}")
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
