"""The benchmarks still run against the companion as it is: a change of what they import or hook into
must not leave a bench that fails or times nothing (the press probe once stopped committing when the
journal writer's commit took a new argument, and `long_games` imported `Record` from where it had
left, and no test noticed)."""

import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import press  # noqa: E402


@pytest.mark.parametrize("suite", sorted(path.stem for path in BENCH.glob("*.py")))
def test_every_bench_module_imports(suite):
    importlib.import_module(suite)


def test_the_press_probe_presses_the_roll_button_and_each_roll_is_committed_and_painted():
    probed = press.probe("companion", presses=2, env=press.ENV)

    assert len(probed.pressed) == 2
    assert len(probed.committed) == 2
    assert probed.never_painted == 0
    assert probed.painted_before_committed == 0
