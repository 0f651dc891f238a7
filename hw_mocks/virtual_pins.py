"""Buttons a program presses on a fake board, and the control commands that press them.

Runs unchanged on CPython (hw_mocks.fake_board) and under MicroPython's unix port
(hw_mocks/unix_port_board.py), in front of the real firmware logic: a press becomes pin levels
over time that the firmware polls and debounces, exactly as it would a real contact.
"""

try:
    from firmware_bridge import protocol
except ImportError:  # under the MicroPython unix port every module sits flat on the path
    import protocol  # type: ignore[import-not-found, no-redef]

PRESS_MS = 60
GAP_MS = 60

HELP = ("commands: press CONTROL [VALUE] | hold CONTROL [VALUE] MS | face N | "
        "events N [EVERY_MS] | raw KIND CODE VALUE | settle | status | stamps")


class VirtualPins:
    """Pin levels on a schedule. Presses on one pin queue up behind each other, with a gap
    longer than the debounce time, so every press asked for is one press the firmware sees."""

    def __init__(self, firmware, clock_ns=None):
        self.firmware = firmware
        self.clock_ns = clock_ns
        self.injected = 0
        self.stamps = []
        self._changes = []
        self._levels = {}
        self._free_at = {}
        self._to_inject = 0
        self._every_ms = 0
        self._next_inject = 0
        self._settling = False

    def pressed(self, pin):
        return self._levels.get(pin, False)

    def busy(self):
        return bool(self._changes) or self._to_inject > 0

    def settled_answer(self):
        """`ok` once, when a `settle` is waiting and every press and event has been acknowledged."""
        if self._settling and not self.busy() and not self.firmware.session.pending():
            self._settling = False
            return "ok"
        return None

    def advance(self, now_ms):
        """Applies the level changes that are due, and injects the synthetic events due."""
        while self._changes and self._changes[0][0] <= now_ms:
            _, pin, level = self._changes.pop(0)
            self._levels[pin] = level
        session = self.firmware.session
        while self._to_inject and now_ms >= self._next_inject and session.room():
            event_id = session.push(protocol.FACE, 0, self.injected % 10 + 1)
            if self.clock_ns is not None:
                self.stamps.append((event_id, self.clock_ns()))
            self.injected += 1
            self._to_inject -= 1
            if self._every_ms:
                self._next_inject = now_ms + self._every_ms
                break

    def press(self, control, value, now_ms, hold_ms=PRESS_MS):
        button = self.firmware.button_for(control, value)
        if button is None:
            raise ValueError("the pin map has no %s%s" % (
                control, "" if not value else " %d" % value))
        start = max(now_ms, self._free_at.get(button.pin, now_ms))
        self._schedule(start, button.pin, True)
        self._schedule(start + hold_ms, button.pin, False)
        self._free_at[button.pin] = start + hold_ms + GAP_MS

    def _schedule(self, at, pin, level):
        index = len(self._changes)
        while index and self._changes[index - 1][0] > at:
            index -= 1
        self._changes.insert(index, (at, pin, level))

    def command(self, line, now_ms):
        """Carries out one control line; the one-line answer starts with `ok` or `error`.
        `settle` answers None here: its `ok` comes from settled_answer() later."""
        words = line.split()
        if not words:
            return "error empty command; " + HELP
        try:
            return self._command(words[0], words[1:], now_ms)
        except (ValueError, IndexError) as error:
            return "error %s" % error

    def _command(self, verb, args, now_ms):
        if verb == "press":
            self.press(args[0], int(args[1]) if len(args) > 1 else 0, now_ms)
            return "ok"
        if verb == "hold":
            value = int(args[1]) if len(args) > 2 else 0
            self.press(args[0], value, now_ms, int(args[-1]))
            return "ok"
        if verb == "face":
            self.press("face", int(args[0]), now_ms)
            return "ok"
        if verb == "events":
            self._to_inject += int(args[0])
            self._every_ms = int(args[1]) if len(args) > 1 else 0
            self._next_inject = now_ms
            return "ok"
        if verb == "raw":
            # An event no pin makes, as a board with other firmware (or a bug) might send it.
            kind, code, value = int(args[0]), int(args[1]), int(args[2])
            if not (0 <= kind <= 255 and 0 <= code <= 255 and -128 <= value <= 127):
                raise ValueError("raw takes a kind and code 0 to 255 and a value -128 to 127")
            self.firmware.session.push(kind, code, value)
            return "ok"
        if verb == "settle":
            self._settling = True
            return None
        if verb == "status":
            session = self.firmware.session
            return "ok connected=%d pending=%d dropped=%d unheard=%d resends=%d injected=%d" % (
                1 if session.connected else 0, session.pending(), session.dropped,
                session.unheard, session.resends, self.injected)
        if verb == "stamps":
            stamps = " ".join("%d:%d" % stamp for stamp in self.stamps)
            self.stamps = []
            return ("ok " + stamps).strip()
        return "error unknown command %r; %s" % (verb, HELP)
