"""On-screen stand-ins for the arcade buttons; shown only when the pins are gpiozero mocks."""

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from companion.hardware.controls import Control

Wired = tuple[tuple[Control, int | None], ...]
"""The controls wired to pins, with the value each gives (a die face's key its face)."""


class MockKey(Static):
    """One clickable key. Lighter than a Button (no focus, variants or press animation), so the panel
    costs little of the first frame; a mock pin press is the only thing a click means here."""

    def __init__(self, control: Control, value: int | None, label: str, **kwargs) -> None:
        super().__init__(f" {label} ", **kwargs)
        self.wired = (control, value)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(MockPanel.Pushed(*self.wired))


class MockPanel(Horizontal):
    """One key per wired control. A click asks for the mock pin to be driven, nothing more."""

    class Pushed(Message):
        """`Message.control` is Textual's (the sending widget), hence `wired_control`."""

        def __init__(self, wired_control: Control, value: int | None) -> None:
            super().__init__()
            self.wired_control = wired_control
            self.value = value

    def __init__(self, wired: Wired, **kwargs) -> None:
        super().__init__(**kwargs)
        self._wired = wired

    def compose(self) -> ComposeResult:
        yield Static("mock pins:", classes="panel-label")
        for control, value in self._wired:
            label = str(value) if control == Control.FACE else (
                f"side {value}" if control == Control.SIDE else control.value.title()
            )
            yield MockKey(control, value, label, classes=f"mock-{control.value}")
