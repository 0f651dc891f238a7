"""What every game's rules provide: commands in, events out, state as a fold of events."""

from typing import Any, ClassVar, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from companion.journal.events import Event, Record


class Command(BaseModel):
    """Something a player asks for, named in the imperative; the rules turn it into events."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Undo(Command):
    """Take back the latest decision still in force."""


class Redo(Command):
    """Put back the latest decision taken back, exactly as it was."""


State = TypeVar("State")


class Rules(Protocol[State]):
    """One game's rules. `decide` raises a `CompanionError` to refuse, and then changes nothing."""

    kind: ClassVar[str]
    title: ClassVar[str]
    events: ClassVar[TypeAdapter[Any]]

    def initial(self) -> State: ...

    def decide(self, state: State, command: Command) -> list[Event]: ...

    def evolve(self, state: State, record: Record, voided: bool) -> State:
        """The state after `record`; a voided decision is folded in as voided (usually: skipped)."""
        ...
