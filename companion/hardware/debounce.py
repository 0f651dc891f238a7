"""Leading-edge debouncing with an injected clock, so it is tested without hardware or sleeps.

gpiozero's `bounce_time` means something different on every pin factory and is ignored by
`MockPin`, so the drivers leave it off and pass every edge here.
"""

from dataclasses import dataclass

DEFAULT_WINDOW = 0.020


@dataclass(slots=True)
class Debouncer:
    """Accepts a press at once, then ignores edges until the contact has been quiet for `window`.

    Taking the leading edge adds no latency; any edge inside the window (bounce on press or on
    release) restarts the quiet period, so one physical press yields exactly one accepted press.
    """

    window: float = DEFAULT_WINDOW
    _last_edge: float = float("-inf")
    _down: bool = False

    def edge(self, pressed: bool, now: float) -> bool:
        """Feed one edge; True when it is a new press to act on."""
        quiet = now - self._last_edge >= self.window
        self._last_edge = now
        if not pressed:
            self._down = False
            return False
        if quiet and not self._down:
            self._down = True
            return True
        return False
