"""What to say next: newer announcements replace stale ones, and cues never hold up speech."""

from dataclasses import dataclass, replace

from companion.speech.announcement import Announcement
from companion.speech.cue import Cue

Item = Announcement | Cue


@dataclass(frozen=True, slots=True)
class Added:
    """The backlog after an item came in, and whether the one playing must stop for it."""

    backlog: "Backlog"
    interrupt: bool


@dataclass(frozen=True, slots=True)
class Backlog:
    """The item being played and those waiting, oldest first.

    Speech never lags the table by more than one result: a new announcement drops a waiting one of
    its channel and cuts short the one playing if that is of its channel too. A cue is for the
    instant: it waits for nothing but another cue, is dropped while speech is playing or waiting,
    and is cut short by speech.
    """

    waiting: tuple[Item, ...] = ()
    playing: Item | None = None

    def add(self, item: Item) -> Added:
        if isinstance(item, Cue):
            speech = (self.playing, *self.waiting)
            if any(isinstance(busy, Announcement) for busy in speech):
                return Added(self, interrupt=False)
            return Added(replace(self, waiting=(item,)), interrupt=False)
        kept = tuple(
            waiting for waiting in self.waiting
            if isinstance(waiting, Announcement) and waiting.stale_after != item.stale_after
        )
        playing = self.playing
        interrupt = isinstance(playing, Cue) or (
            isinstance(playing, Announcement) and playing.stale_after == item.stale_after
        )
        return Added(replace(self, waiting=(*kept, item)), interrupt)

    def start_next(self) -> "Backlog":
        """The first waiting item becomes the one playing; call when nothing is playing."""
        return Backlog(self.waiting[1:], self.waiting[0]) if self.waiting else Backlog()

    def finished(self) -> "Backlog":
        return replace(self, playing=None)
