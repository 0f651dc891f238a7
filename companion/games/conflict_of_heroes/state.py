"""A Conflict of Heroes game as the companion knows it: sides, units, the round, and any pending roll."""

from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from pydantic import Field

from companion.games.conflict_of_heroes.cap_track import CapTrack
from companion.games.conflict_of_heroes.events import (
    ActionPaid,
    AttackDeclared,
    AttackRolled,
    CapsSpent,
    CounterRevealed,
    HitCounterDrawn,
    InitiativeRolled,
    Passed,
    RallyDeclared,
    RallyRolled,
    UnitActivated,
    UnitMarkedSpent,
)
from companion.games.conflict_of_heroes.hit_counters import HitCounter, HitCounterPools
from companion.games.conflict_of_heroes.scenario import CohScenario
from companion.games.conflict_of_heroes.units import UnitProfile
from companion.games.kit.guide import Guide

Status = Literal["fresh", "active", "spent", "destroyed"]
Phase = Literal["setup", "initiative", "play", "round_over"]
SettlingKind = Literal["announcement", "initiative_roll", "attack_roll", "draw", "reveal", "destruction", "rally_roll"]


@dataclass(frozen=True, slots=True)
class HitTaken:
    """The counter under a unit; `revealed` once the opponent has been shown it."""

    key: str
    counter: HitCounter
    revealed: bool = False


@dataclass(frozen=True, slots=True)
class UnitState:
    number: int
    side: int
    label: str
    profile: UnitProfile
    status: Status = "fresh"
    aps: int = 0
    hit: HitTaken | None = None

    @property
    def counter(self) -> HitCounter | None:
        return self.hit.counter if self.hit else None

    @property
    def in_play(self) -> bool:
        return self.status != "destroyed"


@dataclass(frozen=True, slots=True)
class SideState:
    name: str
    caps: CapTrack
    victory_points: int = 0


@dataclass(frozen=True, slots=True)
class Initiative:
    """This round's announcements so far, in the order the sides make them, and the CAPs the side to
    announce has counted on its button but not yet announced."""

    order: tuple[int, int]
    spends: tuple[int, ...] = ()
    counted: int = 0
    caps: tuple[int, int] = (0, 0)
    """Side 1's and side 2's CAPs as the announcing opened, which set its order."""

    @property
    def next_side(self) -> int | None:
        return self.order[len(self.spends)] if len(self.spends) < 2 else None

    def spend_of(self, side: int) -> int:
        return self.spends[self.order.index(side)] if self.order.index(side) < len(self.spends) else 0


@dataclass(frozen=True, slots=True)
class PendingRoll:
    """A declared roll waiting for its dice: the initiative roll, an attack (one roll per target) or a rally."""

    kind: Literal["initiative", "attack", "rally"]
    attack: AttackDeclared | None = None
    rally: RallyDeclared | None = None
    next_target: int = 0
    modifier: int = 0
    faces: tuple[int, ...] = ()

    @property
    def dice(self) -> int:
        return 4 if self.kind == "initiative" else 2

    @property
    def roller(self) -> int | None:
        """The unit whose side rolls and may add CAPs; None for the initiative roll."""
        if self.attack is not None:
            return self.attack.attacker
        return self.rally.unit if self.rally is not None else None

    @property
    def cost_unpaid(self) -> tuple[int, int]:
        """(APs, CAPs) of the action still to be paid with its first roll."""
        declared = self.attack or self.rally
        if declared is None or self.next_target > 0:
            return 0, 0
        return declared.aps, declared.caps


@dataclass(frozen=True, slots=True)
class Settled:
    """The latest fact (a roll, a draw, a reveal, an announcement): no decision before it is undone.
    `reveal` is the counter shown when the fact is a reveal: a refusal names it."""

    seq: int
    kind: SettlingKind
    reveal: CounterRevealed | None = None


LastRoll = Annotated[InitiativeRolled | AttackRolled | HitCounterDrawn | RallyRolled | ActionPaid | UnitActivated
                     | UnitMarkedSpent | CapsSpent | Passed, Field(discriminator="type")]
"""A roll of the latest action, a Killed counter it drew (revealed at once, 7.3: why one hit destroyed),
or the latest action itself when it rolls nothing (a move, pivot or stall, an activation, a unit
marked spent, CAPs spent, a pass), with the pass the companion made for a side left with no unit."""


@dataclass(frozen=True, slots=True)
class CohState:
    sides: tuple[SideState, SideState]
    units: tuple[UnitState, ...]
    pools: HitCounterPools
    first_on_tie: int = 2
    round: int = 0
    phase: Phase = "setup"
    turn: int | None = None
    passes: int = 0
    initiative: Initiative | None = None
    pending: PendingRoll | None = None
    last_rolls: tuple[LastRoll, ...] = ()
    """The rolls of the latest action (or the move, pivot or stall it was), for the screen."""
    next_number: int = 1
    settled: Settled | None = None
    """Kept as the game is folded, so undo asks one question, however long the game."""
    rolled_at: int = 0
    """The seq of the latest roll: the roll LED flashes when it changes."""
    scenario: CohScenario | None = None
    """The firefight played, when the game started from a scenario (free play: None)."""
    guide: Guide | None = None
    """Where its guided setup is; it stays once play has started (undo stops at its end)."""

    def side(self, number: int) -> SideState:
        return self.sides[number - 1]

    def unit(self, number: int) -> UnitState | None:
        return next((unit for unit in self.units if unit.number == number), None)

    def in_play(self, side: int | None = None) -> list[UnitState]:
        """The units not destroyed, of one side or both."""
        return [unit for unit in self.units if unit.in_play and side in (None, unit.side)]

    def active_unit(self, side: int) -> UnitState | None:
        return next((u for u in self.units if u.side == side and u.status == "active"), None)

    def with_side(self, number: int, side: SideState) -> "CohState":
        sides = (side, self.sides[1]) if number == 1 else (self.sides[0], side)
        return replace(self, sides=sides)

    def with_caps(self, number: int, caps: CapTrack) -> "CohState":
        return self.with_side(number, replace(self.side(number), caps=caps))

    def with_unit(self, unit: UnitState) -> "CohState":
        return replace(self, units=tuple(unit if u.number == unit.number else u for u in self.units))

    def counters_in_play(self, kind: str) -> list[str]:
        return [u.hit.key for u in self.units if u.hit is not None and u.profile.kind == kind and u.in_play]

    # Folding helpers: facts may follow a decision that was undone later, so each applies what it can.

    def changed_unit(self, number: int, **changes: Any) -> "CohState":
        """The unit in play with `changes`; a unit gone (or never added) changes nothing."""
        unit = self.unit(number)
        if unit is None or not unit.in_play:
            return self
        return self.with_unit(replace(unit, **changes))

    def paid(self, number: int, aps: int, caps: int) -> "CohState":
        """APs off the unit's track (spent at 0) and CAPs off its side's."""
        unit = self.unit(number)
        if unit is None:
            return self
        state = self
        if aps and unit.status == "active":
            left = max(0, unit.aps - aps)
            state = state.with_unit(replace(unit, aps=left, status="active" if left else "spent"))
        return state.with_caps(unit.side, state.side(unit.side).caps.drain(caps))

    def cannot_act(self, side: int) -> bool:
        """The side has no unit in play while its opponent has: it can only pass (`rounds.passed_over`)."""
        return not self.in_play(side) and bool(self.in_play(3 - side))

    def turn_ended(self) -> "CohState":
        if self.phase != "play" or self.turn is None:
            return self
        return replace(self, turn=3 - self.turn, passes=0)

    def with_pending(self, **changes: Any) -> "CohState":
        return replace(self, pending=replace(self.pending, **changes)) if self.pending else self
