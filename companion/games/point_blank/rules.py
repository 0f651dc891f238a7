"""Point Blank's rules for the companion: the pip deck, impulses, units, fatigue and checks.

Journal: setting up, cards dealt, pips drawn and turn ends are facts, never undone ("undo
reverses a decision, never the pips that were drawn"). Decisions a player may take back are
units added or corrected, orders, fatigue removed, markers placed and a check's result as
applied to the units: undoing a result leaves its cards drawn.
"""

import random
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter

from companion.errors import BadFace, NothingToDo, RuleViolation
from companion.games.point_blank import fatigue
from companion.games.point_blank.catalog import UnitTemplate
from companion.games.point_blank.checks.base import Check, MarkerChange, Outcome, Step
from companion.games.point_blank.checks.battlefield import (
    Blaze,
    Bog,
    Concealment,
    FatigueBonus,
    PlainCheck,
    Repair,
    Smoke,
    Spotting,
    Unbog,
)
from companion.games.point_blank.checks.fire import Barrage, InfantryFire, Sniper
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.checks.morale import MoraleCheck, Rally
from companion.games.point_blank.checks.ordnance import Ordnance
from companion.games.point_blank.deck import Deck
from companion.games.point_blank.fatigue import Via
from companion.games.point_blank.units import Action, Unit, change_problem, changed, from_template
from companion.games.rules import Command
from companion.journal.events import DecisionRedone, DecisionUndone, Event, Record

AnyCheck = Annotated[
    PlainCheck | Spotting | Concealment | Smoke | Blaze | Bog | Unbog | Repair | FatigueBonus
    | InfantryFire | Barrage | Sniper | Ordnance | Melee | MoraleCheck | Rally,
    Field(discriminator="kind"),
]
Marker = Literal["smoke", "blaze", "wreck"]

UPKEEP = (
    "Melee and overrun attacks (6.1.1)",
    "Terrain for moving units, refusals, bog checks (6.1.2)",
    "Morale checks in blazing terrain (6.1.3)",
    "Ready spent leaders (6.1.4): done here",
    "Button or unbutton AFVs (6.1.5)",
    "Transfer Support Weapons (6.1.6)",
    "Combine half squads (6.1.7)",
)


# Commands


class SetUpGame(Command):
    """The deck as confirmed by the players, and the dice method, locked for the game (4.11)."""

    cards_per_pip: tuple[int, int, int, int, int, int]
    dice_mode: bool = False
    turn_limit: int | None = Field(default=None, ge=1)
    hand_size: int = Field(default=5, ge=1, le=10)
    first_side: int = Field(default=1, ge=1, le=2)


class AddUnit(Command):
    template: UnitTemplate
    side: int = Field(ge=1, le=2)
    terrain: str = "clear"
    sector: str = ""
    name: str | None = None


class AdjustUnit(Command):
    """Correct markers the table moved by hand (terrain, sector, spotted, buttoned...)."""

    unit: int
    changes: dict[str, bool | int | str]


class Order(Command):
    units: tuple[int, ...]
    action: Action
    via: Via = "card"
    leader: int | None = None
    targets: tuple[int, ...] = ()
    """The enemy units a melee or overrun is launched against (7.10): marked in melee with the attackers."""
    check: AnyCheck | None = None
    """The check the order starts at once (fire, assault, rally), committed with the order."""


class PlayEventCard(Command):
    """An Action card played as an event, not on units: Sniper, Reinforcement, Wind (6.2.1.1)."""

    name: str


class ReduceFatigue(Command):
    """One fatigue level off: by discarding a card (6.2.1.3), a Ready card (8.9), a leader's Ready
    action on a unit in his Sector (8.9), or the second reduction an odd d6 earned."""

    unit: int
    via: Literal["discard", "ready", "leader", "bonus"] = "discard"
    leader: int | None = None


class FlushHand(Command):
    """Discard the whole hand and draw a new one: once per game turn, as the impulse's action (6.2.1.5)."""


class DiscardCard(Command):
    """Discard one card as the impulse's action (6.2.1.7)."""


class EndImpulse(Command):
    """Draw up to hand size (6.2.2) and pass play to the other side."""


class StartCheck(Command):
    check: AnyCheck


class EnterPip(Command):
    """The pips on the card just drawn (or, with real dice, the face rolled); with no check in
    progress it starts a plain d6 check, in the same commit."""

    pip: int
    force: bool = False
    """Enter it although the count says the deck cannot hold it: the deck was miscounted."""


class RollDie(Command):
    """With real dice chosen at setup: let the companion roll the next die."""


class CancelCheck(Command):
    """Abandon the check in progress; the cards already drawn stay drawn."""


class SetMarker(Command):
    marker: Marker
    sector: str
    present: bool = True


# Events


class GameSetUp(Event):
    type: Literal["pb_game_set_up"] = "pb_game_set_up"
    cards_per_pip: tuple[int, int, int, int, int, int]
    dice_mode: bool
    turn_limit: int | None
    hand_size: int
    first_side: int

    def describe(self) -> str:
        method = "real dice" if self.dice_mode else "card pips"
        return f"game set up: {sum(self.cards_per_pip)}-card deck, {method}"


class CardsDealt(Event):
    type: Literal["pb_cards_dealt"] = "pb_cards_dealt"
    side: int
    count: int

    def describe(self) -> str:
        return f"side {self.side} draws {self.count} card{'s' * (self.count != 1)}"


class UnitAdded(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_unit_added"] = "pb_unit_added"
    template: UnitTemplate
    side: int
    terrain: str
    sector: str
    name: str

    def describe(self) -> str:
        return f"unit added: {self.name} (side {self.side})"


class UnitAdjusted(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_unit_adjusted"] = "pb_unit_adjusted"
    unit: int
    changes: dict[str, bool | int | str]

    def describe(self) -> str:
        return f"unit {self.unit} corrected: {self.changes}"


class UnitsOrdered(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_units_ordered"] = "pb_units_ordered"
    side: int
    units: tuple[int, ...]
    action: Action
    via: Via
    leader: int | None = None
    targets: tuple[int, ...] = ()

    def describe(self) -> str:
        against = f" against {', '.join(map(str, self.targets))}" if self.targets else ""
        return f"{self.action} ordered ({self.via}) for units {', '.join(map(str, self.units))}{against}"


class EventCardPlayed(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_event_card_played"] = "pb_event_card_played"
    side: int
    name: str

    def describe(self) -> str:
        return f"side {self.side} plays {self.name}"


class FatigueReduced(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_fatigue_reduced"] = "pb_fatigue_reduced"
    side: int
    unit: int
    via: Literal["discard", "ready", "leader", "bonus"]
    leader: int | None = None

    def describe(self) -> str:
        return f"fatigue removed from unit {self.unit} ({self.via})"


class HandFlushed(Event):
    type: Literal["pb_hand_flushed"] = "pb_hand_flushed"
    side: int

    def describe(self) -> str:
        return f"side {self.side} flushes its hand"


class CardDiscarded(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_card_discarded"] = "pb_card_discarded"
    side: int

    def describe(self) -> str:
        return f"side {self.side} discards a card"


class ImpulseEnded(Event):
    type: Literal["pb_impulse_ended"] = "pb_impulse_ended"
    side: int

    def describe(self) -> str:
        return f"side {self.side}'s impulse ends"


class CheckStarted(Event):
    type: Literal["pb_check_started"] = "pb_check_started"
    check: AnyCheck

    def describe(self) -> str:
        return f"check: {self.check.title}"


class PipDrawn(Event):
    """A card drawn for a check, its pips as entered: a fact, never undone."""

    type: Literal["pb_pip_drawn"] = "pb_pip_drawn"
    pip: int
    forced: bool = False

    def describe(self) -> str:
        return f"card drawn: {self.pip} pip{'s' * (self.pip != 1)}" + (" (override)" if self.forced else "")


class DieThrown(Event):
    """With real dice: a face, and one card discarded unseen from the deck (4.11)."""

    type: Literal["pb_die_thrown"] = "pb_die_thrown"
    face: int
    generated: bool

    def describe(self) -> str:
        return f"die: {self.face} ({'rolled by the companion' if self.generated else 'entered'}); one card discarded"


class DeckReshuffled(Event):
    type: Literal["pb_deck_reshuffled"] = "pb_deck_reshuffled"

    def describe(self) -> str:
        return "the discard pile is shuffled into a new Action deck"


class CheckResolved(Event):
    """The result of a check, applied to the units. Undo takes the result back; the cards stay drawn."""

    undoable: ClassVar[bool] = True
    type: Literal["pb_check_resolved"] = "pb_check_resolved"
    check: AnyCheck
    pips: tuple[int, ...]
    outcome: Outcome

    def describe(self) -> str:
        return f"{self.check.title}: {self.outcome.text}"


class CheckAbandoned(Event):
    type: Literal["pb_check_abandoned"] = "pb_check_abandoned"

    def describe(self) -> str:
        return "check abandoned; its cards stay drawn"


class TurnEnded(Event):
    type: Literal["pb_turn_ended"] = "pb_turn_ended"
    turn: int

    def describe(self) -> str:
        return f"turn {self.turn} ends"


class MarkerSet(Event):
    undoable: ClassVar[bool] = True
    type: Literal["pb_marker_set"] = "pb_marker_set"
    marker: Marker
    sector: str
    present: bool

    def describe(self) -> str:
        return f"{self.marker} {'placed in' if self.present else 'removed from'} {self.sector}"


PointBlankEvent = Annotated[
    GameSetUp | CardsDealt | UnitAdded | UnitAdjusted | UnitsOrdered | EventCardPlayed | FatigueReduced
    | HandFlushed | CardDiscarded | ImpulseEnded | CheckStarted | PipDrawn | DieThrown | DeckReshuffled
    | CheckResolved | CheckAbandoned | TurnEnded | MarkerSet | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]


# State


@dataclass(frozen=True, slots=True)
class Settings:
    dice_mode: bool
    turn_limit: int | None
    hand_size: int


@dataclass(frozen=True, slots=True)
class PendingCheck:
    check: Check
    pips: tuple[int, ...] = ()

    @property
    def step(self) -> Step | Outcome:
        return self.check.advance(self.pips)


@dataclass(frozen=True, slots=True)
class PendingMelee:
    """A melee or overrun ordered in an impulse, resolved in its side's next Upkeep (6.1.1, 7.10)."""

    side: int
    impulse: int
    attackers: tuple[int, ...]
    defenders: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PointBlankState:
    settings: Settings | None = None
    deck: Deck = field(default_factory=lambda: Deck.fresh((0, 0, 0, 0, 0, 0)))
    turn: int = 1
    side: int = 1
    impulse: int = 1
    card_used: str | None = None
    second_icon_used: bool = False
    leaders_acted: frozenset[int] = frozenset()
    flushed: frozenset[int] = frozenset()
    units: tuple[Unit, ...] = ()
    check: PendingCheck | None = None
    turn_end_owed: bool = False
    fatigue_bonus_owed: bool = False
    smoke: frozenset[str] = frozenset()
    blaze: frozenset[str] = frozenset()
    wreck: frozenset[str] = frozenset()
    melees: tuple[PendingMelee, ...] = ()
    log: tuple[str, ...] = ()
    checklist: tuple[str, ...] = ()
    """What the table must reset at the turn end just past (4.13.2), until the impulse ends."""
    game_over: bool = False

    def unit(self, unit_id: int) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise NothingToDo(f"there is no unit {unit_id}")

    @property
    def dice_mode(self) -> bool:
        return bool(self.settings and self.settings.dice_mode)

    @property
    def melees_pending(self) -> tuple[PendingMelee, ...]:
        """Melees still to resolve; one whose attackers were all eliminated first does not take place (7.10.1)."""
        return tuple(m for m in self.melees if not all(self.unit(u).eliminated for u in m.attackers))

    @property
    def melees_due(self) -> tuple[PendingMelee, ...]:
        """The melees the phasing side launched in an earlier impulse: this Upkeep resolves them (6.1.1)."""
        return tuple(m for m in self.melees_pending if m.side == self.side and m.impulse < self.impulse)


def _now() -> datetime:
    return datetime.now(UTC)


class PointBlankRules:
    kind: ClassVar[str] = "point_blank"
    title: ClassVar[str] = "Point Blank"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(PointBlankEvent)

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def initial(self) -> PointBlankState:
        return PointBlankState()

    # decide

    def decide(self, state: PointBlankState, command: Command) -> list[Event]:
        if isinstance(command, SetUpGame):
            return self._set_up(state, command)
        if state.settings is None:
            raise RuleViolation("confirm the deck and the dice method first (4.11)")
        if state.game_over and not isinstance(command, EnterPip | RollDie | CancelCheck | AdjustUnit):
            raise RuleViolation("the scenario's last turn is over (4.13)")
        if state.check is not None and not isinstance(command, EnterPip | RollDie | CancelCheck):
            raise RuleViolation(f"finish the check in progress first: {state.check.check.title}")
        events = self._decide(state, command)
        return self._settle(state, events)

    def _decide(self, state: PointBlankState, command: Command) -> list[Event]:
        match command:
            case AddUnit(template=template, side=side, terrain=terrain, sector=sector, name=name):
                named = name or template.name
                return [UnitAdded(template=template, side=side, terrain=terrain, sector=sector, name=named)]
            case AdjustUnit(unit=unit_id, changes=changes):
                state.unit(unit_id)
                if problem := change_problem(changes):
                    raise RuleViolation(problem)
                return [UnitAdjusted(unit=unit_id, changes=changes)]
            case Order():
                return self._order(state, command)
            case PlayEventCard(name=name):
                self._use_card(state, "event")
                return [EventCardPlayed(side=state.side, name=name)]
            case ReduceFatigue(unit=unit_id, via=via, leader=leader_id):
                unit = state.unit(unit_id)
                if unit.side != state.side:
                    raise RuleViolation(f"{unit.name} is not the phasing side's unit")
                fatigue.fatigue_reduced(unit)
                if via == "bonus":
                    if not state.fatigue_bonus_owed:
                        raise RuleViolation("no odd d6 has earned a second fatigue reduction (6.2.1.3)")
                    return [FatigueReduced(side=state.side, unit=unit_id, via=via)]
                if via == "leader":
                    self._leader_may_act(state, leader_id)
                    leader = state.unit(leader_id)  # type: ignore[arg-type]
                    if leader.sector and unit.sector and leader.sector != unit.sector:
                        raise RuleViolation(f"{leader.name} removes fatigue only in his own Sector, {leader.sector} (8.9)")
                else:
                    self._use_card(state, via)
                reduced = FatigueReduced(side=state.side, unit=unit_id, via=via, leader=leader_id)
                return [reduced, CheckStarted(check=FatigueBonus())]
            case FlushHand():
                if state.side in state.flushed:
                    raise RuleViolation(f"side {state.side} has already flushed its hand this turn (6.2.1.5)")
                self._use_card(state, "flush", needs_card=False)
                flushed = HandFlushed(side=state.side)
                return [flushed, *self._deal(self._after(state, [flushed]), state.side, state.settings.hand_size)]
            case DiscardCard():
                self._use_card(state, "discard")
                return [CardDiscarded(side=state.side)]
            case EndImpulse():
                ended = ImpulseEnded(side=state.side)
                after = self._after(state, [ended])
                missing = state.settings.hand_size - state.deck.hands[state.side - 1]
                return [ended, *self._deal(after, state.side, max(0, missing))]
            case StartCheck(check=check):
                return [CheckStarted(check=check)]
            case EnterPip(pip=pip, force=force):
                return self._enter(state, pip, force, generated=False)
            case RollDie():
                if not state.dice_mode:
                    raise RuleViolation("this game reads its checks from card pips: draw a card (4.11)")
                return self._enter(state, self._rng.randint(1, 6), False, generated=True)
            case CancelCheck():
                if state.check is None:
                    raise NothingToDo("no check in progress")
                return [CheckAbandoned()]
            case SetMarker(marker=marker, sector=sector, present=present):
                return [MarkerSet(marker=marker, sector=sector, present=present)]
        raise TypeError(f"Point Blank does not take {command!r}")

    def _set_up(self, state: PointBlankState, command: SetUpGame) -> list[Event]:
        if state.settings is not None:
            raise RuleViolation("the deck and the dice method are locked once the game starts (4.11)")
        if sum(command.cards_per_pip) < 2 * command.hand_size + 2:
            raise RuleViolation("the deck must hold both hands and a 2d6 check")
        setup = GameSetUp(
            cards_per_pip=command.cards_per_pip, dice_mode=command.dice_mode, turn_limit=command.turn_limit,
            hand_size=command.hand_size, first_side=command.first_side,
        )
        # Both players draw their hands at setup (5.5).
        return [setup, CardsDealt(side=1, count=command.hand_size), CardsDealt(side=2, count=command.hand_size)]

    def _use_card(self, state: PointBlankState, how: str, needs_card: bool = True) -> None:
        if state.card_used is not None:
            raise RuleViolation(f"this impulse's one Action card or Spend action is used ({state.card_used}) (6.2)")
        if needs_card and state.deck.hands[state.side - 1] <= 0:
            raise RuleViolation(f"side {state.side} has no card in hand")

    def _leader_may_act(self, state: PointBlankState, leader_id: int | None) -> None:
        leader = state.unit(leader_id) if leader_id is not None else None
        if leader is None or not leader.leader:
            raise RuleViolation("name the leader who takes this action (2.11)")
        if leader.side != state.side:
            raise RuleViolation(f"{leader.name} acts only in his own side's impulse (6.2.1.4)")
        if leader.spent or leader.shaken or leader.id in state.leaders_acted:
            raise RuleViolation(f"{leader.name} must be Good Order and not have acted this impulse (2.11, 6.2.1.4)")

    def _order(self, state: PointBlankState, order: Order) -> list[Event]:
        if not order.units:
            raise NothingToDo("order at least one unit")
        units = [state.unit(u) for u in order.units]
        acting_side = units[0].side
        if any(u.side != acting_side for u in units):
            raise RuleViolation("one order commands units of one side")
        if acting_side != state.side and order.action != "cover":
            raise RuleViolation(f"it is side {state.side}'s impulse; only a Cover card is played out of turn (8.3)")
        via = order.via
        if via in ("unit_card", "spend") and len(units) != 1:
            raise RuleViolation("a Unit Action card or a Spend action orders exactly one unit (6.2.1.2, 8.13)")
        if order.action == "cover":
            if acting_side == state.side:
                raise RuleViolation("a Cover card is played in the opponent's impulse, against their fire (8.3)")
            if state.deck.hands[acting_side - 1] <= 0:
                raise RuleViolation(f"side {acting_side} has no card in hand")
        elif via in ("card", "unit_card", "spend"):
            self._use_card(state, via)
        elif via == "second_icon":
            if state.card_used != "card" or state.second_icon_used:
                raise RuleViolation("only a two-icon Action card played this impulse gives a second action (6.2.1.1)")
        elif via == "leader":
            self._leader_may_act(state, order.leader)
        elif via == "hero":
            if not all(u.hero for u in units):
                raise RuleViolation("only a unit holding a hero marker takes a hero action (4.10)")
        if order.action == "melee":
            self._melee_targets(state, acting_side, order.targets)
        elif order.targets:
            raise RuleViolation("only a melee or overrun order names the enemy units it attacks (7.10)")
        for unit in units:
            refused = fatigue.refusal(unit, order.action, via)
            if refused:
                raise refused
            if order.action == "ready":
                fatigue.readied(unit)
        ordered = UnitsOrdered(side=acting_side, units=order.units, action=order.action, via=via, leader=order.leader,
                               targets=order.targets)
        return [ordered] if order.check is None else [ordered, CheckStarted(check=order.check)]

    def _melee_targets(self, state: PointBlankState, side: int, targets: tuple[int, ...]) -> None:
        if not targets:
            raise RuleViolation("name the enemy units the melee or overrun attacks (7.10)")
        for target in map(state.unit, targets):
            if target.side == side:
                raise RuleViolation(f"{target.name} is on the attacking side: a melee attacks enemy units (7.10)")
            if target.eliminated:
                raise RuleViolation(f"{target.name} is eliminated")

    def _enter(self, state: PointBlankState, pip: int, force: bool, generated: bool) -> list[Event]:
        if not 1 <= pip <= 6:
            raise BadFace(f"{pip} is not a d6 result: enter 1 to 6")
        events: list[Event] = []
        if state.check is None:
            events.append(CheckStarted(check=PlainCheck()))
            state = self._after(state, events)
        assert state.check is not None
        deck = state.deck
        if deck.exhausted:
            events.append(DeckReshuffled())
            deck = deck.reshuffled()
        if state.dice_mode:
            events.append(DieThrown(face=pip, generated=generated))
        else:
            possible = deck.could_draw(pip)
            if not possible and not force:
                raise RuleViolation(
                    f"the deck cannot hold another {pip}: all {deck.composition[pip - 1]} cards with {pip} "
                    "pips have been drawn since the last shuffle. "
                    "If the deck was miscounted, enter it with the override"
                )
            events.append(PipDrawn(pip=pip, forced=not possible))
        pips = (*state.check.pips, pip)
        outcome = state.check.check.advance(pips)
        if isinstance(outcome, Outcome):
            events.append(CheckResolved(check=state.check.check, pips=pips, outcome=outcome))
        return events

    def _deal(self, state: PointBlankState, side: int, count: int) -> list[Event]:
        """Cards dealt to a hand; when the deck runs out the turn ends and dealing goes on from the new deck."""
        events: list[Event] = []
        while count > 0:
            if state.deck.exhausted:
                more = self._turn_end(state)
                if not more or not isinstance(more[-1], DeckReshuffled):
                    more.append(DeckReshuffled())
                events += more
                state = self._after(state, more)
                if state.deck.exhausted:
                    break
            take = min(count, state.deck.left)
            dealt = CardsDealt(side=side, count=take)
            events.append(dealt)
            state = self._after(state, [dealt])
            count -= take
        return events

    def _turn_end(self, state: PointBlankState) -> list[Event]:
        if not state.turn_end_owed or state.check is not None:
            return []
        events: list[Event] = [TurnEnded(turn=state.turn)]
        if state.deck.exhausted:
            events.append(DeckReshuffled())
        return events

    def _settle(self, state: PointBlankState, events: list[Event]) -> list[Event]:
        """Adds the turn end (4.13) once the last card is out and no check is pending."""
        return events + self._turn_end(self._after(state, events))

    def _after(self, state: PointBlankState, events: list[Event]) -> PointBlankState:
        for event in events:
            state = self.evolve(state, Record(0, _now(), event), False)
        return state

    # evolve

    def evolve(self, state: PointBlankState, record: Record, voided: bool) -> PointBlankState:
        event = record.event
        match event:
            case GameSetUp():
                return replace(
                    state,
                    settings=Settings(event.dice_mode, event.turn_limit, event.hand_size),
                    deck=Deck.fresh(event.cards_per_pip),
                    side=event.first_side,
                )
            case CardsDealt(side=side, count=count):
                return self._drawn(replace(state, deck=state.deck.deal(side, count)))
            case PipDrawn(pip=pip):
                assert state.check is not None
                check = replace(state.check, pips=(*state.check.pips, pip))
                return self._drawn(replace(state, deck=state.deck.draw(pip, event.forced), check=check))
            case DieThrown(face=face):
                assert state.check is not None
                check = replace(state.check, pips=(*state.check.pips, face))
                return self._drawn(replace(state, deck=state.deck.discard_unseen(1), check=check))
            case DeckReshuffled():
                return replace(state, deck=state.deck.reshuffled())
            case CheckStarted(check=check):
                return replace(state, check=PendingCheck(check))
            case CheckAbandoned():
                return replace(state, check=None, deck=state.deck.settle(), log=(*state.log, "check abandoned"))
            case CheckResolved():
                return self._resolved(state, event, voided)
            case TurnEnded(turn=turn):
                return self._turn_ended(state, turn)
        if voided:
            return state
        match event:
            case UnitAdded():
                unit_id = max((u.id for u in state.units), default=0) + 1
                unit = from_template(unit_id, event.side, event.template, terrain=event.terrain, sector=event.sector)
                return replace(state, units=(*state.units, replace(unit, name=event.name)))
            case UnitAdjusted(unit=unit_id, changes=changes):
                return self._changed(state, {unit_id: changes})
            case UnitsOrdered():
                return self._ordered(state, event)
            case EventCardPlayed():
                return self._card(state, "event", event.side)
            case FatigueReduced(unit=unit_id, via=via):
                state = self._changed(state, {unit_id: {"fatigue": max(0, state.unit(unit_id).fatigue - 1)}})
                if via == "bonus":
                    return replace(state, fatigue_bonus_owed=False)
                if via == "leader" and event.leader is not None:
                    state = self._changed(state, {event.leader: {"spent": True}})
                    return replace(state, leaders_acted=state.leaders_acted | {event.leader})
                return self._card(state, via, event.side)
            case HandFlushed(side=side):
                hands = list(state.deck.hands)
                hands[side - 1] = 0
                deck = replace(state.deck, hands=tuple(hands))  # type: ignore[arg-type]
                return replace(state, deck=deck, card_used="flush", flushed=state.flushed | {side})
            case CardDiscarded(side=side):
                return self._card(state, "discard", side)
            case ImpulseEnded():
                side = 3 - state.side
                units = tuple(fatigue.leader_upkeep(fatigue.impulse_ended(u), side) for u in state.units)
                # The turn end's checklist has been read at the table by the end of the impulse.
                return replace(
                    state, units=units, side=side, impulse=state.impulse + 1, card_used=None,
                    second_icon_used=False, leaders_acted=frozenset(), fatigue_bonus_owed=False, checklist=(),
                )
            case MarkerSet(marker=marker, sector=sector, present=present):
                return self._marked(state, MarkerChange(marker=marker, sector=sector, present=present))
        return state

    def _drawn(self, state: PointBlankState) -> PointBlankState:
        return replace(state, turn_end_owed=True) if state.deck.exhausted else state

    def _card(self, state: PointBlankState, how: str, side: int) -> PointBlankState:
        return replace(state, card_used=how, deck=state.deck.play(side))

    def _ordered(self, state: PointBlankState, event: UnitsOrdered) -> PointBlankState:
        updates: dict[int, Unit] = {}
        for unit_id in event.units:
            unit = state.unit(unit_id)
            if event.action == "ready":
                updates[unit_id] = replace(unit, spent=False)
            elif event.action == "rally":
                updates[unit_id] = unit
            else:
                updates[unit_id] = fatigue.acted(unit, event.action, event.via)
            if event.via == "hero":
                updates[unit_id] = replace(updates[unit_id], hero=False)
        if event.via == "leader" and event.leader is not None:
            leader = updates.get(event.leader, state.unit(event.leader))
            updates[event.leader] = replace(leader, spent=True)
            state = replace(state, leaders_acted=state.leaders_acted | {event.leader})
        if event.action in fatigue.SPOTTING:
            # One unit that moves, fires, assaults or melees spots every unit in its Sector (7.16, 8.2).
            sectors = {(u.side, u.sector) for u in updates.values() if u.sector and u.spotted}
            for unit in state.units:
                if (unit.side, unit.sector) in sectors and unit.id not in updates:
                    updates[unit.id] = replace(unit, spotted=True)
        if event.action == "melee" and event.targets:
            # 7.10: the In Melee marker goes on both sides of the melee until it resolves in Upkeep.
            for target in event.targets:
                updates[target] = replace(updates.get(target, state.unit(target)), in_melee=True)
            melee = PendingMelee(event.side, state.impulse, event.units, event.targets)
            state = replace(state, melees=(*state.melees, melee))
        state = replace(state, units=tuple(updates.get(u.id, u) for u in state.units))
        if event.action == "cover":
            return replace(state, deck=state.deck.play(event.side))
        if event.via in ("card", "unit_card", "spend"):
            return self._card(state, event.via, event.side)
        if event.via == "second_icon":
            return replace(state, second_icon_used=True)
        return state

    def _resolved(self, state: PointBlankState, event: CheckResolved, voided: bool) -> PointBlankState:
        state = replace(state, check=None, deck=state.deck.settle())
        if voided:
            return state
        outcome = event.outcome
        state = self._changed(state, {c.unit: c.changes for c in outcome.changes})
        if isinstance(event.check, Melee):
            state = self._melee_resolved(state, event.check)
        for marker in outcome.markers:
            state = self._marked(state, marker)
        if isinstance(event.check, FatigueBonus) and event.pips[-1] % 2:
            state = replace(state, fatigue_bonus_owed=True)
        if isinstance(event.check, Sniper) and outcome.sniper_fate == "removed":
            state = replace(state, deck=state.deck.card_removed(event.check.card_pips).blank_added())
        elif isinstance(event.check, Sniper) and outcome.sniper_fate == "shuffled" and state.deck.left > 6:
            state = replace(state, deck=state.deck.card_returned())
        return replace(state, log=(*state.log, f"{event.check.title}: {outcome.text}"))

    def _melee_resolved(self, state: PointBlankState, melee: Melee) -> PointBlankState:
        """The pending melee these attackers launched is over; a unit still in another keeps its marker."""
        attackers = {u.id for u in melee.attackers}
        melees = tuple(m for m in state.melees if not attackers & set(m.attackers))
        engaged = {unit for m in melees for unit in (*m.attackers, *m.defenders)}
        state = replace(state, melees=melees)
        return self._changed(state, {unit: {"in_melee": True} for unit in engaged
                                     if not state.unit(unit).eliminated})

    def _turn_ended(self, state: PointBlankState, turn: int) -> PointBlankState:
        checklist = (
            f"Turn {turn} is over: the Action deck is exhausted (4.13). On the table:",
            "- remove Spotted markers (not from units still moving, assaulting or in melee)",
            "- remove all Smoke cards" + (f": {', '.join(sorted(state.smoke))}" if state.smoke else ""),
            "- turn every Blaze card to Smoke" + (f": {', '.join(sorted(state.blaze))}" if state.blaze else ""),
            "- every unit -1 fatigue, spent units readied (done here)",
            f"- shuffle the discard pile into a new deck; turn marker to {turn + 1}",
        )
        limit = state.settings.turn_limit if state.settings else None
        over = limit is not None and turn >= limit
        if over:
            checklist += (f"That was the scenario's last turn ({limit}): check the victory conditions",)
        return replace(
            state,
            units=tuple(fatigue.turn_ended(u) for u in state.units),
            turn=turn + 1,
            turn_end_owed=False,
            flushed=frozenset(),
            smoke=frozenset(state.blaze),
            blaze=frozenset(),
            checklist=checklist,
            log=(*state.log, f"turn {turn} ends"),
            game_over=over,
        )

    def _changed(self, state: PointBlankState, changes: dict[int, dict]) -> PointBlankState:
        return replace(state, units=tuple(changed(u, changes[u.id]) if u.id in changes else u for u in state.units))

    def _marked(self, state: PointBlankState, marker: MarkerChange) -> PointBlankState:
        current: frozenset[str] = getattr(state, marker.marker)
        updated = current | {marker.sector} if marker.present else current - {marker.sector}
        return replace(state, **{marker.marker: frozenset(updated)})
