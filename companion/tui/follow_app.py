"""`companion follow`: a read-only view of a table's game over the table network, on the same game
screens as the table's own companion, updated live; or every table on the broker (a club view).

It takes no GPIO pins, no board, no speech and no games file: everything it shows comes from the
authority's public state messages, and everything a press would decide is refused on screen.
"""

import random
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.message import Message

from companion.bootstrap import follow_table
from companion.errors import CompanionError
from companion.games.descriptor import resolve
from companion.games.registry import descriptor
from companion.network.followed_game import FollowedGame
from companion.network.follower_log import FollowedTable
from companion.network.link_state import TableLinkState, TableLinkStatus
from companion.network.messages import StateMessage
from companion.network.settings import TableSettings
from companion.network.topics import CLUB
from companion.status_part import StatusPart
from companion.tui.messages import OpenTable, TableLinkChanged, TableSeen
from companion.tui.screens.game_screen import GameScreen
from companion.tui.screens.tables import TablesScreen
from companion.tui.table_app import TableApp
from companion.tui.widgets.status_line import Status

if TYPE_CHECKING:
    from drivers.table_follower import TableFollower


class FollowerApp(TableApp):
    TITLE = "companion (following)"
    # A follower may run for anyone who opens a browser tab (`companion web`): it writes nothing on
    # the machine that serves it, not even a screenshot.
    WRITES_FILES = False
    # A follower has no saved games: its list of games is the tables'.
    BINDINGS = [Binding("g", "go_home", "Tables", show=False)]

    def __init__(self, settings: TableSettings, table: str = CLUB, debug: bool = False) -> None:
        """`table`: the one table to follow, or `CLUB` for every table on the broker."""
        super().__init__(debug)
        self.settings = settings
        self.followed = table
        self.tables: dict[str, FollowedTable] = {}
        self.watching: str | None = None if table == CLUB else table
        """The table whose game is (or is to be) on screen."""
        self.link: TableLinkState | None = None
        self.problem: StatusPart | None = None
        """Why the view follows nothing (the follower could not start)."""
        self._follower: TableFollower | None = None

    def on_mount(self) -> None:
        broker = self.settings.address
        title = (f"Every table on {broker}: choose one to watch its game" if self.followed == CLUB
                 else f"Table {self.followed} on {broker}: its game shows as soon as the table publishes it")
        self.push_screen(TablesScreen(title))
        self.refresh_status()
        # Connecting must not hold up the first frame.
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        try:
            self._follower = follow_table(self.settings, self.followed,
                                          lambda followed: self._post(TableSeen(followed)),
                                          lambda state: self._post(TableLinkChanged(state)))
        except Exception as error:  # said on the status line; the view stays up
            self.problem = StatusPart(f"cannot follow: {error}", must_act=True)
            self.refresh_status()

    def _post(self, message: Message) -> None:
        """For the follower's thread: `post_message` is thread-safe."""
        self.post_message(message)

    def on_unmount(self) -> None:
        if self._follower is not None:
            self._follower.stop()

    # From the follower's thread, as messages

    def on_table_seen(self, message: TableSeen) -> None:
        followed = message.followed
        self.tables[followed.table] = followed
        self._tables_screen().show(self.tables.values())
        if followed.view.deleted and self._showing(followed.table):
            self._back_to_tables()
            self.notify(f"table {followed.table}'s game {followed.view.deleted} was deleted at the table",
                        severity="warning", timeout=8)
        if followed.table == self.watching:
            self._show(followed)
        self.refresh_status()
        self.shown_signal.publish(None)

    def on_table_link_changed(self, message: TableLinkChanged) -> None:
        self.link = message.state
        self.refresh_status()

    def on_open_table(self, message: OpenTable) -> None:
        self.watching = message.table
        followed = self.tables.get(message.table)
        if followed is not None and followed.view.base is not None:
            self._show(followed)
        else:
            self.notify(f"table {message.table} has not published its game yet", timeout=4)
        self.refresh_status()

    # The game on screen

    def _show(self, followed: FollowedTable) -> None:
        """The table's latest state on its game's screen: redrawn, or the screen opened for a new game."""
        base = followed.view.base
        if base is None:
            return  # events before any state: the state follows them at once
        screen = self._game_screen()
        if screen is not None and isinstance(screen.session, FollowedGame) and \
                screen.session.table == followed.table and screen.session.game.id == base.game:
            try:
                changed = screen.session.update(base)
            except CompanionError as error:
                self.notify(str(error), severity="error", timeout=8)
                return
            if changed:
                screen.redraw()
                self.refresh_status()
            return
        self._open(followed.table, base)

    def _open(self, table: str, base: StateMessage) -> None:
        self._back_to_tables()
        known = descriptor(base.kind)
        if known is None:
            self.notify(f"table {table} plays {base.kind}, a game this companion does not know", severity="error",
                        timeout=8)
            return
        try:
            game = known.open(random.Random(), None)  # the shipped data: the state says the rest
            session = FollowedGame(table, base, game.rules)
        except CompanionError as error:
            self.notify(str(error), severity="error", timeout=8)
            return
        screen_class: type[GameScreen] = resolve(known.screen)
        self.push_screen(screen_class(game, session, None, f"read-only: following table {table}"))
        self.refresh_status()

    def action_go_home(self) -> None:
        """Back to the tables; a game shows again when one is chosen."""
        self.watching = None
        self._back_to_tables()
        self.refresh_status()

    def _back_to_tables(self) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()

    def _tables_screen(self) -> TablesScreen:
        return next(screen for screen in self.screen_stack if isinstance(screen, TablesScreen))

    def _showing(self, table: str) -> bool:
        """Whether a game of `table` is on screen."""
        screen = self._game_screen()
        return screen is not None and isinstance(screen.session, FollowedGame) and screen.session.table == table

    def _game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def refresh_status(self) -> None:
        following = "READ-ONLY: every table" if self.followed == CLUB else f"READ-ONLY: following table {self.followed}"
        screen = self._game_screen()
        self.show_status(Status(hardware=StatusPart(following, must_act=True),
                                game=screen.session.game.name if screen else "", table=self.problem or self._link()))

    def _link(self) -> StatusPart:
        """The link as a follower sees it: it plays nothing, so a lost link means a view standing still."""
        where = f"table {self.watching}" if self.watching else f"broker {self.settings.address}"
        state = self.link
        if state is None or state.status is TableLinkStatus.CONNECTING:
            return StatusPart(f"{where}: connecting")
        offline = False
        if state.status is TableLinkStatus.CONNECTED:
            offline = self.watching in self.tables and self.tables[self.watching].online is False
            text = f"{where}: {'its companion is offline' if offline else 'live'}"
        else:
            reason = f" ({state.reason})" if state.reason else ""
            text = f"{where}: broker {state.status}{reason}; showing the last state received"
        if state.bad_payloads:
            text += f"; skipped {state.bad_payloads} bad messages ({state.last_problem})"
        return StatusPart(text, must_act=offline or state.must_act)
