"""What every game's rules provide: commands in, events out, state as a fold of events."""

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from companion.journal.events import Event
from companion.journal.record import Record


class Command(BaseModel):
    """Something a player asks for, named in the imperative; the rules turn it into events. Each
    command's validator is built when the first one is made (a press), not when its game loads."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Undo(Command):
    """Take back the latest decision still in force."""


class Redo(Command):
    """Put back the latest decision taken back, exactly as it was."""


def left_for_first_use() -> list[type[BaseModel]]:
    """The commands and events loaded whose validators are not built yet (`defer_build`): what a
    first press of the game would build, for the app to build ahead while the players look."""
    waiting: list[type[BaseModel]] = []
    kinds: list[type[BaseModel]] = [Command, Event]
    while kinds:
        kind = kinds.pop()
        kinds += kind.__subclasses__()
        if not kind.__pydantic_complete__ and kind not in (Command, Event):
            waiting.append(kind)
    return waiting


def build_next(waiting: list[type[BaseModel]]) -> None:
    """Builds the next of `waiting` still unbuilt (a press may have built some meanwhile), taking it off."""
    while waiting:
        model = waiting.pop()
        if not model.__pydantic_complete__:
            model.model_rebuild()
            return


State = TypeVar("State")
Adapted = TypeVar("Adapted")

EVENTS_ON_FIRST_USE = ConfigDict(defer_build=True)
"""A game's `events` adapter's config: the union's schema is built when it first reads an event
back, not when the game's rules load (a new game reads none before its first frame)."""


class AdapterOnFirstUse(Generic[Adapted]):
    """A game's `state` adapter, built the first time it is read (a snapshot, the table network)
    rather than when the game's rules load. A state is a dataclass or a model, which takes no
    config from a `TypeAdapter`, so it cannot wait as the events adapter does."""

    def __init__(self, adapted: Any) -> None:
        self._adapted = adapted
        self._adapter: TypeAdapter[Adapted] | None = None

    @property
    def pydantic_complete(self) -> bool:
        """Built, as a `TypeAdapter` says it."""
        return self._adapter is not None

    def __get__(self, rules: object, kind: type) -> TypeAdapter[Adapted]:
        if self._adapter is None:
            self._adapter = TypeAdapter(self._adapted)
        return self._adapter


class Rules(Generic[State]):
    """One game's rules. `decide` raises a `CompanionError` to refuse, and then changes nothing.

    `state` is the adapter that writes the state to the games file and reads it back (snapshots,
    the table network): a state must survive that round trip unchanged. `state_version` goes up
    whenever the state's shape changes, so an old snapshot is never read into a new shape.
    """

    kind: ClassVar[str]
    title: ClassVar[str]
    events: ClassVar[TypeAdapter[Any]]
    state: ClassVar[AdapterOnFirstUse[Any]]
    state_version: ClassVar[int]

    def __init__(self, rng: random.Random, data: Mapping[str, Any] | None = None) -> None:
        self.rng = rng
        self.data: Mapping[str, Any] = data or {}

    def initial(self) -> State:
        raise NotImplementedError

    def decide(self, state: State, command: Command) -> list[Event]:
        raise NotImplementedError

    def evolve(self, state: State, record: Record, voided: bool) -> State:
        """The state after `record`; a voided decision is folded in as voided (usually: skipped)."""
        raise NotImplementedError

    def check_undo(self, state: State, target: Record, verb: Literal["undo", "redo"]) -> None:
        """Raises `RuleViolation` (naming why) when the game's rules forbid taking `target` back
        (or putting it back); every game allows it unless it says otherwise."""

    def finished(self, state: State) -> bool:
        """The game is over (its last turn played): home offers a new game instead of resuming it."""
        return False

    def summary(self, state: State) -> str:
        """How far the game has come, in a few words for home and the saved games (`turn 3`,
        `12 rolls`); empty when the game has nothing to say."""
        return ""

    def describe(self, state: State, event: Event) -> str:
        """A line a player reads about `event`, in the game's words as of `state` (a game may name
        its sides, say); the event's own `describe` unless the game says otherwise."""
        return event.describe()

    def public(self, event: Event) -> dict[str, Any]:
        """The event as anyone at the table may see it (the log, the table network): hidden
        information, such as a face-down counter, left out."""
        return event.model_dump(mode="json")

    def public_state(self, state: State) -> State:
        """The state as anyone at the table may see it (the table network's followers): still a
        state of this game, which the `state` adapter writes and reads, with hidden information
        replaced by what anyone may know. Every game whose `public` hides something hides it here too."""
        return state
