"""The firmware checks its pin map at boot, under CPython and under the real MicroPython unix port."""

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from firmware_bridge.firmware import pins as shipped_pins
from firmware_bridge.firmware.logic import Firmware, pin_map_problems
from hw_mocks.fake_board import FIRMWARE_DIRS, HERE

MICROPYTHON = shutil.which("micropython", path=str(Path(sys.executable).parent)) or "micropython"
BAD_PINS = """\
BUTTONS = [
    (2, "roll"),
    (3, "side", 3),
    (4, "face", 11),
    (2, "undo"),
    (5, "jump"),
    (6, "next", 1),
]
LEDS = [25, 4]
"""
BAD_PIN_PROBLEMS = [
    "side 3: a side button's value is the side, 1 or 2",
    "face 11: a face key's value is the face, 0 to 10",
    "GP2 is given to both roll and undo",
    "'jump' is not a control (use face, confirm, next, redo, roll, side, undo)",
    "next 1: only face and side buttons take a value",
    "GP4 is given to both face 11 and LED 1",
]


def pin_map(buttons, leds=()) -> SimpleNamespace:
    return SimpleNamespace(BUTTONS=list(buttons), LEDS=list(leds))


def test_the_shipped_pin_map_has_no_mistakes():
    assert pin_map_problems(shipped_pins) == []


def test_every_mistake_in_a_pin_map_is_named():
    namespace: dict = {}
    exec(BAD_PINS, namespace)
    assert pin_map_problems(pin_map(namespace["BUTTONS"], namespace["LEDS"])) == BAD_PIN_PROBLEMS


@pytest.mark.parametrize(("buttons", "problem"), [
    ([(2, "side", 0)], "side 0: a side button's value is the side, 1 or 2"),
    ([(2, "side")], "side: a side button's value is the side, 1 or 2"),
    ([(2, "face")], "face: a face key's value is the face, 0 to 10"),
    ([(30, "roll")], "roll: 30 is not a GP pin (0 to 29)"),
    ([(True, "roll")], "roll: True is not a GP pin (0 to 29)"),
    ([(2,)], "BUTTONS entry (2,): write (GP pin, control) or (GP pin, control, value)"),
])
def test_a_single_mistake_is_named(buttons, problem):
    assert pin_map_problems(pin_map(buttons)) == [problem]


def test_the_firmware_refuses_to_start_on_a_pin_map_with_mistakes():
    with pytest.raises(ValueError, match=r"^pins\.py: side 3: a side button's value is the side, 1 or 2$"):
        Firmware(pin_map([(2, "roll"), (3, "side", 3)]), b"board", 1)


def micropython_path(pins_dir: Path) -> str:
    return ":".join(str(folder) for folder in [pins_dir, *FIRMWARE_DIRS])


def test_the_picos_entry_point_under_micropython_says_what_is_wrong_and_does_not_start(tmp_path):
    # As on the Pico, main.py sits beside the pin map (a script's own folder comes first on the path).
    (tmp_path / "pins.py").write_text(BAD_PINS)
    shutil.copy(HERE.parent / "firmware_bridge" / "firmware" / "main.py", tmp_path)
    result = subprocess.run([MICROPYTHON, str(tmp_path / "main.py")],
                            capture_output=True, text=True, timeout=30,
                            env={**os.environ, "MICROPYPATH": micropython_path(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["companion board: not started, pins.py needs fixing:",
                                          *(f"  {problem}" for problem in BAD_PIN_PROBLEMS)]


def test_the_unix_port_board_under_micropython_refuses_a_bad_pin_map_on_its_console(tmp_path):
    (tmp_path / "pins.py").write_text(BAD_PINS)
    control_read, control_write = os.pipe()
    replies_read, replies_write = os.pipe()
    try:
        result = subprocess.run(
            [MICROPYTHON, str(HERE / "unix_port_board.py"), str(control_read), str(replies_write)],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
            pass_fds=(control_read, replies_write), env={**os.environ, "MICROPYPATH": micropython_path(tmp_path)},
        )
    finally:
        for fd in (control_read, control_write, replies_read, replies_write):
            os.close(fd)
    assert result.returncode == 1
    assert result.stdout == "", "the serial line carries frames only"
    assert "ValueError: pins.py: side 3: a side button's value is the side, 1 or 2; " in result.stderr
