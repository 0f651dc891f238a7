"""The thin hardware layer on a Raspberry Pi Pico: machine.Pin for buttons and LEDs, USB serial."""

import os
import select
import sys
import time

import machine


class PicoHal:
    """What `logic.Firmware.step` needs from the hardware, and nothing else."""

    def __init__(self, pin_map):
        self._buttons = {}
        for entry in pin_map.BUTTONS:
            self._buttons[entry[0]] = machine.Pin(entry[0], machine.Pin.IN, machine.Pin.PULL_UP)
        self._leds = [machine.Pin(pin, machine.Pin.OUT, value=0) for pin in pin_map.LEDS]
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._last = time.ticks_ms()
        self._now = 0

    def now_ms(self):
        # ticks_ms wraps; summing differences gives a clock that never does.
        ticks = time.ticks_ms()
        self._now += time.ticks_diff(ticks, self._last)
        self._last = ticks
        return self._now

    def pressed(self, pin):
        return self._buttons[pin].value() == 0

    def read(self):
        data = bytearray()
        while len(data) < 256 and self._poll.poll(0):
            data.extend(self._in.read(1))
        return data

    def write(self, data):
        self._out.write(data)

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
