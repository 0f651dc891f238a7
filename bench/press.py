"""A button press in the dice roller: press → committed, and press → painted where the bytes reach the
terminal, on normal storage and on slow storage (every sync 20 ms longer), each against its floor
measured in the same run, interleaved.

Floors: a bare Textual app (bench/bare_app.py: a thread hands a press to the UI thread's loop, as
the companion's pins do, and the handler updates one Static) read on a pty the same way, and a raw
durable SQLite commit of one row (bench/raw_commit.py, WAL and synchronous=FULL, in its own process
with the same storage, its commits spaced as the presses are). The companion runs in
bench/press_probe.py: the roll button's mock pin is pulled low on a thread, as gpiozero would.

One press at a time (the next only once the last is painted, after a random 40-80 ms) for the
latencies; presses paced at 10 a second, with a line redrawn every frame, for the gaps between
frames. Every roll's commit (stamped in the probe) is checked to come before its bytes reached the
terminal.

    python bench/press.py [--quick]
"""

import contextlib
import itertools
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import slow_sync  # noqa: E402
from pty_run import Screen, drain_until_exit, spawn  # noqa: E402
from stats import percentile, print_table, spread, summary_ms, verdict  # noqa: E402

ENV = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_FAKE_BOARD": "0", "TERM": "xterm-256color"}
FRAME = 1 / 60
"""Textual paints at most 60 frames a second."""
MARKS = re.compile(rb"(?:roll|poke|tick) \d+[:;]")
PACE = 0.1
"""Seconds between presses in the paced runs: 10 a second."""
SAME_FRAME = 0.003
"""Bytes arriving within this long of the last are taken as the same frame's (a frame takes a few ms
to render and comes out in one write or a few)."""
BETWEEN_PRESSES = (0.04, 0.08)
"""Seconds from one roll painted to the next press, drawn at random; the raw commits are spaced the same."""


@dataclass
class Probe:
    """One probe process's presses: when each was made, committed (the companion) and painted."""

    pressed: list[float]
    committed: list[float]
    painted: list[float | None]
    """None: neither the roll nor a later one reached the terminal (within 10 s of the last press)."""
    ticks: list[float]
    """When each frame's redrawn line arrived, in the paced runs."""
    arrivals: list[float]
    """When any bytes arrived."""

    @property
    def to_paint(self) -> list[float]:
        return [painted - pressed for pressed, painted in zip(self.pressed, self.painted, strict=True)
                if painted is not None]

    @property
    def never_painted(self) -> int:
        return self.painted.count(None)

    @property
    def to_commit(self) -> list[float]:
        return [committed - pressed for pressed, committed in zip(self.pressed, self.committed, strict=True)]

    @property
    def painted_before_committed(self) -> int:
        """Rolls whose line reached the terminal before their commit returned (or with no commit at all)."""
        committed = self.committed + [float("inf")] * (len(self.painted) - len(self.committed))
        return sum(painted is not None and painted <= commit for commit, painted in zip(committed, self.painted,
                                                                                       strict=True))

    @property
    def frame_gaps(self) -> list[float]:
        """Between ticks painted from the first press until the last roll's paint."""
        return self._gaps(self.ticks)

    @property
    def output_gaps(self) -> list[float]:
        """Between frames reaching the terminal, whatever they drew, over the same time: a tick can
        miss the frame after it (see docs/performance.md, "Frame gaps") while frames still come."""
        frames = [at for earlier, at in itertools.pairwise([0.0, *self.arrivals]) if at - earlier > SAME_FRAME]
        return self._gaps(frames)

    def _gaps(self, times: list[float]) -> list[float]:
        last = max((painted for painted in self.painted if painted is not None), default=self.pressed[-1])
        shown = [at for at in times if self.pressed[0] <= at <= last]
        return [later - earlier for earlier, later in itertools.pairwise(shown)]


def probe(kind: str, presses: int, env: dict[str, str], paced: bool = False) -> Probe:
    folder = Path(tempfile.mkdtemp(prefix=f"companion-press-{kind}-"))
    stamps = folder / "stamps.json"
    go_read, go_write = os.pipe()
    ticking = ["tick"] if paced else []
    if kind == "bare":
        argv = [sys.executable, str(HERE / "bare_app.py"), "probe", str(go_read), str(stamps), *ticking]
        ready, word = b"bare app ready", b"poke"
    else:
        argv = [sys.executable, str(HERE / "press_probe.py"), str(go_read), str(stamps), str(folder / "data"), *ticking]
        ready, word = b"press Roll", b"roll"
    pid, master = spawn(argv, env, keep_fds=[go_read])
    os.close(go_read)
    screen = Screen(master, pid, MARKS)
    try:
        screen.wait_for(ready, timeout=60)
        screen.drain(time.monotonic() + 1.0)  # start-up's late work (the board search) is done
        started = time.monotonic()
        for number in range(1, presses + 1):
            if paced:
                screen.drain(started + number * PACE)
            else:
                screen.drain(time.monotonic() + random.uniform(*BETWEEN_PRESSES))
            os.write(go_write, b"p")
            if not paced:
                screen.wait_seen(word + b" %d:" % number, timeout=10)
        with contextlib.suppress(TimeoutError):  # counted below as never painted
            screen.wait_seen(word + b" %d:" % presses, timeout=10)
    finally:
        os.close(go_write)
        status = drain_until_exit(pid, master, timeout=30)
    if status != 0 or not stamps.exists():
        raise RuntimeError(f"the {kind} probe failed (wait status {status})")
    stamped = json.loads(stamps.read_text())
    shutil.rmtree(folder, ignore_errors=True)
    return Probe(
        pressed=stamped["pressed"],
        committed=stamped.get("committed", []),
        painted=shown_by(screen.seen, word, presses),
        ticks=sorted(at for mark, at in screen.seen.items() if mark.startswith(b"tick")),
        arrivals=screen.arrivals,
    )


def shown_by(seen: dict[bytes, float], word: bytes, presses: int) -> list[float | None]:
    """When each roll was first on the terminal: its own line, or a later roll's, since rolls
    committed together are drawn in one frame, the newest in the roll line, the others in the history."""
    painted: list[float | None] = []
    earliest: float | None = None
    for number in range(presses, 0, -1):
        arrived = seen.get(word + b" %d:" % number)
        if arrived is not None and (earliest is None or arrived < earliest):
            earliest = arrived
        painted.append(earliest)
    return painted[::-1]


def raw_commits(count: int, env: dict[str, str]) -> list[float]:
    with tempfile.TemporaryDirectory(prefix="companion-raw-") as folder:
        done = subprocess.run([sys.executable, str(HERE / "raw_commit.py"), str(count), folder,
                               *map(str, BETWEEN_PRESSES)],
                              env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def rounds_of(rounds: int, presses: int, env: dict[str, str]) -> dict[str, list[float]]:
    """Bare, companion and raw commits, in a rotating order, one press at a time."""
    samples: dict[str, list[float]] = {"bare paint": [], "paint": [], "commit": [], "raw commit": [], "early": [],
                                       "missing": []}
    steps = ["bare", "companion", "raw"]
    for round_ in range(rounds):
        for step in steps[round_ % 3:] + steps[: round_ % 3]:
            if step == "raw":
                samples["raw commit"] += raw_commits(presses, env)
            elif step == "bare":
                samples["bare paint"] += probe("bare", presses, env).to_paint
            else:
                measured = probe("companion", presses, env)
                samples["paint"] += measured.to_paint
                samples["commit"] += measured.to_commit
                samples["early"].append(measured.painted_before_committed)
                samples["missing"].append(measured.never_painted)
    return samples


def normal_storage(results: dict, rounds: int, presses: int) -> None:
    samples = rounds_of(rounds, presses, ENV)
    paint, bare, raw, commit = (summary_ms(samples[key]) for key in ("paint", "bare paint", "raw commit", "commit"))
    floor = bare["p50_ms"] + raw["p50_ms"]
    ratio = paint["p50_ms"] / floor
    early = sum(samples["early"])
    results["normal_storage"] = {"press_to_paint": paint, "bare_paint": bare, "raw_commit": raw,
                                 "press_to_commit": commit, "paint_ratio_p50": ratio, "painted_before_committed": early}
    print_table(f"Press → roll, normal storage: {rounds} interleaved rounds of {presses} presses", [
        ("figure", "companion min / median / max (p99)", "floor min / median / max (p99)", "target"),
        ("press → committed", f"{spread(commit)} ({commit['p99_ms']:.2f})", "",
         f"p99 ≤ 3 ms: {verdict(commit['p99_ms'] <= 3)}"),
        ("press → painted (pty)", f"{spread(paint)} ({paint['p99_ms']:.2f})",
         f"bare paint {spread(bare)} ({bare['p99_ms']:.2f}) + raw commit {spread(raw)} ({raw['p99_ms']:.2f})",
         f"median ≤ 1.2 × floor ({floor:.2f} ms): {ratio:.2f} × {verdict(ratio <= 1.2)}"),
        ("painted before committed", f"{early} of {len(samples['commit'])}", "", f"none: {verdict(early == 0)}"),
    ])


def slow_storage(results: dict, rounds: int, presses: int, paced_presses: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="companion-slow-sync-"))
    try:
        library, why = slow_sync.build(folder)
        if library is None:
            print(f"\nPress → roll, slow storage: {why}")
            results["slow_storage"] = {"skipped": why}
            return
        env = slow_sync.environment(library, ENV)
        samples = rounds_of(rounds, presses, env)
        gaps: dict[str, list[float]] = {"bare": [], "companion": []}
        output_gaps: dict[str, list[float]] = {"bare": [], "companion": []}
        paced_early = paced_missing = 0
        for round_ in range(rounds):
            for kind in ("bare", "companion") if round_ % 2 == 0 else ("companion", "bare"):
                paced = probe(kind, paced_presses, env, paced=True)
                gaps[kind] += paced.frame_gaps
                output_gaps[kind] += paced.output_gaps
                if kind == "companion":
                    paced_early += paced.painted_before_committed
                    paced_missing += paced.never_painted
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    paint, raw, bare = (summary_ms(samples[key]) for key in ("paint", "raw commit", "bare paint"))
    target = raw["p50_ms"] + 2 * FRAME * 1000
    early = sum(samples["early"]) + paced_early
    worst_gap = {kind: max(found) * 1000 for kind, found in gaps.items()}
    p99_gap = {kind: percentile(found, 0.99) * 1000 for kind, found in gaps.items()}
    results["slow_storage"] = {
        "sync_ms": slow_sync.SYNC_MS, "press_to_paint": paint, "raw_commit": raw, "bare_paint": bare,
        "target_ms": target, "frame_gap_max_ms": worst_gap, "frame_gap_p99_ms": p99_gap,
        "frame_gap_median_ms": {kind: statistics.median(found) * 1000 for kind, found in gaps.items()},
        "output_gap_max_ms": {kind: max(found) * 1000 for kind, found in output_gaps.items()},
        "output_gap_p99_ms": {kind: percentile(found, 0.99) * 1000 for kind, found in output_gaps.items()},
        "painted_before_committed": early, "never_painted_at_10_a_second": paced_missing,
    }
    print_table(f"Press → roll, slow storage (fsync + {slow_sync.SYNC_MS} ms): {rounds} interleaved rounds of {presses}"
                f" presses, then {paced_presses} presses at {1 / PACE:.0f} a second", [
        ("figure", "companion", "floor", "target"),
        ("press → painted (pty)", f"{spread(paint)} (p99 {paint['p99_ms']:.1f})",
         f"raw commit {spread(raw)}; bare paint {spread(bare)}",
         f"median ≤ raw commit + 2 frames ({target:.1f} ms): {verdict(paint['p50_ms'] <= target)}"),
        ("gap between frames, 10 presses/s", f"median {statistics.median(gaps['companion']) * 1000:.1f}, "
         f"p99 {p99_gap['companion']:.1f}, max {worst_gap['companion']:.1f} ms",
         f"bare: median {statistics.median(gaps['bare']) * 1000:.1f}, p99 {p99_gap['bare']:.1f}, "
         f"max {worst_gap['bare']:.1f} ms",
         f"max ≤ 2 frames ({2 * FRAME * 1000:.1f} ms): {verdict(worst_gap['companion'] <= 2 * FRAME * 1000)}"),
        ("  the same, any frame's bytes", f"p99 {percentile(output_gaps['companion'], 0.99) * 1000:.1f}, "
         f"max {max(output_gaps['companion']) * 1000:.1f} ms",
         f"bare: p99 {percentile(output_gaps['bare'], 0.99) * 1000:.1f}, max {max(output_gaps['bare']) * 1000:.1f} ms",
         "(for reading the line above)"),
        ("painted before committed", f"{early} of {len(samples['commit']) + rounds * paced_presses}", "",
         f"none: {verdict(early == 0)}"),
        ("rolls not shown within 10 s, 10 presses/s", f"{paced_missing} of {rounds * paced_presses}", "",
         f"none: {verdict(paced_missing == 0)}"),
    ])


def run(results: dict, quick: bool = False) -> None:
    figures: dict = {}
    normal_storage(figures, rounds=2 if quick else 4, presses=30 if quick else 100)
    slow_storage(figures, rounds=2 if quick else 4, presses=15 if quick else 50, paced_presses=30 if quick else 100)
    results["press"] = figures


if __name__ == "__main__":
    run({}, quick="--quick" in sys.argv)
