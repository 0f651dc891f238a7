"""A committed event's record, apart from the events: listing the games file (home) loads no pydantic."""

from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from companion.journal.events import Event


class Record(NamedTuple):
    """One committed event: its place in the game, when it happened, and the event."""

    seq: int
    at: datetime
    event: "Event"
