"""Fire attacks (8.4): infantry fire groups, radio barrages (7.17.2) and the sniper (8.12).

Decision (ours): the modifier table prints "-Leadership Modifier" in both the infantry and the
ordnance tables; for an infantry attack, where higher is better, a leader's modifier is added
(2.11: leaders "contribute" their modifier to an attack), for ordnance To-Hit it is subtracted.
"""

from typing import Literal

from pydantic import Field

from companion.games.point_blank.checks.base import Check, Draw, MarkerChange, Outcome, Snapshot, UnitChange, change
from companion.games.point_blank.checks.damage import damage_check

HERO_KINDS = frozenset({"full_squad", "half_squad", "weapon_team", "afv", "vehicle"})


def fire_group(lead: int, others: tuple[int, ...]) -> int:
    """The lead unit's firepower plus half the others' firepower, rounded up (8.4)."""
    return lead + -(-sum(others) // 2)


def defence_modifier(terrain_bonus: int, cover: bool = False, concealed: bool = False,
                     degraded_los: bool = False, wreck: bool = False) -> int:
    """Terrain DM (with a Wreck's +1, 10.1.9), +2 cover card (8.3), +2 concealed (7.16),
    +1 through degraded LOS (7.9.1)."""
    return terrain_bonus + wreck + 2 * cover + 2 * concealed + degraded_los


def resolve_fire_attack(draw: Draw, attack: int, targets: tuple[Snapshot, ...], defence: int,
                        vehicle_defence: int = 0) -> tuple[list[str], list[UnitChange], bool]:
    """Defence d6, then a damage check per target if the attack is higher; heroes on a damage 1 (7.8).
    Also says whether any target suffered a result (what a Blaze weapon needs, 7.1)."""
    against = defence + vehicle_defence
    (pip,) = draw(f"defence d6 (+{against}): {attack - against} or more holds against {attack}", 1,
                  lambda p: p[0] + against >= attack)
    total = pip + against
    if attack <= total:
        return [f"attack {attack} vs defence {total}: no effect"], [], False
    difference = attack - total
    lines, changes = [f"attack {attack} vs defence {total}: damage checks +{difference}"], []
    affected = False
    for target in targets:
        (check,) = draw(f"damage check for {target.name} (+{difference}; morale {target.morale} or less holds)", 1,
                        lambda p, t=target: p[0] + difference <= t.morale)
        damage = damage_check(target.unit(), check + difference)
        lines.append(damage.text)
        affected = affected or (damage.shaken, damage.reduced) != (target.shaken, target.reduced) \
            or damage.eliminated or damage.abandoned
        updates: dict[str, bool | int] = damage.changes()
        if check == 1 and target.kind in HERO_KINDS and not damage.eliminated:
            (hero,) = draw(f"hero check for {target.name} (4-6 creates a hero)", 1, lambda p: p[0] >= 4)
            if hero >= 4:
                updates["hero"] = True
                lines.append(f"{target.name}: a hero is created: draw a hero marker from the cup (7.8)")
        changes.append(UnitChange(unit=target.id, changes=updates))
    return lines, changes, affected


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

    @property
    def title(self) -> str:
        return f"Fire: {self.lead.name} at {', '.join(t.name for t in self.targets)}"

    @property
    def firepower(self) -> int:
        return fire_group(self.lead_firepower, self.other_firepower)

    def resolve(self, draw: Draw) -> Outcome:
        (pip,) = draw(f"attack d6 (firepower {self.firepower}{self.modifier:+d})", 1)
        attack = self.firepower + pip + self.modifier
        lines, changes = [], []
        out_of_ammo = False
        if pip == 6:
            (ammo,) = draw(f"out of ammo check for {self.lead.name} (6 = out)", 1, lambda p: p[0] == 6)
            out_of_ammo = ammo == 6
        # A flamethrower alone denies the defender its defensive modifier (7.17.1).
        defence = 0 if self.flamethrower_only else self.defence
        result, damage, affected = resolve_fire_attack(draw, attack, self.targets, defence)
        lines += result
        changes += damage
        lead_changes: dict[str, bool | int] = {}
        if pip == 1 and self.support_weapon:
            (breaking,) = draw("breakdown check (1-2 = broken)", 1, lambda p: p[0] <= 2)
            if breaking <= 2:
                lead_changes["weapon_broken"] = True
                lines.append("the Support Weapon is broken (7.17.3)")
        markers = []
        if self.blaze and affected:
            (fire,) = draw("blaze check (4+ sets the terrain ablaze)", 1, lambda p: p[0] >= 4)
            if fire >= 4:
                markers.append(MarkerChange(marker="blaze", sector=self.sector, present=True))
                where = self.sector or "the target terrain"
                lines.append(f"{where} is ablaze: every unit there makes a morale check (7.1)")
        if self.flamethrower:
            (fuel,) = draw("flamethrower fuel check (5+ = out of fuel)", 1, lambda p: p[0] >= 5)
            if fuel >= 5:
                lead_changes["flamethrower"] = False
                lines.append("the flamethrower is out of fuel and leaves the game (7.17.1)")
        if out_of_ammo:
            lead_changes["spent"] = True
            lines.append(f"{self.lead.name} is out of ammunition: spent (7.12)")
        if lead_changes:
            changes.append(UnitChange(unit=self.lead.id, changes=lead_changes))
        return Outcome(text="; ".join(lines), changes=tuple(changes), markers=tuple(markers))


class Barrage(Check):
    """A radio's artillery barrage (7.17.2): on target, strength by result, then a fire attack."""

    kind: Literal["barrage"] = "barrage"
    radio: Snapshot
    strengths: tuple[tuple[int, int], ...]
    """(result needed, firepower) pairs as printed on the Radio card, such as (4, 4), (5, 6)."""
    leadership: int = 0
    targets: tuple[Snapshot, ...]
    defence: int = 0

    @property
    def title(self) -> str:
        return f"Barrage by {self.radio.name}"

    def resolve(self, draw: Draw) -> Outcome:
        lowest = min(need for need, _ in self.strengths)
        (pip,) = draw(f"on target d6 (+{self.leadership}; 4 or more is on target)", 1,
                      lambda p: p[0] + self.leadership >= max(4, lowest))
        result = pip + self.leadership
        lines, changes = [], []
        strength = max((fp for need, fp in self.strengths if result >= need), default=0)
        if pip == 1:
            (breaking,) = draw("radio breakdown check (1-2 = broken, never repaired)", 1, lambda p: p[0] <= 2)
            if breaking <= 2:
                changes.append(change(self.radio.id, weapon_broken=True))
                lines.append("the radio is broken and leaves the game (7.17.3)")
        if result <= 3 or not strength:
            return Outcome(text="; ".join([f"on target {result}: the barrage fails", *lines]), changes=tuple(changes))
        lines.insert(0, f"on target {result}: a {strength} firepower attack")
        (attack_pip,) = draw(f"barrage attack d6 (+{strength})", 1)
        # An AFV adds its flank armour to the defence; with several, the highest counts (7.17.2.1).
        armour = max((t.flank_armour for t in self.targets if t.kind in ("afv", "vehicle")), default=0)
        result_lines, damage, _ = resolve_fire_attack(draw, attack_pip + strength, self.targets, self.defence, armour)
        return Outcome(text="; ".join(lines + result_lines), changes=tuple(changes + damage))


class Sniper(Check):
    """A sniper's 2d6 fire attack on one unit, no concealment bonus, then the card's fate (8.12)."""

    kind: Literal["sniper"] = "sniper"
    target: Snapshot
    defence: int = 0
    card_pips: int = Field(ge=1, le=6)
    """The pips on the Sniper card itself: the deck loses that card if the sniper leaves the game."""

    @property
    def title(self) -> str:
        return f"Sniper at {self.target.name}"

    def resolve(self, draw: Draw) -> Outcome:
        attack = sum(draw("sniper attack 2d6", 2))
        lines, changes, _ = resolve_fire_attack(draw, attack, (self.target,), self.defence)
        (fate,) = draw("sniper card fate d6 (1-2 removed, 3-5 discard, 6 shuffled in)", 1)
        chosen: Literal["removed", "discarded", "shuffled"] = (
            "removed" if fate <= 2 else "discarded" if fate <= 5 else "shuffled"
        )
        lines.append({
            "removed": "the sniper card leaves the game: a blank 1-pip card goes to the discard pile",
            "discarded": "the sniper card is discarded",
            "shuffled": "the sniper card is shuffled into the deck if more than 6 cards remain, else discarded",
        }[chosen])
        return Outcome(text="; ".join(lines), changes=tuple(changes), sniper_fate=chosen)
