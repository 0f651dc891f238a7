"""The table's lights: a game's `Lights` applied to the GPIO LEDs and to the serial board's LEDs
and number display, changing only what changed since the last time."""

from typing import TYPE_CHECKING

from companion.games.kit.lights import DARK, Lights

if TYPE_CHECKING:
    from drivers.gpio import ButtonBox
    from drivers.serial_board import SerialBoard

BOARD_ROLL_LED = 1
"""The board's roll button light (LED 0 is the Pico's own); side LEDs, when fitted, are 2 and 3."""
BOARD_SIDE_LEDS = (2, 3)
FLASH_MS = 150


class TableLights:
    """Applies lights after each commit; `reset` makes the next `apply` set everything again
    without flashing (a new screen, a board plugged back in)."""

    def __init__(self) -> None:
        self.button_box: ButtonBox | None = None
        self.board: SerialBoard | None = None
        self._shown: Lights | None = None

    def reset(self) -> None:
        self._shown = None

    def apply(self, lights: Lights) -> None:
        before = self._shown
        self._shown = lights
        flash = before is not None and lights.roll != before.roll
        if self.button_box is not None:
            if flash:
                self.button_box.flash_roll_led()
            if before is None or lights.side != before.side:
                self.button_box.show_side(lights.side)
        if self.board is not None and self.board.connected:
            self._board(lights, before, flash)

    def dark(self) -> None:
        """Everything out: no game on screen."""
        self.apply(DARK)

    def _board(self, lights: Lights, before: Lights | None, flash: bool) -> None:
        board = self.board
        assert board is not None
        try:
            if flash and board.led_count > BOARD_ROLL_LED:
                board.blink_led(BOARD_ROLL_LED, FLASH_MS, 0, 1)
            if before is None or lights.side != before.side:
                for side, led in enumerate(BOARD_SIDE_LEDS, 1):
                    if board.led_count > led:
                        board.set_led(led, lights.side == side)
            if board.display_digits and (before is None or lights.number != before.number):
                board.show_number(lights.number)
        except RuntimeError:
            self._shown = None  # unplugged between the check and the command: set it all when it is back
