"""The line at the foot of every screen: the hardware in use and the saved game's file."""

from textual.widgets import Static


class StatusLine(Static):
    """Takes its text down from the screen; knows nothing of hardware or games.

    Plain text: it shows game names, the games file's path and the board's own words."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(markup=False, id=id, classes=classes)

    def show(self, hardware: str, board: str, game: str, mock: bool) -> None:
        self.set_class(mock, "-mock")
        self.update(f"{hardware}  │  {board}  │  {game}")
