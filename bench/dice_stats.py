"""Dice statistics per roll: the running tally against counting the whole history again, at 10k and 100k rolls.

Per roll the running tally adds the roll, then reads what a dice screen shows (the spec's totals
text, the die's chi-square p-value and verdict). The floor is what the dice screen did before:
walk every roll in force for the spec's totals (count, mean, min, max, counts per total). Both are
timed interleaved, roll by roll, on the same history. Also: `companion stats`' journal read of a
100k-roll game from SQLite.

    python bench/dice_stats.py [--quick]
"""

import gc
import random
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.dice.journal_dice import DICE_ROLLER_DICE, UNDO_EVENTS, tally_journal, voided_decisions
from companion.dice.rules import DiceRolled
from companion.dice.spec import DiceSpec
from companion.dice.statistics import EMPTY, DiceStatistics, Throw
from companion.dice.stats_view import fairness_text, totals_text
from companion.journal.connection import connect
from companion.journal.record import Record
from companion.journal.store import GameStore
from companion.journal.writer import Batch, write

try:
    from stats import print_table, summary_ms
except ImportError:  # run from elsewhere
    sys.path.insert(0, str(Path(__file__).parent))
    from stats import print_table, summary_ms

SPEC = DiceSpec.parse("2d6")


def history_of(rolls: int, rng: random.Random) -> list[Throw]:
    return [Throw(SPEC, (rng.randint(1, 6), rng.randint(1, 6)), rng.choice(("generated", "physical")))
            for _ in range(rolls)]


def running(statistics: DiceStatistics, throw: Throw) -> tuple[DiceStatistics, str]:
    statistics = statistics.add(throw)
    shown = totals_text(statistics.totals_of(SPEC)) + fairness_text(statistics.faces_of(6, throw.source).fit())
    return statistics, shown


def counted_again(history: list[Throw]) -> str:
    totals = [throw.total for throw in history if throw.spec == SPEC]
    spread = Counter(totals)
    return f"{len(totals)} {sum(totals) / len(totals):.2f} {min(totals)} {max(totals)} {len(spread)}"


def per_roll(history_size: int, samples: int) -> tuple[list[float], list[float]]:
    rng = random.Random(history_size)
    history = history_of(history_size, rng)
    statistics = EMPTY
    for throw in history:
        statistics = statistics.add(throw)
    # As the app does once a game is loaded: the history is moved out of the collector's sight.
    gc.freeze()
    ours, floor = [], []
    for throw in history_of(samples, rng):
        start = time.perf_counter()
        statistics, _ = running(statistics, throw)
        ours.append(time.perf_counter() - start)
        history.append(throw)
        start = time.perf_counter()
        counted_again(history)
        floor.append(time.perf_counter() - start)
    gc.unfreeze()
    return ours, floor


def journal_read(rolls: int) -> float:
    """Seconds for `companion stats`' two passes over a game of `rolls` dice roller rolls."""
    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(Path(folder) / "games.sqlite3")
        game = store.create_game("dice")
        rng = random.Random(rolls)
        at = datetime.now(UTC)
        db = connect(store.path)
        for first in range(0, rolls, 10_000):
            records = tuple(Record(first + offset, at, DiceRolled(spec=SPEC, faces=throw.faces, source=throw.source))
                            for offset, throw in enumerate(history_of(min(10_000, rolls - first), rng), 1))
            db.execute("BEGIN IMMEDIATE")
            write(db, [Batch(game.id, records, generation=0)])
            db.execute("COMMIT")
        db.close()
        gc.disable()  # as `companion stats` runs: `bootstrap` holds the collector off for commands
        start = time.perf_counter()
        voided = voided_decisions(store.raw_records(game.id, types=UNDO_EVENTS))
        tally_journal(store.raw_records(game.id, types=DICE_ROLLER_DICE.keys()), DICE_ROLLER_DICE, voided)
        elapsed = time.perf_counter() - start
        gc.enable()
        store.close()
    return elapsed


def run(results: dict, quick: bool = False) -> None:
    samples = 50 if quick else 500
    rows = [("figure", "running tally p50 / p99", "floor: count again p50 / p99", "ratio p50")]
    figures: dict = {}
    for size in (10_000, 100_000):
        ours, floor = (summary_ms(s) for s in per_roll(size, samples))
        figures[f"per_roll_{size}"] = {"running": ours, "count_again": floor}
        rows.append((f"one roll with {size} in force", f"{ours['p50_ms']:.3f} / {ours['p99_ms']:.3f} ms",
                     f"{floor['p50_ms']:.3f} / {floor['p99_ms']:.3f} ms", f"{ours['p50_ms'] / floor['p50_ms']:.4f}"))
    rolls = 10_000 if quick else 100_000
    seconds = journal_read(rolls)
    figures[f"journal_read_{rolls}_s"] = seconds
    rows.append((f"companion stats, {rolls} rolls", f"{seconds:.2f} s", "", ""))
    print_table("Dice statistics", rows)
    results["dice_stats"] = figures


if __name__ == "__main__":
    run({}, quick="--quick" in sys.argv)
