"""What happened in a Conflict of Heroes game, in the past tense.

Player decisions are undoable. Dice rolls, initiative announcements (binding once made, 3.24),
counter draws, reveals and destructions are facts: undo never takes them back. Each fact carries
everything it changed, so a decision undone later never changes a roll or a draw.
"""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from companion.dice.rules import FaceEntered, FaceErased
from companion.games.conflict_of_heroes.attack import RANGE_NAMES, RangeBand
from companion.games.conflict_of_heroes.commands import SideNumber, Target
from companion.games.conflict_of_heroes.hit_counters import HitCounter, HitCounterPools
from companion.games.conflict_of_heroes.units import UnitProfile
from companion.journal.events import DecisionRedone, DecisionUndone, Event

Source = Literal["generated", "physical"]


def _faces(faces: tuple[int, ...]) -> str:
    return "+".join(map(str, faces))


def _caps(caps: int) -> str:
    return f" {caps:+d} CAPs" if caps else ""


# Decisions


class SideNamed(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_side_named"] = "coh_side_named"
    side: SideNumber
    name: str

    def describe(self) -> str:
        return f"side {self.side} is {self.name}"


class StartingCapsSet(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_starting_caps_set"] = "coh_starting_caps_set"
    side: SideNumber
    caps: int

    def describe(self) -> str:
        return f"side {self.side} starts with {self.caps} CAPs"


class FirstOnTieChosen(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_first_on_tie_chosen"] = "coh_first_on_tie_chosen"
    side: SideNumber

    def describe(self) -> str:
        return f"side {self.side} announces first on a CAP tie"


class CounterPoolsChosen(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_counter_pools_chosen"] = "coh_counter_pools_chosen"
    pools: HitCounterPools

    def describe(self) -> str:
        foot = sum(c.count for c in self.pools.foot.values())
        vehicle = sum(c.count for c in self.pools.vehicle.values())
        return f"hit counters: {foot} foot, {vehicle} vehicle"


class UnitAdded(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_unit_added"] = "coh_unit_added"
    number: int
    side: SideNumber
    label: str
    profile: UnitProfile

    def describe(self) -> str:
        return f"{self.label} ({self.profile.name}) joins side {self.side}"


class VictoryPointsChanged(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_victory_points_changed"] = "coh_victory_points_changed"
    side: SideNumber
    change: int

    def describe(self) -> str:
        return f"side {self.side}: {self.change:+d} VP"


class RoundStarted(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_round_started"] = "coh_round_started"
    round: int

    def describe(self) -> str:
        return f"round {self.round}: CAPs refilled, all units fresh"


class UnitActivated(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_unit_activated"] = "coh_unit_activated"
    unit: int
    label: str

    def describe(self) -> str:
        return f"{self.label} activated"


class ActionPaid(Event):
    """A move, pivot or stall, paid in APs and CAPs."""

    undoable: ClassVar[bool] = True
    type: Literal["coh_action_paid"] = "coh_action_paid"
    unit: int
    label: str
    action: Literal["move", "pivot", "stall"]
    aps: int
    caps: int

    def describe(self) -> str:
        paid = " + ".join(p for p in (f"{self.aps} AP" if self.aps else "", f"{self.caps} CAP" if self.caps else "") if p)
        return f"{self.label}: {self.action} ({paid or 'free'})"


class CapsSpent(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_caps_spent"] = "coh_caps_spent"
    side: SideNumber
    caps: int
    reason: str
    ends_turn: bool

    def describe(self) -> str:
        return f"side {self.side} spends {self.caps} CAP: {self.reason}"


class UnitMarkedSpent(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_unit_marked_spent"] = "coh_unit_marked_spent"
    unit: int
    label: str

    def describe(self) -> str:
        return f"{self.label} spent"


class Passed(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_passed"] = "coh_passed"
    side: SideNumber

    def describe(self) -> str:
        return f"side {self.side} passes"


class AttackDeclared(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_attack_declared"] = "coh_attack_declared"
    attacker: int
    label: str
    targets: tuple[Target, ...]
    band: RangeBand
    aps: int
    caps: int

    def describe(self) -> str:
        count = len(self.targets)
        return f"{self.label} attacks {count} unit{'s' if count > 1 else ''}, {RANGE_NAMES[self.band]}"


class RallyDeclared(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_rally_declared"] = "coh_rally_declared"
    unit: int
    label: str
    bonus: int
    aps: int
    caps: int

    def describe(self) -> str:
        return f"{self.label} tries to rally ({self.bonus:+d})"


class ModifierDeclared(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_modifier_declared"] = "coh_modifier_declared"
    caps: int

    def describe(self) -> str:
        return f"{self.caps:+d} CAPs on the next roll"


class InitiativeSpendCounted(Event):
    """CAPs counted on the side button before announcing: a decision until it is announced."""

    undoable: ClassVar[bool] = True
    type: Literal["coh_initiative_spend_counted"] = "coh_initiative_spend_counted"
    side: SideNumber
    caps: int

    def describe(self) -> str:
        return f"side {self.side} counts {self.caps} CAPs for initiative (not yet announced)"


# Facts


class InitiativeAnnounced(Event):
    type: Literal["coh_initiative_announced"] = "coh_initiative_announced"
    side: SideNumber
    caps: int

    def describe(self) -> str:
        return f"side {self.side} spends {self.caps} CAPs on initiative"


class InitiativeRolled(Event):
    type: Literal["coh_initiative_rolled"] = "coh_initiative_rolled"
    spends: tuple[int, int]
    faces: tuple[tuple[int, int], tuple[int, int]]
    """Side 1's dice, then side 2's."""
    source: Source

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(self.faces[0]) + self.spends[0], sum(self.faces[1]) + self.spends[1])

    def describe(self) -> str:
        one, two = self.totals
        return (f"initiative: side 1 {one} ({_faces(self.faces[0])}{_caps(self.spends[0])}),"
                f" side 2 {two} ({_faces(self.faces[1])}{_caps(self.spends[1])}), {self.source}")


class AttackRolled(Event):
    """One roll of an attack against one unit; the first roll also pays the attack's cost."""

    type: Literal["coh_attack_rolled"] = "coh_attack_rolled"
    attacker: int
    attacker_label: str
    target: int
    target_label: str
    aps: int
    caps: int
    modifier: int
    firepower: int
    defence: int
    faces: tuple[int, int]
    hits: int
    last: bool
    source: Source

    @property
    def attack_value(self) -> int:
        return self.firepower + sum(self.faces) + self.modifier

    def describe(self) -> str:
        outcome = ("miss", "one hit", "two hits: destroyed")[self.hits]
        return (f"{self.attacker_label} → {self.target_label}: AV {self.attack_value}"
                f" ({self.firepower} FP + {_faces(self.faces)}{_caps(self.modifier)}) vs DV {self.defence}:"
                f" {outcome}, {self.source}")


class HitCounterDrawn(Event):
    """Drawn face down: its name stays out of the journal's lines until it is revealed."""

    type: Literal["coh_hit_counter_drawn"] = "coh_hit_counter_drawn"
    unit: int
    label: str
    key: str
    counter: HitCounter

    def describe(self) -> str:
        if self.counter.killed:
            return f"{self.label} draws {self.counter.name}: destroyed"
        return f"{self.label} draws a hit counter (hidden)"


class CounterRevealed(Event):
    type: Literal["coh_counter_revealed"] = "coh_counter_revealed"
    unit: int
    label: str
    name: str
    reason: str

    def describe(self) -> str:
        return f"{self.label} shows {self.name}: {self.reason}"


class UnitDestroyed(Event):
    type: Literal["coh_unit_destroyed"] = "coh_unit_destroyed"
    unit: int
    label: str
    side: SideNumber
    counter: str | None
    """The hit counter it had, revealed on destruction and back in the pile."""

    def describe(self) -> str:
        had = f" (had {self.counter})" if self.counter else ""
        return f"{self.label} destroyed{had}: side {self.side}'s CAP track loses a space"


class RallyRolled(Event):
    type: Literal["coh_rally_rolled"] = "coh_rally_rolled"
    unit: int
    label: str
    aps: int
    caps: int
    modifier: int
    bonus: int
    rally: int
    counter: str
    faces: tuple[int, int]
    source: Source

    @property
    def total(self) -> int:
        return sum(self.faces) + self.bonus + self.modifier

    @property
    def rallied(self) -> bool:
        return self.total >= self.rally

    def describe(self) -> str:
        rolled = f"{self.total} ({_faces(self.faces)}{self.bonus:+d}{_caps(self.modifier)})"
        if not self.rallied:
            # The rally number would tell the opponent which counter is still hidden.
            return f"{self.label} rally: {rolled}, not rallied, {self.source}"
        return f"{self.label} rally: {rolled} vs {self.rally}: rallied, {self.counter} back in the pile, {self.source}"


CohEvent = Annotated[
    SideNamed | StartingCapsSet | FirstOnTieChosen | CounterPoolsChosen | UnitAdded | VictoryPointsChanged
    | RoundStarted | UnitActivated | ActionPaid | CapsSpent | UnitMarkedSpent | Passed | AttackDeclared
    | RallyDeclared | ModifierDeclared | InitiativeSpendCounted | InitiativeAnnounced | FaceEntered | FaceErased
    | InitiativeRolled | AttackRolled | HitCounterDrawn | CounterRevealed | UnitDestroyed | RallyRolled
    | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]
