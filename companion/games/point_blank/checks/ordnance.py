"""Ordnance attacks (3.2, 8.4): range bands, the 2d6 To-Hit, then penetration or HE damage."""

from typing import Literal

from companion.games.point_blank.checks.base import Check, Draw, MarkerChange, Outcome, Snapshot, change
from companion.games.point_blank.checks.damage import damage_check

Band = Literal["red", "yellow", "white"]


def distance(from_area: str, from_sector: int, from_side: int, to_area: str, to_sector: int, to_side: int) -> int:
    """Sectors counted (across the centre row when the sides differ), 2 per Area between (3.2)."""
    sectors = abs(from_sector - to_sector) if from_side == to_side else from_sector + to_sector
    return sectors + 2 * abs(ord(from_area.upper()) - ord(to_area.upper()))


def band(range_: int) -> Band:
    """Red 1-2, yellow 3-5, white 6+ (3.2)."""
    return "red" if range_ <= 2 else "yellow" if range_ <= 5 else "white"


class Ordnance(Check):
    """One ordnance shot. `modifier` is the sum of table 8.4 (terrain DM, moving target, degraded
    LOS, buttoned, concealed +2, covered arc, fatigue 2 +1, minus the leader's modifier)."""

    kind: Literal["ordnance"] = "ordnance"
    firer: Snapshot
    to_hit: int
    modifier: int = 0
    penetration: int = 0
    high_explosive: int = 0
    armour: int = 0
    """The target AFV's front or flank armour; ignored against soft targets."""
    targets: tuple[Snapshot, ...]
    against_armour: bool = True
    sector: str = ""

    @property
    def title(self) -> str:
        return f"Ordnance: {self.firer.name} at {', '.join(t.name for t in self.targets)}"

    def resolve(self, draw: Draw) -> Outcome:
        need = self.to_hit
        rolled = draw(f"To-Hit 2d6 ({self.modifier:+d}; {need} or less hits)", 2,
                      lambda p: sum(p) + self.modifier <= need)
        total = sum(rolled) + self.modifier
        changes = []
        lines = [f"To-Hit {sum(rolled)}{self.modifier:+d} = {total} vs {need}"]
        if sum(rolled) == 12 and self.firer.kind in ("afv", "vehicle"):
            changes.append(change(self.firer.id, weapon_broken=True))
            lines.append("a natural 12: the ordnance weapon breaks down (7.17.3)")
        if total > need:
            return Outcome(text="; ".join([*lines, "miss"]), changes=tuple(changes))
        if self.against_armour:
            target = self.targets[0]
            (pen,) = draw(f"penetration d6 (+{self.penetration})", 1)
            out_of_ammo = False
            if pen == 6:
                (ammo,) = draw(f"out of ammo check for {self.firer.name} (6 = out)", 1, lambda p: p[0] == 6)
                out_of_ammo = ammo == 6
            (armour,) = draw(f"armour d6 (+{self.armour}): {pen + self.penetration - self.armour} or more holds", 1,
                             lambda p: p[0] + self.armour >= pen + self.penetration)
            attack, defence = pen + self.penetration, armour + self.armour
            markers = ()
            if attack > defence:
                lines.append(f"penetration {attack} vs armour {defence}: {target.name} destroyed; place a Wreck")
                changes.append(change(target.id, eliminated=True))
                markers = (MarkerChange(marker="wreck", sector=self.sector, present=True),)
            else:
                lines.append(f"penetration {attack} vs armour {defence}: no effect")
            if out_of_ammo:
                changes.append(change(self.firer.id, spent=True))
                lines.append(f"{self.firer.name} is out of ammunition: spent (7.12)")
            return Outcome(text="; ".join(lines), changes=tuple(changes), markers=markers)
        (he,) = draw(f"HE d6 (+{self.high_explosive})", 1)
        attack = he + self.high_explosive
        (defence,) = draw(f"defence d6 (no modifiers): {attack} or more holds", 1, lambda p: p[0] >= attack)
        if attack <= defence:
            return Outcome(text="; ".join([*lines, f"HE {attack} vs {defence}: no effect"]), changes=tuple(changes))
        difference = attack - defence
        lines.append(f"HE {attack} vs {defence}: damage checks +{difference}")
        for target in self.targets:
            (check,) = draw(f"damage check for {target.name} (+{difference}; morale {target.morale} or less holds)", 1,
                            lambda p, t=target: p[0] + difference <= t.morale)
            damage = damage_check(target.unit(), check + difference)
            lines.append(damage.text)
            changes.append(change(target.id, **damage.changes()))
        return Outcome(text="; ".join(lines), changes=tuple(changes))
