"""The line at the foot of every screen: the hardware in use and the saved game's file."""

from textual.widgets import Static


class StatusLine(Static):
    """Takes its text down from the screen; knows nothing of hardware or games."""

    def show(self, hardware: str, board: str, game: str, mock: bool) -> None:
        self.set_class(mock, "-mock")
        self.update(f"{hardware}  │  {board}  │  {game}")
