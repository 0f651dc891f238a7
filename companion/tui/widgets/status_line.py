"""The line at the foot of every screen: the hardware in use, the board, the game and its file."""

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static


@dataclass(frozen=True, slots=True)
class Status:
    """One snapshot of what the status line says, replaced whole on every change."""

    hardware: str = ""
    board: str = ""
    game: str = ""
    mock: bool = False
    storage: str = ""
    """A storage fault or wait, said until it clears."""
    speech: str = ""


class StatusLine(Static):
    """Takes its text down from the app's status signal; knows nothing of hardware or games."""

    def on_mount(self) -> None:
        signal = getattr(self.app, "status_signal", None)
        if signal is not None:
            signal.subscribe(self, self.show)
            self.show(self.app.status)  # type: ignore[attr-defined]

    def show(self, status: Status) -> None:
        self.set_class(status.mock, "-mock")
        self.set_class(bool(status.storage), "-fault")
        parts = [status.hardware, status.board, status.speech, status.game]
        if status.storage:
            parts.insert(0, status.storage)
        # Paths, game names and board texts are shown as written, never read as markup.
        self.update(Text("  │  ".join(part for part in parts if part)))
