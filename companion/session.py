"""A game in play: commands become committed events, and only then a new state."""

from collections.abc import Callable
from datetime import datetime
from typing import Any

from companion.games.rules import Command, Redo, Rules, Undo
from companion.journal.events import DecisionRedone, DecisionUndone, Event, Record
from companion.journal.store import GameInfo, GameStore, utc_now
from companion.journal.timeline import Timeline


class GameSession:
    """Owns one saved game: its records, its timeline and the state folded from them."""

    def __init__(
        self,
        store: GameStore,
        game: GameInfo,
        rules: Rules[Any],
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.store = store
        self.game = game
        self.rules = rules
        self._clock = clock
        self.records = store.records(game.id, rules.events)
        self.timeline = Timeline(self.records)
        self.state = self._fold()
        store.touch(game.id)

    def execute(self, command: Command) -> list[Record]:
        """Decides, commits, then folds; a refused command raises and changes nothing."""
        if isinstance(command, Undo):
            events: list[Event] = [self.timeline.undo()]
        elif isinstance(command, Redo):
            events = [self.timeline.redo()]
        else:
            events = self.rules.decide(self.state, command)
        if not events:
            return []
        records = self.store.append(self.game.id, events, self._clock())
        self.records.extend(records)
        for record in records:
            self.timeline.add(record)
        if any(isinstance(r.event, DecisionUndone | DecisionRedone) for r in records):
            self.state = self._fold()
        else:
            for record in records:
                self.state = self.rules.evolve(self.state, record, False)
        return records

    def describe(self, record: Record) -> str:
        return self.timeline.describe(record)

    def _fold(self) -> Any:
        state = self.rules.initial()
        voided = self.timeline.voided
        for record in self.records:
            if not isinstance(record.event, DecisionUndone | DecisionRedone):
                state = self.rules.evolve(state, record, record.seq in voided)
        return state
