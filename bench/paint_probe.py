"""Run on a pseudo-terminal by bench/spine.py: times press → committed → painted inside one app.

    paint_probe.py bare N OUT        a bare Textual app: thread → post_message → painted (the floor)
    paint_probe.py companion N OUT   the companion's dice roller: mock pin pulled low on a thread
    paint_probe.py bare-start        a bare Textual app that paints one screen (start-up floor)
"""

import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Static

GAP = 0.05  # between presses: longer than the debounce window, so each press is a new one


class PaintClock:
    """Notes when a change is made and when the first frame that shows it has been written.

    A frame written after the change does not always show it: one already due for other widgets
    can go out before the changed widget's refresh reaches the screen. So a frame counts only once
    the changed widget has rendered its new content (`shown`)."""

    def __init__(self) -> None:
        self.started = 0.0
        self.committed_at = 0.0
        self.changed = False
        self.rendered = False
        self.painted = threading.Event()
        self.commit_samples: list[float] = []
        self.paint_samples: list[float] = []

    def start(self) -> None:
        self.painted.clear()
        self.started = time.perf_counter()

    def change_made(self) -> None:
        self.committed_at = time.perf_counter()
        self.commit_samples.append(self.committed_at - self.started)
        self.rendered = False
        self.changed = True

    def shown(self) -> None:
        """The changed widget rendered, for the frame being composed."""
        self.rendered = self.changed

    def frame_written(self) -> None:
        if self.changed and self.rendered:
            self.changed = False
            self.paint_samples.append(time.perf_counter() - self.started)
            self.painted.set()


class Poke(Message):
    pass


class BareApp(App):
    def __init__(self, clock: PaintClock | None = None) -> None:
        super().__init__()
        self.clock = clock
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("bare app ready", id="value")

    def on_poke(self, _: Poke) -> None:
        self.count += 1
        self.query_one("#value", Static).update(str(self.count))
        self.clock.change_made()

    def post_display_hook(self) -> None:
        if self.clock:
            self.clock.frame_written()


def watch_renders(widget_class: type, widget_id: str, clock: PaintClock) -> None:
    """Tells the clock each time the widget with `widget_id` renders new content."""
    render = widget_class.render

    def watched(widget):
        if widget.id == widget_id:
            clock.shown()
        return render(widget)

    widget_class.render = watched


def drive(app: App, clock: PaintClock, press, presses: int, out: Path) -> None:
    def run() -> None:
        time.sleep(0.5)  # let the first screen settle before timing
        for _ in range(presses):
            clock.start()
            press()
            if not clock.painted.wait(timeout=5):
                raise SystemExit("no frame was painted after a press")
            time.sleep(GAP)
        out.write_text(json.dumps({"commit": clock.commit_samples, "paint": clock.paint_samples}))
        app.call_from_thread(app.exit)

    threading.Thread(target=run, daemon=True).start()


def bare(presses: int, out: Path) -> None:
    clock = PaintClock()
    watch_renders(Static, "value", clock)
    app = BareApp(clock)
    app.call_later(drive, app, clock, lambda: app.post_message(Poke()), presses, out)
    app.run()


def companion(presses: int, out: Path) -> None:
    from gpiozero.pins.mock import MockFactory

    from companion.bootstrap import bootstrap
    from companion.tui.app import CompanionApp
    from drivers.pin_factory import PinFactoryChoice

    clock = PaintClock()
    # The dice line is redrawn by every roll, even one that repeats the last faces.
    watch_renders(Static, "source", clock)
    data = Path(tempfile.mkdtemp())
    factory = MockFactory()
    wired = bootstrap(data_dir=data, config_file=Path(os.devnull), env={}, fake_board=False,
                      pin_choice=PinFactoryChoice(factory, "mock", True, "benchmark"))
    append = wired.store.append

    def timed_append(*args, **kwargs):
        records = append(*args, **kwargs)
        clock.change_made()
        return records

    wired.store.append = timed_append

    class ProbedApp(CompanionApp):
        def post_display_hook(self) -> None:
            clock.frame_written()

    app = ProbedApp(wired, start_kind="dice")
    pin = factory.pin(wired.config.pins.roll)

    def press() -> None:
        pin.drive_low()
        pin.drive_high()

    app.call_later(drive, app, clock, press, presses, out)
    app.run()
    wired.close()


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "bare-start":
        BareApp().run()
    else:
        {"bare": bare, "companion": companion}[mode](int(sys.argv[2]), Path(sys.argv[3]))
