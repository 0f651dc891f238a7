"""Checks built from the units on the table: terrain, markers and fatigue read from the state.

The players name units and a few table facts the companion cannot know (a cover card played,
degraded line of sight, which leader helps); everything else comes from the tracked state and
the terrain cards.
"""

from collections.abc import Sequence

from companion.errors import RuleViolation
from companion.games.point_blank.catalog import Catalog, TerrainCard
from companion.games.point_blank.checks.base import Snapshot
from companion.games.point_blank.checks.battlefield import Blaze, Bog, Concealment, Repair, Smoke, Spotting, Unbog
from companion.games.point_blank.checks.fire import Barrage, InfantryFire, Minefield, Sniper, defence_modifier
from companion.games.point_blank.checks.melee import Melee, melee_dice, overrun_dice
from companion.games.point_blank.checks.morale import MoraleCheck, Rally
from companion.games.point_blank.checks.ordnance import Ordnance
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Unit

Ids = Sequence[int]


def card_of(state: PointBlankState, unit: Unit) -> str:
    """The card of the unit's Sector: Clear off the battlefield or in a Sector with no card yet."""
    return state.battlefield.card(unit.sector) or "clear"


def terrain_of(state: PointBlankState, catalog: Catalog, unit: Unit) -> TerrainCard:
    return catalog.terrain_card(card_of(state, unit))


def units(state: PointBlankState, ids: Ids) -> list[Unit]:
    found = [state.unit(i) for i in ids]
    if not found:
        raise RuleViolation("name at least one unit")
    for unit in found:
        if unit.eliminated:
            raise RuleViolation(f"{unit.name} is eliminated")
    return found


def concealed(state: PointBlankState, catalog: Catalog, unit: Unit) -> bool:
    """Units in terrain without a degrading or blocking icon are always spotted (7.16)."""
    return not unit.spotted and terrain_of(state, catalog, unit).los != "clear"


def defence_of(state: PointBlankState, catalog: Catalog, target: Unit, cover: bool = False,
               degraded_los: bool = False, ignore_concealment: bool = False) -> int:
    card = terrain_of(state, catalog, target)
    wreck = bool(target.sector) and target.sector in state.wreck
    hidden = concealed(state, catalog, target) and not ignore_concealment
    return defence_modifier(card.bonus_for(target.vehicle), cover, hidden, degraded_los, wreck)


def fire(state: PointBlankState, catalog: Catalog, firing: Ids, targets: Ids, *, modifier: int = 0,
         leadership: int = 0, cover: bool = False, degraded_los: bool = False, range_one: bool = False,
         assault: bool = False, flanking: bool = False, support_weapon: bool = False, flamethrower: bool = False,
         flamethrower_only: bool = False, blaze: bool = False) -> InfantryFire:
    """Infantry fire with the 8.4 table and fatigue (7.6): Fatigue 2 is -1 firepower (another -1 in
    an assault) and no leader's modifier; an assault fires at -2 (8.1); flanking +2 (7.7.1)."""
    shooters, hit = units(state, firing), units(state, targets)
    if len(shooters) > 1 and any(not u.infantry for u in shooters):
        raise RuleViolation("only infantry units form a fire group (8.4)")
    if any(u.vehicle and u.buttoned for u in hit):
        raise RuleViolation("buttoned AFVs are not affected by infantry fire (7.3)")

    def firepower(unit: Unit) -> int:
        return max(0, unit.firepower - (unit.fatigue == 2) * (1 + assault))

    lead = shooters[0]
    total = modifier + (leadership if lead.fatigue < 2 else 0)
    total += any(t.infantry and (t.moving or t.in_melee) for t in hit) - degraded_los + range_one
    total += -2 * assault + 2 * flanking + any(state.wired(t.sector) for t in hit) - 2 * lead.bogged
    return InfantryFire(
        lead=Snapshot.of(lead), lead_firepower=firepower(lead),
        other_firepower=tuple(firepower(u) for u in shooters[1:]),
        modifier=total, targets=tuple(Snapshot.of(t) for t in hit),
        defence=defence_of(state, catalog, hit[0], cover, degraded_los),
        support_weapon=support_weapon, flamethrower=flamethrower, flamethrower_only=flamethrower_only,
        blaze=blaze, sector=hit[0].sector,
    )


def rally(state: PointBlankState, catalog: Catalog, ids: Ids, leadership: int = 0) -> Rally:
    shaken = [u for u in units(state, ids) if u.shaken or u.abandoned]
    if not shaken:
        raise RuleViolation("a rally needs a shaken unit in the stack (8.8)")
    return Rally(units=tuple(Snapshot.of(u) for u in shaken),
                 terrain=tuple(terrain_of(state, catalog, u).rally for u in shaken),
                 leadership=leadership, abandoned=tuple(u.id for u in shaken if u.abandoned))


def morale(state: PointBlankState, catalog: Catalog, ids: Ids,
           leadership: int = 0) -> MoraleCheck:
    """A 2d6 per unit, less a leader's modifier; Gully and Cemetery (10.1.16, 10.1.18): "Infantry
    may subtract (-2) from any morale action check 2d6 check"."""
    checked = units(state, ids)
    def modifier(unit: Unit) -> int:
        return -leadership + (terrain_of(state, catalog, unit).infantry_morale if unit.infantry else 0)

    return MoraleCheck(units=tuple(Snapshot.of(u) for u in checked), modifiers=tuple(map(modifier, checked)))


def melee(state: PointBlankState, catalog: Catalog, attacking: Ids, defending: Ids,
          attacker_leadership: int = 0, defender_leadership: int = 0) -> Melee:
    attackers, defenders = units(state, attacking), units(state, defending)
    card = terrain_of(state, catalog, defenders[0])
    snapped = tuple(Snapshot.of(u) for u in attackers), tuple(Snapshot.of(u) for u in defenders)
    building = card.vehicle_bonus is not None
    attack, defence = melee_dice(*snapped, card.los, attacker_leadership, defender_leadership, building)
    return Melee(
        attackers=snapped[0], defenders=snapped[1], attacker_dice=attack, defender_dice=defence,
        attacker_hits_on=4 - max(u.melee_modifier for u in attackers),
        defender_hits_on=4 - max(u.melee_modifier for u in defenders),
    )


def overrun(state: PointBlankState, catalog: Catalog, afv_id: int, defending: Ids,
            machine_guns: int, high_explosive: int) -> Melee:
    """An AFV's overrun, resolved in Upkeep like a melee (7.11); never into blocking terrain."""
    afv, defenders = state.unit(afv_id), units(state, defending)
    if not afv.vehicle:
        raise RuleViolation("only AFVs overrun; infantry melee (8.6)")
    if terrain_of(state, catalog, defenders[0]).los == "blocking":
        raise RuleViolation("AFVs may not overrun units in blocking terrain (7.11)")
    snapped = tuple(Snapshot.of(u) for u in defenders)
    attack, defence = overrun_dice(machine_guns, high_explosive, afv.buttoned, bool(afv.shaken), snapped,
                                   any(d.bogged for d in defenders))
    return Melee(attackers=(Snapshot.of(afv),), defenders=snapped, attacker_dice=attack, defender_dice=defence)


def spotting(state: PointBlankState, catalog: Catalog, targets: Ids, leadership: int = 0,
             buttoned: bool = False, open_topped: bool = False) -> Spotting:
    seen = units(state, targets)
    los = terrain_of(state, catalog, seen[0]).los
    if los == "clear":
        raise RuleViolation(f"{seen[0].name} is in terrain that conceals nothing: it is spotted already (7.16)")
    in_sector = [u.id for u in state.units if seen[0].sector and u.sector == seen[0].sector and u.side == seen[0].side]
    return Spotting(los=los, leadership=leadership, modifier=buttoned - open_topped,
                    targets=tuple(sorted({*targets, *in_sector})))


def concealment(state: PointBlankState, catalog: Catalog, ids: Ids,
                modifier: int = 0) -> Concealment:
    """"On a successful check, all units in that Sector are considered concealed" (8.2): the units
    named and every unit of their side in their Sector."""
    hiding = units(state, ids)
    if terrain_of(state, catalog, hiding[0]).los == "clear":
        raise RuleViolation("units conceal only in degrading or blocking terrain or an objective (8.2)")
    sectors = {(u.side, u.sector) for u in hiding if u.sector}
    in_sector = [u.id for u in state.units if (u.side, u.sector) in sectors and not u.eliminated]
    return Concealment(modifier=modifier, units=tuple(sorted({*(u.id for u in hiding), *in_sector})))


def smoke(state: PointBlankState, sector: str, modifier: int = 0, mortar: bool = False) -> Smoke:
    if state.battlefield.card(sector) == "marsh":
        raise RuleViolation("smoke may never be played into a Marsh (10.1.6)")
    return Smoke(sector=sector, modifier=modifier, smoke_anywhere=bool(state.smoke), mortar=mortar)


def blaze(sector: str) -> Blaze:
    return Blaze(sector=sector)


def bog(state: PointBlankState, catalog: Catalog, unit_id: int, wire: bool = False, leadership: int = 0) -> Bog:
    unit = state.unit(unit_id)
    card = terrain_of(state, catalog, unit)
    wire = wire or unit.sector in state.wire
    if not unit.vehicle:
        raise RuleViolation("only Vehicles and AFVs bog (7.2)")
    if not wire and not card.checks_bog:
        raise RuleViolation(f"{card.name} does not cause bogging ({card.rule})")
    los = "blocking" if card.los == "blocking" else "degrading"
    return Bog(unit=unit.id, los=los, wheeled=unit.wheeled, wire=wire, buttoned=unit.buttoned, leadership=leadership)


def unbog(state: PointBlankState, unit_id: int) -> Unbog:
    unit = state.unit(unit_id)
    if not unit.bogged:
        raise RuleViolation(f"{unit.name} is not bogged")
    if unit.buttoned:
        raise RuleViolation("buttoned AFVs may not attempt to un-bog (7.3)")
    return Unbog(unit=unit.id, wheeled=unit.wheeled)


def repair(state: PointBlankState, unit_id: int, leadership: int = 0) -> Repair:
    unit = state.unit(unit_id)
    if not unit.weapon_broken:
        raise RuleViolation(f"{unit.name} has no broken weapon")
    return Repair(unit=unit.id, leadership=leadership)


def sniper(state: PointBlankState, catalog: Catalog, target_id: int, card_pips: int | None) -> Sniper:
    target = state.unit(target_id)
    if target.sector and target.sector in state.smoke:
        raise RuleViolation("snipers may not target units in a Sector with smoke (8.12)")
    if target.vehicle and target.buttoned:
        raise RuleViolation("snipers may not target buttoned AFV crews (8.12)")
    return Sniper(target=Snapshot.of(target), card_pips=card_pips,
                  defence=defence_of(state, catalog, target, ignore_concealment=True))


def minefield(state: PointBlankState, unit_ids: Ids, firepower: int) -> Minefield:
    """The Mines' attack on the units that entered its Sector (10.1.7)."""
    hit = units(state, unit_ids)
    sectors = {unit.sector for unit in hit}
    if len(sectors) != 1:
        raise RuleViolation("the mines attack the units of one Sector")
    return Minefield(sector=sectors.pop(), firepower=firepower,
                     infantry=tuple(Snapshot.of(u) for u in hit if not u.vehicle),
                     vehicles=tuple(Snapshot.of(u) for u in hit if u.vehicle))


def ordnance(state: PointBlankState, catalog: Catalog, firer_id: int, target_ids: Ids, to_hit: int,
             penetration: int = 0, high_explosive: int = 0, modifier: int = 0, leadership: int = 0,
             flank: bool = False) -> Ordnance:
    """Adds the target's terrain (and a Wreck), +2 concealed, +1 buttoned, +1 at Fatigue 2,
    +2 firing while bogged, -2 at a bogged target, less the leader (3.2, 7.2, 7.6, 8.2, 8.4)."""
    firer, hit = state.unit(firer_id), units(state, target_ids)
    target = hit[0]
    wreck = bool(target.sector) and target.sector in state.wreck
    terrain = terrain_of(state, catalog, target).bonus_for(target.vehicle) + wreck
    total = modifier + terrain + 2 * concealed(state, catalog, target) + firer.buttoned + (firer.fatigue == 2)
    total += 2 * firer.bogged - 2 * target.bogged - (leadership if firer.fatigue < 2 else 0)
    armoured = target.vehicle
    return Ordnance(
        firer=Snapshot.of(firer), to_hit=to_hit, modifier=total, penetration=penetration,
        high_explosive=high_explosive, armour=(target.flank_armour if flank else target.front_armour),
        targets=tuple(Snapshot.of(t) for t in hit), against_armour=armoured, sector=target.sector,
    )


def barrage(state: PointBlankState, catalog: Catalog, radio_id: int, target_ids: Ids,
            strengths: tuple[tuple[int, int], ...], leadership: int = 0) -> Barrage:
    hit = units(state, target_ids)
    infantry = [t for t in hit if not t.vehicle] or hit
    # Flamethrowers, mortars and off-board artillery deny the spotted defensive bonus (8.2).
    return Barrage(radio=Snapshot.of(state.unit(radio_id)), strengths=strengths, leadership=leadership,
                   targets=tuple(Snapshot.of(t) for t in hit),
                   defence=defence_of(state, catalog, infantry[0], ignore_concealment=True))
