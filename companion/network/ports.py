"""What the table link needs from the app, and what it hands back: the authority's ports."""

from collections.abc import Callable, Sequence
from typing import Protocol

from companion.network.messages import EventMessage, PressMessage, StateMessage


class PublishedJournal(Protocol):
    """The authority's games as the link reads them. Called on the link's thread only.

    The messages are already the public projection: hidden information is left out by the app.
    """

    def published_until(self, game: int) -> int | None:
        """The last seq of `game` the broker acknowledged (persisted), or None if never published."""
        ...

    def acknowledged(self, game: int, seq: int) -> None:
        """Persists that the broker holds every event of `game` up to `seq` (or its state at `seq`)."""
        ...

    def records_after(self, game: int, seq: int, limit: int) -> Sequence[EventMessage]:
        """At most `limit` committed events of `game` after `seq`, in seq order, with no gaps."""
        ...

    def public_state(self, game: int) -> StateMessage:
        """The game's public state as of its latest committed event (seq 0 before the first)."""
        ...

    def has_game(self, game: int) -> bool:
        """Whether `game` is still there (not deleted); True when that cannot be told."""
        ...


PressSink = Callable[[PressMessage], None]
"""Takes a remote press on the link's thread; must not block (hand it to the app and return).

The app then applies presses one at a time in the order given, each in one transaction that
also records the press id, and answers every one with `TableLink.settle`: `applied`,
`already_applied` (its id was recorded before: a resend), or `refused` with a reason. The same
id may be handed on again after a lost connection; that is what `already_applied` is for.
"""
