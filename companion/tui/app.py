"""The companion app: routes every press to the screen in front, settles commits, keeps the lights
and the status line true."""

import gc
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.signal import Signal

from companion.bootstrap import Companion
from companion.errors import CompanionError
from companion.games.descriptor import resolve
from companion.games.registry import GAMES
from companion.hardware.board_link import BoardLinkState
from companion.hardware.controls import ControlPressed
from companion.journal.store import GameInfo
from companion.session import GameSession
from companion.speech.announcement import Cue
from companion.tui.messages import (
    BoardLinkChanged,
    ContinueGame,
    HardwarePress,
    JournalSettled,
    JournalWaiting,
    NewGame,
    OpenGame,
    Refused,
    ShowSavedGames,
    SpeechChanged,
)
from companion.tui.screens.game_screen import GameScreen, Wired
from companion.tui.screens.home import HomeScreen
from companion.tui.widgets.mock_panel import MockPanel
from companion.tui.widgets.status_line import Status

if TYPE_CHECKING:
    from companion.dice.spec import DiceSpec


class CompanionApp(App[int]):
    CSS_PATH = Path(__file__).parent / "companion.tcss"
    TITLE = "companion"
    BINDINGS = [("g", "show_games", "Saved games"), ("ctrl+s", "toggle_speech", "Speech")]

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
        self.storage_status = ""
        self.speech_status = "speech off"
        self.status = Status()
        self.status_signal: Signal[Status] = Signal(self, "status")

    @property
    def mock_controls(self) -> Wired | None:
        """The on-screen stand-ins for the buttons, only when the pins are mocks."""
        if not self.companion.pin_choice.is_mock:
            return None
        return tuple((control, value) for _, control, value in self.companion.config.pins.buttons())

    def on_mount(self) -> None:
        self.companion.connect_buttons(self._post_press)
        if self.companion.config.speech.enabled:
            # The speech engine's phrase pack and thread are not needed for the first frame.
            self.call_after_refresh(self._connect_speech)
        self.call_after_refresh(self._settle_memory)
        # Finding the board (or starting the demo's fake one) must not hold up the first frame.
        self.call_after_refresh(
            self.run_worker, self._connect_board, thread=True, name="board link", exit_on_error=False
        )
        self.refresh_status()
        # The home screen is built only when it is shown: a start straight into a game (`companion
        # dice`, or resuming the last game) paints the game's screen without composing it first.
        if self._start_kind:
            self.continue_game(self._start_kind)
        elif last := self.companion.store.last_game():
            self.open_game(last)
        else:
            self.action_go_home()

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
        self._close_game()
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

    def _post(self, message: Message) -> None:
        """For other threads' callbacks: `post_message` is thread-safe."""
        self.post_message(message)

    # Messages up

    def on_hardware_press(self, message: HardwarePress) -> None:
        if self.companion.speaker is not None:
            self.companion.speaker.cue(Cue.PRESS)
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
        self.companion.lights.reset()
        self._show_lights()

    def on_journal_settled(self, message: JournalSettled) -> None:
        screen = self._game_screen()
        if screen is None or screen.session is not message.session:
            message.session.settle()
            return
        settled = screen.session.settle()
        if settled.failures:
            self.storage_status = f"not saved: {settled.failures[-1]}"
        elif settled.records and self.storage_status.startswith("not saved"):
            self.storage_status = ""
        self.refresh_status()
        screen.settled(settled)
        self._show_lights()
        if settled.records and self.companion.speaker is not None:
            # Said after the commit, never before; the game says only what every side may know.
            self.companion.speaker.say(*screen.game.announce(settled.records, screen.session.state))

    def on_refused(self, _: Refused) -> None:
        if self.companion.speaker is not None:
            self.companion.speaker.cue(Cue.REFUSAL)

    def on_speech_changed(self, message: SpeechChanged) -> None:
        self.speech_status = message.status
        self.refresh_status()

    def action_toggle_speech(self) -> None:
        if self.companion.speaker is None:
            self._connect_speech()  # speech is off in the config: its engine loads on the first toggle
        if self.companion.speaker is not None:
            self.companion.speaker.toggle()

    def _connect_speech(self) -> None:
        if self.companion.speaker is not None:
            return
        self.speech_status = self.companion.connect_speech(lambda status: self._post(SpeechChanged(status))).status
        self.refresh_status()

    def on_journal_waiting(self, message: JournalWaiting) -> None:
        self.storage_status = message.reason or ""
        self.refresh_status()

    def on_open_game(self, message: OpenGame) -> None:
        self.open_game(message.game)

    def on_new_game(self, message: NewGame) -> None:
        try:
            info = self.companion.store.create_game(message.kind)
        except CompanionError as error:
            self.notify(str(error), severity="error", timeout=8, markup=False)
            return
        self.open_game(info)

    def on_continue_game(self, message: ContinueGame) -> None:
        self.continue_game(message.kind)

    def on_show_saved_games(self, _: ShowSavedGames) -> None:
        self.action_show_games()

    # Games

    def continue_game(self, kind: str) -> None:
        """The latest unfinished game of this kind, or a new one."""
        try:
            info = self.companion.store.last_game(kind) or self.companion.store.create_game(kind)
        except CompanionError as error:
            self.action_go_home()
            self.notify(str(error), severity="error", timeout=8, markup=False)
            return
        self.open_game(info)

    def open_game(self, info: GameInfo) -> None:
        """Opens a saved game on its screen; a game that cannot be opened leaves the players at
        home with the reason."""
        self._leave_game()
        try:
            game, session = self.companion.open_game(info)
        except CompanionError as error:
            self.action_go_home()
            self.notify(f"{info.name} cannot be opened: {error}", severity="error", timeout=10, markup=False)
            return
        self._watch(session)
        if self._start_spec is not None and info.kind == "dice":
            from companion.dice.rules import ChooseSpec  # the dice rules load with the dice screen

            spec, self._start_spec = self._start_spec, None
            session.execute(ChooseSpec(spec=spec))
        screen_class: type[GameScreen] = resolve(game.descriptor.screen)
        self.push_screen(screen_class(game, session, self.mock_controls))
        self.companion.lock.record(info.id)
        self.companion.lights.reset()
        self._show_lights()
        self.refresh_status()

    def _watch(self, session: GameSession) -> None:
        session.on_settled = lambda: self._post(JournalSettled(session))
        session.waiting = lambda reason: self._post(JournalWaiting(reason))

    def _leave_game(self) -> None:
        """Closes the game on screen and takes away every screen above the home screen (or above
        Textual's default one, before the home screen was first shown)."""
        self._close_game()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def _game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _close_game(self) -> None:
        screen = self._game_screen()
        if screen is not None:
            screen.session.close()
            self.companion.lock.record(None)

    def _show_lights(self) -> None:
        screen = self._game_screen()
        if screen is None:
            self.companion.lights.dark()
        else:
            self.companion.lights.apply(screen.game.lights(screen.session.state))

    def refresh_status(self) -> None:
        choice = self.companion.pin_choice
        # The mock panel above the status line says "mock pins"; this line stays short enough for a
        # small screen beside the table.
        hardware = f"MOCK HARDWARE ({choice.reason})" if choice.is_mock else f"GPIO: {choice.name}"
        games_file = shorter_path(self.companion.store.path)
        screen = self._game_screen()
        game = f"{screen.session.game.name} · {games_file}" if screen else games_file
        status = Status(hardware, self.board_status, game, choice.is_mock, self.storage_status, self.speech_status)
        if status != self.status:
            # A status line that changes is laid out again, with the whole screen: not on every roll.
            self.status = status
            self.status_signal.publish(status)

    # Actions

    def action_go_home(self) -> None:
        self._leave_game()
        if not isinstance(self.screen, HomeScreen):
            self.push_screen(HomeScreen([(game.kind, game.title) for game in GAMES], self.mock_controls))
        self._show_lights()

    def action_show_games(self) -> None:
        from companion.tui.screens.saved_games import SavedGamesScreen  # its table loads on first use

        self.action_go_home()
        self.push_screen(SavedGamesScreen(self.companion.store, [(g.kind, g.title) for g in GAMES],
                                          self.mock_controls))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if isinstance(screen, GameScreen):
            for label, help_text, name, value in screen.palette():
                yield SystemCommand(label, help_text, partial(screen.act, name, value))


def shorter_path(path: Path) -> str:
    """`~/...` for a path in the home directory."""
    try:
        return f"~/{path.relative_to(Path.home())}"
    except ValueError:
        return str(path)
