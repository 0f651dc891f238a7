"""On-screen stand-ins for the arcade buttons; shown only when the pins are gpiozero mocks."""

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Label

from companion.hardware.controls import Control


class MockPanel(Horizontal):
    """One button per wired control. A click asks for the mock pin to be driven, nothing more."""

    class Pushed(Message):
        """`Message.control` is Textual's (the sending widget), hence `wired_control`."""

        def __init__(self, wired_control: Control, value: int | None) -> None:
            super().__init__()
            self.wired_control = wired_control
            self.value = value

    def __init__(self, wired: list[tuple[Control, int | None]], **kwargs) -> None:
        super().__init__(**kwargs)
        self._wired = wired

    def compose(self) -> ComposeResult:
        yield Label("mock pins:", classes="panel-label")
        for index, (control, value) in enumerate(self._wired):
            label = str(value) if control == Control.FACE else (
                f"side {value}" if control == Control.SIDE else control.value.title()
            )
            button = Button(label, id=f"mock-{index}", classes=f"mock-{control.value}", compact=True)
            button.can_focus = False
            yield button

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        index = int(event.button.id.removeprefix("mock-"))
        self.post_message(self.Pushed(*self._wired[index]))
