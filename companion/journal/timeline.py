"""Which decisions are in force, which are voided, and what undo and redo would act on."""

from companion.errors import NothingToDo
from companion.journal.events import DecisionRedone, DecisionUndone, Record


class Timeline:
    """Follows a game's records to know the undo and redo targets without re-reading them."""

    def __init__(self, records: list[Record] = ()) -> None:
        self.by_seq: dict[int, Record] = {}
        self.voided: set[int] = set()
        self._in_force: list[int] = []
        self._redoable: list[int] = []
        for record in records:
            self.add(record)

    def add(self, record: Record) -> None:
        self.by_seq[record.seq] = record
        event = record.event
        if isinstance(event, DecisionUndone):
            self.voided.add(event.target)
            self._in_force.remove(event.target)
            self._redoable.append(event.target)
        elif isinstance(event, DecisionRedone):
            self.voided.discard(event.target)
            self._redoable.remove(event.target)
            # The newest voided decision is newer than every decision still in force.
            self._in_force.append(event.target)
        elif event.undoable:
            self._in_force.append(record.seq)
            self._redoable.clear()

    def undo(self) -> DecisionUndone:
        if not self._in_force:
            raise NothingToDo("nothing to undo")
        return DecisionUndone(target=self._in_force[-1])

    def redo(self) -> DecisionRedone:
        if not self._redoable:
            raise NothingToDo("nothing to redo")
        return DecisionRedone(target=self._redoable[-1])

    def describe(self, record: Record) -> str:
        """A line a player can read: `undo: 2d6 = 9 (4+5), physical`."""
        event = record.event
        if isinstance(event, DecisionUndone):
            return f"undo: {self.by_seq[event.target].event.describe()}"
        if isinstance(event, DecisionRedone):
            return f"redo: {self.by_seq[event.target].event.describe()}"
        return event.describe()
