"""The board's pin map: edit this file on the board (mpremote edit :pins.py) to match your wiring.

GP numbers are the Pico's GPIO numbers, not its physical pin numbers. Every button is wired between
its GP pin and any GND pin; the internal pull-up is used, so no resistors are needed.
"""

# (GP pin, control, value): control is roll, undo, redo, confirm, next, side (value 1 or 2),
# or face (value = the face, 1 to 10). A roll button is required: held while the board is plugged
# in, it keeps the board from starting and leaves the REPL free (see README.md).
BUTTONS = [
    (2, "roll"),
    (3, "undo"),
    (4, "redo"),
    (5, "confirm"),
    (6, "next"),
    (7, "face", 1),
    (8, "face", 2),
    (9, "face", 3),
    (10, "face", 4),
    (11, "face", 5),
    (12, "face", 6),
]

# LEDs the host can set or blink, by index: LED 0 is the Pico's own LED (GP25 on a plain Pico),
# LED 1 the roll button's light. Each LED from its GP pin through a 330 ohm resistor to GND.
# Optional: without LEDS (or with LEDS = []) the board has none.
LEDS = [25, 15]

# Digits of a number display, if one is fitted (0: none). The HAL must know how to drive it.
DISPLAY_DIGITS = 0

DEBOUNCE_MS = 20
HOLD_MS = 600
