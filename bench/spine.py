"""The spine's benchmarks: press → committed, press → painted, start-up, journal append and open."""

import json
import os
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from pty_run import drain_until_exit, read_until, spawn, stop  # noqa: E402
from stats import print_table, summary_ms  # noqa: E402

from companion.dice.rules import DiceRolled, DiceRules  # noqa: E402
from companion.dice.spec import DiceSpec  # noqa: E402
from companion.journal.store import GameStore  # noqa: E402
from companion.session import GameSession  # noqa: E402

# The demo's fake serial board is left out: it is a second process, not part of the app.
ENV = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_FAKE_BOARD": "0", "TERM": "xterm-256color"}
ROLL = DiceRolled(spec=DiceSpec(count=2, sides=6), faces=(3, 4), source="generated")


def probe(mode: str, presses: int) -> dict[str, list[float]]:
    out = Path(tempfile.mkdtemp()) / f"{mode}.json"
    pid, master = spawn([sys.executable, str(HERE / "paint_probe.py"), mode, str(presses), str(out)], ENV)
    status, _ = drain_until_exit(pid, master, timeout=120)
    if status != 0 or not out.exists():
        raise RuntimeError(f"paint probe {mode} failed with status {status}")
    return json.loads(out.read_text())


def press_to_screen(results: dict, presses: int) -> None:
    floor = probe("bare", presses)
    measured = probe("companion", presses)
    floor_paint = summary_ms(floor["paint"])
    commit = summary_ms(measured["commit"])
    paint = summary_ms(measured["paint"])
    results["press_to_commit"] = commit
    results["press_to_paint"] = paint
    results["bare_post_message_to_paint"] = floor_paint
    results["bare_post_message_to_handler"] = summary_ms(floor["commit"])
    results["paint_ratio_p50"] = paint["p50_ms"] / floor_paint["p50_ms"]
    print_table("Button press (mock pin pulled low on a thread) → roll", [
        ("figure", "companion", "floor", "ratio / target"),
        ("→ committed p50", f"{commit['p50_ms']:.2f} ms", f"{summary_ms(floor['commit'])['p50_ms']:.2f} ms handler",
         "p99 ≤ 3 ms"),
        ("→ committed p99", f"{commit['p99_ms']:.2f} ms", f"{summary_ms(floor['commit'])['p99_ms']:.2f} ms handler",
         "ok" if commit["p99_ms"] <= 3 else "OVER"),
        ("→ painted p50", f"{paint['p50_ms']:.2f} ms", f"{floor_paint['p50_ms']:.2f} ms bare",
         f"{results['paint_ratio_p50']:.2f}× (≤ 1.2×)"),
        ("→ painted p99", f"{paint['p99_ms']:.2f} ms", f"{floor_paint['p99_ms']:.2f} ms bare",
         f"{paint['p99_ms'] / floor_paint['p99_ms']:.2f}×"),
    ])


def start_once(argv: list[str], marker: bytes) -> tuple[float, int]:
    pid, master = spawn(argv, ENV)
    seconds = read_until(master, marker, timeout=60)
    usage = stop(pid, master)
    return seconds, usage.ru_maxrss


def start_up(results: dict, runs: int) -> None:
    bare = [start_once([sys.executable, str(HERE / "paint_probe.py"), "bare-start"], b"bare app ready")
            for _ in range(runs)]
    companion_bin = str(Path(sys.executable).parent / "companion")
    data = tempfile.mkdtemp()
    ours = [start_once([companion_bin, "--data-dir", data, "--config", os.devnull], b"What are you")
            for _ in range(runs)]
    bare_s = sorted(s for s, _ in bare)[runs // 2]
    ours_s = sorted(s for s, _ in ours)[runs // 2]
    bare_rss = max(r for _, r in bare) / 1024
    ours_rss = max(r for _, r in ours) / 1024
    results["start_to_first_paint_s"] = ours_s
    results["bare_start_to_first_paint_s"] = bare_s
    results["start_ratio"] = ours_s / bare_s
    results["peak_rss_mib"] = ours_rss
    results["bare_peak_rss_mib"] = bare_rss
    results["rss_ratio"] = ours_rss / bare_rss
    print_table(f"Start → first screen painted (median of {runs}), and peak RSS", [
        ("figure", "companion", "bare Textual app", "ratio / target"),
        ("start → painted", f"{ours_s * 1000:.0f} ms", f"{bare_s * 1000:.0f} ms", f"{ours_s / bare_s:.2f}× (≤ 1.5×)"),
        ("peak RSS", f"{ours_rss:.1f} MiB", f"{bare_rss:.1f} MiB", f"{ours_rss / bare_rss:.2f}× (≤ 1.5×)"),
    ])


def journal(results: dict, appends: int, open_events: int) -> None:
    directory = Path(tempfile.mkdtemp())
    store = GameStore(directory / "games.sqlite3")
    game = store.create_game("dice")
    samples = []
    for _ in range(appends):
        started = time.perf_counter()
        store.append(game.id, [ROLL], datetime.now(UTC))
        samples.append(time.perf_counter() - started)

    raw = sqlite3.connect(directory / "raw.sqlite3", isolation_level=None)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("PRAGMA synchronous=FULL")
    raw.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, payload TEXT)")
    payload = ROLL.model_dump_json()
    floor = []
    for _ in range(appends):
        started = time.perf_counter()
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("INSERT INTO t (payload) VALUES (?)", (payload,))
        raw.execute("COMMIT")
        floor.append(time.perf_counter() - started)

    big = store.create_game("dice")
    now = datetime.now(UTC)
    for _ in range(open_events // 1000):
        store.append(big.id, [ROLL] * 1000, now)
    started = time.perf_counter()
    session = GameSession(store, store.game(big.id), DiceRules(None))
    opened = time.perf_counter() - started
    assert len(session.state.history) == open_events
    started = time.perf_counter()
    rows = raw.execute("SELECT seq, payload FROM t").fetchall() + list(store.raw_records(big.id))
    read_floor = time.perf_counter() - started
    store.close()

    ours, bare = summary_ms(samples), summary_ms(floor)
    results["journal_append"] = ours
    results["sqlite_commit_floor"] = bare
    results["open_10k_events_ms"] = opened * 1000
    results["read_10k_rows_floor_ms"] = read_floor * 1000
    print_table("Journal (SQLite WAL, synchronous=FULL)", [
        ("figure", "companion", "floor", "ratio / target"),
        ("append p50", f"{ours['p50_ms']:.3f} ms", f"{bare['p50_ms']:.3f} ms raw commit",
         f"{ours['p50_ms'] / bare['p50_ms']:.2f}×"),
        ("append p99", f"{ours['p99_ms']:.3f} ms", f"{bare['p99_ms']:.3f} ms raw commit",
         f"{ours['p99_ms'] / bare['p99_ms']:.2f}×"),
        (f"open a game of {open_events} events", f"{opened * 1000:.0f} ms",
         f"{read_floor * 1000:.0f} ms raw read of {len(rows)} rows", "≤ 300 ms"),
    ])


def run(results: dict, quick: bool = False) -> None:
    spine = results.setdefault("spine", {})
    press_to_screen(spine, 60 if quick else 200)
    start_up(spine, 3 if quick else 5)
    journal(spine, 300 if quick else 1000, 10_000)
