"""How Point Blank's facts read: check titles, the findings of an outcome, plurals.

Events and the state hold kinds and numbers; these functions put them into words, so rewording
a message never rewrites a saved game.
"""

from collections.abc import Callable, Mapping

from companion.games.kit.words import signed
from companion.games.point_blank.battlefield import sector_words
from companion.games.point_blank.checks.base import Check, Effect, Finding, Outcome
from companion.games.point_blank.checks.battlefield import (
    Blaze,
    Bog,
    Concealment,
    FatigueBonus,
    PlainCheck,
    Reinforcement,
    Repair,
    Smoke,
    Spotting,
    Unbog,
)
from companion.games.point_blank.checks.fire import Barrage, InfantryFire, Minefield, Sniper
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.checks.morale import MoraleCheck, Rally
from companion.games.point_blank.checks.ordnance import Ordnance

Names = Mapping[int, str]
CARD_USES: dict[str, str] = {
    "card": "an Action card", "unit_card": "a Unit Action card", "spend": "a Spend action",
    "event": "an event card", "discard": "a discard", "flush": "the hand flush", "ready": "a Ready card",
}
"""How the impulse's one action went (`state.CardUse`), in words."""


def plural(count: int, noun: str, many: str | None = None) -> str:
    """`1 card`, `2 cards`, `3 hits` (or the irregular `many`)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def listed(items: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}" if items else ""


def names_of(check: Check, known: Names | None = None) -> Names:
    """The units a check names: as it captured them, else as the table knows them now."""
    return {**(known or {}), **{unit.id: unit.name for unit in check.snapshots()}}


def named(names: Names, unit: int | None) -> str:
    if unit is None:
        return "the unit"
    return names.get(unit, f"unit {unit}")


def title(check: Check, names: Names | None = None, where: Callable[[str], str] = sector_words) -> str:
    """What a check is called on screen and in the log; `where` names a Sector from its key (the
    screen says `B1 German`; without the sides' names, `B1 Side 2`)."""
    names = names_of(check, names)
    who = lambda ids: listed([named(names, i) for i in ids])  # noqa: E731
    match check:
        case PlainCheck(cards=cards):
            return f"{cards if cards > 1 else ''}d6 check"
        case Spotting(los=los, targets=targets):
            return f"Spotting {who(targets)} in {los} terrain" if targets else f"Spotting into {los} terrain"
        case Concealment(units=units):
            return f"Concealment: {who(units)}" if units else "Concealment"
        case Smoke(sector=sector, mortar=mortar):
            return f"{'Mortar smoke' if mortar else 'Smoke'} in {where(sector)}"
        case Blaze(sector=sector):
            return f"Blaze in {where(sector)}"
        case Bog(unit=unit):
            return f"Bog check: {named(names, unit)}"
        case Unbog(unit=unit):
            return f"Un-bog: {named(names, unit)}"
        case Repair(unit=unit):
            return f"Weapon repair: {named(names, unit)}"
        case FatigueBonus(sector=sector):
            return "Odd d6: a second fatigue level off" + (f" in {where(sector)}" if sector else "")
        case Reinforcement():
            return "Reinforcement card: the scenario's table (8.11)"
        case InfantryFire(lead=lead, targets=targets):
            return f"Fire: {lead.name} at {listed([t.name for t in targets])}"
        case Barrage(radio=radio):
            return f"Barrage by {radio.name}"
        case Sniper(target=target):
            return f"Sniper at {target.name}"
        case Minefield(sector=sector):
            return f"Mines in {where(sector)}"
        case Ordnance(firer=firer, targets=targets):
            return f"Ordnance: {firer.name} at {listed([t.name for t in targets])}"
        case Melee(attacker_dice=attack, defender_dice=defence):
            return f"Melee: {attack}d6 against {defence}d6"
        case MoraleCheck(units=units):
            return f"Morale check: {listed([u.name for u in units])}"
        case Rally(units=units):
            return f"Rally: {listed([u.name for u in units])}"
    return "Check"


EFFECTS: dict[Effect, str] = {
    "none": "no effect",
    "shaken": "shaken",
    "reduced": "shaken again: reduced to a half squad",
    "eliminated": "eliminated",
    "shaken_reduced": "shaken and reduced",
    "crew_shaken": "the crew is shaken",
    "crew_buttons": "the crew is shaken and buttons up (7.14)",
    "crew_destroyed": "third shaken result: destroyed",
    "crew_abandons": "the shaken crew abandons the vehicle",
}

SAID: dict[str, Callable[[Finding, str], str]] = {
    "total": lambda f, _: f"{f.numbers[0]}",
    "spotted": lambda f, _: f"spotting {f.numbers[0]}: spotted",
    "not_spotted": lambda f, _: f"spotting {f.numbers[0]}: not spotted",
    "concealed": lambda f, _: f"concealment {f.numbers[0]}: every unit in the Sector is concealed",
    "not_concealed": lambda f, _: f"concealment {f.numbers[0]}: still spotted",
    "smoke": lambda f, _: f"smoke {f.numbers[0]}",
    "mortar_smoke": lambda f, _: f"mortar smoke {f.numbers[0]} and {f.numbers[1]}",
    "smoke_placed": lambda f, _: f"smoke placed in {f.sector}",
    "no_smoke": lambda f, _: "no smoke; the move that triggered it may be cancelled (7.15)",
    "blaze": lambda f, _: f"blaze {f.numbers[0]}",
    "ablaze": lambda f, _: f"{f.sector or 'the target terrain'} is ablaze: every unit there makes a morale check (7.1)",
    "no_fire": lambda f, _: "no fire",
    "bogged": lambda f, who: f"bog check {f.numbers[0]}: {who} is bogged (immobilised)",
    "not_bogged": lambda f, who: f"bog check {f.numbers[0]}: {who} is not bogged",
    "unbogged": lambda f, who: f"un-bog {f.numbers[0]}: {who} is free",
    "still_bogged": lambda f, who: f"un-bog {f.numbers[0]}: {who} is still bogged",
    "repaired": lambda f, who: f"repair {f.numbers[0]}: {who}'s weapon is repaired",
    "still_broken": lambda f, who: f"repair {f.numbers[0]}: {who}'s weapon is still broken",
    "odd": lambda f, _: f"{f.numbers[0]} is odd: choose another unit to lose one fatigue level",
    "even": lambda f, _: f"{f.numbers[0]} is even: no further reduction",
    "attack_held": lambda f, _: f"attack {f.numbers[0]} vs defence {f.numbers[1]}: no effect",
    "attack_hit": lambda f, _: (f"attack {f.numbers[0]} vs defence {f.numbers[1]}: "
                                f"damage checks +{f.numbers[0] - f.numbers[1]}"),
    "damage": lambda f, who: f"{who}: {f.numbers[0]} vs morale {f.numbers[1]}{_over(f)}: {_effects(f)}",
    "hero": lambda f, who: f"{who}: a hero is created: draw a hero marker from the cup (7.8)",
    "weapon_broken": lambda f, _: "the Support Weapon is broken (7.17.3)",
    "out_of_fuel": lambda f, _: "the flamethrower is out of fuel and leaves the game (7.17.1)",
    "out_of_ammo": lambda f, who: f"{who} is out of ammunition: spent (7.12)",
    "radio_broken": lambda f, _: "the radio is broken and leaves the game (7.17.3)",
    "barrage_failed": lambda f, _: f"on target {f.numbers[0]}: the barrage fails",
    "barrage_on_target": lambda f, _: f"on target {f.numbers[0]}: a {f.numbers[1]} firepower attack",
    "sniper_removed": lambda f, _: "the sniper card leaves the game: a blank 1-pip card goes to the discard pile",
    "sniper_discarded": lambda f, _: "the sniper card is discarded",
    "sniper_shuffled": lambda f, _: "the sniper card is shuffled into the deck if more than 6 cards remain, "
                                    "else discarded",
    "reinforced": lambda f, _: f"reinforcement {f.numbers[0]}: its units arrive, in the unit table",
    "no_reinforcement": lambda f, _: f"reinforcement {f.numbers[0]}: no unit arrives",
    "immobilised": lambda f, who: f"{who} is immobilised by the mines, as if bogged (10.1.7)",
    "melee_hits": lambda f, _: f"attacker scores {plural(f.numbers[0], 'hit')}, defender {f.numbers[1]}",
    "hits": lambda f, who: f"{who}: {plural(f.numbers[0], 'hit')}: {_effects(f, ' / ')}",
    "crew_morale_check": lambda f, who: f"{who}: second shaken result: morale check for the crew (7.10.1.3)",
    "attacker_retreats": lambda f, _: "the attacker retreats to its starting Sector (ties go to the defender)",
    "defender_retreats": lambda f, _: "the defender retreats one Sector towards its home Area (7.13)",
    "morale_passed": lambda f, who: f"{who}: {f.numbers[0]} vs {f.numbers[1]}: passes",
    "morale_failed": lambda f, who: f"{who}: {f.numbers[0]} vs {f.numbers[1]}: fails",
    "rallied": lambda f, who: f"{who}: {f.numbers[0]} vs {f.numbers[1]}: rallied",
    "stays_shaken": lambda f, who: f"{who}: {f.numbers[0]} vs {f.numbers[1]}: stays shaken",
    "recrewed": lambda f, who: f"{who}: {f.numbers[0]} vs {f.numbers[1]}: the crew re-enters; spent (7.5)",
    "to_hit": lambda f, _: f"To-Hit {f.numbers[0]}{signed(f.numbers[1])} = {f.numbers[0] + f.numbers[1]} "
                           f"vs {f.numbers[2]}",
    "natural_twelve": lambda f, _: "a natural 12: the ordnance weapon breaks down (7.17.3)",
    "miss": lambda f, _: "miss",
    "penetrated": lambda f, who: f"penetration {f.numbers[0]} vs armour {f.numbers[1]}: {who} destroyed; place a Wreck",
    "armour_held": lambda f, _: f"penetration {f.numbers[0]} vs armour {f.numbers[1]}: no effect",
    "he_held": lambda f, _: f"HE {f.numbers[0]} vs {f.numbers[1]}: no effect",
    "he_hit": lambda f, _: f"HE {f.numbers[0]} vs {f.numbers[1]}: damage checks +{f.numbers[0] - f.numbers[1]}",
}


def _effects(finding: Finding, joint: str = "; ") -> str:
    return joint.join(EFFECTS[effect] for effect in finding.effects) or "no effect"


def _over(finding: Finding) -> str:
    result, morale = finding.numbers[:2]
    if finding.effects and finding.effects[0].startswith("crew"):
        return ""
    return " (over triple)" if result > 3 * morale else " (over double)" if result > 2 * morale else ""


def finding_text(finding: Finding, names: Names, where: Callable[[str], str] = sector_words) -> str:
    if finding.sector:
        # The words name the Sector as the screen does; the finding keeps its key.
        finding = finding.model_copy(update={"sector": where(finding.sector)})
    return SAID[finding.kind](finding, named(names, finding.unit))


def resolved(check: Check, outcome: Outcome, names: Names | None = None,
             where: Callable[[str], str] = sector_words) -> str:
    """A check and its result in one line (`where` as for `title`)."""
    return f"{title(check, names, where)}: {outcome_text(check, outcome, names, where)}"


def abandoned(check: Check | None, names: Names | None = None, where: Callable[[str], str] = sector_words) -> str:
    """A check given up (games saved before did not say which)."""
    return f"{title(check, names, where) if check is not None else 'check'} abandoned; its cards stay drawn"


def outcome_text(check: Check, outcome: Outcome, names: Names | None = None,
                 where: Callable[[str], str] = sector_words) -> str:
    """The whole result in one line, each finding after the other (`where` as for `title`)."""
    if not outcome.findings:
        return "resolved"
    known = names_of(check, names)
    return "; ".join(finding_text(finding, known, where) for finding in outcome.findings)
