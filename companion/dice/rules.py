"""The dice roller's rules: choose a spec, roll it, or key in the faces of physical dice."""

from dataclasses import replace
from typing import ClassVar

from pydantic import TypeAdapter

from companion.dice.events import DiceEvent, DiceRolled, SpecChosen
from companion.dice.rolling import roll_faces
from companion.dice.spec import DiceSpec
from companion.dice.state import WINDOW, DiceState, RollEntry
from companion.dice.statistics import Throw
from companion.errors import NothingToDo, RuleViolation
from companion.games.kit.faces import EnterFace, EraseFace, FaceEntered, FaceErased
from companion.games.kit.words import count_of
from companion.games.rules import EVENTS_ON_FIRST_USE, AdapterOnFirstUse, Command, Rules
from companion.journal.events import Event
from companion.journal.record import Record


class ChooseSpec(Command):
    spec: DiceSpec


class RollDice(Command):
    """Roll the chosen spec with the random source."""


DEFAULT_SPEC = DiceSpec(count=2, sides=6)


def rolled_by_the_companion(spec: DiceSpec) -> str:
    """Why a face keyed for dice of more than ten sides is refused, and what to do instead."""
    return f"a d{spec.sides} is rolled by the companion: press Roll"


class DiceRules(Rules[DiceState]):
    """Rules of the plain dice roller; also the dice every other game rolls with."""

    kind: ClassVar[str] = "dice"
    title: ClassVar[str] = "Dice roller"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(DiceEvent, config=EVENTS_ON_FIRST_USE)
    state: ClassVar[AdapterOnFirstUse[DiceState]] = AdapterOnFirstUse(DiceState)
    state_version: ClassVar[int] = 2

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
                return [DiceRolled(spec=state.spec, faces=roll_faces(state.spec, self.rng), source="generated")]
            case EnterFace(entered=entered):
                if not state.spec.keyable:
                    # One key per die: a keyed 1 would be recorded at once, before the 5 of a 15.
                    raise RuleViolation(rolled_by_the_companion(state.spec))
                faces = (*state.pending, state.spec.face(entered))
                if len(faces) < state.spec.count:
                    return [FaceEntered(face=faces[-1])]
                return [DiceRolled(spec=state.spec, faces=faces, source="physical")]
            case EraseFace():
                if not state.pending:
                    raise NothingToDo("no face to erase")
                return [FaceErased()]
        raise TypeError(f"the dice roller does not take {command!r}")

    def summary(self, state: DiceState) -> str:
        # The rolls in force, as the statistics count them (an undone roll does not count): already
        # folded, so reading it costs one pass over the specs rolled, never over the game.
        if in_force := state.statistics.rolls:
            return count_of(in_force, "roll")
        return "every roll undone" if state.rolls else "no rolls yet"

    def evolve(self, state: DiceState, record: Record, voided: bool) -> DiceState:
        match record.event:
            case SpecChosen(spec=spec):
                return replace(state, spec=spec, pending=())
            case FaceEntered(face=face):
                return replace(state, pending=(*state.pending, face))
            case FaceErased():
                return replace(state, pending=state.pending[:-1])
            case DiceRolled() as roll:
                # A physical roll consumes the faces keyed in for it, voided or not.
                entry = RollEntry(state.rolls + 1, record.seq, record.at, roll, voided)
                statistics = state.statistics if voided else state.statistics.add(Throw(roll.spec, roll.faces,
                                                                                           roll.source))
                return replace(state, pending=(), recent=(entry, *state.recent[: WINDOW - 1]), rolls=state.rolls + 1,
                               statistics=statistics)
        return state
