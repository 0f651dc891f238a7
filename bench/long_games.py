"""Long games: opening one, a roll's fold, memory over 10,000 rolls, and `companion log` of all of it.

The games are played through the real session and journal writer (so they carry the snapshots a
real game has), rolled with a seeded random source. Floors are measured in the same run:
opening a one-event game; a roll folded into a game of 100 rolls; `companion games` (the same
process start, without the log).

    python bench/long_games.py [--quick]
"""

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from stats import print_table, spread, summary_ms, verdict  # noqa: E402

from companion.dice.events import DiceRolled  # noqa: E402
from companion.dice.rules import DiceRules, RollDice  # noqa: E402
from companion.dice.spec import DiceSpec  # noqa: E402
from companion.journal.record import Record  # noqa: E402
from companion.journal.store import GameStore  # noqa: E402
from companion.session import GameSession  # noqa: E402

OPEN_TARGET_MS = 300
GROWTH_TARGET_MIB = 3
LOG_TARGET_MIB = 50
ROLLS_FOR_MEMORY = 10_000


def play(store: GameStore, rolls: int, seed: int = 1) -> int:
    """A new dice game of `rolls` rolls, through the session and its writer; its id."""
    info = store.create_game("dice")
    session = GameSession(store, info, DiceRules(random.Random(seed)))
    for number in range(1, rolls + 1):
        session.submit(RollDice())
        if number % 2000 == 0:  # as a long evening would: commits keep up with the presses
            session.wait()
            session.settle()
    session.close()
    return info.id


def open_once(path: Path, game_id: int) -> tuple[float, int]:
    """Seconds to open the game as the app does (a new connection, then the session), and its rolls."""
    started = time.monotonic()
    store = GameStore(path)
    session = GameSession(store, store.game(game_id), DiceRules(random.Random(0)))
    opened = time.monotonic() - started
    rolls = session.state.rolls
    session.close()
    store.close()
    return opened, rolls


def opening(path: Path, games: dict[int, int], repeats: int) -> dict[int, list[float]]:
    """Each game opened `repeats` times, the sizes taking turns."""
    times: dict[int, list[float]] = {size: [] for size in games}
    for _ in range(repeats):
        for size, game_id in games.items():
            seconds, rolls = open_once(path, game_id)
            assert rolls == size, f"opened {rolls} rolls of {size}"
            times[size].append(seconds)
    return times


def fold_per_roll(path: Path, games: dict[int, int], samples: int) -> dict[int, list[float]]:
    """What a roll costs the session once decided: the rules fold it into the state, the timeline
    takes it in; timed on each game's state, the sizes taking turns roll by roll."""
    rules = DiceRules(random.Random(0))
    store = GameStore(path)
    layers = {}
    for size, game_id in games.items():
        session = GameSession(store, store.game(game_id), rules)
        layers[size] = (session.state, session.timeline, size + 1)
        session.close()
    store.close()
    spec = DiceSpec(count=2, sides=6)
    at = datetime.now(UTC)
    rng = random.Random(2)
    times: dict[int, list[float]] = {size: [] for size in games}
    for _ in range(samples):
        roll = DiceRolled(spec=spec, faces=(rng.randint(1, 6), rng.randint(1, 6)), source="generated")
        for size, (state, timeline, seq) in layers.items():
            record = Record(seq, at, roll)
            started = time.perf_counter()
            timeline = timeline.add(record)
            state = rules.evolve(state, record, record.seq in timeline.voided)
            times[size].append(time.perf_counter() - started)
            layers[size] = (state, timeline, seq + 1)
    return times


GROWTH = """
import gc, random, sys, tempfile
from pathlib import Path
from companion.dice.rules import DiceRules, RollDice
from companion.journal.store import GameStore
from companion.session import GameSession

def rss_kib():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))

rolls = int(sys.argv[1])
store = GameStore(Path(tempfile.mkdtemp()) / "games.sqlite3")
session = GameSession(store, store.create_game("dice"), DiceRules(random.Random(3)))

def roll(count):
    for number in range(1, count + 1):
        session.submit(RollDice())
        if number % 100 == 0:
            session.wait()
            session.settle()
    session.wait()
    session.settle()
    gc.collect()

roll(1000)  # the window filled, every cache warm, a snapshot written
before = rss_kib()
roll(rolls)
print(before, rss_kib())
"""


def memory_growth(rolls: int) -> tuple[int, int]:
    """(VmRSS before, after) in KiB of a fresh process rolling `rolls` times after 1,000 unmeasured."""
    done = subprocess.run([sys.executable, "-c", GROWTH, str(rolls)], check=True, capture_output=True, text=True,
                          cwd=HERE.parent)
    before, after = done.stdout.split()
    return int(before), int(after)


PEAK = """
import os, sys
with open(os.devnull, "wb") as nowhere:
    output = [(os.POSIX_SPAWN_DUP2, nowhere.fileno(), 1)]
    pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=output)
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


def peak_of(argv: list[str]) -> tuple[float, int]:
    """(seconds, peak RSS in KiB) of a command whose output is thrown away. It is started by a small
    process of its own: a child's peak counts its parent's memory at the fork, and this one's is large."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-S", "-c", PEAK, *argv], check=True, capture_output=True, text=True)
    seconds = time.monotonic() - started
    code, peak = map(int, done.stdout.split())
    if code != 0:
        raise RuntimeError(f"{' '.join(argv)} failed with {code}: {done.stderr.strip()}")
    return seconds, peak


def run(results: dict, quick: bool = False) -> None:
    longest = 20_000 if quick else 100_000
    folder = Path(tempfile.mkdtemp(prefix="companion-long-"))
    try:
        path = folder / "games.sqlite3"
        store = GameStore(path)
        started = time.monotonic()
        games = {size: play(store, size, seed=size) for size in (1, 10_000, longest)}
        built = time.monotonic() - started
        store.close()
        opened = opening(path, games, repeats=5 if quick else 15)
        folded = fold_per_roll(path, {size: games[size] for size in (10_000, longest)} | {100: play_small(path)},
                               samples=300 if quick else 3000)
        before, after = memory_growth(2_000 if quick else ROLLS_FOR_MEMORY)
        companion = str(Path(sys.executable).parent / "companion")
        log_runs: dict[str, list[tuple[float, int]]] = {"games": [], "log": [], "log --json": []}
        for _ in range(1 if quick else 3):
            for name in log_runs:
                log_runs[name].append(peak_of([companion, "--data-dir", str(folder), "--config", os.devnull,
                                               *name.split(), *([] if name == "games" else [str(games[longest])])]))
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    rolls_for_memory = 2_000 if quick else ROLLS_FOR_MEMORY
    growth_mib = (after - before) / 1024
    opens = {size: summary_ms(times) for size, times in opened.items()}
    folds = {size: summary_ms(times) for size, times in folded.items()}
    logs = {name: {"seconds": [s for s, _ in runs], "peak_rss_kib": [p for _, p in runs]}
            for name, runs in log_runs.items()}
    results["long_games"] = {
        "build_seconds": built, "open": {str(size): figures for size, figures in opens.items()},
        "fold_per_roll": {str(size): figures for size, figures in folds.items()},
        "memory": {"rolls": rolls_for_memory, "rss_before_kib": before, "rss_after_kib": after,
                   "growth_mib": growth_mib},
        "log": logs,
    }
    worst_open = opens[longest]
    rows = [("figure", "measured min / median / max", "floor", "target")]
    rows.append((f"open a {longest:,}-event game", spread(worst_open), f"1 event: {spread(opens[1])}; "
                 f"10,000: {spread(opens[10_000])}",
                 f"max ≤ {OPEN_TARGET_MS} ms: {verdict(worst_open['max_ms'] <= OPEN_TARGET_MS)}"))
    for size in (10_000, longest):
        ratio = folds[size]["p50_ms"] / folds[100]["p50_ms"]
        rows.append((f"a roll folded, {size:,} in force", spread(folds[size], "ms", 4),
                     f"100 in force: {spread(folds[100], 'ms', 4)}", f"O(1): median {ratio:.2f} × the floor's"))
    rows.append((f"RSS over {rolls_for_memory:,} rolls (session + writer)",
                 f"+{growth_mib:.2f} MiB ({(after - before) * 1024 / rolls_for_memory:.0f} B a roll)",
                 f"{before / 1024:.1f} MiB after the first 1,000", f"≤ {GROWTH_TARGET_MIB} MiB: "
                 f"{verdict(growth_mib <= GROWTH_TARGET_MIB)}"))
    floor_peak = statistics.median(p for _, p in log_runs["games"]) / 1024
    for name in ("log", "log --json"):
        peak = max(p for _, p in log_runs[name]) / 1024
        seconds = statistics.median(s for s, _ in log_runs[name])
        rows.append((f"companion {name}, {longest:,} events", f"peak RSS {peak:.1f} MiB, {seconds:.1f} s",
                     f"companion games: {floor_peak:.1f} MiB", f"< {LOG_TARGET_MIB} MiB: "
                     f"{verdict(peak < LOG_TARGET_MIB)}"))
    print_table(f"Long games (built through the session in {built:.0f} s)", rows)


def play_small(path: Path) -> int:
    store = GameStore(path)
    try:
        return play(store, 100, seed=100)
    finally:
        store.close()


if __name__ == "__main__":
    run({}, quick="--quick" in sys.argv)
