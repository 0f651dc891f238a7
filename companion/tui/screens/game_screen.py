"""The base of every game screen: run a command, show refusals, redraw from the committed state."""

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header

from companion.errors import CompanionError
from companion.games.rules import Command, Redo, Undo
from companion.hardware.controls import ControlPressed
from companion.journal.events import Record
from companion.session import GameSession
from companion.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from companion.bootstrap import Companion


class GameScreen(Screen):
    """Subclasses compose their body, map presses to commands and redraw in `show_state`."""

    BINDINGS = [
        ("u", "undo", "Undo"),
        ("y", "redo", "Redo"),
        ("escape", "app.go_home", "Home"),
    ]

    def __init__(self, companion: "Companion", session: GameSession) -> None:
        super().__init__()
        self.companion = companion
        self.session = session
        self.sub_title = session.game.name

    def compose(self) -> ComposeResult:
        yield Header()
        yield from self.compose_body()
        yield from self.app.compose_hardware_panel()
        yield StatusLine()
        yield Footer()

    def compose_body(self) -> ComposeResult:
        raise NotImplementedError

    def on_mount(self) -> None:
        # Textual calls every `on_mount` along the MRO, a subclass's first: no super() call needed.
        self.show_state()

    def on_screen_resume(self) -> None:
        self.app.refresh_status()

    def on_control(self, press: ControlPressed) -> None:
        """Every press, from GPIO, the board, the mock panel or a key; the base only knows undo."""
        raise NotImplementedError

    def run_command(self, command: Command) -> list[Record] | None:
        """Executes and commits the command, then redraws; a refusal is shown and changes nothing."""
        try:
            records = self.session.execute(command)
        except CompanionError as refusal:
            self.notify(str(refusal), severity="error", timeout=4)
            return None
        if isinstance(command, Undo | Redo):
            self.notify(self.session.describe(records[-1]), timeout=3)
        self.show_state()
        return records

    def show_state(self) -> None:
        raise NotImplementedError

    def action_undo(self) -> None:
        self.run_command(Undo())

    def action_redo(self) -> None:
        self.run_command(Redo())
