"""The thin hardware layer on a Raspberry Pi Pico: machine.Pin for buttons and LEDs, USB serial."""

import os

import machine

from logic import leds_of
from usb_serial import UsbSerialHal


class PicoHal(UsbSerialHal):
    """What `logic.Firmware.step` needs from the hardware, and nothing else."""

    def __init__(self, pin_map):
        super().__init__()
        self._buttons = {}
        for entry in pin_map.BUTTONS:
            self._buttons[entry[0]] = machine.Pin(entry[0], machine.Pin.IN, machine.Pin.PULL_UP)
        self._leds = [machine.Pin(pin, machine.Pin.OUT, value=0) for pin in leds_of(pin_map)]

    def pressed(self, pin):
        return self._buttons[pin].value() == 0

    def set_led(self, index, lit):
        self._leds[index].value(1 if lit else 0)

    def show_number(self, number):
        pass  # no display driver yet: DISPLAY_DIGITS = 0 keeps the host from asking

    def wait(self, ms):
        self._poll.poll(ms)

    @staticmethod
    def board_id():
        return machine.unique_id()

    @staticmethod
    def boot_nonce():
        return int.from_bytes(os.urandom(2), "big")
