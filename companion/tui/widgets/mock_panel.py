"""On-screen stand-ins for the arcade buttons, shown only when the pins are gpiozero mocks, and the
modal screen that carries them (`PanelModal`), so that they work while a form or dialog is open.

One widget draws every key and maps a click to the key under it, as the action bar does: it costs
one widget of the first frame whatever the pin map. Every wired button stays in reach at any width:
the keys take their full labels after "mock pins:" when that fits one row, else their full labels
alone, else short ones ("Conf", "S1"), and wrap onto more rows when even those do not fit.
"""

from collections.abc import Callable

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region, Size
from textual.message import Message
from textual.screen import ModalScreen, ScreenResultType
from textual.strip import Strip

from companion.hardware.controls import Control
from companion.tui.widgets.action_bar import ButtonRow, Placed, Tap, layout, rows_of

Wired = tuple[tuple[Control, int | None], ...]
"""The controls wired to pins, with the value each gives (a die face's key its face)."""

LABEL = "mock pins:"
SHORT = {Control.CONFIRM: "Conf"}


def full_label(control: Control, value: int | None) -> str:
    if control is Control.FACE:
        return f"{value:^3}"  # a face key as wide as a finger's worth, like the named keys
    return f"side {value}" if control is Control.SIDE else control.value.title()


def short_label(control: Control, value: int | None) -> str:
    if control is Control.FACE:
        return str(value)
    return f"S{value}" if control is Control.SIDE else SHORT.get(control, control.value.title())


def key_taps(wired: Wired, label: Callable[[Control, int | None], str]) -> tuple[Tap, ...]:
    return tuple(Tap(control.value, label(control, value), value=value, primary=control is Control.ROLL)
                 for control, value in wired)


def arranged(wired: Wired, width: int) -> tuple[bool, list[Placed]]:
    """Whether "mock pins:" leads, and every key placed: on one row if any labelling fits, else
    wrapped with the short labels."""
    lead = len(LABEL) + 1
    full, short = key_taps(wired, full_label), key_taps(wired, short_label)
    for labelled, taps in ((True, full), (False, full), (False, short)):
        shift = lead if labelled else 0
        placed = layout(taps, width - shift, 1, False)
        if rows_of(placed) <= 1 and all(p.region.right <= width - shift for p in placed):
            return labelled, [Placed(p.tap, p.region.translate((shift, 0)), False) for p in placed]
    return False, layout(short, width, 1, False)


class MockPanel(ButtonRow):
    """One key per wired control. A click asks for the mock pin to be driven, nothing more."""

    DEFAULT_CSS = """
    MockPanel {
        height: auto;
    }
    MockPanel > .mock-panel--key {
        background: $surface-lighten-2;
        color: $text;
    }
    MockPanel > .mock-panel--roll {
        background: $success;
    }
    MockPanel > .mock-panel--hover {
        background: $primary;
    }
    MockPanel > .mock-panel--label {
        color: $text-muted;
    }
    """
    COMPONENT_CLASSES = {"mock-panel--key", "mock-panel--roll", "mock-panel--hover", "mock-panel--label"}

    class Pushed(Message):
        """`Message.control` is Textual's (the sending widget), hence `wired_control`."""

        def __init__(self, wired_control: Control, value: int | None) -> None:
            super().__init__()
            self.wired_control = wired_control
            self.value = value

    def __init__(self, wired: Wired, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.wired = wired
        self.labelled = False
        """Whether "mock pins:" leads the keys (there is room for it)."""

    def region_of(self, control: Control, value: int | None = None) -> Region | None:
        """Where the key for this control is, in the widget's content."""
        for placed in self._placed:
            if (placed.tap.name, placed.tap.value) == (control.value, value):
                return placed.region
        return None

    def _place(self, width: int) -> None:
        self.labelled, placed = arranged(self.wired, width)
        self._placed_anew(placed)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._place(width)
        return max((placed.region.bottom for placed in self._placed), default=1)

    def on_resize(self) -> None:
        self._place(self.content_size.width)
        self.refresh()

    def clicked(self, tap: Tap) -> None:
        self.post_message(self.Pushed(Control(tap.name), tap.value))

    # Drawing

    def _draw(self) -> list[Strip]:
        width, style = self.content_size.width, self.rich_style
        rows = max((placed.region.bottom for placed in self._placed), default=1)
        lines: list[list[Segment]] = [[] for _ in range(rows)]
        ends = [0] * rows
        if self.labelled:
            lines[0].append(Segment(LABEL, style + self.get_component_rich_style("mock-panel--label")))
            ends[0] = len(LABEL)
        for index, placed in enumerate(self._placed):
            region = placed.region
            if region.x > ends[region.y]:
                lines[region.y].append(Segment(" " * (region.x - ends[region.y]), style))
            text = placed.tap.label.strip().center(region.width)[: region.width]
            lines[region.y].append(Segment(text, self._key_style(placed.tap, index == self._hover)))
            ends[region.y] = region.right
        return [Strip(segments).crop_extend(0, width, style) for segments in lines]

    def _key_style(self, tap: Tap, hover: bool) -> Style:
        return self._styled(tap, hover, "mock-panel--key", "mock-panel--roll", "mock-panel--hover")


class PanelModal(ModalScreen[ScreenResultType]):
    """A form or dialog of the table's app: with mock pins it carries the mock panel, where the
    screen below shows it, so that its keys answer the form as the table's buttons would (a modal
    screen takes every click, and the panel below it would get none)."""

    def on_mount(self) -> None:
        # Every `on_mount` along the class hierarchy runs, a subclass's too.
        wired = getattr(self.app, "mock_controls", None)
        if wired is not None:
            self.mount(MockPanel(wired, classes="mock-panel"))

    @property
    def room(self) -> int:
        """The rows the screen's own content may take: all of them, or those above the mock panel."""
        panel = next(iter(self.query(MockPanel)), None)
        return panel.region.y if panel is not None and panel.region else self.size.height
