"""The authority's place in publishing one game: what the broker has acknowledged, what to send next.

Messages go out strictly in order, at most `window` unacknowledged at once. A lost connection
forgets everything unacknowledged, and the next connection sends it again from the first event
after `acknowledged`: a follower may get an event twice (and ignores the second), never a gap.
"""

from dataclasses import dataclass, field

DEFAULT_WINDOW = 16


@dataclass(frozen=True, slots=True)
class _InFlight:
    seq: int
    is_state: bool


@dataclass
class PublishCursor:
    """One game's publishing on one connection at a time.

    `acknowledged` is None for a game never published: its state goes first, and the events
    after that state follow. Otherwise every event up to `acknowledged` is known to the broker.
    """

    game: int
    acknowledged: int | None
    window: int = DEFAULT_WINDOW
    sent: int | None = field(init=False)
    """The last event (or starting state) handed to this connection."""
    state_as_of: int | None = field(default=None, init=False)
    """The seq of the last state handed to this connection; None before the first."""
    _in_flight: dict[int, _InFlight] = field(default_factory=dict, init=False)
    _acked_early: set[int] = field(default_factory=set, init=False)
    _start_state: int | None = field(default=None, init=False)
    _state_owed: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        if self.window < 1:
            raise ValueError("the window must allow at least one message in flight")
        self.sent = self.acknowledged

    @property
    def room(self) -> int:
        """How many more messages may go out before an acknowledgement comes back."""
        return self.window - len(self._in_flight)

    @property
    def needs_start_state(self) -> bool:
        """Nothing of this game has been sent: its state must start it."""
        return self.sent is None

    def state_due(self) -> bool:
        """A state is owed: none yet on this connection, events have gone out since the last one, or
        what the state carries besides the events changed (`state_changed`)."""
        return self._state_owed or self.state_as_of is None or (self.sent or 0) > self.state_as_of

    def state_changed(self) -> None:
        """The state says something new without a new event (the game's name): it goes out again."""
        self._state_owed = True

    def sent_event(self, seq: int, mid: int) -> None:
        if self.sent is None or seq != self.sent + 1:
            raise ValueError(f"event {seq} is out of order: the last sent is {self.sent}")
        self.sent = seq
        self._in_flight[mid] = _InFlight(seq, is_state=False)

    def sent_state(self, seq: int, mid: int) -> None:
        if self.sent is None:
            self.sent = self._start_state = seq
        self.state_as_of = seq
        self._state_owed = False
        self._in_flight[mid] = _InFlight(seq, is_state=True)

    def acked(self, mid: int) -> int | None:
        """Notes the broker's acknowledgement; returns the new `acknowledged` when it moved on."""
        done = self._in_flight.pop(mid, None)
        if done is None:
            return None  # from an earlier game or connection: nothing of ours
        before = self.acknowledged
        if done.is_state:
            if self.acknowledged is None and done.seq == self._start_state:
                self.acknowledged = done.seq
        else:
            self._acked_early.add(done.seq)
        if self.acknowledged is not None:
            while self.acknowledged + 1 in self._acked_early:
                self._acked_early.remove(self.acknowledged + 1)
                self.acknowledged += 1
        return self.acknowledged if self.acknowledged != before else None

    def connection_lost(self) -> None:
        """Everything unacknowledged will be sent again on the next connection."""
        self._in_flight.clear()
        self._acked_early.clear()
        self.sent = self.acknowledged
        self.state_as_of = self._start_state = None
