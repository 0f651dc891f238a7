"""The check forms: first which check, then one form per kind, each asking only what that check
needs, with the acting side's units (or the melee due in this Upkeep) already filled in."""

from collections.abc import Callable

from companion.games.kit.forms import Choice, Field, FormSpec, Number, Pick, Tick
from companion.games.kit.intents import Ask, Intent, Run, Tell
from companion.games.point_blank import builders
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.checks.base import Check
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.commands import StartCheck
from companion.games.point_blank.forms import (
    Answers,
    default_id,
    default_ids,
    ids,
    leader_choice,
    leadership,
    number,
    standing,
    text,
    unit_options,
)
from companion.games.point_blank.sector_fields import sector_choice, selected_sector
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Unit

KINDS = (
    ("plain", "Plain d6 or 2d6"), ("spotting", "Spotting (7.16)"), ("concealment", "Concealment (8.2)"),
    ("smoke", "Smoke (7.15)"), ("mortar_smoke", "Mortar smoke (7.15)"), ("blaze", "Blaze (7.1)"),
    ("bog", "Bog check (7.2)"), ("unbog", "Un-bog (7.2)"), ("repair", "Weapon repair (7.17.3)"),
    ("morale", "Morale check (4.5)"), ("sniper", "Sniper (8.12)"), ("ordnance", "Ordnance fire (8.4)"),
    ("barrage", "Radio barrage (7.17.2)"), ("melee", "Melee in Upkeep (7.10)"), ("overrun", "Overrun in Upkeep (7.11)"),
    ("mines", "Mines (10.1.7)"),
)
Build = Callable[[Answers], Check]


class Context:
    """What every check form starts from: the table, the acting side, the row picked, the melee due."""

    def __init__(self, state: PointBlankState, catalog: Catalog, selected: int | None) -> None:
        self.state, self.catalog, self.selected = state, catalog, selected
        self.side = state.side
        self.own = standing(state, self.side)
        self.enemies = standing(state, 3 - self.side)
        self.due = state.melees_due[0] if state.melees_due else None

    def options(self, units: list[Unit]) -> tuple[tuple[int | str, str], ...]:
        return unit_options(self.state, self.catalog, units)

    def pick(self, name: str, label: str, units: list[Unit], default: tuple[int, ...] | None = None) -> Pick:
        chosen = default_ids(self.selected, units) if default is None else default
        return Pick(name, label, self.options(units), chosen, least=1)

    def one(self, name: str, label: str, units: list[Unit], default: int | None = None) -> Choice:
        chosen = default if default is not None else default_id(self.selected, units)
        return Choice(name, label, self.options(units), chosen)

    def leader(self, name: str = "leader", side: int | None = None,
               label: str = "Leader lending his modifier") -> Choice:
        return leader_choice(self.state, name, label, self.side if side is None else side)

    def lead(self, answers: Answers, name: str = "leader") -> int:
        return leadership(self.state, number(answers, name))

    def sector_field(self) -> Choice:
        """The Sector of a smoke or a blaze: the selected unit's, by default (smoke may go where
        no card lies yet, 7.15)."""
        return sector_choice(self.state, self.catalog, "sector", "Sector",
                             selected_sector(self.state, self.selected))


def which(state: PointBlankState, catalog: Catalog, selected: int | None) -> Ask:
    """The first question: which check. In an Upkeep with a melee due it starts on that melee (6.1.1),
    with a vehicle owing a bog check on that check (7.2)."""
    context = Context(state, catalog, selected)
    default = "mines" if state.mines_owed else "bog" if state.bog_owed else "plain"
    if context.due is not None:
        default = "overrun" if state.unit(context.due.attackers[0]).vehicle else "melee"
    spec = FormSpec("Which check?", (Choice("kind", "Check", KINDS, default),))
    return Ask(spec, lambda answers: form(context, text(answers, "kind")))


def form(context: Context, kind: str) -> Intent:
    built = FORMS[kind](context)
    if isinstance(built, Tell):
        return built
    title, fields, build = built
    return Ask(FormSpec(title, fields), lambda answers: Run.one(StartCheck(check=build(answers))))


Form = tuple[str, tuple[Field, ...], Build] | Tell


def plain(c: Context) -> Form:
    return ("Plain check", (Number("cards", "Cards to draw (1: d6, 2: 2d6)", 1, 1, 2),),
            lambda a: PlainCheck(cards=number(a, "cards")))


def spotting(c: Context) -> Form:
    if not c.enemies:
        return Tell("No enemy unit to spot", "warning")
    fields = (c.pick("targets", "Units to spot", c.enemies), c.leader(),
              Tick("buttoned", "The spotting AFV is buttoned (+1)"),
              Tick("open", "The spotting AFV is open-topped (-1)"))
    return ("Spotting", fields, lambda a: builders.spotting(c.state, c.catalog, ids(a, "targets"), c.lead(a),
                                                           bool(a["buttoned"]), bool(a["open"])))


def concealment(c: Context) -> Form:
    if not c.own:
        return Tell("No unit of the acting side to conceal", "warning")
    fields = (c.pick("units", "Units concealing", c.own),
              Number("modifier", "The units' concealment modifier", 0, -5, 5), c.leader())
    return ("Concealment: every unit of the Sector on a success (8.2)", fields,
            lambda a: builders.concealment(c.state, c.catalog, ids(a, "units"), number(a, "modifier") + c.lead(a)))


def smoke(c: Context, mortar: bool = False) -> Form:
    fields = (c.sector_field(), c.leader())
    return ("Mortar smoke" if mortar else "Smoke", fields,
            lambda a: builders.smoke(c.state, text(a, "sector"), c.lead(a), mortar=mortar))


def blaze(c: Context) -> Form:
    return ("Blaze", (c.sector_field(),),
            lambda a: builders.blaze(text(a, "sector")))


def bog(c: Context) -> Form:
    vehicles = [u for u in c.own if u.vehicle]
    if not vehicles:
        return Tell("No vehicle of the acting side to bog", "warning")
    owed = c.state.bog_owed[0] if c.state.bog_owed else None
    unit = c.one("unit", "Vehicle", vehicles, owed[0] if owed is not None else None)
    fields = (unit, Tick("wire", "Wire in the terrain (-1)", owed is not None and owed[1]), c.leader())
    return ("Bog check", fields,
            lambda a: builders.bog(c.state, c.catalog, number(a, "unit"), bool(a["wire"]), c.lead(a)))


def unbog(c: Context) -> Form:
    bogged = [u for u in c.own if u.bogged]
    if not bogged:
        return Tell("No bogged vehicle on the acting side", "warning")
    return ("Un-bog", (c.one("unit", "Vehicle", bogged),), lambda a: builders.unbog(c.state, number(a, "unit")))


def repair(c: Context) -> Form:
    broken = [u for u in c.own if u.weapon_broken]
    if not broken:
        return Tell("No broken weapon on the acting side", "warning")
    return ("Weapon repair", (c.one("unit", "Unit", broken), c.leader()),
            lambda a: builders.repair(c.state, number(a, "unit"), c.lead(a)))


def morale(c: Context) -> Form:
    everyone = standing(c.state)
    if not everyone:
        return Tell("No unit on the table", "warning")
    chosen = default_ids(c.selected, everyone) or tuple(u.id for u in c.own[:1])
    fields = (c.pick("units", "Units checking", everyone, chosen), c.leader())
    return ("Morale check", fields, lambda a: builders.morale(c.state, c.catalog, ids(a, "units"), c.lead(a)))


def sniper(c: Context) -> Form:
    if not c.enemies:
        return Tell("No enemy unit for the sniper", "warning")
    fields = (c.one("target", "Target", c.enemies), Number("card", "Pips on the Sniper card", 1, 1, 6))
    return ("Sniper", fields, lambda a: builders.sniper(c.state, c.catalog, number(a, "target"), number(a, "card")))


def ordnance(c: Context) -> Form:
    if not c.own or not c.enemies:
        return Tell("Ordnance needs a firing unit and an enemy unit", "warning")
    fields = (c.one("firer", "Firing unit", c.own), c.pick("targets", "Targets", c.enemies),
              Number("to_hit", "To-Hit number (the unit card's, for the range band)", 7, 2, 12),
              Number("penetration", "Penetration", 0, 0, 12), Number("he", "HE value (0: armour-piercing)", 0, 0, 12),
              Number("modifier", "Other modifiers of table 8.4 (moving target, degraded LOS...)", 0, -10, 10),
              c.leader(), Tick("flank", "A flank shot (the target's flank armour)"))
    return ("Ordnance fire", fields, lambda a: builders.ordnance(
        c.state, c.catalog, number(a, "firer"), ids(a, "targets"), number(a, "to_hit"), number(a, "penetration"),
        number(a, "he"), number(a, "modifier"), c.lead(a), flank=bool(a["flank"])))


def barrage(c: Context) -> Form:
    if not c.own or not c.enemies:
        return Tell("A barrage needs a radio of the acting side and an enemy unit", "warning")
    fields: tuple[Field, ...] = (c.one("radio", "Radio", c.own), c.pick("targets", "Targets", c.enemies),
              *(Number(f"on{need}", f"Firepower the Radio card gives on a {need}", 0, 0, 20) for need in (4, 5, 6)),
              c.leader())

    def build(a: Answers) -> Check:
        strengths = tuple((need, number(a, f"on{need}")) for need in (4, 5, 6) if number(a, f"on{need}"))
        if not strengths:
            raise ValueError("give the firepower the Radio card prints for at least one result")
        return builders.barrage(c.state, c.catalog, number(a, "radio"), ids(a, "targets"), strengths, c.lead(a))

    return ("Radio barrage", fields, build)


def melee(c: Context) -> Form:
    if not c.own or not c.enemies:
        return Tell("A melee needs units of both sides", "warning")
    attackers, defenders = (c.due.attackers, c.due.defenders) if c.due else (None, ())
    fields = (c.pick("attackers", "Attackers (odd hits go to the first in the table)", c.own, attackers),
              c.pick("defenders", "Defenders (odd hits go to the first in the table)", c.enemies, defenders),
              c.leader("attacker_leader", label="Attacker's leader"),
              c.leader("defender_leader", 3 - c.side, "Defender's leader"))
    return ("Melee", fields, lambda a: builders.melee(c.state, c.catalog, ids(a, "attackers"), ids(a, "defenders"),
                                                     c.lead(a, "attacker_leader"), c.lead(a, "defender_leader")))


def overrun(c: Context) -> Form:
    vehicles = [u for u in c.own if u.vehicle]
    if not vehicles or not c.enemies:
        return Tell("An overrun needs an AFV of the acting side and an enemy unit", "warning")
    attacker = c.due.attackers[0] if c.due and c.state.unit(c.due.attackers[0]).vehicle else None
    fields = (c.one("afv", "AFV", vehicles, attacker),
              c.pick("defenders", "Defenders", c.enemies, c.due.defenders if c.due and attacker else ()),
              Number("mg", "The AFV's machine-gun firepower", 0, 0, 20), Number("he", "Its HE value", 0, 0, 20))
    return ("Overrun", fields, lambda a: builders.overrun(c.state, c.catalog, number(a, "afv"), ids(a, "defenders"),
                                                         number(a, "mg"), number(a, "he")))


def mines(c: Context) -> Form:
    units = [u for u in standing(c.state) if u.sector]
    if not units:
        return Tell("No unit on the battlefield for the mines to attack", "warning")
    owed = tuple(u for u in c.state.mines_owed if not c.state.unit(u).eliminated)
    card = c.catalog.terrain.get("mines")
    printed = card.firepower if card is not None and card.firepower is not None else 0
    fields = (c.pick("units", "Units that entered the Mines", units, owed or None),
              Number("firepower", "The infantry firepower the Mines card prints", printed, 0, 20))
    return ("Mines", fields, lambda a: builders.minefield(c.state, ids(a, "units"), number(a, "firepower")))


FORMS: dict[str, Callable[[Context], Form]] = {
    "plain": plain, "spotting": spotting, "concealment": concealment, "smoke": smoke,
    "mortar_smoke": lambda c: smoke(c, mortar=True), "blaze": blaze, "bog": bog, "unbog": unbog,
    "repair": repair, "morale": morale, "sniper": sniper, "ordnance": ordnance, "barrage": barrage,
    "melee": melee, "overrun": overrun, "mines": mines,
}
