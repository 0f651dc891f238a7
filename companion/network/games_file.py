"""The authority's `PublishedJournal` over the games file: the events and state the public may see,
and how far the broker holds each game.

The link calls it on its own thread only; it reads and writes through a connection of its own, so
the app's and the journal writer's are never shared across threads. The state it publishes is the
open game's durable state (everything in it is committed), as `Rules.public_state` gives it and
the game's state adapter writes it, the way a snapshot is written.
"""

import json
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.errors import CompanionError, GameNotFound, StorageError
from companion.games.rules import Rules
from companion.journal.connection import OpenedFile
from companion.journal.store import GameInfo, GameStore, utc_now
from companion.network.messages import EventMessage, StateMessage
from companion.session import GameSession

log = logging.getLogger(__name__)

RulesFor = Callable[[str], Rules[Any]]
"""The rules of a game kind, for a game that is not the open one (it raises for a kind unknown here)."""


class PublishedGames:
    """`PublishedJournal` for the app: tell it which game is open with `playing`."""

    def __init__(self, path: Path, rules_for: RulesFor, clock: Callable[[], datetime] = utc_now,
                 opened: OpenedFile | None = None) -> None:
        """`opened`: the games file as the app opened it, so the app's commits and this one's are
        all the companion's own (`GameStore`)."""
        self.path = path
        self._opened = opened
        self._rules_for = rules_for
        self._clock = clock
        self._store: GameStore | None = None
        self._playing: tuple[GameInfo, Rules[Any], GameSession] | None = None
        self._unsaved: dict[int, int] = {}

    def playing(self, info: GameInfo, rules: Rules[Any], session: GameSession) -> None:
        """The game open in the app (from the app's thread); it stays the one published after it closes."""
        self._playing = (info, rules, session)

    def close(self) -> None:
        """After the link has stopped."""
        if self._store is not None:
            self._store.close()
            self._store = None

    # PublishedJournal, on the link's thread

    def published_until(self, game: int) -> int | None:
        return self._unsaved.get(game, self._games().published_until(game))

    def acknowledged(self, game: int, seq: int) -> None:
        self._unsaved[game] = seq
        for each, until in list(self._unsaved.items()):
            try:
                self._games().set_published(each, until)
            except StorageError as error:
                # Kept and written with the next acknowledgement; lost only if the app stops
                # first, and then the next start publishes a few events twice, never a gap.
                log.warning("cannot note what the broker holds: %s", error)
                return
            del self._unsaved[each]

    def records_after(self, game: int, seq: int, limit: int) -> list[EventMessage]:
        info, rules = self._game(game)
        messages = []
        for record in self._games().records(game, rules.events, after=seq):
            messages.append(EventMessage(game=game, kind=info.kind, seq=record.seq, type=record.event.type,
                                         at=record.at, event=rules.public(record.event)))
            if len(messages) >= limit:
                break
        return messages

    def public_state(self, game: int) -> StateMessage:
        info, rules = self._game(game)
        playing = self._playing
        if playing is not None and playing[0].id == game:
            state, seq = playing[2].committed()
        else:
            state, seq = self._folded(info, rules)
        shown = json.loads(rules.state.dump_json(rules.public_state(state)))
        return StateMessage(game=game, kind=info.kind, name=self._name_now(info), seq=seq, at=self._clock(),
                            state=shown)

    def has_game(self, game: int) -> bool:
        try:
            self._games().game(game)
        except GameNotFound:
            return False
        except CompanionError:  # the file cannot be read now: nothing is cleared on a guess
            return True
        return True

    # Inside

    def _games(self) -> GameStore:
        if self._store is None:
            self._store = GameStore(self.path, opened=self._opened)
        return self._store

    def _game(self, game: int) -> tuple[GameInfo, Rules[Any]]:
        playing = self._playing
        if playing is not None and playing[0].id == game:
            return playing[0], playing[1]
        info = self._games().game(game)
        return info, self._rules_for(info.kind)

    def _name_now(self, info: GameInfo) -> str:
        """The game's name in the games file now: a rename since it was opened (in the app or by
        `companion games rename`) goes out with the next state."""
        try:
            return self._games().game(info.id).name
        except CompanionError:  # deleted since, or the file cannot be read: the name it had
            return info.name

    def _folded(self, info: GameInfo, rules: Rules[Any]) -> tuple[Any, int]:
        """A game not open in the app: folded from the games file, through a reading connection."""
        reading = GameStore(self.path, readonly=True)
        try:
            return GameSession(reading, info, rules).committed()
        finally:
            reading.close()
