"""The firmware checks its pin map at boot, under CPython and under the real MicroPython unix port."""

import os
import select
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from firmware_bridge import codec, messages
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


ROLL = (1, "roll")


@pytest.mark.parametrize(("buttons", "problem"), [
    ([ROLL, (2, "side", 0)], "side 0: a side button's value is the side, 1 or 2"),
    ([ROLL, (2, "side")], "side: a side button's value is the side, 1 or 2"),
    ([ROLL, (2, "face")], "face: a face key's value is the face, 0 to 10"),
    ([(30, "roll")], "roll: 30 is not a GP pin (0 to 29)"),
    ([(True, "roll")], "roll: True is not a GP pin (0 to 29)"),
    ([ROLL, (2,)], "BUTTONS entry (2,): write (GP pin, control) or (GP pin, control, value)"),
    ([], 'BUTTONS has no roll button: add (GP pin, "roll"); holding it at boot is the way back to the REPL'),
    ([(2, "undo"), (3, "face", 1)],
     'BUTTONS has no roll button: add (GP pin, "roll"); holding it at boot is the way back to the REPL'),
])
def test_a_single_mistake_is_named(buttons, problem):
    assert pin_map_problems(pin_map(buttons)) == [problem]


@pytest.mark.parametrize(("names", "problem"), [
    ({"LEDS": [25]}, "BUTTONS is missing: write the buttons as a list, [(GP pin, control), ...]"),
    ({"BUTTONS": (2, "roll")}, "BUTTONS = (2, 'roll'): write the buttons as a list, [(GP pin, control), ...]"),
    ({"BUTTONS": 2}, "BUTTONS = 2: write the buttons as a list, [(GP pin, control), ...]"),
    ({"BUTTONS": [ROLL], "LEDS": 25}, "LEDS = 25: write the LEDs' GP pins as a list, [25, 15], or [] for none"),
    ({"BUTTONS": [ROLL], "DEBOUNCE_MS": "20"}, "DEBOUNCE_MS = '20': a whole number from 0 to 1000"),
    ({"BUTTONS": [ROLL], "HOLD_MS": -1}, "HOLD_MS = -1: a whole number from 0 to 60000"),
    ({"BUTTONS": [ROLL], "DISPLAY_DIGITS": 1.5}, "DISPLAY_DIGITS = 1.5: a whole number from 0 to 255"),
])
def test_a_pin_map_missing_a_name_or_giving_it_the_wrong_kind_of_value_is_named(names, problem):
    assert pin_map_problems(SimpleNamespace(**names)) == [problem]


def test_a_pin_map_without_leds_is_a_board_without_leds():
    buttons_only = SimpleNamespace(BUTTONS=[(2, "roll"), (3, "face", 1)])
    assert pin_map_problems(buttons_only) == []
    assert Firmware(buttons_only, b"board", 1).leds == []


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


@pytest.mark.parametrize(("pins", "problem"), [
    ("BUTTONS = []\nLEDS = [25]\n",
     'BUTTONS has no roll button: add (GP pin, "roll"); holding it at boot is the way back to the REPL'),
    ("LEDS = [25]\n", "BUTTONS is missing: write the buttons as a list, [(GP pin, control), ...]"),
])
def test_the_picos_entry_point_under_micropython_names_a_missing_roll_button_or_button_list(tmp_path, pins,
                                                                                             problem):
    (tmp_path / "pins.py").write_text(pins)
    result = boot_the_pico(tmp_path, held=())
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["companion board: not started, pins.py needs fixing:", f"  {problem}"]


FAKE_MACHINE = """\
\"\"\"The Pico's `machine` for the unix port: the pins in HELD read as pressed (pulled to ground).\"\"\"
HELD = {held!r}


class Pin:
    IN, OUT, PULL_UP = 0, 1, 2

    def __init__(self, number, mode=-1, pull=-1, value=None):
        self.number = number

    def value(self, *level):
        return None if level else (0 if self.number in HELD else 1)


def unique_id():
    return b"fakepico"
"""


def boot_the_pico(folder: Path, held: tuple[int, ...]) -> subprocess.CompletedProcess:
    """The Pico's own main.py and hal.py under MicroPython, with the pins in `held` pressed at boot,
    for a board that does not start (a running one would never end)."""
    with_machine(folder, held)
    return subprocess.run([MICROPYTHON, str(folder / "main.py")], capture_output=True, text=True, timeout=30,
                          env={**os.environ, "MICROPYPATH": micropython_path(folder)})


def with_machine(folder: Path, held: tuple[int, ...]) -> None:
    (folder / "machine.py").write_text(FAKE_MACHINE.format(held=held))
    shutil.copy(HERE.parent / "firmware_bridge" / "firmware" / "main.py", folder)


def first_frame(process: subprocess.Popen, timeout: float = 30) -> codec.Frame:
    """The first frame the board sends on its USB serial (stdout)."""
    assert process.stdout is not None
    decoder, fd, said = codec.Decoder(), process.stdout.fileno(), b""
    while True:
        ready, _, _ = select.select([fd], [], [], timeout)
        assert ready, f"the board sent no frame: {said!r}"
        data = os.read(fd, 4096)
        said += data
        assert data, f"the board ended: {said!r} {process.communicate()[1]!r}"
        if frames := decoder.feed(data):
            return frames[0]


UNDO_FIRST = """\
BUTTONS = [
    (3, "undo"),
    (2, "roll"),
    (4, "face", 1),
]
"""


def start_the_pico(folder: Path, held: tuple[int, ...]) -> codec.Frame:
    """The Pico's main.py and hal.py under MicroPython, with the pins in `held` pressed at boot: the
    first frame the board sends on its USB serial, once it runs."""
    with_machine(folder, held)
    board = subprocess.Popen([MICROPYTHON, str(folder / "main.py")], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "MICROPYPATH": micropython_path(folder)})
    try:
        return first_frame(board)
    finally:
        board.kill()
        board.communicate()


def test_the_pico_starts_on_a_pin_map_without_leds_as_a_board_without_leds(tmp_path):
    (tmp_path / "pins.py").write_text(UNDO_FIRST)
    announced = start_the_pico(tmp_path, held=()).message
    assert isinstance(announced, messages.HelloAck)
    assert (announced.board_id, announced.leds, announced.linked) == (b"fakepico", 0, 0)


def test_a_button_listed_before_the_roll_button_held_at_boot_does_not_keep_the_pico_from_starting(tmp_path):
    (tmp_path / "pins.py").write_text(UNDO_FIRST + "LEDS = [25]\n")
    announced = start_the_pico(tmp_path, held=(3,)).message
    assert isinstance(announced, messages.HelloAck) and announced.leds == 1


def test_holding_the_roll_button_at_boot_leaves_the_repl_free_wherever_it_is_listed(tmp_path):
    (tmp_path / "pins.py").write_text(UNDO_FIRST + "LEDS = [25]\n")
    result = boot_the_pico(tmp_path, held=(2,))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "companion board: not started, the roll button was held: the REPL is free\n"
