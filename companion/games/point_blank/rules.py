"""Point Blank's rules for the companion: commands in, events out, the state a fold of the events.

Journal: setting up, cards dealt, pips drawn, terrain cards drawn and turn ends are facts, never
undone ("undo reverses a decision, never the pips that were drawn"). Decisions a player may take
back are units added, moved or corrected, orders, fatigue removed, markers placed, terrain cards
placed, corrected or removed, deck corrections and a check's result as applied to the units:
undoing a result leaves its cards drawn. In a solo game the AEO's dice, discards, Terrain cards
and random choices are facts too; the orders it gives are decisions (`aeo`). Each family of
commands is decided, and its events folded, in its own module.
"""

import random
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal

from pydantic import TypeAdapter

from companion.errors import Overridable, RuleViolation
from companion.games.point_blank import (
    drawing,
    event_words,
    objectives,
    orders,
    sectors,
    setup,
    table,
    terrain_hands,
    turns,
    undoing,
)
from companion.games.point_blank.aeo import fold as aeo_fold
from companion.games.point_blank.aeo import play as aeo_play
from companion.games.point_blank.aeo.commands import AEO_COMMANDS, DiscardAeoCards, SpendAeoCover
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import (
    AddUnit,
    AdjustUnit,
    CancelCheck,
    CorrectDeck,
    CorrectSector,
    DiscardCard,
    DrawTerrain,
    EndImpulse,
    EnterPip,
    FlushHand,
    KeepTerrain,
    LayOutBattlefield,
    MoveUnits,
    Order,
    PlaceTerrain,
    PlayEventCard,
    ReduceFatigue,
    RemoveTerrain,
    RollDie,
    SearchTerrain,
    SetMarker,
    SetUpGame,
    StartCheck,
)
from companion.games.point_blank.events import PointBlankEvent
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import check_title, game_over_why
from companion.games.rules import EVENTS_ON_FIRST_USE, AdapterOnFirstUse, Command, Rules
from companion.journal.events import Event
from companion.journal.record import Record

CHECK_COMMANDS = (EnterPip, RollDie, CancelCheck)
"""What a check in progress allows; everything else waits until it resolves."""
BEFORE_SETUP = (LayOutBattlefield, PlaceTerrain, DrawTerrain, CorrectSector, RemoveTerrain, AddUnit)
"""The battlefield is laid out and units deployed before the hands are drawn (5.3-5.5)."""
BEFORE_THE_AEO = (DiscardAeoCards, AdjustUnit, CorrectDeck, *BEFORE_SETUP)
"""What a solo game allows before the AEO's four cards are discarded (12.3): those, the setup of the
battlefield and its units, and corrections."""
UNFINISHED = ("done", "leaders", "none")
"""The AEO's impulse ends without a word only once its action is over."""


class PointBlankRules(Rules[PointBlankState]):
    kind: ClassVar[str] = "point_blank"
    title: ClassVar[str] = "Point Blank"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(PointBlankEvent, config=EVENTS_ON_FIRST_USE)
    state: ClassVar[AdapterOnFirstUse[PointBlankState]] = AdapterOnFirstUse(PointBlankState)
    state_version: ClassVar[int] = 16

    def __init__(self, rng: random.Random, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(rng, data)
        self.catalog = Catalog.of(self.data) if self.data else None
        """The terrain cards the battlefield's commands name, and the default terrain deck."""

    def initial(self) -> PointBlankState:
        return PointBlankState()

    def finished(self, state: PointBlankState) -> bool:
        return state.game_over

    def public(self, event: Event) -> dict[str, Any]:
        """A side's terrain hand is its own (8.10): which cards a search drew and which it kept are left out."""
        return terrain_hands.public(event)

    def public_state(self, state: PointBlankState) -> PointBlankState:
        return terrain_hands.hidden(state)

    def describe(self, state: PointBlankState, event: Event) -> str:
        return event_words.words(state, self.catalog, event) if self.catalog is not None else event.describe()

    def summary(self, state: PointBlankState) -> str:
        return "setting up" if state.settings is None else f"turn {state.turn}, impulse {state.impulse}"

    def check_undo(self, state: PointBlankState, target: Record, verb: Literal["undo", "redo"]) -> None:
        undoing.check_undo(state, target, verb, lambda event: self.describe(state, event), self.catalog)

    def decide(self, state: PointBlankState, command: Command) -> list[Event]:
        if isinstance(command, setup.COMMANDS):
            return setup.decide(state, command, self.rng, Catalog.of(self.data), self.after)
        if setup.setting_up(state) and not (isinstance(command, SetUpGame) and setup.dealing(state)):
            raise RuleViolation("the scenario is being set up: Confirm goes on, Undo goes back a step")
        if isinstance(command, SetUpGame):
            return turns.set_up(state, command)
        if state.settings is None and not isinstance(command, BEFORE_SETUP):
            raise RuleViolation("confirm the deck and the dice method first (4.11)")
        if state.game_over and not isinstance(command, (*CHECK_COMMANDS, AdjustUnit, CorrectSector)):
            raise RuleViolation(f"game over: {game_over_why(state)}")
        if state.check is not None and not isinstance(command, (*CHECK_COMMANDS, SpendAeoCover)):
            check = check_title(state, self.catalog, state.check.check)
            raise RuleViolation(f"finish the check in progress first: {check}")
        self._the_aeo_first(state, command)
        events = self._decide(state, command)
        # The turn ends once the last card is out and no check is pending (4.13).
        events += turns.turn_end(self.after(state, events))
        if self.catalog is not None:
            # Control is judged before the next turn's reinforcements arrive.
            events += objectives.taken(self.after(state, events), events, self.catalog)
        if state.scenario is not None:
            events += setup.reinforcements(state, events, self.rng, Catalog.of(self.data), self.after)
        return events

    def _the_aeo_first(self, state: PointBlankState, command: Command) -> None:
        """A solo game starts with the AEO's four discards (12.3); its impulse ends once it is done."""
        at = stage(state).kind
        if at == "start" and not isinstance(command, BEFORE_THE_AEO):
            raise RuleViolation(aeo_play.START_FIRST)
        if isinstance(command, EndImpulse) and not command.force and at not in UNFINISHED:
            raise Overridable("the AEO's impulse is not over: Confirm now ends it anyway, its play in your hands "
                              "(13.0)", override=EndImpulse(force=True))

    def _decide(self, state: PointBlankState, command: Command) -> list[Event]:
        if isinstance(command, AEO_COMMANDS):
            return aeo_play.decide(state, command, self.rng, Catalog.of(self.data), self.after)
        match command:
            case EnterPip():
                return drawing.enter(state, command, self.after)
            case RollDie():
                return drawing.roll(state, command, self.rng, self.after)
            case CancelCheck():
                return drawing.cancel(state, command)
            case StartCheck():
                return drawing.start(command)
            case Order():
                return orders.order(state, command, self.catalog)
            case PlayEventCard():
                return orders.event_card(state, command)
            case ReduceFatigue():
                return orders.reduce_fatigue(state, command, self.catalog)
            case FlushHand():
                return turns.flush(state, self.after)
            case DiscardCard():
                return turns.discard(state)
            case EndImpulse():
                return turns.end_impulse(state, self.after)
            case CorrectDeck():
                return turns.correct_deck(state, command)
            case AddUnit():
                return table.add_unit(state, command, self.rng, self.catalog)
            case LayOutBattlefield():
                return sectors.lay_out(state, command, self.catalog)
            case PlaceTerrain():
                return sectors.place(state, command, self.catalog)
            case SearchTerrain():
                return terrain_hands.search(state, self.rng, self.catalog)
            case KeepTerrain():
                return terrain_hands.keep(state, command)
            case DrawTerrain():
                return sectors.draw_terrain(state, command, self.rng, self.catalog)
            case MoveUnits():
                return sectors.move(state, command, self.rng, self.catalog)
            case CorrectSector():
                return sectors.correct(state, command, self.catalog)
            case RemoveTerrain():
                return sectors.remove(state, command, self.catalog)
            case AdjustUnit():
                return table.adjust_unit(state, command)
            case SetMarker():
                return table.set_marker(command)
        raise TypeError(f"Point Blank does not take {command!r}")

    def after(self, state: PointBlankState, events: list[Event]) -> PointBlankState:
        """The state the rest of a command is decided on: its own events folded in, uncommitted."""
        at = datetime.now(UTC)
        for event in events:
            state = self.evolve(state, Record(0, at, event), False)
        return state

    def evolve(self, state: PointBlankState, record: Record, voided: bool) -> PointBlankState:
        return undoing.noted(self._evolve(state, record, voided), record)

    def _evolve(self, state: PointBlankState, record: Record, voided: bool) -> PointBlankState:
        event = record.event
        found = setup.evolve(state, record)
        if found is None:
            found = aeo_fold.evolve(state, event, voided)
        if found is not None:
            return found
        found = turns.evolve(state, event, voided)
        if found is None:
            found = drawing.evolve(state, event, record.seq, voided)
        if found is None:
            found = sectors.evolve(state, event, voided)
        if found is None:
            found = terrain_hands.evolve(state, event, voided)
        if found is None and not voided:
            found = orders.evolve(state, event)
            if found is None:
                found = table.evolve(state, event)
            if found is None:
                found = objectives.evolve(state, event)
        return state if found is None else found
