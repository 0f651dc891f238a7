"""A committed event's record, apart from the events: listing the games file (home) loads no pydantic."""

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.journal.events import Event


@dataclass(frozen=True, slots=True)
class Record:
    """One committed event: its place in the game, when it happened, and the event."""

    seq: int
    at: datetime
    event: "Event"
