"""Runs every benchmark, prints its table, and writes the figures as JSON with `--json PATH`."""

import argparse
import importlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

SUITES = ["spine", "board", "point_blank", "speech", "dice_stats"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--quick", action="store_true", help="fewer samples, for a smoke run")
    parser.add_argument("suites", nargs="*", default=SUITES, help=f"which to run (default: {' '.join(SUITES)})")
    args = parser.parse_args()
    results: dict = {}
    for name in args.suites:
        if not (HERE / f"{name}.py").exists():
            print(f"\n({name}: no benchmark yet)")
            continue
        suite = importlib.import_module(name)
        if "quick" in suite.run.__code__.co_varnames:
            suite.run(results, quick=args.quick)
        else:
            suite.run(results)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2))
        print(f"\nfigures written to {args.json}")


if __name__ == "__main__":
    main()
