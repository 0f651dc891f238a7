"""A follower's copy of a table's game: events accepted once each, in order, from a state or from the start.

Events are keyed by (game, seq). A double is counted and ignored; one that comes early is held
until the events before it arrive, and the log says what it needs meanwhile. A state message
at or past the log's place replaces everything before it, which also closes any gap. An empty
state means the table's game was deleted: the log forgets it, and remembers its name to say so.
"""

from collections import deque
from dataclasses import dataclass

from companion.network.messages import EventMessage, StateMessage

HISTORY = 500
EARLY_LIMIT = 256


@dataclass(frozen=True, slots=True)
class Need:
    """What would let the log go on: `game`'s events after `after`, or its state at `upto` or later.

    `after` is None when the log has nothing of that game yet: only its state will do.
    """

    game: int
    after: int | None
    upto: int


@dataclass(frozen=True, slots=True)
class FollowerView:
    """One snapshot of the log, replaced whole on every change: what a follower's screen shows."""

    game: int | None
    kind: str | None
    name: str
    seq: int
    """Every event up to here is known, in `base` or in `events`."""
    base: StateMessage | None
    """The latest state adopted; None for a game followed from its first event."""
    events: tuple[EventMessage, ...]
    """The events after `base`, in order: the current state is `base` with these applied."""
    history: tuple[EventMessage, ...]
    """The latest events seen, oldest first (a late joiner has none from before it joined)."""
    doubles: int
    need: Need | None
    deleted: str = ""
    """The name of the table's game deleted at the table, until the table publishes another game."""


class FollowerLog:
    """The table's current game as received; feed it every event and state message, in any order."""

    def __init__(self, history: int = HISTORY, early_limit: int = EARLY_LIMIT) -> None:
        self.game: int | None = None
        self.kind: str | None = None
        self.name = ""
        self.seq = 0
        self.base: StateMessage | None = None
        self.events: list[EventMessage] = []
        self.history: deque[EventMessage] = deque(maxlen=history)
        self.doubles = 0
        self.deleted = ""
        self._early: dict[tuple[int, int], EventMessage] = {}
        self._early_limit = early_limit

    def accept_state(self, state: StateMessage) -> bool:
        """Adopts a state of another game, or one at or past this log's place; True if anything changed."""
        if state.game == self.game and state.seq < self.seq:
            return False
        if state.game == self.game and state.seq == self.seq and state == self.base:
            return False
        if state.game != self.game:
            self._switch(state.game, state.kind)
            self.history.clear()
        self.base, self.seq, self.name, self.events = state, state.seq, state.name, []
        self._drain()
        return True

    def accept_deleted(self) -> bool:
        """The table cleared its state: its game was deleted. True if there was a game to forget."""
        if self.game is None:
            return False
        self.deleted = self.name or f"Game {self.game}"
        self._early = {key: event for key, event in self._early.items() if key[0] != self.game}
        self.game, self.kind, self.name, self.seq, self.base, self.events = None, None, "", 0, None, []
        self.history.clear()
        return True

    def accept_event(self, event: EventMessage) -> bool:
        """Applies the next event (and any held ones it unblocks); True if anything changed."""
        if event.game != self.game and event.seq == 1:
            self._switch(event.game, event.kind)  # a game followed from its very first event
            self.history.clear()
        if event.game == self.game and event.seq <= self.seq:
            self.doubles += 1
            return False
        if event.game == self.game and event.seq == self.seq + 1:
            self._apply(event)
            self._drain()
            return True
        key = (event.game, event.seq)
        if key in self._early:
            self.doubles += 1
        elif len(self._early) < self._early_limit:
            self._early[key] = event
        return False

    @property
    def need(self) -> Need | None:
        """What is missing, if anything: the gap before the first held event."""
        held = [key for key in self._early if key[0] == self.game]
        if held:
            return Need(self.game or 0, self.seq, min(seq for _, seq in held) - 1)
        if self._early:
            game, seq = min(self._early)
            return Need(game, None, seq - 1)
        return None

    def view(self) -> FollowerView:
        return FollowerView(
            self.game, self.kind, self.name, self.seq, self.base, tuple(self.events),
            tuple(self.history), self.doubles, self.need, self.deleted,
        )

    def _switch(self, game: int, kind: str) -> None:
        self.game, self.kind, self.name, self.seq, self.base, self.events = game, kind, "", 0, None, []
        self.deleted = ""

    def _apply(self, event: EventMessage) -> None:
        self.seq = event.seq
        self.events.append(event)
        self.history.append(event)

    def _drain(self) -> None:
        """Applies held events that follow on; forgets held ones of this game already known."""
        while (following := self._early.pop((self.game or 0, self.seq + 1), None)) is not None:
            self._apply(following)
        for key in [key for key in self._early if key[0] == self.game and key[1] <= self.seq]:
            del self._early[key]


@dataclass(frozen=True, slots=True)
class FollowedTable:
    """A followed table as a follower's screen (or a club view's row) shows it."""

    table: str
    online: bool | None
    """Whether the table's authority is connected; None until it has said."""
    view: FollowerView
