"""The firmware under MicroPython's unix port: serial on stdin/stdout (as USB serial is on a Pico),
virtual buttons pressed through a control pipe. Started by `python -m hw_mocks.fake_board --micropython`.

    micropython unix_port_board.py CONTROL_IN_FD REPLY_OUT_FD   (with MICROPYPATH set to the
    firmware, firmware_bridge and hw_mocks directories, so imports are flat as on the board)
"""

import os
import select
import sys

import micropython
import pins as pin_map
from logic import Firmware
from usb_serial import UsbSerialHal
from virtual_pins import VirtualPins


class UnixPortHal(UsbSerialHal):
    """The same HAL methods PicoHal has, with stdin/stdout for USB serial and no real pins."""

    def __init__(self, pins):
        super().__init__()
        self.pins = pins

    def pressed(self, pin):
        return self.pins.pressed(pin)

    def set_led(self, index, lit):
        pass

    def show_number(self, number):
        pass


def main():
    micropython.kbd_intr(-1)
    control = open("/proc/self/fd/" + sys.argv[1], "rb")
    replies = open("/proc/self/fd/" + sys.argv[2], "wb")
    firmware = Firmware(pin_map, b"unixport", int.from_bytes(os.urandom(2), "big"))
    pins = VirtualPins(firmware)
    hal = UnixPortHal(pins)
    everything = select.poll()
    everything.register(sys.stdin.buffer, select.POLLIN)
    everything.register(control, select.POLLIN)
    commands = select.poll()
    commands.register(control, select.POLLIN)
    # MicroPython writes straight through; flush() would fsync a pipe and fail with EINVAL.
    replies.write(b"ready\n")
    while True:
        now = hal.now_ms()
        if commands.poll(0):
            line = control.readline()
            if not line:
                return
            answer = pins.command(line.decode(), now)
            if answer is not None:
                replies.write(answer.encode() + b"\n")
        pins.advance(now)
        firmware.step(hal)
        settled = pins.settled_answer()
        if settled:
            replies.write(settled.encode() + b"\n")
        everything.poll(1)


try:
    main()
except Exception as error:
    # Tracebacks would go to stdout, which is the serial link: say it on stderr instead.
    sys.print_exception(error, sys.stderr)
    raise SystemExit(1)
