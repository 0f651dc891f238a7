"""Melee and overrun (7.10, 7.11): how many d6 each side draws, hits on 4+, damage and retreat.

Decision (ours): a melee modifier (such as US Airborne's +1) is entered per side: all of that
side's cards then hit one pip lower. Odd hits are spread in the order the units are listed
(the rulebook leaves the choice to the owner: list the unit that should take the extra hit first).
"""

from typing import Literal

from companion.games.point_blank.catalog import Los
from companion.games.point_blank.checks.base import Check, Draw, Finding, Outcome, Snapshot, change, found
from companion.games.point_blank.checks.damage import hits

TERRAIN_DICE = {"clear": 0, "degrading": 1, "blocking": 2}


def melee_dice(attackers: tuple[Snapshot, ...], defenders: tuple[Snapshot, ...], defender_los: Los,
               attacker_leadership: int = 0, defender_leadership: int = 0,
               defender_in_building: bool = False) -> tuple[int, int]:
    """(attacker d6, defender d6) from the Melee / Overrun modifier table (7.10.1, 7.10.1.3-4)."""
    attack = sum(u.firepower for u in attackers) + attacker_leadership
    attack += any(d.shaken for d in defenders) + any(d.spent for d in defenders)
    defence = defender_leadership
    defence += any(a.shaken for a in attackers) + any(a.spent for a in attackers)
    for unit in defenders:
        if unit.kind == "weapon_team":
            defence += 1
        elif unit.kind in ("afv", "vehicle"):
            defence += max(1, unit.flank_armour)
        else:
            defence += unit.firepower
    infantry = [u for u in defenders if u.kind not in ("afv", "vehicle")]
    vehicles = [u for u in defenders if u.kind in ("afv", "vehicle")]
    if infantry or (vehicles and not defender_in_building):
        defence += TERRAIN_DICE[defender_los]
    defence -= sum(1 for u in defenders if u.shaken)
    return attack, max(1, defence)


def overrun_dice(machine_guns: int, high_explosive: int, buttoned: bool, attacker_shaken: bool,
                 defenders: tuple[Snapshot, ...], target_bogged: bool = False) -> tuple[int, int]:
    """(AFV d6, defender d6) for an overrun (7.11): the AFV's MG (halved, rounded up, if buttoned)
    plus HE; each full squad one d6, half squads one per two (rounded up), defending AFVs their
    frontal armour (at least 1); +1 d6 against a shaken AFV on either side and against a spent
    defending vehicle. Decision (ours): the bullet about a bogged target reads "- 1 d6" after an
    empty list marker; a bogged vehicle is easier to close with (7.2), so it is +1 for the attacker."""
    attack = (-(-machine_guns // 2) if buttoned else machine_guns) + high_explosive
    vehicles = [d for d in defenders if d.kind in ("afv", "vehicle")]
    full = sum(1 for d in defenders if d.kind == "full_squad" and not d.reduced)
    halves = sum(1 for d in defenders if d.kind == "half_squad" or (d.kind == "full_squad" and d.reduced))
    defence = full + -(-halves // 2) + sum(max(1, d.front_armour) for d in vehicles)
    attack += any(v.shaken for v in vehicles) + any(v.spent for v in vehicles) + target_bogged
    defence += attacker_shaken
    return attack, max(1, defence)


def spread(count: int, units: int) -> list[int]:
    """Every unit takes one hit before any takes a second (7.10.1.1)."""
    if units == 0:
        return []
    return [count // units + (i < count % units) for i in range(units)]


class Melee(Check):
    kind: Literal["melee"] = "melee"
    attackers: tuple[Snapshot, ...]
    defenders: tuple[Snapshot, ...]
    attacker_dice: int
    defender_dice: int
    attacker_hits_on: int = 4
    defender_hits_on: int = 4

    def snapshots(self) -> tuple[Snapshot, ...]:
        return (*self.attackers, *self.defenders)

    def resolve(self, draw: Draw) -> Outcome:
        attack = draw(f"attacker's {self.attacker_dice} melee cards ({self.attacker_hits_on}+ hits)",
                      self.attacker_dice)
        defence = draw(f"defender's {self.defender_dice} melee cards ({self.defender_hits_on}+ hits)",
                       self.defender_dice)
        scored = sum(p >= self.attacker_hits_on for p in attack)
        suffered = sum(p >= self.defender_hits_on for p in defence)
        findings: list[Finding] = [found("melee_hits", scored, suffered)]
        # One change per unit: the melee is over for both sides (7.10), and hits add their damage.
        changes = []
        for group, count in ((self.defenders, scored), (self.attackers, suffered)):
            for unit, taken in zip(group, spread(count, len(group)), strict=True):
                damage = hits(unit.unit(), taken) if taken else None
                changes.append(change(unit.id, in_melee=False, **(damage.changes() if damage else {})))
                if damage is not None:
                    findings.append(found("hits", taken, unit=unit.id, effects=damage.effects))
                    if unit.kind in ("afv", "vehicle") and damage.shaken == 2 and not damage.eliminated:
                        findings.append(found("crew_morale_check", unit=unit.id))
        findings.append(found("attacker_retreats" if suffered >= scored else "defender_retreats"))
        return Outcome(findings=tuple(findings), changes=tuple(changes))
