"""The board's pure logic: debounced buttons, blinking LEDs, and one step of the main loop.

No hardware here: every step reads pins and writes bytes through a HAL object, so this runs on
the Pico (hal.PicoHal), under CPython with a fake HAL (hw_mocks) and under MicroPython's unix port.
"""

try:
    from firmware_bridge import protocol
    from firmware_bridge.board_session import BoardSession
except ImportError:  # on the board every module sits flat in the root
    import protocol  # type: ignore[import-not-found, no-redef]
    from board_session import BoardSession  # type: ignore[import-not-found, no-redef]

FIRMWARE_VERSION = (1, 1, 0)
GP_PINS = 30
"""GP0 to GP29."""


def pin_map_problems(pin_map):
    """Every mistake in the pin map (pins.py), one line each; an empty list when the board can start.

    Checked at boot, so a side 3, a pin given twice or a missing roll button stops the board with a
    message instead of a traceback, or presses the companion cannot take."""
    problems = []
    used = {}  # type: dict[int, str]
    given = hasattr(pin_map, "BUTTONS")
    buttons = getattr(pin_map, "BUTTONS", [])
    leds = leds_of(pin_map)

    def take(pin, part):
        if type(pin) is not int or not 0 <= pin < GP_PINS:
            problems.append("%s: %r is not a GP pin (0 to %d)" % (part, pin, GP_PINS - 1))
        elif pin in used:
            problems.append("GP%d is given to both %s and %s" % (pin, used[pin], part))
        else:
            used[pin] = part

    # `BUTTONS = (2, "roll")` is one button without the list around it.
    listed = type(buttons) in (list, tuple) and not (buttons and type(buttons[0]) is int)
    if not given:
        problems.append("BUTTONS is missing: write the buttons as a list, [(GP pin, control), ...]")
    elif not listed:
        problems.append("BUTTONS = %r: write the buttons as a list, [(GP pin, control), ...]" % (buttons,))
        buttons = []
    for entry in buttons:
        if type(entry) not in (tuple, list) or len(entry) not in (2, 3):
            problems.append("BUTTONS entry %r: write (GP pin, control) or (GP pin, control, value)" % (entry,))
            continue
        control = entry[1]
        value = entry[2] if len(entry) > 2 else None
        part = control if value is None else "%s %r" % (control, value)
        if control == "face":
            if type(value) is not int or not protocol.FACE_MIN <= value <= protocol.FACE_MAX:
                problems.append("%s: a face key's value is the face, %d to %d" % (
                    part, protocol.FACE_MIN, protocol.FACE_MAX))
        elif control == "side":
            if value not in protocol.SIDES or type(value) is not int:
                problems.append("%s: a side button's value is the side, 1 or 2" % part)
        elif control not in protocol.CONTROL_CODES:
            problems.append("%r is not a control (use face, %s)" % (
                control, ", ".join(sorted(protocol.CONTROL_CODES))))
        elif value is not None:
            problems.append("%s: only face and side buttons take a value" % part)
        take(entry[0], part)
    if given and listed and not roll_pins(pin_map):
        # Holding roll at boot is the only way back to the REPL once Ctrl-C is off (main.py).
        problems.append("BUTTONS has no roll button: add (GP pin, \"roll\"); "
                        "holding it at boot is the way back to the REPL")
    if type(leds) not in (list, tuple):
        problems.append("LEDS = %r: write the LEDs' GP pins as a list, [25, 15], or [] for none" % (leds,))
        leds = []
    for index, pin in enumerate(leds):
        take(pin, "LED %d" % index)
    for name, default, most in (("DEBOUNCE_MS", 20, 1000), ("HOLD_MS", 600, 60000), ("DISPLAY_DIGITS", 0, 255)):
        number = getattr(pin_map, name, default)
        if type(number) is not int or not 0 <= number <= most:
            problems.append("%s = %r: a whole number from 0 to %d" % (name, number, most))
    return problems


def leds_of(pin_map):
    """The LEDs' GP pins: `LEDS` is optional, a board may have none."""
    return getattr(pin_map, "LEDS", [])


def roll_pins(pin_map):
    """The GP pins of the roll buttons in a pin map (held at boot, one keeps the board from starting)."""
    pins = []
    for entry in getattr(pin_map, "BUTTONS", None) or []:
        if type(entry) in (tuple, list) and len(entry) in (2, 3) and entry[1] == "roll":
            pins.append(entry[0])
    return pins


class Button:
    """One contact, polled: a change is accepted at once, then changes are ignored for
    `debounce_ms` (the contact bouncing); held down for `hold_ms` it reports HELD once."""

    def __init__(self, pin, control, value=0, debounce_ms=20, hold_ms=600):
        if control != "face" and control not in protocol.CONTROL_CODES:
            raise ValueError("pin %d: unknown control %r (use face, %s)" % (
                pin, control, ", ".join(sorted(protocol.CONTROL_CODES))))
        if control == "face" and not 0 <= value <= 10:
            raise ValueError("pin %d: face %d is not 0 to 10" % (pin, value))
        self.pin = pin
        self.control = control
        self.value = value
        self.debounce_ms = debounce_ms
        self.hold_ms = hold_ms
        self.down = False
        self._changed_at = None
        self._held = False

    def sample(self, pressed, now_ms):
        """The events (kind, code, value) this sample of the contact produces."""
        events = []
        quiet = self._changed_at is None or now_ms - self._changed_at >= self.debounce_ms
        if pressed != self.down and quiet:
            self.down = pressed
            self._changed_at = now_ms
            self._held = False
            if self.control == "face":
                if pressed:
                    events.append((protocol.FACE, 0, self.value))
            else:
                kind = protocol.BUTTON_DOWN if pressed else protocol.BUTTON_UP
                events.append((kind, protocol.CONTROL_CODES[self.control], self.value))
        elif self.down and not self._held and self.control != "face" and \
                now_ms - self._changed_at >= self.hold_ms:
            self._held = True
            events.append((protocol.BUTTON_HELD, protocol.CONTROL_CODES[self.control], self.value))
        return events


class Led:
    """One LED's mode as the host set it: off, on, or blinking (a number of times, or forever)."""

    def __init__(self):
        self.mode = protocol.LED_OFF
        self.on_ms = 0
        self.off_ms = 0
        self.count = 0
        self.since = 0

    def command(self, message, now_ms):
        self.mode = message.mode
        self.on_ms = max(1, message.on_ms)
        self.off_ms = message.off_ms
        self.count = message.count
        self.since = now_ms

    def lit(self, now_ms):
        if self.mode == protocol.LED_ON:
            return True
        if self.mode != protocol.LED_BLINK:
            return False
        elapsed = now_ms - self.since
        period = self.on_ms + self.off_ms
        if self.count and elapsed >= period * self.count:
            self.mode = protocol.LED_OFF
            return False
        return elapsed % period < self.on_ms


class Firmware:
    """The whole board minus its hardware: buttons, LEDs, display and the link session."""

    def __init__(self, pin_map, board_id, boot, queue_size=64):
        problems = pin_map_problems(pin_map)
        if problems:
            raise ValueError("pins.py: " + "; ".join(problems))
        self.buttons = []
        debounce_ms = getattr(pin_map, "DEBOUNCE_MS", 20)
        hold_ms = getattr(pin_map, "HOLD_MS", 600)
        for entry in pin_map.BUTTONS:
            pin, control = entry[0], entry[1]
            value = entry[2] if len(entry) > 2 else 0
            self.buttons.append(Button(pin, control, value, debounce_ms, hold_ms))
        self.leds = [Led() for _ in leds_of(pin_map)]
        self.display_digits = getattr(pin_map, "DISPLAY_DIGITS", 0)
        self.number = None
        capabilities = 0
        for button in self.buttons:
            capabilities |= protocol.CAP_FACES if button.control == "face" else protocol.CAP_BUTTONS
        if self.leds:
            capabilities |= protocol.CAP_LEDS
        if self.display_digits:
            capabilities |= protocol.CAP_DISPLAY
        self.session = BoardSession(FIRMWARE_VERSION, board_id, capabilities, len(self.leds),
                                    self.display_digits, boot, queue_size)
        self._lit = [None] * len(self.leds)

    def button_for(self, control, value=0):
        for button in self.buttons:
            if button.control == control and button.value == value:
                return button
        return None

    def step(self, hal):
        """One turn of the main loop: listen, scan the buttons, talk, light the LEDs."""
        now = hal.now_ms()
        data = hal.read()
        if data:
            self.session.feed(data)
            self._carry_out(hal, now)
        for button in self.buttons:
            for kind, code, value in button.sample(hal.pressed(button.pin), now):
                self.session.push(kind, code, value)
        self.session.tick(now)
        out = self.session.outbox()
        if out:
            hal.write(out)
        for index, led in enumerate(self.leds):
            lit = led.lit(now)
            if lit != self._lit[index]:
                self._lit[index] = lit
                hal.set_led(index, lit)
        return now

    def _carry_out(self, hal, now):
        for action in self.session.actions:
            if action.TYPE == protocol.SET_LED:
                self.leds[action.led].command(action, now)
            elif action.TYPE == protocol.SHOW_NUMBER:
                self.number = action.number
                hal.show_number(action.number)
        self.session.actions = []


def run(hal, firmware):
    """The main loop: a step about every millisecond, sooner when bytes arrive."""
    while True:
        firmware.step(hal)
        hal.wait(1)
