"""Ordnance attacks (3.2, 8.4): range bands, the 2d6 To-Hit, then penetration or HE damage."""

from typing import Literal

from companion.games.kit.words import signed
from companion.games.point_blank.checks.base import Check, Draw, MarkerChange, Outcome, Snapshot, change, found
from companion.games.point_blank.checks.fire import damage_checks

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

    def snapshots(self) -> tuple[Snapshot, ...]:
        return (self.firer, *self.targets)

    def resolve(self, draw: Draw) -> Outcome:
        need = self.to_hit
        rolled = draw(f"To-Hit 2d6 ({signed(self.modifier)}; {need} or less hits)", 2,
                      lambda p: sum(p) + self.modifier <= need)
        total = sum(rolled) + self.modifier
        changes = []
        findings = [found("to_hit", sum(rolled), self.modifier, need)]
        if sum(rolled) == 12 and self.firer.kind in ("afv", "vehicle"):
            changes.append(change(self.firer.id, weapon_broken=True))
            findings.append(found("natural_twelve", unit=self.firer.id))
        if total > need:
            return Outcome(findings=(*findings, found("miss")), changes=tuple(changes))
        if self.against_armour:
            return self._penetration(draw, findings, changes)
        (he,) = draw(f"HE d6 ({signed(self.high_explosive)})", 1)
        attack = he + self.high_explosive
        (defence,) = draw(f"defence d6 (no modifiers): {attack} or more holds", 1, lambda p: p[0] >= attack)
        if attack <= defence:
            return Outcome(findings=(*findings, found("he_held", attack, defence)), changes=tuple(changes))
        findings.append(found("he_hit", attack, defence))
        damage, harmed, _ = damage_checks(draw, attack - defence, self.targets)
        return Outcome(findings=tuple(findings + damage), changes=tuple(changes + harmed))

    def _penetration(self, draw: Draw, findings: list, changes: list) -> Outcome:
        target = self.targets[0]
        (pen,) = draw(f"penetration d6 ({signed(self.penetration)})", 1)
        out_of_ammo = False
        if pen == 6:
            (ammo,) = draw(f"out of ammo check for {self.firer.name} (6 = out)", 1, lambda p: p[0] == 6)
            out_of_ammo = ammo == 6
        (armour,) = draw(f"armour d6 ({signed(self.armour)}): {pen + self.penetration - self.armour} or more holds", 1,
                         lambda p: p[0] + self.armour >= pen + self.penetration)
        attack, defence = pen + self.penetration, armour + self.armour
        markers: tuple[MarkerChange, ...] = ()
        if attack > defence:
            findings.append(found("penetrated", attack, defence, unit=target.id))
            changes.append(change(target.id, eliminated=True))
            markers = (MarkerChange(marker="wreck", sector=self.sector, present=True),)
        else:
            findings.append(found("armour_held", attack, defence, unit=target.id))
        if out_of_ammo:
            changes.append(change(self.firer.id, spent=True))
            findings.append(found("out_of_ammo", unit=self.firer.id))
        return Outcome(findings=tuple(findings), changes=tuple(changes), markers=markers)
