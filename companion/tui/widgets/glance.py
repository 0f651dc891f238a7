"""`Glance`: a panel that is only read (private information, what was said lately), closed by
Enter, Space, Escape, a click, or the table's Confirm, Undo or Next."""

from textual.binding import Binding

from companion.hardware.controls import Control, ControlPressed
from companion.tui.buttons import does_nothing
from companion.tui.widgets.mock_panel import PanelModal

CLOSED_BY = "Enter, Space, Escape or a click closes this"
"""Its help line: what closes it from the keyboard and the screen (Confirm on the table's buttons)."""


class Glance(PanelModal[None]):
    BINDINGS = [Binding("escape,enter,space", "close", "Close")]

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)

    def on_control(self, press: ControlPressed) -> str:
        """Confirm, Undo or Next closes it; returns why another press does nothing."""
        if press.control in (Control.CONFIRM, Control.UNDO, Control.NEXT):
            self.dismiss(None)
            return ""
        return does_nothing(press, "Confirm closes this")
