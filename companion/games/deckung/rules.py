"""The Deckung helper's rules: cover chosen, shot at, and the W10 of each model in contact when it falls.

Undo, decided as in every game here: a W10 the companion rolled stands, and so does everything
before it; a face keyed in from the players' own die may be taken back on its own and keyed again.
"""

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar, Literal

from pydantic import TypeAdapter

from companion.errors import BadFace, NothingToDo, RuleViolation
from companion.games.deckung.commands import (
    ChooseCover,
    ChoosePosition,
    ClearCover,
    PlaceModels,
    RollDie,
    ShootCover,
)
from companion.games.deckung.cover import ALREADY_DESTROYED, STILL_STANDING, destroys
from companion.games.deckung.events import (
    CoverChosen,
    CoverCleared,
    CoverShot,
    DeckungEvent,
    ModelsPlaced,
    PositionChosen,
    RankTested,
    Source,
    SplinterRolled,
)
from companion.games.deckung.ranks import Rank
from companion.games.deckung.state import DeckungState, ModelTest, Rolled
from companion.games.deckung.view import fact_named, summary
from companion.games.kit import facts
from companion.games.kit.faces import EnterFace
from companion.games.rules import EVENTS_ON_FIRST_USE, AdapterOnFirstUse, Command, Rules
from companion.journal.events import Event
from companion.journal.record import Record


def face_of(entered: int) -> int:
    """A keyed W10 face: 0 reads as 10."""
    if entered == 0:
        return 10
    if not 1 <= entered <= 10:
        raise BadFace(f"{entered} is not a face of a W10: key 1 to 9, or 0 for 10")
    return entered


class DeckungRules(Rules[DeckungState]):
    kind: ClassVar[str] = "deckung"
    title: ClassVar[str] = "Deckung (cover)"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(DeckungEvent, config=EVENTS_ON_FIRST_USE)
    state: ClassVar[AdapterOnFirstUse[DeckungState]] = AdapterOnFirstUse(DeckungState)
    state_version: ClassVar[int] = 3

    def __init__(self, rng: random.Random, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(rng, data)
        self.ranks: Mapping[str, Rank] = self.data.get("ranks.toml", {})

    def initial(self) -> DeckungState:
        return DeckungState()

    def decide(self, state: DeckungState, command: Command) -> list[Event]:
        match command:
            case ChooseCover(cover=cover):
                return [] if cover == state.cover else [CoverChosen(cover=cover)]
            case ChoosePosition(position=position):
                return [] if position == state.position else [PositionChosen(position=position)]
            case ShootCover(penetration=penetration, hardness=hardness):
                if state.destroyed:
                    raise RuleViolation(ALREADY_DESTROYED)
                return [CoverShot(penetration=penetration, hardness=hardness,
                                  destroyed=destroys(penetration, hardness))]
            case PlaceModels(count=count, rank=rank):
                if not state.destroyed:
                    raise RuleViolation(STILL_STANDING)
                found = self.ranks.get(rank)
                if found is None:
                    raise RuleViolation(f"no rank {rank!r} in ranks.toml")
                return [ModelsPlaced(count=count, rank=rank, name=found.name, gloss=found.gloss,
                                     survives_on=found.survives_on)]
            case RollDie() | EnterFace():
                model = state.waiting
                if model is None:
                    raise NothingToDo("no model waits for a W10: models in contact with destroyed cover test")
                face, source = self.die(command)
                if model.status == "splinter":
                    return [SplinterRolled(model=model.number, face=face, source=source)]
                return [RankTested(model=model.number, face=face, source=source, survives_on=model.survives_on)]
            case ClearCover():
                if state.shot is None and not state.models:
                    raise NothingToDo("nothing to clear: no shot at this cover yet")
                return [CoverCleared()]
        raise TypeError(f"the Deckung helper does not take {command!r}")

    def die(self, command: Command) -> tuple[int, Source]:
        if isinstance(command, EnterFace):
            return face_of(command.entered), "physical"
        return self.rng.randint(1, 10), "generated"

    def evolve(self, state: DeckungState, record: Record, voided: bool) -> DeckungState:
        event = record.event
        if isinstance(event, SplinterRolled | RankTested):
            state = replace(state, last_roll=record.seq,
                            fact=Rolled(record.seq, keyed=event.source == "physical", taken_back=voided,
                                        roll=event))
        if voided:
            return state
        match event:
            case CoverChosen(cover=cover):
                state = replace(state, cover=cover)
            case PositionChosen(position=position):
                state = replace(state, position=position)
            case CoverShot(penetration=penetration, hardness=hardness, destroyed=destroyed):
                state = replace(state, shot=(penetration, hardness), destroyed=destroyed)
            case ModelsPlaced(count=count, name=name, gloss=gloss, survives_on=survives_on):
                first = len(state.models) + 1
                placed = tuple(ModelTest(number, name, gloss, survives_on) for number in range(first, first + count))
                state = replace(state, models=state.models + placed)
            case SplinterRolled(model=number, face=face):
                state = state.with_model(replace(self.model(state, number), splinter=face))
            case RankTested(model=number, face=face):
                state = state.with_model(replace(self.model(state, number), rank_roll=face))
            case CoverCleared():
                state = replace(state, shot=None, destroyed=False, models=())
            case _:
                return state
        return state.noted(event)

    @staticmethod
    def model(state: DeckungState, number: int) -> ModelTest:
        return next(model for model in state.models if model.number == number)

    def check_undo(self, state: DeckungState, target: Record, verb: Literal["undo", "redo"]) -> None:
        facts.check_undo(state.fact, target, verb, fact_named(state.fact), "W10")

    def summary(self, state: DeckungState) -> str:
        return summary(state)
