"""The companion app's side facing the table's parts: presses routed and answered, status line, speech, lights."""

import asyncio
import contextlib
import contextvars
from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING

from textual.message import Message

from companion.bootstrap import Companion
from companion.errors import CompanionError, StorageError
from companion.hardware.board_link import BoardLinkState
from companion.hardware.controls import ControlPressed, Origin, board_run
from companion.journal.lock import Holder
from companion.journal.store import GameInfo
from companion.paths import shorter_path
from companion.speech.cue import Cue
from companion.status_part import StatusPart
from companion.tui.buttons import does_nothing
from companion.tui.messages import (
    BoardLinkChanged,
    GameDeleted,
    GameRenamed,
    JournalWaiting,
    Refused,
    RemotePress,
    SpeechChanged,
    TableLinkChanged,
)
from companion.tui.table_app import TableApp
from companion.tui.table_authority import TableAuthority
from companion.tui.widgets.mock_panel import MockPanel, Wired
from companion.tui.widgets.status_line import Status

if TYPE_CHECKING:
    from companion.tui.screens.game_screen import GameScreen


OTHER_QUIT = "the other companion has quit: start this one again to play"
LOOK_EVERY = 0.5
"""Seconds between the app's looks at its games' names (for `companion games rename` or `delete`,
run meanwhile): a glance at SQLite's data version, a query only once another connection committed."""


class PartsApp(TableApp):
    """The base of `CompanionApp`, which opens the games and starts the parts. Presses from the
    buttons, the board and the table network go to the screen in front and are answered once what
    they caused is committed; what the parts are doing shows on the status line and in the lights."""

    def __init__(self, companion: Companion, following: Holder | None, debug: bool) -> None:
        super().__init__(debug)
        self.companion = companion
        self.board_status = StatusPart("board: off" if not companion.config.board.enabled else "board: searching")
        self.storage_status = ""
        if companion.store.readonly_reason:
            self.storage_status = f"read-only: {companion.store.readonly_reason}, nothing can be saved"
        self.speech_status = StatusPart("speech off")
        self._games_file = shorter_path(companion.store.path)  # every commit redraws the status line
        self.table = TableAuthority(companion, self._post)
        self.following = following
        """Set in a read-only view: the companion that holds the data dir, as last seen."""
        self._ui_loop: asyncio.AbstractEventLoop | None = None
        self._ui_context: contextvars.Context | None = None
        """The UI thread's loop and the app's context, for `_soon_on_ui_thread`: set first thing on mount."""
        self._names_seen: dict[int, str] | None = None
        """The games' names as the app last read them from the games file, by game number."""
        self._names_version = -1
        self._game_screens: type[GameScreen] | None = None
        """The game screens' base class from `open_game` until the game is closed (it loads with the
        first game, not for the home screen); None while no game is open."""

    @property
    def mock_controls(self) -> Wired | None:
        """The on-screen stand-ins for the buttons, only when the pins are mocks (and ours)."""
        if not self.companion.pin_choice.is_mock or self.following is not None:
            return None
        return tuple((control, value) for _, control, value in self.companion.config.pins.buttons())

    def _connect_board(self, applied: dict[str, int]) -> None:
        try:
            self.companion.connect_board(self._post_press, self._post_link_state, applied)
        except Exception as error:  # the app runs on without a board, and says why
            self.post_message(BoardLinkChanged(StatusPart(f"board could not start: {error}", must_act=True)))

    def _post_link_state(self, state: BoardLinkState) -> None:
        """Called on the link's thread."""
        fake = "fake " if self.companion.want_fake_board else ""
        self.post_message(BoardLinkChanged(StatusPart(fake + str(state), state.must_act)))

    def _post_press(self, press: ControlPressed) -> None:
        """Called on the hardware's thread: hands the press to the UI thread and returns at once."""
        self._soon_on_ui_thread(self._press, press)

    def _soon_on_ui_thread(self, callback: Callable[..., None], *args: object) -> None:
        """From another thread: `callback(*args)` runs on the UI thread soon; returns at once.

        Straight onto the UI thread's event loop, in the app's context (what `call_from_thread` does,
        without the wait), rather than through Textual's message queue, whose hop took ~0.4 ms
        (bench/press.py). For the two halves of a roll's way to the screen: the press, and its commit
        coming back. Once the app is ending, nothing runs."""
        assert self._ui_loop is not None
        with contextlib.suppress(RuntimeError):  # the app has ended and closed its loop
            self._ui_loop.call_soon_threadsafe(self._run_on_ui_thread, callback, args, context=self._ui_context)

    def _run_on_ui_thread(self, callback: Callable[..., None], args: tuple[object, ...]) -> None:
        if not self.is_running:
            return  # shutting down: the screens are going
        try:
            callback(*args)
        except Exception as error:
            self._handle_exception(error)  # ends the app with the traceback, as an error in a handler does

    def _connect_table(self) -> None:
        """The table network's link, as the table's authority, when the config has a broker."""
        if self.following is None:
            self.table.connect()
            self.table.publish(self._game_screen())
            self.refresh_status()

    def _post(self, message: Message) -> None:
        """For other threads' callbacks: `post_message` is thread-safe."""
        self.post_message(message)

    # Messages up

    def on_remote_press(self, message: RemotePress) -> None:
        """A press from the table network: taken once (a resend is answered at once), then like a button's."""
        press = self.table.take(message.press)
        if press is not None:
            self._press(press)

    def _press(self, press: ControlPressed) -> None:
        if self.companion.speaker is not None:
            self.companion.speaker.cue(Cue.PRESS)
        origin = press.origin
        playing = self._game_screen()
        if playing is not None and self.screen is playing:
            # The screen's session records the press's origin with what it caused (or refused).
            self.table.refused(origin, playing.on_control(press, origin))
            return
        handler = getattr(self.screen, "on_control", None)
        refusal = handler(press) if handler is not None else does_nothing(press)
        if refusal:
            self.notify(refusal, timeout=2, markup=False)
        if origin is None:
            return
        if self.table.takes(origin):
            self.table.refused(origin, refusal)
            self._record_remote(origin)
            return
        self._done_with([origin])

    def _record_remote(self, origin: Origin) -> None:
        """A remote press no game took: recorded, so a resend of it is never applied later."""
        screen = self._game_screen()
        if screen is not None:
            screen.session.note_input(origin)  # under a form: recorded with the game's next commit
            return
        try:
            self.companion.store.record_input(origin.source, origin.number)
        except StorageError as error:
            self._done_with([origin], dropped=[origin], failure=str(error))
            return
        self._done_with([origin])

    def _done_with(self, origins: Iterable[Origin], dropped: Collection[Origin] = (), failure: str = "") -> None:
        """These inputs are dealt with: what they caused is committed, or nothing was (`dropped`,
        with a commit that failed with `failure`). The board may forget them; a remote press is
        answered."""
        origins = list(origins)
        board = self.companion.board
        for origin in origins:
            if board is not None and board_run(origin.source) is not None:
                board.applied(origin)
        self.table.done_with(origins, dropped, failure)

    def on_table_link_changed(self, message: TableLinkChanged) -> None:
        self.table.status = StatusPart(str(message.state), message.state.must_act)
        self.refresh_status()

    def on_mock_panel_pushed(self, message: MockPanel.Pushed) -> None:
        presser = self.companion.mock_presser
        if presser is not None:
            presser.press(message.wired_control, message.value)

    def on_board_link_changed(self, message: BoardLinkChanged) -> None:
        self.board_status = message.said
        self.refresh_status()
        self.companion.lights.reset()
        self._show_lights()

    def on_refused(self, _: Refused) -> None:
        if self.companion.speaker is not None:
            self.companion.speaker.cue(Cue.REFUSAL)

    def on_speech_changed(self, message: SpeechChanged) -> None:
        self.speech_status = message.said
        self.refresh_status()

    def action_toggle_speech(self) -> None:
        if self.companion.speaker is None:
            self._connect_speech()  # speech is off in the config: its engine loads on the first toggle
        if self.companion.speaker is not None:
            self.companion.speaker.toggle()

    def _connect_speech(self) -> None:
        if self.companion.speaker is not None:
            return
        speaker = self.companion.connect_speech(lambda said: self._post(SpeechChanged(said)))
        self.speech_status = speaker.status_part
        self.refresh_status()

    def on_journal_waiting(self, message: JournalWaiting) -> None:
        self.storage_status = message.reason or ""
        self.refresh_status()

    def on_game_renamed(self, message: GameRenamed) -> None:
        self.look_at_games(changed_here=message.game_id)

    def on_game_deleted(self, message: GameDeleted) -> None:
        self.look_at_games(changed_here=message.game_id)

    def _knows_of(self, game: GameInfo) -> None:
        """A game just opened or made: the next look tells its deletion or new name even when no
        commit came between for the look to read it back from the games file."""
        if self._names_seen is not None:
            self._names_seen = {**self._names_seen, game.id: game.name}

    def look_at_games(self, now: bool = False, refresh: bool = True, changed_here: int | None = None) -> None:
        """Takes in the games' names when another connection committed (or `now`): a game renamed or
        deleted, in the app or by `companion games` while it runs, goes out to the table with its
        new name or leaves the broker, and the open game's screen, home and saved games show its new
        name (`refresh=False`: the caller refreshes home and saved games). The first look only reads them.

        `changed_here`: a game the app itself renamed or deleted, on its own connection (which leaves
        its data version as it was), maybe made since the last look."""
        now = now or changed_here is not None
        store = self.companion.store
        try:
            version = store.data_version()
            if version == self._names_version and not now:
                return
            names = store.game_names()
        except CompanionError:
            return  # the file cannot be read now: looked at again next time
        seen, self._names_seen, self._names_version = self._names_seen, names, version
        if seen is None:
            return
        if changed_here is not None:
            seen = {changed_here: "", **seen}  # no game is named "": renamed or deleted, whatever it was
        deleted = [game for game in seen if game not in names]
        renamed = {game: name for game, name in names.items() if seen.get(game, name) != name}
        screen = self._game_screen()
        for game in deleted:
            self.table.deleted(game)
        for game in renamed:
            self.table.renamed(game)
        if screen is not None and (name := renamed.get(screen.session.game.id)) is not None:
            screen.session.game = screen.session.game._replace(name=name)
            screen.redraw()
            self.refresh_status()
        if not (deleted or renamed):
            return
        self.shown_signal.publish(None)
        # The look may come as the app shuts down, its screens already gone.
        front = self.screen_stack[-1] if self.screen_stack else None
        refresh_games = getattr(front, "refresh_games", None)
        if refresh and refresh_games is not None and front is not None and front.is_mounted:
            refresh_games()

    # The screen in front

    def _game_screen(self) -> "GameScreen | None":
        """The topmost screen of the open game: its own, or its setup guide's over it."""
        if self._game_screens is None:
            return None
        for screen in reversed(self.screen_stack):
            if isinstance(screen, self._game_screens):
                return screen
        return None

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
        hardware = StatusPart(f"MOCK HARDWARE ({choice.reason})" if choice.is_mock else f"GPIO: {choice.name}")
        if self.following is not None:
            hardware = StatusPart("READ-ONLY" if self.storage_status == OTHER_QUIT
                                  else f"READ-ONLY: following the companion of process {self.following.pid}",
                                  must_act=True)
        screen = self._game_screen()
        game = screen.session.game.name if screen else ""
        self.show_status(Status(hardware, self.board_status, game, choice.is_mock, self.storage_status,
                                self.speech_status, self._games_file, self.table.status))
