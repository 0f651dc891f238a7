"""The Pico's entry point: the USB serial link carries protocol frames, so Ctrl-C must not interrupt."""

import micropython

import pins
from hal import PicoHal
from logic import Firmware, pin_map_problems, run

problems = pin_map_problems(pins)
if problems:
    # Said on the USB serial console (mpremote shows it; Ctrl-D there boots again and repeats it);
    # the board does not start, so the REPL stays free for fixing pins.py.
    print("companion board: not started, pins.py needs fixing:")
    for problem in problems:
        print("  " + problem)
else:
    # A 0x03 byte inside a frame would otherwise raise KeyboardInterrupt and stop the firmware.
    # To get the REPL back, hold the roll button while plugging in (see README.md).
    hal = PicoHal(pins)
    if not hal.pressed(pins.BUTTONS[0][0]):
        micropython.kbd_intr(-1)
        run(hal, Firmware(pins, hal.board_id(), hal.boot_nonce()))
