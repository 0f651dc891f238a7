"""The benchmarks' probes still drive the companion: a change of what they hook into must not leave a
bench that times nothing (the press probe once stopped committing when the journal writer's commit
took a new argument, and no test noticed)."""

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import press  # noqa: E402


def test_the_press_probe_presses_the_roll_button_and_each_roll_is_committed_and_painted():
    probed = press.probe("companion", presses=2, env=press.ENV)

    assert len(probed.pressed) == 2
    assert len(probed.committed) == 2
    assert probed.never_painted == 0
    assert probed.painted_before_committed == 0
