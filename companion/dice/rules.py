"""The dice roller's rules: choose a spec, roll it, or enter the faces of physical dice."""

import random
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Annotated, ClassVar, Iterator, Literal

from pydantic import Field, TypeAdapter

from companion.dice.rolling import roll_faces
from companion.dice.spec import DiceSpec
from companion.errors import NothingToDo, RuleViolation
from companion.games.rules import Command
from companion.journal.events import DecisionRedone, DecisionUndone, Event, Record

Source = Literal["generated", "physical"]


# Commands


class ChooseSpec(Command):
    spec: DiceSpec


class RollDice(Command):
    """Roll the chosen spec with the random source."""


class EnterFace(Command):
    """A face of a physical die, as the player keyed it (0 on a d10 is 10)."""

    entered: int


class EraseFace(Command):
    """Take back the last face keyed in for a roll not yet complete."""


# Events


class SpecChosen(Event):
    type: Literal["spec_chosen"] = "spec_chosen"
    spec: DiceSpec

    def describe(self) -> str:
        return f"dice: {self.spec}"


class FaceEntered(Event):
    type: Literal["face_entered"] = "face_entered"
    face: int

    def describe(self) -> str:
        return f"face entered: {self.face}"


class FaceErased(Event):
    type: Literal["face_erased"] = "face_erased"

    def describe(self) -> str:
        return "face erased"


class DiceRolled(Event):
    """A complete roll. Undo voids it and redo restores these very faces: nothing is re-rolled."""

    undoable: ClassVar[bool] = True
    type: Literal["dice_rolled"] = "dice_rolled"
    spec: DiceSpec
    faces: tuple[int, ...]
    source: Source

    @property
    def total(self) -> int:
        return self.spec.total(self.faces)

    def describe(self) -> str:
        faces = "+".join(map(str, self.faces))
        shown = f" ({faces})" if len(self.faces) > 1 or self.spec.modifier else ""
        return f"{self.spec} = {self.total}{shown}, {self.source}"


DiceEvent = Annotated[
    SpecChosen | FaceEntered | FaceErased | DiceRolled | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]


# State


@dataclass(frozen=True, slots=True)
class RollEntry:
    seq: int
    at: datetime
    roll: DiceRolled
    voided: bool


@dataclass(frozen=True, slots=True, eq=False)
class History:
    """Every roll of a game, newest first, shared between states: adding one is O(1).

    A tuple copied on every roll would make replaying a long game quadratic.
    """

    newest: RollEntry | None = None
    older: "History | None" = None
    size: int = 0

    def add(self, entry: RollEntry) -> "History":
        return History(entry, self, self.size + 1)

    def newest_first(self) -> Iterator[RollEntry]:
        link: History | None = self
        while link is not None and link.newest is not None:
            yield link.newest
            link = link.older

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[RollEntry]:
        """Oldest first, as the rolls happened."""
        return reversed(list(self.newest_first()))

    def __getitem__(self, index: int) -> RollEntry:
        return list(self)[index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, History) and list(self) == list(other)

    __hash__ = None


@dataclass(frozen=True, slots=True)
class DiceState:
    spec: DiceSpec
    pending: tuple[int, ...] = ()
    history: History = field(default_factory=History)

    @property
    def last(self) -> RollEntry | None:
        """The latest roll in force, the one the big digits show."""
        return next((entry for entry in self.history.newest_first() if not entry.voided), None)


DEFAULT_SPEC = DiceSpec(count=2, sides=6)


class DiceRules:
    """Rules of the plain dice roller; also the dice every other game rolls with."""

    kind: ClassVar[str] = "dice"
    title: ClassVar[str] = "Dice roller"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(DiceEvent)

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def initial(self) -> DiceState:
        return DiceState(spec=DEFAULT_SPEC)

    def decide(self, state: DiceState, command: Command) -> list[Event]:
        match command:
            case ChooseSpec(spec=spec):
                return [] if spec == state.spec and not state.pending else [SpecChosen(spec=spec)]
            case RollDice():
                if state.pending:
                    raise RuleViolation(
                        f"{len(state.pending)} of {state.spec.count} faces are in: "
                        "enter the rest, or erase them first"
                    )
                return [DiceRolled(spec=state.spec, faces=roll_faces(state.spec, self._rng), source="generated")]
            case EnterFace(entered=entered):
                faces = (*state.pending, state.spec.face(entered))
                if len(faces) < state.spec.count:
                    return [FaceEntered(face=faces[-1])]
                return [DiceRolled(spec=state.spec, faces=faces, source="physical")]
            case EraseFace():
                if not state.pending:
                    raise NothingToDo("no face to erase")
                return [FaceErased()]
        raise TypeError(f"the dice roller does not take {command!r}")

    def evolve(self, state: DiceState, record: Record, voided: bool) -> DiceState:
        match record.event:
            case SpecChosen(spec=spec):
                return DiceState(spec=spec, history=state.history)
            case FaceEntered(face=face):
                return replace(state, pending=(*state.pending, face))
            case FaceErased():
                return replace(state, pending=state.pending[:-1])
            case DiceRolled() as roll:
                # A physical roll consumes the faces keyed in for it, voided or not.
                entry = RollEntry(record.seq, record.at, roll, voided)
                return replace(state, pending=(), history=state.history.add(entry))
        return state
