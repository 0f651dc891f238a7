"""USB serial on stdin/stdout and a clock that never wraps: shared by the Pico's HAL and the unix port's."""

import select
import sys
import time


class UsbSerialHal:
    """The serial link and the clock of a HAL; subclasses add the pins."""

    def __init__(self):
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

    def read(self):
        data = bytearray()
        while len(data) < 256 and self._poll.poll(0):
            data.extend(self._in.read(1))
        return data

    def write(self, data):
        self._out.write(data)
