"""Runs the benchmarks, prints their tables, and writes the figures as JSON with `--json PATH`.

    python3 dev.py bench [--quick] [--json PATH] [SUITE ...]

`--quick` is a smoke run: fewer rounds and samples, smaller games; its figures are not the ones to quote.
"""

import argparse
import importlib
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

SUITES = ["startup", "press", "long_games", "dice_stats", "board", "point_blank", "speech"]


def machine() -> dict:
    """What the figures were taken on."""
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        cpu = dict(line.split(":", 1) for line in lscpu.splitlines() if ":" in line)
        model = cpu.get("Model name", "").strip()
    except (OSError, subprocess.CalledProcessError):
        model = platform.processor()
    return {"cpu": model, "cores": os.cpu_count(), "machine": platform.machine(),
            "python": platform.python_version(), "system": platform.platform(),
            "load_average_at_start": os.getloadavg()[0], "when": time.strftime("%Y-%m-%d %H:%M:%S %z")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    parser.add_argument("suites", nargs="*", default=SUITES, help=f"which to run (default: {' '.join(SUITES)})")
    args = parser.parse_args()
    results: dict = {"machine": machine(), "quick": args.quick}
    print(f"{results['machine']['cpu']}, {results['machine']['cores']} cores, Python {results['machine']['python']},"
          f" load average {results['machine']['load_average_at_start']:.1f}{' (quick run)' if args.quick else ''}")
    for name in args.suites:
        if not (HERE / f"{name}.py").exists():
            print(f"\n({name}: no benchmark yet)")
            continue
        suite = importlib.import_module(name)
        if "quick" in suite.run.__code__.co_varnames:
            suite.run(results, quick=args.quick)
        else:
            suite.run(results)
    results["machine"]["load_average_at_end"] = os.getloadavg()[0]
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2))
        print(f"\nfigures written to {args.json}")


if __name__ == "__main__":
    main()
