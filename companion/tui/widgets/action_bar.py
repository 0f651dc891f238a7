"""Large buttons for a touchscreen: a tap does exactly what the key does.

One widget draws every button and maps a click to the button under it, so a new set of buttons
costs one repaint, not a mount of widgets. Buttons wrap onto more rows when they do not fit; on a
screen of fewer than `TALL_FROM` rows they are one row high (and drop their key names if that
shows more of them), above that three. The bar takes at most `MAX_ROWS` rows of buttons: when
the actions of the moment need more, the first ones stay (a game offers its essential actions
first; a glued button, Redo, stays beside the one before it) and a More… button asks for all of
them (`ActionBar.ShowAll`, answered by `AllActions`).
"""

from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

TALL_FROM = 28
"""Screen rows from which buttons are three rows high: the 7-inch Pi touchscreen has 30."""
GAP = 1
MAX_ROWS = 2
"""Rows of buttons a bar takes at most, so that a game with many actions keeps its screen."""


class Tap(NamedTuple):
    """One button: the action it asks for, with its value, and how it reads."""

    name: str
    label: str
    key: str = ""
    """The key that does the same, shown beside the label; empty for none."""
    value: int | None = None
    primary: bool = False
    """The main action of the screen (the big button), drawn in its own colour."""
    glued: bool = False
    """Shown only beside the button before it (Redo beside Undo): a bar that cannot show every
    button never shows the one without the other."""


MORE = Tap("_more", "More…")
"""The last button of a bar that cannot show every action: it asks for all of them."""
CLOSE = Tap("_close", "Close", "esc")


class Placed(NamedTuple):
    tap: Tap
    region: Region
    with_key: bool

    @property
    def text_width(self) -> int:
        return len(self.tap.label) + (len(self.tap.key) + 1 if self.with_key else 0)


def layout(taps: tuple[Tap, ...], width: int, height: int, with_keys: bool) -> list[Placed]:
    """Buttons placed left to right, wrapping: each as wide as its text plus a column either side."""
    placed: list[Placed] = []
    x = y = 0
    for tap in taps:
        with_key = with_keys and bool(tap.key)
        text_width = len(tap.label) + (len(tap.key) + 1 if with_key else 0)
        button_width = min(text_width + 2, max(1, width))
        if x and x + button_width > width:
            x, y = 0, y + height
        placed.append(Placed(tap, Region(x, y, button_width, height), with_key))
        x += button_width + GAP
    return placed


def rows_of(placed: list[Placed]) -> int:
    return len({p.region.y for p in placed})


def fit(taps: tuple[Tap, ...], width: int, height: int, with_keys: bool, max_rows: int | None) -> list[Placed]:
    """The buttons laid out in at most `max_rows` rows (None: as many as they need): all of them,
    else as many of the first as leave room for a More… button at the end."""
    placed = layout(taps, width, height, with_keys)
    if max_rows is None or rows_of(placed) <= max_rows:
        return placed
    for count in range(len(taps) - 1, 0, -1):
        placed = layout((*first(taps, count), MORE), width, height, with_keys)
        if rows_of(placed) <= max_rows:
            return placed
    return layout((MORE,), width, height, with_keys)


def first(taps: tuple[Tap, ...], count: int) -> tuple[Tap, ...]:
    """The first `count` buttons, but a glued button after them comes too, in place of the one
    before its partner: Redo, offered once something is undone, stays beside the Undo just tapped
    rather than go behind More… alone (nor take Undo there with it, from under the finger)."""
    shown = taps[:count]
    if count < len(taps) and taps[count].glued:
        return (*shown[:-2], *shown[-1:], taps[count])
    return shown


class ButtonRow(Widget):
    """Draws placed buttons and maps a click to the button under it: the base of the action bar
    and the mock button panel. A subclass places them (`_placed_anew`), draws them (`_draw`) and
    says what a click on one asks for (`clicked`)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._placed: list[Placed] = []
        self._hover: int | None = None
        self._lines: list[Strip] | None = None

    def clicked(self, tap: Tap) -> None:
        raise NotImplementedError

    def _draw(self) -> list[Strip]:
        raise NotImplementedError

    def _placed_anew(self, placed: list[Placed]) -> None:
        self._placed = placed
        self._hover = None
        self._lines = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines = None

    # Clicks in

    def _under(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        return next((index for index, placed in enumerate(self._placed) if placed.region.contains(*offset)), None)

    def on_click(self, event: events.Click) -> None:
        index = self._under(event)
        if index is not None:
            event.stop()
            self.clicked(self._placed[index].tap)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._under(event))

    def on_leave(self) -> None:
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self._lines = None
            self.refresh()

    # Drawing

    def render_line(self, y: int) -> Strip:
        if self._lines is None:
            self._lines = self._draw()
        return self._lines[y] if y < len(self._lines) else Strip.blank(self.content_size.width, self.rich_style)

    def _styled(self, tap: Tap, hover: bool, plain: str, primary: str, hovered: str) -> Style:
        """A button's style from its component classes: `plain`, then `primary` for the screen's
        main action and `hovered` under the pointer."""
        style = self.rich_style + self.get_component_rich_style(plain)
        if tap.primary:
            style += self.get_component_rich_style(primary)
        if hover:
            style += self.get_component_rich_style(hovered)
        return style


class ActionBar(ButtonRow):
    """Set the buttons with `show(taps)`; a click posts `ActionBar.Tapped` with the action and value."""

    DEFAULT_CSS = """
    ActionBar {
        height: auto;
        padding: 0 1;
    }
    ActionBar > .action-bar--button {
        background: $panel-lighten-1;
        color: $text;
    }
    ActionBar > .action-bar--primary {
        background: $success;
        color: $text;
        text-style: bold;
    }
    ActionBar > .action-bar--key {
        color: $text-muted;
        text-style: not bold;
    }
    ActionBar > .action-bar--hover {
        background: $primary;
    }
    """
    COMPONENT_CLASSES = {"action-bar--button", "action-bar--primary", "action-bar--key", "action-bar--hover"}

    class Tapped(Message):
        def __init__(self, name: str, value: int | None) -> None:
            super().__init__()
            self.name = name
            self.value = value

    class ShowAll(Message):
        """More… was tapped: the screen shows every button of the bar (`AllActions`)."""

        def __init__(self, taps: tuple[Tap, ...]) -> None:
            super().__init__()
            self.taps = taps

    class Resized(Message):
        """The bar's size changed (rows of buttons came or went): what stands above it may move."""

    def __init__(self, *, id: str | None = None, classes: str | None = None, max_rows: int | None = MAX_ROWS) -> None:
        super().__init__(id=id, classes=classes)
        self.max_rows = max_rows
        """Rows of buttons at most, the rest behind More…; None: every button, on as many rows as it takes."""
        self.taps: tuple[Tap, ...] = ()

    def show(self, taps: tuple[Tap, ...]) -> None:
        if taps == self.taps:
            return
        self.taps = taps
        self._place(self.content_size.width)
        self.refresh(layout=True)

    @property
    def tall(self) -> bool:
        return self.app.size.height >= TALL_FROM

    @property
    def shown(self) -> tuple[Tap, ...]:
        """The buttons on the bar, More… left out."""
        return tuple(placed.tap for placed in self._placed if placed.tap != MORE)

    def region_of(self, name: str, value: int | None = None) -> Region | None:
        """Where the button for this action is, in the widget's content; None when not shown."""
        for placed in self._placed:
            if (placed.tap.name, placed.tap.value) == (name, value):
                return placed.region
        return None

    def _place(self, width: int) -> None:
        height = 3 if self.tall else 1
        placed = fit(self.taps, width, height, True, self.max_rows)
        if not self.tall:
            bare = fit(self.taps, width, height, False, self.max_rows)
            if self._reach(bare) > self._reach(placed):
                placed = bare
        self._placed_anew(placed)

    @staticmethod
    def _reach(placed: list[Placed]) -> tuple[int, int]:
        """How good a layout is: more actions shown, then fewer rows."""
        return sum(p.tap != MORE for p in placed), -rows_of(placed)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._place(width)
        return max((placed.region.bottom for placed in self._placed), default=0)

    def on_resize(self) -> None:
        self._place(self.content_size.width)
        self.refresh()
        self.post_message(self.Resized())

    def clicked(self, tap: Tap) -> None:
        self.post_message(self.ShowAll(self.taps) if tap == MORE else self.Tapped(tap.name, tap.value))

    # Drawing

    def _draw(self) -> list[Strip]:
        width, style = self.content_size.width, self.rich_style
        rows = max((placed.region.bottom for placed in self._placed), default=0)
        lines: list[list[Segment]] = [[] for _ in range(rows)]
        ends = [0] * rows
        for index, placed in enumerate(self._placed):
            button = self._button_style(placed.tap, index == self._hover)
            key = self.get_component_rich_style("action-bar--key")
            key_style = button + Style(color=key.color, bold=key.bold)
            region = placed.region
            for row in range(region.y, region.bottom):
                if region.x > ends[row]:
                    lines[row].append(Segment(" " * (region.x - ends[row]), style))
                lines[row].extend(self._button_row(placed, row - region.y, button, key_style, style))
                ends[row] = region.right
        return [Strip(segments).crop_extend(0, width, style) for segments in lines]

    def _button_style(self, tap: Tap, hover: bool) -> Style:
        return self._styled(tap, hover, "action-bar--button", "action-bar--primary", "action-bar--hover")

    @staticmethod
    def _button_row(placed: Placed, row: int, button: Style, key_style: Style, outside: Style) -> list[Segment]:
        """The middle row carries the text; a tall button's top and bottom rows are half blocks in
        the button's colour, so that buttons above each other stay apart."""
        width, height = placed.region.width, placed.region.height
        if height > 1 and row != height // 2:
            edge = Style(color=button.bgcolor, bgcolor=outside.bgcolor)
            return [Segment(("▄" if row < height // 2 else "▀") * width, edge)]
        left = max(0, (width - placed.text_width) // 2)
        parts = [(" " * left, button), (placed.tap.label, button)]
        if placed.with_key:
            parts.append((" " + placed.tap.key, key_style))
        segments, used = [], 0
        for text, style in parts:
            text = text[: max(0, width - used)]
            used += len(text)
            segments.append(Segment(text, style))
        segments.append(Segment(" " * (width - used), button))
        return segments
