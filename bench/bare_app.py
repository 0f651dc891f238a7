"""The floor: a bare Textual app with one Static, run on a pty by the benchmarks.

    bare_app.py                            paints "bare app ready" and waits (start-up floor)
    bare_app.py libraries [pydantic]       the same, after loading what the companion cannot start
                                           without: gpiozero's mock pins with one input device and an
                                           SQLite database, and for a game pydantic (one frozen model
                                           validated)
    bare_app.py probe GO_FD STAMPS [tick]  a press per byte read from GO_FD: a thread hands it to the
                                           UI thread's loop, as the companion's pins do, and the
                                           handler shows "poke N:"; at the pipe's end the press
                                           times go to STAMPS as JSON. `tick`: a "tick N;" line
                                           redrawn every frame, to see gaps between frames
"""

import asyncio
import contextvars
import json
import os
import sys
import threading
import time

from textual.app import App, ComposeResult
from textual.widgets import Static

READY = "bare app ready"


class BareApp(App[None]):
    def __init__(self, ticking: bool = False) -> None:
        super().__init__()
        self.ticking = ticking
        self.pokes = 0
        self.ticks = 0

    def compose(self) -> ComposeResult:
        yield Static(READY, id="value")
        if self.ticking:
            yield Static("", id="tick")

    def on_mount(self) -> None:
        if self.ticking:
            self.set_interval(1 / 60, self.tick)

    def tick(self) -> None:
        self.ticks += 1
        self.query_one("#tick", Static).update(f"tick {self.ticks};", layout=False)

    def poke(self) -> None:
        self.pokes += 1
        self.query_one("#value", Static).update(f"poke {self.pokes}:")


def probe(go_fd: int, stamps: str, ticking: bool) -> None:
    app = BareApp(ticking)
    pressed: list[float] = []

    def presses(loop: asyncio.AbstractEventLoop, context: contextvars.Context) -> None:
        with os.fdopen(go_fd, "rb", buffering=0) as go:
            while go.read(1):
                pressed.append(time.monotonic())
                loop.call_soon_threadsafe(app.poke, context=context)
        with open(stamps, "w", encoding="utf-8") as out:
            json.dump({"pressed": pressed}, out)
        app.call_from_thread(app.exit)

    def start() -> None:
        loop_and_context = (asyncio.get_running_loop(), contextvars.copy_context())
        threading.Thread(target=presses, args=loop_and_context, daemon=True).start()

    app.call_later(start)
    app.run()


def load_libraries(with_pydantic: bool) -> None:
    import sqlite3

    from gpiozero import DigitalInputDevice
    from gpiozero.pins.mock import MockFactory

    pin = 17
    if with_pydantic:
        from pydantic import BaseModel, ConfigDict

        class Settings(BaseModel):
            model_config = ConfigDict(frozen=True, extra="forbid")
            pin: int = 17

        pin = Settings.model_validate({"pin": pin}).pin
    DigitalInputDevice(pin, pin_factory=MockFactory())
    sqlite3.connect(":memory:").execute("SELECT 1").fetchall()


if __name__ == "__main__":
    if sys.argv[1:2] == ["probe"]:
        probe(int(sys.argv[2]), sys.argv[3], sys.argv[4:5] == ["tick"])
    else:
        if sys.argv[1:2] == ["libraries"]:
            load_libraries(with_pydantic=sys.argv[2:3] == ["pydantic"])
        BareApp().run()
