"""Start → first paint and memory, for `companion` (home, and resuming a Point Blank game) and
`companion dice 2d6`, against a bare Textual app with one Static (bench/bare_app.py), interleaved in
the same run.

Each program runs on its own pty. First paint: from just before the fork until a text of its
first screen reaches the terminal (the pty is read, so Textual's writer thread and the kernel are
inside the figure). Memory: VmRSS and VmHWM (peak) from /proc 2 s after the first paint, while the
program runs; the terminal is read meanwhile so it never blocks. Rounds run the three programs
in a rotating order; ratios are taken per round (neighbours in time share the machine's load).

    python bench/startup.py [--quick]
"""

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from pty_run import Screen, cpu_seconds, drain_until_exit, memory_kib, spawn, stop  # noqa: E402
from stats import print_table, verdict  # noqa: E402

ENV = {**{name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"},
       "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_FAKE_BOARD": "0", "TERM": "xterm-256color"}
"""The warm-up run writes the byte code every later start reads, as an installation's would."""
SETTLE = 2.0
"""Seconds after the first paint at which memory is read: start-up's late work (the board search,
the collector's first run) is done by then."""
TARGET = 1.5
CONFIG = """\
[pins]
roll = 17
undo = 27
confirm = 22
next = 23
roll_led = 24
faces = [5, 6, 12, 13, 16, 26]

[gpio]
debounce_ms = 20
"""


FIRST_SCREEN = {"bare": "Screen", "bare + home's libraries": "Screen", "bare + a game's libraries": "Screen",
                "home": "HomeScreen", "dice 2d6": "DiceScreen", "resume Point Blank": "PointBlankScreen"}
"""The class of each program's first screen (Textual's default screen for the bare app)."""


def programs(folder: Path) -> dict[str, tuple[list[str], bytes]]:
    """Name → (argv, a text of its first screen)."""
    companion = str(Path(sys.executable).parent / "companion")
    config = folder / "config.toml"
    config.write_text(CONFIG)
    common = ["--config", str(config)]
    return {
        "bare": ([sys.executable, str(HERE / "bare_app.py")], b"bare app ready"),
        "bare + home's libraries": ([sys.executable, str(HERE / "bare_app.py"), "libraries"], b"bare app ready"),
        "bare + a game's libraries": ([sys.executable, str(HERE / "bare_app.py"), "libraries", "pydantic"],
                                      b"bare app ready"),
        "home": ([companion, "--data-dir", str(folder / "home"), *common], b"What are you playing?"),
        "dice 2d6": ([companion, "--data-dir", str(folder / "dice"), *common, "dice", "2d6"], b"Dice: 2d6"),
        # A table's usual start: `companion` goes straight back into the last game, here the heaviest one's.
        "resume Point Blank": ([companion, "--data-dir", str(folder / "point_blank"), *common], b"cards left"),
    }


def start_a_point_blank_game(data_dir: Path) -> None:
    """A Point Blank game in the games file, begun as the app begins one (free play), for `companion` to resume."""
    from companion.bootstrap import bootstrap

    companion = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), env={}, fake_board=False)
    try:
        _, session = companion.new_game("point_blank")
        session.close()
    finally:
        companion.close()


def start_once(argv: list[str], marker: bytes) -> tuple[float, int, int, float]:
    """(seconds to first paint, VmRSS and VmHWM in KiB 2 s later, CPU seconds used by the first paint)."""
    started = time.monotonic()
    pid, master = spawn(argv, ENV)
    screen = Screen(master, pid)
    try:
        painted = screen.wait_for(marker, timeout=60)
        cpu = cpu_seconds(pid)
        screen.drain(painted + SETTLE)
        rss, peak = memory_kib(pid)
    finally:
        stop(pid, master)
    return painted - started, rss, peak, cpu


def instructions_to_first_paint(argv: list[str], screen: str, folder: Path) -> int:
    """Instructions executed until the first frame of `screen` was written, counted by cachegrind:
    the same on a quiet machine and a busy one."""
    counts = folder / f"cachegrind.{screen}.{len(list(folder.iterdir()))}"
    program = argv[0] if argv[0] != sys.executable else argv[1]
    arguments = argv[1:] if argv[0] != sys.executable else argv[2:]
    pid, master = spawn(["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={counts}",
                         f"--log-file={counts}.log", sys.executable, str(HERE / "first_frame.py"), screen, program,
                         *arguments], {**ENV, "PYTHONHASHSEED": "0"})
    drain_until_exit(pid, master, timeout=600)
    found = re.search(r"^summary:\s+(\d+)", counts.read_text(), re.MULTILINE)
    if found is None:
        raise RuntimeError(f"cachegrind counted nothing for {' '.join(argv)}")
    return int(found.group(1))


Samples = dict[str, list[tuple[float, int, int, float]]]


def measure(rounds: int, count: bool) -> tuple[Samples, dict[str, int]]:
    """The timed rounds, and when `count`, the instructions to each program's first paint (once each:
    valgrind runs a program some 30 times slower, and the count hardly varies)."""
    folder = Path(tempfile.mkdtemp(prefix="companion-startup-"))
    try:
        runs = programs(folder)
        # The games file and the dice game exist, and every module is compiled, before timing starts.
        subprocess.run([*runs["home"][0], "games"], env=ENV, check=True, capture_output=True)
        start_a_point_blank_game(folder / "point_blank")
        for argv, marker in runs.values():
            start_once(argv, marker)
        samples: Samples = {name: [] for name in runs}
        names = list(runs)
        for round_ in range(rounds):
            for name in names[round_ % len(names):] + names[: round_ % len(names)]:
                samples[name].append(start_once(*runs[name]))
        counts = {name: instructions_to_first_paint(argv, FIRST_SCREEN[name], folder)
                  for name, (argv, _) in runs.items()} if count else {}
        return samples, counts
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def spread(values: list[float], scale: float = 1.0, digits: int = 0) -> str:
    return " / ".join(f"{v * scale:.{digits}f}" for v in (min(values), statistics.median(values), max(values)))


def run(results: dict, quick: bool = False) -> None:
    rounds = 3 if quick else 9
    count = not quick and shutil.which("valgrind") is not None
    samples, counts = measure(rounds, count)
    bare = samples["bare"]
    figures: dict = {"rounds": rounds, "settle_s": SETTLE, "instructions_to_first_paint": counts}
    rows = [("figure (min / median / max)", "measured", "bare Textual app", "per-round ratio", "target")]
    for name, runs in samples.items():
        figures[name] = {"first_paint_s": [s[0] for s in runs], "rss_kib": [s[1] for s in runs],
                         "peak_rss_kib": [s[2] for s in runs], "cpu_to_paint_s": [s[3] for s in runs]}
    for name in ("home", "dice 2d6", "resume Point Blank", "bare + home's libraries", "bare + a game's libraries"):
        ours = samples[name]
        time_ratios = [o[0] / b[0] for o, b in zip(ours, bare, strict=True)]
        cpu_ratios = [o[3] / b[3] for o, b in zip(ours, bare, strict=True)]
        rss_ratio = statistics.median(o[1] for o in ours) / statistics.median(b[1] for b in bare)
        peak_ratio = statistics.median(o[2] for o in ours) / statistics.median(b[2] for b in bare)
        figures[name].update(time_ratio=time_ratios, cpu_ratio=cpu_ratios, rss_ratio=rss_ratio,
                             peak_rss_ratio=peak_ratio)
        typical = statistics.median(time_ratios)
        floor = name.startswith("bare + ")
        if counts:
            rows.append((f"{name}: instructions to first paint", f"{counts[name] / 1e9:.3f} G",
                         f"{counts['bare'] / 1e9:.3f} G", f"{counts[name] / counts['bare']:.2f} ×",
                         "(cachegrind: the same under any load)" if floor else
                         f"≤ {TARGET} ×: {verdict(counts[name] / counts['bare'] <= TARGET)}"))
        rows += [
            (f"{name}: start → first paint", spread([o[0] for o in ours], 1000) + " ms",
             spread([b[0] for b in bare], 1000) + " ms", spread(time_ratios, digits=2) + " ×",
             "(floor)" if floor else f"median ≤ {TARGET} ×: {verdict(typical <= TARGET)}"),
            (f"{name}: CPU used by then", spread([o[3] for o in ours], 1000) + " ms",
             spread([b[3] for b in bare], 1000) + " ms", spread(cpu_ratios, digits=2) + " ×",
             "(steadier under load)"),
            (f"{name}: RSS {SETTLE:.0f} s after paint", spread([o[1] for o in ours], 1 / 1024, 1) + " MiB",
             spread([b[1] for b in bare], 1 / 1024, 1) + " MiB", f"{rss_ratio:.2f} × (medians)",
             "(floor)" if floor else f"≤ {TARGET} ×: {verdict(rss_ratio <= TARGET)}"),
            (f"{name}: peak RSS by then", spread([o[2] for o in ours], 1 / 1024, 1) + " MiB",
             spread([b[2] for b in bare], 1 / 1024, 1) + " MiB", f"{peak_ratio:.2f} × (medians)",
             "(floor)" if floor else f"≤ {TARGET} ×: {verdict(peak_ratio <= TARGET)}"),
        ]
    if not count and not quick:
        print("\n(valgrind not found: no instruction counts; apt install valgrind)")
    print_table(f"Start-up: {rounds} interleaved rounds, mock pins, on a {os.cpu_count()}-core machine "
                f"(load average {os.getloadavg()[0]:.1f} at the end). 'bare + home's libraries': the bare app "
                "after loading gpiozero and SQLite, which the companion cannot start without; 'a game's': "
                "pydantic too, which a game's events, state and data are made with", rows)
    results["startup"] = figures


if __name__ == "__main__":
    run({}, quick="--quick" in sys.argv)
