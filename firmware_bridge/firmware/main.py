"""The Pico's entry point: the USB serial link carries protocol frames, so Ctrl-C must not interrupt."""

import micropython

import pins
from hal import PicoHal
from logic import Firmware, run

# A 0x03 byte inside a frame would otherwise raise KeyboardInterrupt and stop the firmware.
# To get the REPL back, hold the roll button while plugging in (see README.md).
hal = PicoHal(pins)
if not hal.pressed(pins.BUTTONS[0][0]):
    micropython.kbd_intr(-1)
    run(hal, Firmware(pins, hal.board_id(), hal.boot_nonce()))
