#!/usr/bin/env python3
"""Sets up a virtual environment on first use, then runs the app, the tests or the benchmarks.

    python3 dev.py run [ARGS...]     the companion app (ARGS go to `companion`)
    python3 dev.py test [ARGS...]    lint (ruff), types (mypy), then the test suite (ARGS go to pytest;
                                     with ARGS only pytest runs, for a quick look at a few tests)
    python3 dev.py bench [ARGS...]   the benchmarks (ARGS go to bench/run.py)

Needs only Python 3.11+. The environment lives in .venv and is rebuilt when pyproject.toml changes.
"""

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def on_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="ignore")
    except OSError:
        return False


def ensure_environment(extras: list[str]) -> None:
    if on_raspberry_pi():
        extras = [*extras, "pi"]
    wanted = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + ",".join(sorted(extras)).encode()
    ).hexdigest()
    stamp = VENV / f".installed-{'-'.join(sorted(extras)) or 'app'}"
    if stamp.exists() and stamp.read_text() == wanted:
        return
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py is what tells an older Python so)
        sys.exit(f"companion needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not (BIN / "python").exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{','.join(extras)}]" if extras else "."
    print(f"Installing {target} into .venv ...", flush=True)
    subprocess.run(
        [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--editable", target],
        cwd=ROOT,
        check=True,
    )
    stamp.write_text(wanted)


def check_everything() -> int:
    """ruff, mypy and the whole suite, each to the end; fails if any failed."""
    steps = [
        ("lint", [str(BIN / "ruff"), "check", "."]),
        ("types", [str(BIN / "mypy")]),
        ("tests", [str(BIN / "python"), "-m", "pytest"]),
    ]
    failed = []
    for name, program in steps:
        print(f"== {name}: {' '.join(Path(program[0]).name if i == 0 else part for i, part in enumerate(program))}",
              flush=True)
        if subprocess.run(program, cwd=ROOT).returncode != 0:
            failed.append(name)
    if failed:
        print(f"== failed: {', '.join(failed)}", flush=True)
        return 1
    return 0


def main() -> None:
    command, *args = sys.argv[1:] or ["run"]
    if command == "run":
        ensure_environment([])
        program = [str(BIN / "companion"), *args]
    elif command == "test":
        ensure_environment(["test"])
        os.chdir(ROOT)
        # The suite starts the companion in a subprocess dozens of times and rewrites its own asserts:
        # without byte-code caches each one compiles everything again (a fifth of the suite's time, measured).
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        if not args:
            sys.exit(check_everything())
        program = [str(BIN / "python"), "-m", "pytest", *args]
    elif command == "bench":
        ensure_environment(["test"])
        # An installation has its modules compiled (pip does it, and every start after the first):
        # without byte-code caches each start timed would compile the companion's changed modules again.
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        program = [str(BIN / "python"), str(ROOT / "bench" / "run.py"), *args]
    else:
        sys.exit(__doc__)
    os.chdir(ROOT)
    os.execv(program[0], program)


if __name__ == "__main__":
    main()
