"""The companion app: starts the table's parts after the first frame, opens, resumes, starts and
closes the games on their screens, settles their commits, and follows another companion read only.

The game screens and the game kit load with the first game opened, not for the home screen's first
frame (tests/tui/test_start_up.py)."""

import asyncio
import contextvars
import gc
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from companion.bootstrap import Companion
from companion.errors import CompanionError, StorageError
from companion.games.descriptor import Game, resolve
from companion.games.registry import GAMES, descriptor
from companion.journal.connection import BUSY_TIMEOUT_MS
from companion.journal.lock import Holder
from companion.journal.store import GameInfo
from companion.tui import collector
from companion.tui.messages import ContinueGame, JournalWaiting, NewGame, OpenGame, ShowSavedGames
from companion.tui.parts_app import LOOK_EVERY, OTHER_QUIT, PartsApp
from companion.tui.screens.home import SAVED_GAMES_KEY, HomeScreen
from companion.tui.table_app import SCREENSHOTS

if TYPE_CHECKING:
    from pydantic import BaseModel

    from companion.dice.spec import DiceSpec
    from companion.games.rules import Command
    from companion.session import GameSession


FOLLOW_EVERY = 0.25
"""Seconds between looks at the games file in a read-only view: a glance at SQLite's data version."""


class CompanionApp(PartsApp):
    BINDINGS = [(SAVED_GAMES_KEY, "show_games", "Games"), ("ctrl+s", "toggle_speech", "Speech")]

    def __init__(
        self,
        companion: Companion,
        start_kind: str | None = None,
        start_spec: "DiceSpec | None" = None,
        debug: bool = False,
        following: Holder | None = None,
    ) -> None:
        """`following`: another companion holds the data dir; this one is a read-only view that
        follows its game, and takes no buttons, no board, no speech and no table network."""
        super().__init__(companion, following, debug)
        self._start_kind = start_kind
        self._start_spec = start_spec
        self._collector_thresholds = gc.get_threshold()
        self._followed_game: int | None = None
        """In a read-only view, the game the companion holding the data dir had open when last looked at."""
        self._seen_version = -1

    def screenshot_folder(self) -> Path:
        return self.companion.data_dir / SCREENSHOTS

    def on_mount(self) -> None:
        self._ui_loop, self._ui_context = asyncio.get_running_loop(), contextvars.copy_context()
        self.look_at_games()
        if self.following is not None:
            self._mount_following()
            return
        self.companion.connect_buttons(self._post_press)
        if self.companion.config.speech.enabled:
            # The speech engine's phrase pack and thread are not needed for the first frame.
            self.call_after_refresh(self._connect_speech)
        self.call_after_refresh(collector.settle_after_start_up)
        # Finding the board (or starting the demo's fake one) must not hold up the first frame.
        applied = self.companion.store.inputs("board:")
        self.call_after_refresh(
            self.run_worker, partial(self._connect_board, applied), thread=True, name="board link",
            exit_on_error=False,
        )
        self.call_after_refresh(self._connect_table)
        # `companion games rename` and `delete` may run meanwhile, each a process of its own.
        self.set_interval(LOOK_EVERY, self.look_at_games)
        self.refresh_status()
        # The home screen is built only when it is shown: a start straight into a game (`companion
        # dice`, or resuming the last game) paints the game's screen without composing it first.
        if self._start_kind:
            self.continue_game(self._start_kind)
        elif not ((last := self.companion.store.last_game()) and self.open_game(last, resume=True)):
            self.action_go_home()

    def _mount_following(self) -> None:
        self.call_after_refresh(collector.settle_after_start_up)
        self.push_screen(self._home())
        self.refresh_status()
        self._follow()
        # Another process writes the games file: look for its commits a few times a second.
        self.set_interval(FOLLOW_EVERY, self._follow)

    def _follow(self) -> None:
        """Shows what the companion holding the data dir has committed (in its game, and in what home
        and saved games say of every game), and goes to the game it opens.

        Between its moves the players may look elsewhere (home, saved games, another game, read only
        too) and stay there; when it leaves the game on screen, the view goes home."""
        holder = self.companion.lock.holder()
        if holder is None:
            if self.storage_status != OTHER_QUIT:
                self.storage_status = OTHER_QUIT
                self._say_why_read_only()
            return
        if holder.pid and (holder != self.following or self.storage_status == OTHER_QUIT):
            # A companion holds the games file again (the one followed started anew), or another game;
            # pid 0 is a lock file caught while its holder rewrites it.
            self.following = holder
            if self.storage_status == OTHER_QUIT:
                self.storage_status = ""
            self._say_why_read_only()
        screen = self._game_screen()
        current = screen.session.game.id if screen else None
        if holder.game != self._followed_game:
            left, self._followed_game = self._followed_game, holder.game
            if holder.game is not None:
                self.open_game(self.companion.store.game(holder.game))
            elif current is not None and current == left:
                self.action_go_home()
            return
        from companion.session import GameSession

        version = self.companion.store.data_version()
        if version == self._seen_version:
            return
        self._seen_version = version
        if screen is not None and isinstance(screen.session, GameSession):
            settled = screen.session.catch_up()
            if settled:
                screen.settled(settled)
        self.look_at_games(now=True, refresh=False)  # the game on screen renamed by `companion games rename`
        # Home and saved games say what the games file holds (its games, how far each has come).
        refresh_games = getattr(self.screen, "refresh_games", None)
        if refresh_games is not None and self.screen.is_mounted:  # else its mount reads them anew
            refresh_games()

    def on_unmount(self) -> None:
        self._close_game()
        collector.restore(self._collector_thresholds)

    # Messages up

    def _settle(self, session: "GameSession") -> None:
        """The journal writer finished commits of `session`: settle them here, on the UI thread."""
        screen = self._game_screen()
        settled = session.settle()
        self._done_with(settled.origins, settled.dropped, str(settled.failures[-1]) if settled.failures else "")
        if screen is None or screen.session is not session:
            return
        if settled.records:
            self.table.publish(screen)
        if settled.failures:
            self.storage_status = f"not saved: {settled.failures[-1]}"
        elif settled.records and self.storage_status.startswith("not saved"):
            self.storage_status = ""
        self.refresh_status()
        screen.settled(settled)
        self.shown_signal.publish(None)
        self._show_lights()
        if settled.records and self.companion.speaker is None and self.companion.config.speech.enabled:
            self._connect_speech()  # committed before the first frame's deferred connect: said all the same
        if settled.records and self.companion.speaker is not None:
            # Said after the commit, never before; the game says only what every side may know.
            self.companion.speaker.say(*screen.game.announce(settled.records, screen.session.state))

    def on_open_game(self, message: OpenGame) -> None:
        self.open_game(message.game)

    def on_new_game(self, message: NewGame) -> None:
        """A new game: from one of its scenarios, when the game has any, or free play."""
        if self._refused_read_only():  # before any question: its answer could not be saved
            return
        kind = message.kind
        known = descriptor(kind)
        if known is None or known.scenario is None:
            self.new_game(kind)
            return
        from companion.games.kit.guide import ChooseScenario  # the guide loads with the first scenario offered
        from companion.tui.screens.choose_scenario import FREE_PLAY, ScenarioChooser, read_scenarios

        found = read_scenarios(known, self.companion.data_dir)
        if not found:
            self.new_game(kind)
            return

        def chosen(name: str | None) -> None:
            scenario = found.get(name or "")
            if name == FREE_PLAY:
                self.new_game(kind)
            elif isinstance(scenario, str):
                self.notify(scenario, severity="error", timeout=10, markup=False)
            elif scenario is not None and name is not None:
                self.new_game(kind, ChooseScenario(name=name, scenario=scenario))

        self.push_screen(ScenarioChooser(kind, known.title, found), chosen)

    def new_game(self, kind: str, first: "Command | None" = None) -> None:
        """Creates a game and opens it; `first` (a scenario chosen, or the dice of `companion dice
        3d6`) is saved with it, in its one transaction, before its screen shows. A data file of the
        players' that cannot be used, or a first command that cannot be saved (a full disk, another
        program's lock: refused at once, as opening a game is), is said, and nothing is created."""
        self._leave_game()
        start_spec = self._start_spec if first is None and kind == "dice" else None
        if start_spec is not None:
            from companion.dice.rules import ChooseSpec  # the dice rules load with the dice screen

            first = ChooseSpec(spec=start_spec)
        try:
            game, session = self.companion.new_game(kind, first)
        except CompanionError as error:  # the dice asked for stay asked for, for the next dice game
            known = descriptor(kind)
            self.action_go_home()
            self.notify(f"A new {known.title if known else kind} game cannot start: {error}", severity="error",
                        timeout=10, markup=False)
            return
        if start_spec is not None:
            self._start_spec = None  # saved with the game
        self._show_game(session.game, game, session)

    def on_continue_game(self, message: ContinueGame) -> None:
        self.continue_game(message.kind)

    def on_show_saved_games(self, _: ShowSavedGames) -> None:
        self.action_show_games()

    # Games

    def continue_game(self, kind: str) -> None:
        """The latest game of this kind unless it is over, else a new one (free play; "New game"
        offers the scenarios; a read-only view refuses it in one line). One that cannot be opened
        leaves the players at home with the reason."""
        latest = self.companion.store.last_game(kind)
        if latest is not None:
            opened = self._opened(latest)
            if opened is None:
                return
            game, session = opened
            if not game.rules.finished(session.state):
                self._show_game(latest, game, session)
                return
            session.close()
        if not self._refused_read_only():
            self.new_game(kind)

    def open_game(self, info: GameInfo, resume: bool = False) -> bool:
        """Opens a saved game on its screen; a game that cannot be opened leaves the players at
        home with the reason. A game resumed as the current one (`resume`) is not opened when it
        is over. True when the game's screen is up."""
        opened = self._opened(info)
        if opened is None:
            return False
        game, session = opened
        if resume and game.rules.finished(session.state):
            session.close()
            return False
        self._show_game(info, game, session)
        return True

    def _opened(self, info: GameInfo) -> "tuple[Game, GameSession] | None":
        """The saved game's parts and session; None, with the players at home told why, when it cannot be opened."""
        self._leave_game()
        try:
            return self.companion.open_game(info)
        except CompanionError as error:
            self.action_go_home()
            self.notify(f"{info.name} cannot be opened: {error}", severity="error", timeout=10, markup=False)
            return None

    def _show_game(self, info: GameInfo, game: Game, session: "GameSession") -> None:
        """The opened game on its screen."""
        self._watch(session)
        self._knows_of(info)
        if self._start_spec is not None and info.kind == "dice":
            from companion.dice.rules import ChooseSpec  # the dice rules load with the dice screen

            spec, self._start_spec = self._start_spec, None
            try:
                # Here on the UI thread, another program's lock is waited for no longer than opening
                # the game waits for it: refused at once, the writer gives the press up (a commit
                # under way, a slow card's sync, still lands).
                session.execute(ChooseSpec(spec=spec), timeout=BUSY_TIMEOUT_MS / 1000)
            except CompanionError as error:  # a read-only view, a full disk: the dice stay as they were
                self.notify(f"{info.name}: {spec} not chosen: {error}", severity="error", timeout=10, markup=False)
        from companion.games.rules import left_for_first_use
        from companion.tui.screens.game_screen import GameScreen  # with the first game, not for home

        screen_class: type[GameScreen] = resolve(game.descriptor.screen)
        screen = screen_class(game, session, self.mock_controls, self._read_only())
        self._game_screens = GameScreen
        self.push_screen(screen)
        self.call_after_refresh(self._start_writing, session)
        self.call_after_refresh(self._build_ahead, left_for_first_use())
        self.table.publish(screen)
        self.companion.lock.record(info.id)
        self.companion.lights.reset()
        self._show_lights()
        self.refresh_status()

    def _start_writing(self, session: "GameSession") -> None:
        """After the game's first frame, unless it was left meanwhile: its writer, ready for the first press."""
        screen = self._game_screen()
        if screen is None or screen.session is not session:
            return
        try:
            session.start_writing()
        except StorageError as error:
            self.storage_status = f"not saved: {error}"
            self.refresh_status()

    def _build_ahead(self, waiting: "list[type[BaseModel]]") -> None:
        """One of the game's commands and events still unbuilt, then the next on a later turn of the
        loop, so the screen keeps answering: otherwise a first press built them (the dice roller's
        first roll took 1-2.5 ms longer than the next ones, bench/press.py)."""
        from companion.games.rules import build_next

        build_next(waiting)
        if waiting:
            self.call_later(self._build_ahead, waiting)

    def _say_why_read_only(self) -> None:
        """The status line, the game on screen and saved games say the view's reason as it now is."""
        from companion.tui.screens.saved_games import SavedGamesScreen  # loaded only when the reason changes

        self.refresh_status()
        screen = self._game_screen()
        if screen is not None:
            screen.read_only = self._read_only()
        for saved in self.screen_stack:
            if isinstance(saved, SavedGamesScreen):
                saved.read_only = self._read_only()

    def _refused_read_only(self) -> bool:
        """A new game asked of a read-only view: refused at once, in the view's one line."""
        if refusal := self._read_only():
            self.notify(refusal, severity="error", timeout=4, markup=False)
        return bool(refusal)

    def _read_only(self) -> str:
        """Why nothing can be decided in this companion, as a refused press says it; "" when it can be."""
        if self.following is not None and self.storage_status == OTHER_QUIT:
            return f"read-only: {OTHER_QUIT}"
        if self.following is not None:
            return f"read-only: another companion (process {self.following.pid}) holds the games file"
        store = self.companion.store
        if store.readonly:
            return f"{store.path}: {store.readonly_reason or 'read-only here'}: nothing can be saved"
        return ""

    def _watch(self, session: "GameSession") -> None:
        session.on_settled = partial(self._soon_on_ui_thread, self._settle, session)
        session.waiting = lambda reason: self._post(JournalWaiting(reason))

    def _close_game(self) -> None:
        screen, self._game_screens = self._game_screen(), None
        if screen is not None:
            settled = screen.session.close()
            self._done_with(settled.origins, settled.dropped, str(settled.failures[-1]) if settled.failures else "")
            self.companion.lock.record(None)

    # Actions

    def action_go_home(self) -> None:
        self._leave_game()
        if not isinstance(self.screen, HomeScreen):
            self.push_screen(self._home())
        self._show_lights()
        self.refresh_status()

    def _home(self) -> HomeScreen:
        return HomeScreen([(game.kind, game.title) for game in GAMES], self.companion.store, self.companion.progress,
                          self.mock_controls, read_only=bool(self._read_only()))

    def _leave_game(self) -> None:
        """Closes the game on screen and takes away every screen above the home screen (or above
        Textual's default one, before the home screen was first shown)."""
        self._close_game()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def action_show_games(self) -> None:
        from companion.tui.screens.saved_games import SavedGamesScreen  # its table loads on first use

        self.action_go_home()
        self.push_screen(SavedGamesScreen(self.companion.store, [(g.kind, g.title) for g in GAMES],
                                          self.companion.progress, self.mock_controls, self._read_only()))
