"""The Pico's entry point: the USB serial link carries protocol frames, so Ctrl-C must not interrupt."""

import micropython

import pins
from hal import PicoHal
from logic import Firmware, pin_map_problems, roll_pins, run

problems = pin_map_problems(pins)
if problems:
    # Said on the USB serial console (mpremote shows it; Ctrl-D there boots again and repeats it);
    # the board does not start, so the REPL stays free for fixing pins.py.
    print("companion board: not started, pins.py needs fixing:")
    for problem in problems:
        print("  " + problem)
else:
    hal = PicoHal(pins)
    if any(hal.pressed(pin) for pin in roll_pins(pins)):
        print("companion board: not started, the roll button was held: the REPL is free")
    else:
        # A 0x03 byte inside a frame would otherwise raise KeyboardInterrupt and stop the firmware.
        # To get the REPL back, hold the roll button while plugging in (see README.md).
        micropython.kbd_intr(-1)
        run(hal, Firmware(pins, hal.board_id(), hal.boot_nonce()))
