"""What happened in a Conflict of Heroes game, in the past tense.

Player decisions are undoable. Dice rolls, initiative announcements (binding once made, 3.24),
counter draws, reveals and destructions are facts: undo never takes them back. Each fact carries
everything it changed, so a decision undone later never changes a roll or a draw.
"""

from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from companion.games.conflict_of_heroes import upgrades
from companion.games.conflict_of_heroes.amounts import bonus_after, caps_count, faces_of, modifier_after, paid
from companion.games.conflict_of_heroes.attack import RANGE_NAMES, RangeBand
from companion.games.conflict_of_heroes.commands import CapsUse, SideNumber, Target
from companion.games.conflict_of_heroes.hit_counters import HitCounter, HitCounterPools
from companion.games.conflict_of_heroes.scenario import ScenarioChosen
from companion.games.conflict_of_heroes.units import UnitProfile
from companion.games.kit.faces import FaceEntered, FaceErased
from companion.games.kit.guide import ChoiceMade, PlayStarted, StepConfirmed, StepRevisited
from companion.games.kit.words import number, signed
from companion.journal.events import DecisionRedone, DecisionUndone, Event

Source = Literal["generated", "physical"]

RevealCause = Literal["fires", "moves", "attacked", "asked"]
"""Why a hit counter was shown (7.4): its changed fire or move cost was used, it was attacked with
changed defence or a Panic counter, or its owner showed it when a rule said so."""

SideWords = Callable[[int], str]
"""How a line names a side: by the name the players gave it (the view's words), else `side 1`."""


def numbered(side: int) -> str:
    return f"side {side}"


CAPS_USES: dict[CapsUse, str] = {
    "command_action": "a command action", "card": "a card", "side_button": "the CAP button", "other": "something else",
}
REVEAL_CAUSES: dict[RevealCause, str] = {
    "fires": "its fire is changed (7.4)", "moves": "its move cost is changed (7.4)",
    "attacked": "attacked (7.4)", "asked": "shown to the opponent",
}


class SideEvent(Event):
    """An event whose line names a side: the screen gives the sides' names, the log their numbers."""

    def describe(self, side: SideWords = numbered) -> str:
        raise NotImplementedError


# Decisions


class SideNamed(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_side_named"] = "coh_side_named"
    side: SideNumber
    name: str

    def describe(self) -> str:
        # By its place, not its name: the name is what changes.
        return f"the {('left', 'right')[self.side - 1]} side is named {self.name}"


class StartingCapsSet(SideEvent):
    undoable: ClassVar[bool] = True
    type: Literal["coh_starting_caps_set"] = "coh_starting_caps_set"
    side: SideNumber
    caps: int

    def describe(self, side: SideWords = numbered) -> str:
        return f"{side(self.side)} starts with {caps_count(self.caps)}"


class FirstOnTieChosen(SideEvent):
    undoable: ClassVar[bool] = True
    type: Literal["coh_first_on_tie_chosen"] = "coh_first_on_tie_chosen"
    side: SideNumber

    def describe(self, side: SideWords = numbered) -> str:
        return f"{side(self.side)} announces first on a CAP tie"


class CounterPoolsChosen(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_counter_pools_chosen"] = "coh_counter_pools_chosen"
    pools: HitCounterPools

    def describe(self) -> str:
        foot = sum(c.count for c in self.pools.foot.values())
        vehicle = sum(c.count for c in self.pools.vehicle.values())
        return f"hit counters: {foot} foot, {vehicle} vehicle"


class UnitAdded(SideEvent):
    undoable: ClassVar[bool] = True
    type: Literal["coh_unit_added"] = "coh_unit_added"
    number: int
    side: SideNumber
    label: str
    profile: UnitProfile

    def describe(self, side: SideWords = numbered) -> str:
        return f"{self.label} ({self.profile.name}) joins {side(self.side)}"


class VictoryPointsChanged(SideEvent):
    undoable: ClassVar[bool] = True
    type: Literal["coh_victory_points_changed"] = "coh_victory_points_changed"
    side: SideNumber
    change: int

    def describe(self, side: SideWords = numbered) -> str:
        return f"{side(self.side)}: {signed(self.change)} VP"


class RoundStarted(SideEvent):
    undoable: ClassVar[bool] = True
    type: Literal["coh_round_started"] = "coh_round_started"
    round: int
    caps: tuple[int, int] | None = None
    """Side 1's and side 2's CAPs as refilled; games saved before it was kept have none."""

    def describe(self, side: SideWords = numbered) -> str:
        refilled = f" ({side(1)} {self.caps[0]}, {side(2)} {self.caps[1]})" if self.caps is not None else ""
        return f"round {self.round}: CAPs refilled{refilled}, all units fresh"


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
        return f"{self.label}: {self.action} ({paid(self.aps, self.caps)})"


class CapsSpent(SideEvent):
    undoable: ClassVar[bool] = True
    type: Literal["coh_caps_spent"] = "coh_caps_spent"
    side: SideNumber
    caps: int
    use: CapsUse
    ends_turn: bool

    @model_validator(mode="before")
    @classmethod
    def _read_reason_words(cls, data: Any) -> Any:
        return upgrades.caps_use(data)

    def describe(self, side: SideWords = numbered) -> str:
        return f"{side(self.side)} spends {caps_count(self.caps)} on {CAPS_USES[self.use]}"


class UnitMarkedSpent(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_unit_marked_spent"] = "coh_unit_marked_spent"
    unit: int
    label: str

    def describe(self) -> str:
        return f"{self.label} spent"


class Passed(SideEvent):
    undoable: ClassVar[bool] = True
    type: Literal["coh_passed"] = "coh_passed"
    side: SideNumber
    no_unit: bool = False
    """Passed for the side, which had no unit in play to act with (`rounds.passed_over`)."""

    def describe(self, side: SideWords = numbered) -> str:
        return f"{side(self.side)} passes" + (": no unit in play" if self.no_unit else "")


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
        return (f"{self.label} attacks {count} unit{'s' if count > 1 else ''}, {RANGE_NAMES[self.band]}"
                f" ({paid(self.aps, self.caps)})")


class RallyDeclared(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_rally_declared"] = "coh_rally_declared"
    unit: int
    label: str
    bonus: int
    aps: int
    caps: int

    def describe(self) -> str:
        at = f" at {signed(self.bonus)}" if self.bonus else ""
        return f"{self.label} tries to rally{at} ({paid(self.aps, self.caps)})"


class ModifierDeclared(Event):
    undoable: ClassVar[bool] = True
    type: Literal["coh_modifier_declared"] = "coh_modifier_declared"
    caps: int

    def describe(self) -> str:
        return f"{caps_count(self.caps, sign=True)} on the next roll"


class InitiativeSpendCounted(SideEvent):
    """CAPs counted on the side button before announcing: a decision until it is announced."""

    undoable: ClassVar[bool] = True
    type: Literal["coh_initiative_spend_counted"] = "coh_initiative_spend_counted"
    side: SideNumber
    caps: int

    def describe(self, side: SideWords = numbered) -> str:
        return f"{side(self.side)} counts {caps_count(self.caps)} for initiative (not yet announced)"


# Facts


class InitiativeAnnounced(SideEvent):
    type: Literal["coh_initiative_announced"] = "coh_initiative_announced"
    side: SideNumber
    caps: int

    def describe(self, side: SideWords = numbered) -> str:
        return f"{side(self.side)} spends {caps_count(self.caps)} on initiative"


class InitiativeRolled(SideEvent):
    type: Literal["coh_initiative_rolled"] = "coh_initiative_rolled"
    spends: tuple[int, int]
    faces: tuple[tuple[int, int], tuple[int, int]]
    """Side 1's dice, then side 2's."""
    source: Source

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(self.faces[0]) + self.spends[0], sum(self.faces[1]) + self.spends[1])

    def describe(self, side: SideWords = numbered) -> str:
        parts = (f"{side(number)} {total} ({faces_of(faces)}{modifier_after(spend)})"
                 for number, faces, spend, total in zip((1, 2), self.faces, self.spends, self.totals, strict=True))
        tie = ": tie, re-roll" if self.totals[0] == self.totals[1] else ""
        return f"initiative: {', '.join(parts)}, {self.source}{tie}"


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

    def describe(self, destroyed: bool = False, killed: str | None = None) -> str:
        """`destroyed`: its one hit destroyed the target (a unit already hit, or a Killed counter
        drawn), which the events after the roll say and the screen knows from the state; `killed`:
        the name of the Killed counter drawn, when that is why."""
        why = f"{killed} counter drawn: " if killed else ""
        outcome = ("miss", f"one hit: {why}destroyed" if destroyed else "one hit", "two hits: destroyed")[self.hits]
        dice = faces_of(self.faces) + modifier_after(self.modifier)
        return (f"{self.attacker_label} → {self.target_label}: AV {number(self.attack_value)}"
                f" ({number(self.firepower)} FP + {dice}) vs DV {self.defence}: {outcome}, {self.source}")


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
    cause: RevealCause

    @model_validator(mode="before")
    @classmethod
    def _read_reason_words(cls, data: Any) -> Any:
        return upgrades.reveal_cause(data)

    def describe(self) -> str:
        return f"{self.label} shows {self.name}: {REVEAL_CAUSES[self.cause]}"


class UnitDestroyed(SideEvent):
    type: Literal["coh_unit_destroyed"] = "coh_unit_destroyed"
    unit: int
    label: str
    side: SideNumber
    counter: str | None
    """The hit counter it had, revealed on destruction and back in the pile."""

    def describe(self, side: SideWords = numbered) -> str:
        had = f" (had {self.counter})" if self.counter else ""
        return f"{self.label} destroyed{had}: {side(self.side)}'s CAP track loses a space"


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
        rolled = f"{self.total} ({faces_of(self.faces)}{bonus_after(self.bonus)}{modifier_after(self.modifier)})"
        if not self.rallied:
            # The rally number would tell the opponent which counter is still hidden.
            return f"{self.label} rally: {rolled}, not rallied, {self.source}"
        return f"{self.label} rally: {rolled} vs {self.rally}: rallied, {self.counter} back in the pile, {self.source}"


CohEvent = Annotated[
    SideNamed | StartingCapsSet | FirstOnTieChosen | CounterPoolsChosen | UnitAdded | VictoryPointsChanged
    | RoundStarted | UnitActivated | ActionPaid | CapsSpent | UnitMarkedSpent | Passed | AttackDeclared
    | RallyDeclared | ModifierDeclared | InitiativeSpendCounted | InitiativeAnnounced | FaceEntered | FaceErased
    | InitiativeRolled | AttackRolled | HitCounterDrawn | CounterRevealed | UnitDestroyed | RallyRolled
    | ScenarioChosen | StepConfirmed | StepRevisited | ChoiceMade | PlayStarted | DecisionUndone | DecisionRedone,
    Field(discriminator="type"),
]
