"""Morale checks (4.5) and rally (8.8): 2d6 at or under the printed morale passes."""

from typing import Literal

from companion.games.point_blank.checks.base import Check, Draw, Outcome, Snapshot, change


class MoraleCheck(Check):
    """One 2d6 morale check per unit, such as units in a blaze (7.1) or a flanking attempt (7.7)."""

    kind: Literal["morale"] = "morale"
    units: tuple[Snapshot, ...]
    modifiers: tuple[int, ...] = ()
    """Added to each unit's 2d6 (terrain, leader), in the order of `units`; missing means 0."""
    reason: str = "morale check"

    @property
    def title(self) -> str:
        return f"{self.reason.capitalize()}: {', '.join(u.name for u in self.units)}"

    def resolve(self, draw: Draw) -> Outcome:
        lines = []
        for index, unit in enumerate(self.units):
            modifier = self.modifiers[index] if index < len(self.modifiers) else 0
            total = sum(draw(f"{unit.name} morale 2d6 ({modifier:+d}, {unit.morale} or less passes)", 2,
                             lambda p, m=modifier, u=unit: sum(p) + m <= u.morale)) + modifier
            lines.append(f"{unit.name}: {total} vs {unit.morale}: {'passes' if total <= unit.morale else 'fails'}")
        return Outcome(text="; ".join(lines))


class Rally(Check):
    """A rally action on one stack: a 2d6 per shaken unit, less terrain and one leader (8.8).
    An abandoned AFV's crew re-crews on a pass and is spent (7.5)."""

    kind: Literal["rally"] = "rally"
    units: tuple[Snapshot, ...]
    terrain: tuple[int, ...] = ()
    """Each unit's terrain modifier: blocking -2, degrading -1, or the card's own (10.1)."""
    leadership: int = 0
    abandoned: tuple[int, ...] = ()

    @property
    def title(self) -> str:
        return f"Rally: {', '.join(u.name for u in self.units)}"

    def resolve(self, draw: Draw) -> Outcome:
        lines, changes = [], []
        for index, unit in enumerate(self.units):
            modifier = (self.terrain[index] if index < len(self.terrain) else 0) - self.leadership
            total = sum(draw(f"{unit.name} rally 2d6 ({modifier:+d}, {unit.morale} or less rallies)", 2,
                             lambda p, m=modifier, u=unit: sum(p) + m <= u.morale)) + modifier
            if total > unit.morale:
                lines.append(f"{unit.name}: {total} vs {unit.morale}: stays shaken")
            elif unit.id in self.abandoned:
                lines.append(f"{unit.name}: {total} vs {unit.morale}: the crew re-enters; spent (7.5)")
                changes.append(change(unit.id, abandoned=False, spent=True))
            else:
                lines.append(f"{unit.name}: {total} vs {unit.morale}: rallied")
                changes.append(change(unit.id, shaken=max(0, unit.shaken - 1) if unit.kind == "afv" else 0))
        return Outcome(text="; ".join(lines), changes=tuple(changes))
