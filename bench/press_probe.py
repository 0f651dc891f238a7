"""The companion's dice roller on a pty, pressed by the benchmark: run by bench/press.py.

    press_probe.py GO_FD STAMPS DATA_DIR [tick]

Wired as `companion dice` wires it, on gpiozero's mock pins. Each byte read from GO_FD pulls the
roll button's mock pin low and high again, on this thread as a button's callback would run. The
benchmark reads the screen from the pty; this process notes when each press was made and when
each roll's commit returned, and at the pipe's end writes both to STAMPS as JSON. `tick`: a
"tick N;" line redrawn every frame, to see gaps between frames.
"""

import json
import os
import sys
import threading
import time
from pathlib import Path

from gpiozero.pins.mock import MockFactory
from textual.widgets import Static

from companion.bootstrap import bootstrap
from companion.errors import StorageError
from companion.journal.writer import Batch, JournalWriter
from companion.tui.app import CompanionApp
from drivers.pin_factory import PinFactoryChoice


def main(go_fd: int, stamps: Path, data_dir: Path, ticking: bool) -> None:
    pressed: list[float] = []
    committed: list[float] = []
    commit = JournalWriter._commit_waiting_for_locks

    def timed_commit(writer: JournalWriter, batches: list[Batch], first: int) -> StorageError | None:
        error = commit(writer, batches, first=first)
        at = time.monotonic()
        if error is None:
            committed.extend(at for batch in batches for record in batch.records if record.event.type == "dice_rolled")
        return error

    JournalWriter._commit_waiting_for_locks = timed_commit  # type: ignore[method-assign,assignment]

    factory = MockFactory()
    companion = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), env={}, fake_board=False,
                          pin_choice=PinFactoryChoice(factory, "mock", True, "benchmark"))
    companion.lock.acquire()
    roll = factory.pin(companion.config.pins.roll)

    class Probed(CompanionApp):
        ticks = 0

        def on_mount(self) -> None:
            if ticking:
                self.call_after_refresh(self._start_ticking)

        def _start_ticking(self) -> None:
            self.screen.mount(Static("", id="tick"))
            self.set_interval(1 / 60, self._tick)

        def _tick(self) -> None:
            self.ticks += 1
            self.screen.query_one("#tick", Static).update(f"tick {self.ticks};", layout=False)

    app = Probed(companion, start_kind="dice")

    def presses() -> None:
        with os.fdopen(go_fd, "rb", buffering=0) as go:
            while go.read(1):
                pressed.append(time.monotonic())
                roll.drive_low()
                roll.drive_high()
        app.call_from_thread(app.exit)

    app.call_later(lambda: threading.Thread(target=presses, daemon=True).start())
    app.run()
    companion.close()
    stamps.write_text(json.dumps({"pressed": pressed, "committed": committed}))


if __name__ == "__main__":
    main(int(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4:5] == ["tick"])
