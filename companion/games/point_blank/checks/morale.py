"""Morale checks (4.5) and rally (8.8): 2d6 at or under the printed morale passes."""

from typing import Any, Literal

from pydantic import model_validator

from companion.games.kit.words import signed
from companion.games.point_blank.checks.base import (
    Check,
    Draw,
    Finding,
    FindingKind,
    Outcome,
    Snapshot,
    UnitChange,
    change,
    found,
)


class MoraleCheck(Check):
    """One 2d6 morale check per unit, such as units in a blaze (7.1) or a flanking attempt (7.7)."""

    kind: Literal["morale"] = "morale"
    units: tuple[Snapshot, ...]
    modifiers: tuple[int, ...] = ()
    """Added to each unit's 2d6 (terrain, leader), in the order of `units`; missing means 0."""

    @model_validator(mode="before")
    @classmethod
    def _before_reasons(cls, data: Any) -> Any:
        """Games saved before carried an English reason ("morale check"): the check is the same."""
        if isinstance(data, dict) and "reason" in data:
            data = {key: value for key, value in data.items() if key != "reason"}
        return data

    def snapshots(self) -> tuple[Snapshot, ...]:
        return self.units

    def resolve(self, draw: Draw) -> Outcome:
        findings = []
        for index, unit in enumerate(self.units):
            modifier = self.modifiers[index] if index < len(self.modifiers) else 0
            total = sum(draw(f"{unit.name} morale 2d6 ({signed(modifier)}, {unit.morale} or less passes)", 2,
                             lambda p, m=modifier, u=unit: sum(p) + m <= u.morale)) + modifier
            kind: FindingKind = "morale_passed" if total <= unit.morale else "morale_failed"
            findings.append(found(kind, total, unit.morale, unit=unit.id))
        return Outcome(findings=tuple(findings))


class Rally(Check):
    """A rally action on one stack: a 2d6 per shaken unit, less terrain and one leader (8.8).
    An abandoned AFV's crew re-crews on a pass and is spent (7.5)."""

    kind: Literal["rally"] = "rally"
    units: tuple[Snapshot, ...]
    terrain: tuple[int, ...] = ()
    """Each unit's terrain modifier: blocking -2, degrading -1, or the card's own (10.1)."""
    leadership: int = 0
    abandoned: tuple[int, ...] = ()

    def snapshots(self) -> tuple[Snapshot, ...]:
        return self.units

    def resolve(self, draw: Draw) -> Outcome:
        findings: list[Finding] = []
        changes: list[UnitChange] = []
        for index, unit in enumerate(self.units):
            modifier = (self.terrain[index] if index < len(self.terrain) else 0) - self.leadership
            total = sum(draw(f"{unit.name} rally 2d6 ({signed(modifier)}, {unit.morale} or less rallies)", 2,
                             lambda p, m=modifier, u=unit: sum(p) + m <= u.morale)) + modifier
            if total > unit.morale:
                findings.append(found("stays_shaken", total, unit.morale, unit=unit.id))
            elif unit.id in self.abandoned:
                findings.append(found("recrewed", total, unit.morale, unit=unit.id))
                changes.append(change(unit.id, abandoned=False, spent=True))
            else:
                findings.append(found("rallied", total, unit.morale, unit=unit.id))
                changes.append(change(unit.id, shaken=max(0, unit.shaken - 1) if unit.kind == "afv" else 0))
        return Outcome(findings=tuple(findings), changes=tuple(changes))
