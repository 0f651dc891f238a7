"""Fire attacks (8.4): infantry fire groups, radio barrages (7.17.2) and the sniper (8.12), and
the damage checks every attack ends in, heroes included (7.8).

Decision (ours): the modifier table prints "-Leadership Modifier" in both the infantry and the
ordnance tables; for an infantry attack, where higher is better, a leader's modifier is added
(2.11: leaders "contribute" their modifier to an attack), for ordnance To-Hit it is subtracted.
"""

from typing import Literal

from pydantic import Field

from companion.games.kit.words import signed
from companion.games.point_blank.checks.base import (
    Check,
    Draw,
    Finding,
    FindingKind,
    MarkerChange,
    Outcome,
    Snapshot,
    UnitChange,
    change,
    found,
)
from companion.games.point_blank.checks.damage import damage_check

HERO_KINDS = frozenset({"full_squad", "half_squad", "weapon_team", "afv", "vehicle"})
FATES: dict[str, FindingKind] = {"removed": "sniper_removed", "discarded": "sniper_discarded",
                                 "shuffled": "sniper_shuffled"}


def fire_group(lead: int, others: tuple[int, ...]) -> int:
    """The lead unit's firepower plus half the others' firepower, rounded up (8.4)."""
    return lead + -(-sum(others) // 2)


def defence_modifier(terrain_bonus: int, cover: bool = False, concealed: bool = False,
                     degraded_los: bool = False, wreck: bool = False) -> int:
    """Terrain DM (with a Wreck's +1, 10.1.9), +2 cover card (8.3), +2 concealed (7.16),
    +1 through degraded LOS (7.9.1)."""
    return terrain_bonus + wreck + 2 * cover + 2 * concealed + degraded_los


def damage_checks(draw: Draw, difference: int, targets: tuple[Snapshot, ...]
                  ) -> tuple[list[Finding], list[UnitChange], bool]:
    """A damage check of d6 + `difference` per target against its morale (8.4). "A hero is created
    when an AFV, Weapon Team or Infantry unit conducts a damage check during an attack and the d6
    result is a 1. Conduct another check and if the d6 result is a 4 through 6, a hero is created"
    (7.8): every attack's damage checks, fire, barrage, sniper or HE. Also says whether any target
    suffered a result (what a Blaze weapon needs, 7.1)."""
    findings, changes, affected = [], [], False
    for target in targets:
        (check,) = draw(f"damage check for {target.name} ({signed(difference)}; morale {target.morale} or less "
                        "holds)", 1, lambda p, t=target: p[0] + difference <= t.morale)
        unit = target.unit()
        damage = damage_check(unit, check + difference)
        findings.append(found("damage", check + difference, target.morale, unit=target.id, effects=damage.effects))
        affected = affected or damage.harmed(unit)
        updates: dict[str, bool | int] = damage.changes()
        if check == 1 and target.kind in HERO_KINDS and not damage.eliminated:
            (hero,) = draw(f"hero check for {target.name} (4-6 creates a hero)", 1, lambda p: p[0] >= 4)
            if hero >= 4:
                updates["hero"] = True
                findings.append(found("hero", unit=target.id))
        changes.append(UnitChange(unit=target.id, changes=updates))
    return findings, changes, affected


def resolve_fire_attack(draw: Draw, attack: int, targets: tuple[Snapshot, ...], defence: int,
                        vehicle_defence: int = 0) -> tuple[list[Finding], list[UnitChange], bool]:
    """Defence d6, then a damage check per target if the attack is higher (8.4)."""
    against = defence + vehicle_defence
    (pip,) = draw(f"defence d6 ({signed(against)}): {attack - against} or more holds against {attack}", 1,
                  lambda p: p[0] + against >= attack)
    total = pip + against
    if attack <= total:
        return [found("attack_held", attack, total)], [], False
    findings, changes, affected = damage_checks(draw, attack - total, targets)
    return [found("attack_hit", attack, total), *findings], changes, affected


class InfantryFire(Check):
    """A fire group's attack on one target group (8.4, 7.12, 7.17)."""

    kind: Literal["infantry_fire"] = "infantry_fire"
    lead: Snapshot
    lead_firepower: int
    other_firepower: tuple[int, ...] = ()
    modifier: int = 0
    targets: tuple[Snapshot, ...]
    defence: int = 0
    support_weapon: bool = False
    flamethrower: bool = False
    flamethrower_only: bool = False
    blaze: bool = False
    sector: str = ""

    def snapshots(self) -> tuple[Snapshot, ...]:
        return (self.lead, *self.targets)

    @property
    def firepower(self) -> int:
        return fire_group(self.lead_firepower, self.other_firepower)

    def resolve(self, draw: Draw) -> Outcome:
        (pip,) = draw(f"attack d6 (firepower {self.firepower}{signed(self.modifier)})", 1)
        attack = self.firepower + pip + self.modifier
        out_of_ammo = False
        if pip == 6:
            (ammo,) = draw(f"out of ammo check for {self.lead.name} (6 = out)", 1, lambda p: p[0] == 6)
            out_of_ammo = ammo == 6
        # A flamethrower alone denies the defender its defensive modifier (7.17.1).
        defence = 0 if self.flamethrower_only else self.defence
        findings, changes, affected = resolve_fire_attack(draw, attack, self.targets, defence)
        lead_changes: dict[str, bool | int] = {}
        if pip == 1 and self.support_weapon:
            (breaking,) = draw("breakdown check (1-2 = broken)", 1, lambda p: p[0] <= 2)
            if breaking <= 2:
                lead_changes["weapon_broken"] = True
                findings.append(found("weapon_broken", unit=self.lead.id))
        markers = []
        if self.blaze and affected:
            (fire,) = draw("blaze check (4+ sets the terrain ablaze)", 1, lambda p: p[0] >= 4)
            if fire >= 4:
                markers.append(MarkerChange(marker="blaze", sector=self.sector, present=True))
                findings.append(found("ablaze", sector=self.sector))
        if self.flamethrower:
            (fuel,) = draw("flamethrower fuel check (5+ = out of fuel)", 1, lambda p: p[0] >= 5)
            if fuel >= 5:
                lead_changes["flamethrower"] = False
                findings.append(found("out_of_fuel", unit=self.lead.id))
        if out_of_ammo:
            lead_changes["spent"] = True
            findings.append(found("out_of_ammo", unit=self.lead.id))
        if lead_changes:
            changes.append(UnitChange(unit=self.lead.id, changes=lead_changes))
        return Outcome(findings=tuple(findings), changes=tuple(changes), markers=tuple(markers))


class Barrage(Check):
    """A radio's artillery barrage (7.17.2): on target, strength by result, then a fire attack."""

    kind: Literal["barrage"] = "barrage"
    radio: Snapshot
    strengths: tuple[tuple[int, int], ...]
    """(result needed, firepower) pairs as printed on the Radio card, such as (4, 4), (5, 6)."""
    leadership: int = 0
    targets: tuple[Snapshot, ...]
    defence: int = 0

    def snapshots(self) -> tuple[Snapshot, ...]:
        return (self.radio, *self.targets)

    def resolve(self, draw: Draw) -> Outcome:
        lowest = min(need for need, _ in self.strengths)
        (pip,) = draw(f"on target d6 ({signed(self.leadership)}; 4 or more is on target)", 1,
                      lambda p: p[0] + self.leadership >= max(4, lowest))
        result = pip + self.leadership
        findings, changes = [], []
        strength = max((fp for need, fp in self.strengths if result >= need), default=0)
        if pip == 1:
            (breaking,) = draw("radio breakdown check (1-2 = broken, never repaired)", 1, lambda p: p[0] <= 2)
            if breaking <= 2:
                changes.append(change(self.radio.id, weapon_broken=True))
                findings.append(found("radio_broken", unit=self.radio.id))
        if result <= 3 or not strength:
            return Outcome(findings=(found("barrage_failed", result), *findings), changes=tuple(changes))
        findings.insert(0, found("barrage_on_target", result, strength))
        (attack_pip,) = draw(f"barrage attack d6 ({signed(strength)})", 1)
        # An AFV adds its flank armour to the defence; with several, the highest counts (7.17.2.1).
        armour = max((t.flank_armour for t in self.targets if t.kind in ("afv", "vehicle")), default=0)
        attack, damage, _ = resolve_fire_attack(draw, attack_pip + strength, self.targets, self.defence, armour)
        return Outcome(findings=tuple(findings + attack), changes=tuple(changes + damage))


class Minefield(Check):
    """Mines resolved as terrain (10.1.7): the units entering are attacked at once. The infantry take
    one infantry attack of the card's printed firepower (no defensive bonus: Mines gives none); each
    vehicle a +2 attack (2 + d6) against its flank armour (+ d6), then its damage check.

    Decision: "if a morale check fails the vehicle is immobilized as if it were bogged" is read as
    that damage check failing: the vehicle is bogged besides what the damage check does."""

    kind: Literal["mines"] = "mines"
    sector: str
    firepower: int = Field(default=0, ge=0, le=20)
    infantry: tuple[Snapshot, ...] = ()
    vehicles: tuple[Snapshot, ...] = ()

    def snapshots(self) -> tuple[Snapshot, ...]:
        return (*self.infantry, *self.vehicles)

    def resolve(self, draw: Draw) -> Outcome:
        findings: list[Finding] = []
        changes: list[UnitChange] = []
        if self.infantry:
            (pip,) = draw(f"mines attack d6 (firepower {self.firepower})", 1)
            attack, damage, _ = resolve_fire_attack(draw, pip + self.firepower, self.infantry, 0)
            findings += attack
            changes += damage
        for vehicle in self.vehicles:
            (pip,) = draw(f"mines attack d6 on {vehicle.name} (+2, against flank armour {vehicle.flank_armour})", 1)
            attack, damage, _ = resolve_fire_attack(draw, pip + 2, (vehicle,), vehicle.flank_armour)
            findings += attack
            failed = any(f.kind == "damage" and f.numbers[0] > f.numbers[1] for f in attack)
            if failed:
                damage = [UnitChange(unit=c.unit, changes={**c.changes, "bogged": True}) for c in damage]
                findings.append(found("immobilised", unit=vehicle.id))
            changes += damage
        return Outcome(findings=tuple(findings), changes=tuple(changes))


class Sniper(Check):
    """A sniper's 2d6 fire attack on one unit, no concealment bonus, then the card's fate (8.12).
    The solo opponent's sniper comes from its table, not a card (12.3.4.2): it has no fate."""

    kind: Literal["sniper"] = "sniper"
    target: Snapshot
    defence: int = 0
    card_pips: int | None = Field(ge=1, le=6)
    """The pips on the Sniper card itself: the deck loses that card if the sniper leaves the game.
    None for the AEO's sniper, which no card carries."""

    def snapshots(self) -> tuple[Snapshot, ...]:
        return (self.target,)

    def resolve(self, draw: Draw) -> Outcome:
        attack = sum(draw("sniper attack 2d6", 2))
        findings, changes, _ = resolve_fire_attack(draw, attack, (self.target,), self.defence)
        if self.card_pips is None:
            return Outcome(findings=tuple(findings), changes=tuple(changes))
        (fate,) = draw("sniper card fate d6 (1-2 removed, 3-5 discard, 6 shuffled in)", 1)
        chosen: Literal["removed", "discarded", "shuffled"] = (
            "removed" if fate <= 2 else "discarded" if fate <= 5 else "shuffled"
        )
        findings.append(found(FATES[chosen]))
        return Outcome(findings=tuple(findings), changes=tuple(changes), sniper_fate=chosen)
