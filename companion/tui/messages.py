"""Messages from hardware and worker threads to the app, and from screens up to it; named so
none collides with Textual's own (`Button.Pressed`)."""

from typing import TYPE_CHECKING

from textual.message import Message

from companion.journal.store import GameInfo
from companion.status_part import StatusPart

if TYPE_CHECKING:  # the table network's modules load only when a table is configured
    from companion.network.follower_log import FollowedTable
    from companion.network.link_state import TableLinkState
    from companion.network.messages import PressMessage


class BoardLinkChanged(Message):
    """The serial board's link changed: searching, connected (with versions) or lost."""

    def __init__(self, said: StatusPart) -> None:
        super().__init__()
        self.said = said


class JournalWaiting(Message):
    """The writer waits for the games file (another program holds its lock), or is through (None)."""

    def __init__(self, reason: str | None) -> None:
        super().__init__()
        self.reason = reason


class FormAnswered(Message):
    """A form has taken its answer (and the screen below has acted on it) or refused it: the keys
    typed after its Enter go on, to whatever is in front now."""


class OpenGame(Message):
    """A screen asks for a saved game to be opened."""

    def __init__(self, game: GameInfo) -> None:
        super().__init__()
        self.game = game


class NewGame(Message):
    """A screen asks for a new game of `kind`."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind


class ContinueGame(Message):
    """A screen asks for the latest game of `kind`, or a new one."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind


class ShowSavedGames(Message):
    """A screen asks for the saved games list."""


class GameRenamed(Message):
    """A saved game has a new name in the games file."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class GameDeleted(Message):
    """A saved game has been deleted from the games file."""

    def __init__(self, game_id: int) -> None:
        super().__init__()
        self.game_id = game_id


class SpeechChanged(Message):
    """The speech engine's one-line status changed (on, off, unavailable and why)."""

    def __init__(self, said: StatusPart) -> None:
        super().__init__()
        self.said = said


class Refused(Message):
    """A screen refused a press: the table hears the refusal tone."""


class RemotePress(Message):
    """A press from the table network (another button box, a phone), for the authority to apply once."""

    def __init__(self, press: "PressMessage") -> None:
        super().__init__()
        self.press = press


class TableLinkChanged(Message):
    """The table network's link changed: connecting, connected, down (and why), events waiting."""

    def __init__(self, state: "TableLinkState") -> None:
        super().__init__()
        self.state = state


class TableSeen(Message):
    """A followed table changed: its game, its state, its events, whether its authority is online."""

    def __init__(self, followed: "FollowedTable") -> None:
        super().__init__()
        self.followed = followed


class OpenTable(Message):
    """A follower asks to watch one table's game."""

    def __init__(self, table: str) -> None:
        super().__init__()
        self.table = table
