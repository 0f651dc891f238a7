"""Conflict of Heroes rules for the companion: commands in, events out, the game as a fold of events.

The companion replaces the two CAP tracks, the AP tracks and the hit counter cup; the players
still move the counters on the map and tell it ranges, facings and terrain. Each command family
decides and folds in its own module (`setup`, `rounds`, `actions`, `combat`); this one routes them,
rolls the dice, and says what undo may take back and what the table may see. See
docs/conflict_of_heroes.md for a round played with it and the decisions taken where the text is
silent.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal

from pydantic import TypeAdapter

from companion.dice.rolling import roll_faces
from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes import actions, checks, combat, guided, rounds, setup, undo, view
from companion.games.conflict_of_heroes.commands import Roll, StartRound
from companion.games.conflict_of_heroes.events import (
    AttackRolled,
    CohEvent,
    CounterRevealed,
    HitCounterDrawn,
    InitiativeRolled,
    RallyRolled,
    Source,
    UnitAdded,
)
from companion.games.conflict_of_heroes.hidden import hide_face_down
from companion.games.conflict_of_heroes.library import library_of
from companion.games.conflict_of_heroes.odds import TWO_D6
from companion.games.conflict_of_heroes.state import CohState, PendingRoll, Settled
from companion.games.kit import guide
from companion.games.kit.faces import EnterFace, EraseFace, FaceEntered, FaceErased
from companion.games.rules import EVENTS_ON_FIRST_USE, AdapterOnFirstUse, Command, Rules
from companion.journal.events import Event
from companion.journal.record import Record

TRIAL = datetime(2000, 1, 1, tzinfo=UTC)
"""The time a trial fold gives its records: nothing in the state depends on it."""


class ConflictOfHeroesRules(Rules[CohState]):
    """CAP and AP tracks, initiative, attacks and hit counters; rolls and draws use the given random source."""

    kind: ClassVar[str] = "conflict_of_heroes"
    title: ClassVar[str] = "Conflict of Heroes"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(CohEvent, config=EVENTS_ON_FIRST_USE)
    state: ClassVar[AdapterOnFirstUse[CohState]] = AdapterOnFirstUse(CohState)
    state_version: ClassVar[int] = 7

    def __init__(self, rng: random.Random, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(rng, data)
        self.library = library_of(data)

    def initial(self) -> CohState:
        # The shipped piles, whatever the players' files say: the game records its own piles when
        # its first round starts, so a game folds the same on any companion.
        return setup.initial(library_of(None).pools)

    # Deciding

    def decide(self, state: CohState, command: Command) -> list[Event]:
        if isinstance(command, guided.COMMANDS):
            return guided.decide(state, command, self.library, self._chain)
        if guided.setting_up(state):
            raise RuleViolation("the scenario is being set up: Confirm goes on, Undo goes back a step")
        events = self._decide(state, command)
        if isinstance(command, StartRound):
            events += self._chain(self._after(state, events), guided.reinforcements(state, events, self.library))
        # A command that decides nothing passes for no one (an old game may stand at such a turn).
        return events + rounds.passed_over(self._after(state, events)) if events else events

    def _chain(self, state: CohState, commands: Sequence[Command]) -> list[Event]:
        return guide.chained(state, commands, self._decide, self._after)

    def _after(self, state: CohState, events: list[Event]) -> CohState:
        """The state a command's later events are decided on: its earlier ones folded in, uncommitted."""
        for event in events:
            state = self.evolve(state, Record(0, TRIAL, event), False)
        return state

    def _decide(self, state: CohState, command: Command) -> list[Event]:
        if isinstance(command, StartRound):
            guided.check_round(state)
        if isinstance(command, setup.COMMANDS):
            return setup.decide(state, command)
        if isinstance(command, rounds.COMMANDS):
            return rounds.decide(state, command, self.library.pools)
        if isinstance(command, actions.COMMANDS):
            return actions.decide(state, command)
        if isinstance(command, combat.COMMANDS):
            return combat.decide(state, command)
        match command:
            case Roll():
                waiting = checks.pending(state)
                if waiting.faces:
                    raise RuleViolation(f"{len(waiting.faces)} of {waiting.dice} dice are in: "
                                        "enter the rest, or erase them")
                faces = roll_faces(TWO_D6.model_copy(update={"count": waiting.dice}), self.rng)
                return self._resolve(state, waiting, faces, "generated")
            case EnterFace(entered=entered):
                waiting = checks.pending(state)
                faces = (*waiting.faces, TWO_D6.face(entered))
                if len(faces) < waiting.dice:
                    return [FaceEntered(face=faces[-1])]
                return self._resolve(state, waiting, faces, "physical")
            case EraseFace():
                if state.pending is None or not state.pending.faces:
                    raise NothingToDo("no face to erase")
                return [FaceErased()]
        raise TypeError(f"Conflict of Heroes does not take {command!r}")

    def _resolve(self, state: CohState, waiting: PendingRoll, faces: tuple[int, ...], source: Source) -> list[Event]:
        if waiting.kind == "initiative":
            return [rounds.rolled(state, faces, source)]
        pair = (faces[0], faces[1])
        if waiting.rally is not None:
            return [combat.rally_rolled(state, waiting.rally, waiting.modifier, pair, source)]
        return combat.attack_rolled(state, waiting, pair, source, self.rng)

    # Folding

    def evolve(self, state: CohState, record: Record, voided: bool) -> CohState:
        event = record.event
        if isinstance(event, UnitAdded):
            state = replace(state, next_number=max(state.next_number, event.number + 1))
        if voided:
            return state
        settling = undo.SETTLING.get(type(event))
        if settling is not None:
            shown = event if isinstance(event, CounterRevealed) else None
            state = replace(state, settled=Settled(record.seq, settling, shown))
        if isinstance(event, InitiativeRolled | AttackRolled | RallyRolled):
            state = replace(state, rolled_at=record.seq)
        if isinstance(event, guided.EVENTS):
            return guided.evolve(state, record)
        if isinstance(event, setup.EVENTS):
            return setup.evolve(state, event)
        if isinstance(event, rounds.EVENTS):
            return rounds.evolve(state, event)
        if isinstance(event, actions.EVENTS):
            return actions.evolve(state, event)
        if isinstance(event, combat.EVENTS):
            return combat.evolve(state, event)
        match event:
            case FaceEntered(face=face):
                return state.with_pending(faces=(*state.pending.faces, face)) if state.pending else state
            case FaceErased():
                return state.with_pending(faces=state.pending.faces[:-1]) if state.pending else state
        return state

    # What undo may take back, what the table may see, and how a line reads

    def check_undo(self, state: CohState, target: Record, verb: Literal["undo", "redo"]) -> None:
        if verb == "undo":  # the fact that settled it first: it is the nearer cause (an announcement after setup)
            undo.check(state, target.seq, view.describe(state, target.event))
        guide.check_undo(state.guide, target, "i adds a unit; , . < > move the VP markers",
                         lambda event: view.describe(state, event))

    def finished(self, state: CohState) -> bool:
        """A scenario's last round is over."""
        return guided.over(state)

    def public(self, event: Event) -> dict[str, Any]:
        """A face-down counter is left out until something shows it: the draw hides which counter
        (a Killed one is shown at once), and a failed rally hides the counter and its rally number."""
        shown = event.model_dump(mode="json")
        if isinstance(event, HitCounterDrawn) and not event.counter.killed:
            return {key: value for key, value in shown.items() if key not in ("key", "counter")}
        if isinstance(event, RallyRolled) and not event.rallied:
            return {key: value for key, value in shown.items() if key not in ("counter", "rally")}
        return shown

    def public_state(self, state: CohState) -> CohState:
        """Every counter still face down is a blank one; a failed rally keeps its counter to itself."""
        return hide_face_down(state)

    def describe(self, state: CohState, event: Event) -> str:
        return view.describe(state, event)

    def summary(self, state: CohState) -> str:
        return view.summary(state)
