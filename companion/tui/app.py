"""The companion app: routes every press to the screen in front and keeps the status line true."""

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.notifications import SeverityLevel
from textual.widget import Widget

from companion.bootstrap import Companion
from companion.games.registry import KINDS
from companion.hardware.board_link import BoardLinkState
from companion.hardware.controls import ControlPressed
from companion.journal.store import GameInfo
from companion.session import GameSession
from companion.tui.messages import BoardLinkChanged, HardwarePress
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.registry import GAME_SCREENS, screen_for
from companion.tui.widgets.mock_panel import MockPanel
from companion.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from companion.dice.spec import DiceSpec


class CompanionApp(App):
    CSS_PATH = Path(__file__).parent / "companion.tcss"
    TITLE = "companion"
    BINDINGS = [("g", "show_games", "Saved games")]

    def __init__(
        self,
        companion: Companion,
        start_kind: str | None = None,
        start_spec: "DiceSpec | None" = None,
        debug: bool = False,
    ) -> None:
        super().__init__()
        self.companion = companion
        self.show_tracebacks = debug
        self.crash: Exception | None = None
        """The first unexpected error, for the command to report in one line after the app has exited."""
        self._start_kind = start_kind
        self._start_spec = start_spec
        self.board_status = "board: off" if not companion.config.board.enabled else "board: searching"
        self.kinds = [kind for kind in KINDS if kind in GAME_SCREENS]

    def on_mount(self) -> None:
        self.companion.connect_buttons(self._post_press)
        self.call_after_refresh(self._settle_memory)
        # Finding the board (or starting the demo's fake one) must not hold up the first frame.
        self.call_after_refresh(
            self.run_worker, self._connect_board, thread=True, name="board link", exit_on_error=False
        )
        self.push_screen(HomeScreen(self.kinds))
        if self._start_kind:
            session = self.companion.resume_or_start(self._start_kind)
            if self._start_spec is not None:
                from companion.dice.rules import ChooseSpec  # the dice rules load with the dice screen

                session.execute(ChooseSpec(spec=self._start_spec))
            self.open_session(session)
        elif (last := self.companion.store.last_game()) and last.kind in GAME_SCREENS:
            self.open_game(last)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification is plain text, whatever the caller asked: they carry refusals and file
        errors that quote names and paths from players, files and devices (see ARCHITECTURE.md)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def _handle_exception(self, error: Exception) -> None:
        # Textual prints a full traceback, local variables and all, once the app has exited; the
        # `companion` command says it in one line instead, unless --debug.
        if self.crash is None:
            self.crash = error
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        if self.crash is None or self.show_tracebacks:
            super()._print_error_renderables()  # also what Textual has to say without a crash
        else:
            self._exit_renderables.clear()

    def _settle_memory(self) -> None:
        """After the first frame: what start-up built lives as long as the app, so it is moved out of
        the collector's sight (a full collection over it took ~35 ms, stalling a press every few
        dozen rolls), and the collector `bootstrap` held off runs again."""
        gc.freeze()
        gc.enable()

    def on_unmount(self) -> None:
        gc.unfreeze()  # another app in this process (the tests run many) starts with a clean slate

    def _connect_board(self) -> None:
        try:
            self.companion.connect_board(self._post_press, self._post_link_state)
        except Exception as error:  # the app runs on without a board, and says why
            self.post_message(BoardLinkChanged(f"board could not start: {error}"))

    def _post_link_state(self, state: BoardLinkState) -> None:
        """Called on the link's thread."""
        fake = "fake " if self.companion.want_fake_board else ""
        self.post_message(BoardLinkChanged(fake + str(state)))

    def _post_press(self, press: ControlPressed) -> None:
        """Called on the hardware's thread: post and return at once."""
        self.post_message(HardwarePress(press))

    def on_hardware_press(self, message: HardwarePress) -> None:
        handler = getattr(self.screen, "on_control", None)
        if handler is not None:
            handler(message.press)

    def on_mock_panel_pushed(self, message: MockPanel.Pushed) -> None:
        presser = self.companion.mock_presser
        if presser is not None:
            presser.press(message.wired_control, message.value)

    def on_board_link_changed(self, message: BoardLinkChanged) -> None:
        self.board_status = message.description
        self.refresh_status()

    def compose_hardware_panel(self) -> Iterator[Widget]:
        """The on-screen buttons, only when the pins are mocks."""
        if self.companion.pin_choice.is_mock and self.companion.button_box is not None:
            wired = [(control, value) for _, control, value in self.companion.config.pins.buttons()]
            yield MockPanel(wired, classes="mock-panel")

    def refresh_status(self) -> None:
        choice = self.companion.pin_choice
        # The mock panel above the status line says "mock pins"; this line stays short enough for a
        # small screen beside the table.
        hardware = f"MOCK HARDWARE ({choice.reason})" if choice.is_mock else f"GPIO: {choice.name}"
        games_file = shorter_path(self.companion.store.path)
        session = getattr(self.screen, "session", None)
        game = f"{session.game.name} · {games_file}" if session else games_file
        for line in self.screen.query(StatusLine):
            line.show(hardware, self.board_status, game, choice.is_mock)

    def resume_or_start(self, kind: str) -> GameSession:
        session = self.companion.resume_or_start(kind)
        self.open_session(session)
        return session

    def open_game(self, game: GameInfo) -> None:
        self.open_session(self.companion.open_game(game))

    def open_session(self, session: GameSession) -> None:
        self.action_go_home()
        self.push_screen(screen_for(session.game.kind)(self.companion, session))

    def action_go_home(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def action_show_games(self) -> None:
        from companion.tui.screens.saved_games import SavedGamesScreen  # its table loads on first use

        self.action_go_home()
        self.push_screen(SavedGamesScreen(self.companion.store, self.kinds))


def shorter_path(path: Path) -> str:
    """`~/...` for a path in the home directory."""
    try:
        return f"~/{path.relative_to(Path.home())}"
    except ValueError:
        return str(path)
