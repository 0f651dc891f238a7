"""Arcade buttons and the roll LED on GPIO, through gpiozero, each press debounced in our own code."""

import queue
import threading
import time
from collections.abc import Callable

from gpiozero import LED, DigitalInputDevice
from gpiozero.pins import Factory

from companion.config import PinMap
from companion.hardware.controls import Control, ControlPressed
from companion.hardware.debounce import Debouncer

Sink = Callable[[ControlPressed], None]
FLASH = 0.15


class ButtonBox:
    """The table's buttons and roll LED. Callbacks only stamp the time and hand the press on.

    gpiozero's `bounce_time` is left off (it means something different on every pin factory);
    every edge goes through a `Debouncer`. The box holds strong references to its devices,
    since a pin only holds a weak reference to its handler. Buttons are plain `DigitalInputDevice`s:
    gpiozero's `Button` starts a thread per button for "held" events, which the companion never
    uses (ten threads waking ten times a second each, competing with the screen for the GIL).
    """

    def __init__(
        self,
        pins: PinMap,
        factory: Factory,
        sink: Sink,
        debounce_window: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.pins = pins
        self._sink = sink
        self._clock = clock
        self.buttons: dict[int, DigitalInputDevice] = {}
        for pin, control, value in pins.buttons():
            button = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=factory)
            self._wire(button, ControlPressed(control, value), Debouncer(debounce_window))
            self.buttons[pin] = button
        self.roll_led = LED(pins.roll_led, pin_factory=factory) if pins.roll_led is not None else None
        self.side_leds = [LED(pin, pin_factory=factory) for pin in pins.side_leds]
        self._flashes: queue.SimpleQueue[float | None] = queue.SimpleQueue()
        self._led_thread = threading.Thread(target=self._run_led, name="roll-led", daemon=True)
        self._led_thread.start()

    def _wire(self, button: DigitalInputDevice, press: ControlPressed, debouncer: Debouncer) -> None:
        sink, clock = self._sink, self._clock

        def pressed() -> None:
            if debouncer.edge(True, clock()):
                sink(press)

        def released() -> None:
            debouncer.edge(False, clock())

        button.when_activated = pressed
        button.when_deactivated = released

    def flash_roll_led(self, seconds: float = FLASH) -> None:
        """Returns at once: gpiozero's `blink` joins the previous blink's thread, which can stall
        the caller (the UI thread) for a frame."""
        self._flashes.put(seconds)

    def _run_led(self) -> None:
        seconds = self._flashes.get()
        while seconds is not None:
            if self.roll_led is not None:
                self.roll_led.on()
                time.sleep(seconds)
                self.roll_led.off()
            seconds = self._next_flash()

    def _next_flash(self) -> float | None:
        """The next flash, or None to stop. Flashes asked for during the last one make one more
        flash, not a backlog: twenty quick presses once kept the LED blinking, and `close` waiting,
        for seconds afterwards."""
        latest = self._flashes.get()
        while latest is not None:
            try:
                following = self._flashes.get_nowait()
            except queue.Empty:
                break
            if following is None:
                return None
            latest = following
        return latest

    def show_side(self, side: int | None) -> None:
        """Lights the LED of the side to act (1 or 2) and puts the other out; None puts both out."""
        for number, led in enumerate(self.side_leds, 1):
            led.value = number == side

    def pin_for(self, control: Control, value: int | None = None) -> int | None:
        for pin, wired, wired_value in self.pins.buttons():
            if wired == control and wired_value == value:
                return pin
        return None

    def close(self) -> None:
        self._flashes.put(None)
        self._led_thread.join()
        for device in [*self.buttons.values(), self.roll_led, *self.side_leds]:
            if device is not None:
                device.close()
