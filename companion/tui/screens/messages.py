"""What the companion said lately, whole and newest first: a notification on a game's screen takes
two lines at most, cut short when it is longer, and the next one replaces it."""

from collections.abc import Iterable
from typing import NamedTuple

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.widgets import Label, Static

from companion.tui.widgets.glance import CLOSED_BY, Glance

KEPT = 30
"""Notifications Messages keeps: more than a burst of presses says."""


class Said(NamedTuple):
    message: str
    severity: SeverityLevel = "information"


class Messages(Glance):
    """Every message kept, newest first, as written (never markup)."""

    def __init__(self, said: Iterable[Said]) -> None:
        super().__init__()
        self.said = tuple(said)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="messages", classes="form"):
            yield Label("Messages, newest first", classes="form-title")
            yield Label(CLOSED_BY, classes="form-help")
            for said in self.said:
                yield Static(said.message, markup=False, classes=f"message -{said.severity}")
            if not self.said:
                yield Static("nothing said yet", classes="message")


def clipped(text: str, width: int, lines: int) -> str:
    """The text as it wraps at `width` columns, kept to `lines` lines: as it is when it fits one,
    its lines broken where it wraps when it fits `lines`, else its first lines, the last ending in
    an ellipsis. Broken by hand, because a notification as wide as its text (`width: auto`) whose
    text runs a column or two over its room was laid out one line tall and its second line hidden."""
    wrapped = [line.plain.rstrip() for line in Content(text).wrap(max(width, 2))]
    if len(wrapped) == 1:
        return text
    if len(wrapped) <= lines:
        return "\n".join(wrapped)
    *kept, last = wrapped[:lines]
    if cell_len(last) >= width:
        last = set_cell_size(last, width - 1).rstrip()
    return "\n".join((*kept, f"{last}…"))
