"""Messages hardware threads post to the app; named so none collides with Textual's own."""

from textual.message import Message

from companion.hardware.controls import ControlPressed


class HardwarePress(Message):
    """A debounced press from GPIO, the serial board or the on-screen mock panel."""

    def __init__(self, press: ControlPressed) -> None:
        super().__init__()
        self.press = press


class BoardLinkChanged(Message):
    """The serial board's link changed: searching, connected (with versions) or lost."""

    def __init__(self, description: str) -> None:
        super().__init__()
        self.description = description
