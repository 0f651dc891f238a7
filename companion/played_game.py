"""What a game's screen needs of the game it shows (`PlayedGame`), and what settling its commits found (`Settled`)."""

from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import StorageError
from companion.games.rules import Command
from companion.hardware.controls import Origin
from companion.journal.record import Record
from companion.journal.store import GameInfo


@dataclass(frozen=True, slots=True)
class Settled:
    """What `settle` found committed (in order) and what could not be saved."""

    records: tuple[Record, ...] = ()
    failures: tuple[StorageError, ...] = ()
    origins: tuple[Origin, ...] = ()
    """The inputs dealt with: committed with what they caused, or dropped with a failed commit.
    Either way the input is done with (its source may forget it)."""
    dropped: tuple[Origin, ...] = ()
    """Those of `origins` dropped with a failed commit: nothing they caused was saved."""

    def __bool__(self) -> bool:
        return bool(self.records or self.failures or self.origins)


class PlayedGame(Protocol):
    """What a game's screen needs of the game it shows: a `GameSession` (`companion.session`), or a
    game followed over the table network (`companion.network.followed_game`), which refuses every command."""

    game: GameInfo

    @property
    def state(self) -> Any: ...

    @property
    def latest(self) -> Any: ...

    @property
    def head(self) -> int: ...

    @property
    def read_only(self) -> bool:
        """Every command is refused: a view of a game another companion plays, or a games file that
        cannot be written. Its screen offers no buttons."""
        ...

    @property
    def can_redo(self) -> bool:
        """Redo would put something back: an undo, and nothing else since (as the screen shows it)."""
        ...

    def describe(self, record: Record) -> str: ...

    def submit(self, command: Command, origin: Origin | None = None) -> list[Record]: ...

    def note_input(self, origin: Origin) -> None: ...

    def settle(self) -> "Settled": ...

    def wait(self, timeout: float = 30.0) -> bool: ...

    def close(self) -> "Settled": ...
