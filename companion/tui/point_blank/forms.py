"""Modal forms for Point Blank: confirming the deck, adding a unit, giving an order, a Ready action, a check."""

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.units import Unit, default_side
from companion.tui.widgets.form import Form as BaseForm
from companion.tui.widgets.form import Tick

CSS = Path(__file__).parent / "point_blank.tcss"


def ids(text: str) -> list[int]:
    """`3, 4 5` as unit numbers; a word that is not a number is said, not raised."""
    parts = text.replace(",", " ").split()
    if not all(part.isdigit() for part in parts):
        raise ValueError(f"unit numbers are whole numbers: {text!r}")
    return [int(part) for part in parts]


class Form(BaseForm[dict[str, Any]]):
    """Answers with the form's values by name."""

    CSS_PATH = CSS
    FORM_CLASS = "pb-form"

    def number(self, selector: str) -> int:
        text = self.query_one(selector, Input).value.strip() or "0"
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None

    def text(self, selector: str) -> str:
        return self.query_one(selector, Input).value.strip()

    def ticked(self, selector: str) -> bool:
        return self.query_one(selector, Checkbox).value


class DeckForm(Form):
    """First use: the players confirm or edit the deck's pip counts and choose cards or dice (4.11)."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog

    def fields(self) -> ComposeResult:
        deck = self.catalog.deck
        yield Label("Action deck: how many cards show each pip count?", classes="pb-title")
        if deck.assumed:
            yield Label(f"ASSUMED, not from the rulebook: {deck.note} Count your deck and correct them.",
                        classes="pb-warning", markup=False)
        yield Label(f"from: {self.catalog.deck_source}", markup=False)
        with Horizontal(classes="pb-row"):
            for pip, count in enumerate(deck.cards_per_pip, 1):
                yield Input(str(count), id=f"pip-{pip}", type="integer", placeholder=f"{pip} pips")
        yield Tick("save these counts for future games", True, id="save")
        yield Tick("roll real dice instead (one card discarded per die; locked for the game)", id="dice")
        yield Label("scenario turns (blank: no limit) · hand size · first side")
        with Horizontal(classes="pb-row"):
            yield Input("", id="turns", type="integer", placeholder="turns")
            yield Input("5", id="hand", type="integer")
            yield Input("1", id="first", type="integer")

    def answer(self) -> dict[str, Any]:
        turns = self.text("#turns")
        return {
            "save": self.ticked("#save"),
            "cards_per_pip": tuple(self.number(f"#pip-{pip}") for pip in range(1, 7)),
            "dice_mode": self.ticked("#dice"),
            "turn_limit": int(turns) if turns else None,
            "hand_size": self.number("#hand"),
            "first_side": self.number("#first"),
        }


class AddUnitForm(Form):
    """A unit from the library; its side is offered from the units already on the table (see
    `default_side`) and follows the unit chosen until the player types another."""

    def __init__(self, catalog: Catalog, units: tuple[Unit, ...], phasing: int) -> None:
        super().__init__()
        self.catalog = catalog
        self.units = units
        self.phasing = phasing
        self.offered = self.side_for(next(iter(catalog.units)))

    def side_for(self, template: str) -> int:
        return default_side(self.catalog.units[template].nationality, self.units, self.phasing)

    def fields(self) -> ComposeResult:
        yield Label("Add a unit from the library", classes="pb-title")
        yield Select([(Text(t.name), key) for key, t in self.catalog.units.items()], id="template", allow_blank=False)
        yield Select([(Text(t.name), key) for key, t in self.catalog.terrain.items()], id="terrain", value="clear",
                     allow_blank=False)
        with Horizontal(classes="pb-row"):
            yield Input(str(self.offered), id="side", type="integer", placeholder="side 1 or 2")
            yield Input("", id="sector", placeholder="sector, e.g. B2")
            yield Input("", id="name", placeholder="name on the table")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "template" or event.value not in self.catalog.units:
            return
        side = self.query_one("#side", Input)
        if side.value.strip() == str(self.offered):
            self.offered = self.side_for(str(event.value))
            side.value = str(self.offered)

    def answer(self) -> dict[str, Any]:
        template = self.catalog.units[self.query_one("#template", Select).value]
        return {
            "template": template, "side": self.number("#side"), "terrain": self.query_one("#terrain", Select).value,
            "sector": self.text("#sector"), "name": self.text("#name") or None,
        }


class EditUnitForm(Form):
    """Correct what the table changed by hand: the unit's terrain and sector after a move, its markers."""

    FLAGS = ("spent", "reduced", "eliminated", "spotted", "moving", "in_melee", "buttoned", "bogged", "abandoned",
             "hero", "weapon_broken")

    def __init__(self, catalog: Catalog, unit: Any) -> None:
        super().__init__()
        self.catalog = catalog
        self.unit = unit

    def fields(self) -> ComposeResult:
        unit = self.unit
        yield Label(f"{unit.name} (unit {unit.id}, side {unit.side})", classes="pb-title", markup=False)
        terrain = unit.terrain if unit.terrain in self.catalog.terrain else "clear"
        yield Select([(Text(t.name), key) for key, t in self.catalog.terrain.items()], id="terrain", value=terrain,
                     allow_blank=False)
        yield Label("sector · fatigue (0-2) · shaken markers")
        with Horizontal(classes="pb-row"):
            yield Input(unit.sector, id="sector")
            yield Input(str(unit.fatigue), id="fatigue", type="integer")
            yield Input(str(unit.shaken), id="shaken", type="integer")
        for flag in self.FLAGS:
            yield Tick(flag.replace("_", " "), getattr(unit, flag), id=flag)

    def answer(self) -> dict[str, Any]:
        fatigue, shaken = self.number("#fatigue"), self.number("#shaken")
        if not 0 <= fatigue <= 2:
            raise ValueError("fatigue runs from 0 to 2 (7.6)")
        if not 0 <= shaken <= 3:
            raise ValueError("a unit carries 0 to 3 shaken markers")
        wanted: dict[str, Any] = {"terrain": self.query_one("#terrain", Select).value, "sector": self.text("#sector"),
                                  "fatigue": fatigue, "shaken": shaken}
        wanted |= {flag: self.ticked(f"#{flag}") for flag in self.FLAGS}
        return {key: value for key, value in wanted.items() if getattr(self.unit, key) != value}


class MarkerForm(Form):
    """Smoke, Blaze and Wreck cards placed or removed by hand (a Wind card clears smoke, 7.24)."""

    def fields(self) -> ComposeResult:
        yield Label("Marker card", classes="pb-title")
        yield Select([("Smoke", "smoke"), ("Blaze", "blaze"), ("Wreck", "wreck")], id="marker", value="smoke",
                     allow_blank=False)
        yield Input("", id="sector", placeholder="sector, e.g. B2")
        yield Tick("on the table (untick to remove it)", True, id="present")

    def answer(self) -> dict[str, Any]:
        if not self.text("#sector"):
            raise ValueError("name the sector")
        return {"marker": self.query_one("#marker", Select).value, "sector": self.text("#sector"),
                "present": self.ticked("#present")}


class ReadyForm(Form):
    """A Ready action removes one fatigue level (8.9): from a Ready Action card, or a leader's Ready
    action on a unit in his Sector (the leader is spent). An odd d6 then earns a second reduction."""

    def __init__(self, unit: Any, leader: int | None) -> None:
        super().__init__()
        self.unit = unit
        self.leader = leader

    def fields(self) -> ComposeResult:
        yield Label(f"Ready action: one fatigue level off {self.unit.name} (unit {self.unit.id}, "
                    f"fatigue {self.unit.fatigue})", classes="pb-title", markup=False)
        yield Label("leader taking the action (unit number, same Sector; blank for a Ready card)")
        yield Input("" if self.leader is None else str(self.leader), id="leader", type="integer")
        via = "ready" if self.leader is None else "leader"
        yield Select([("leader's Ready action (8.9)", "leader"), ("Ready Action card (8.9)", "ready")], id="via",
                     value=via, allow_blank=False)

    def answer(self) -> dict[str, Any]:
        via = self.query_one("#via", Select).value
        leader = self.text("#leader")
        if via == "ready":
            return {"via": via}
        if not leader.isdigit():
            raise ValueError("name the leader taking the Ready action (his unit number)")
        return {"via": via, "leader": int(leader)}


ORDER_VIAS = [("Action card", "card"), ("second icon of that card", "second_icon"), ("Unit Action card", "unit_card"),
              ("Spend action (discard)", "spend"), ("leader's action", "leader"), ("hero", "hero")]


class OrderForm(Form):
    """An order, and for fire, melee and rally the check that follows it."""

    def __init__(self, action: str, selected: int | None) -> None:
        super().__init__()
        self.action = action
        self.selected = selected

    def fields(self) -> ComposeResult:
        yield Label(f"Order: {self.action}", classes="pb-title")
        yield Label("units (numbers; the lead unit first)")
        yield Input("" if self.selected is None else str(self.selected), id="units")
        yield Select(ORDER_VIAS, id="via", value="card", allow_blank=False)
        yield Label("leader: number of a leader taking the action, or giving his modifier")
        yield Input("", id="leader")
        if self.action in ("fire", "assault", "melee"):
            yield Label("targets (numbers)")
            yield Input("", id="targets")
        if self.action in ("fire", "assault"):
            yield Label("other modifier (8.4 table items not tracked)")
            yield Input("0", id="modifier", type="integer")
            for key, text in (("cover", "cover card played (+2 defence)"), ("degraded", "through degraded LOS"),
                              ("range1", "range 1 (+1)"), ("flanking", "flanking (+2)"),
                              ("support", "a Support Weapon fires (breakdown on a 1)"),
                              ("flamethrower", "a flamethrower fires"), ("flame_only", "the flamethrower alone"),
                              ("blaze", "a Blaze weapon fires")):
                yield Tick(text, id=key)

    def answer(self) -> dict[str, Any]:
        leader = self.text("#leader")
        values: dict[str, Any] = {
            "action": self.action, "units": ids(self.text("#units")), "via": self.query_one("#via", Select).value,
            "leader": int(leader) if leader.isdigit() else None,
        }
        if not values["units"]:
            raise ValueError("name the unit or units ordered")
        if self.action in ("fire", "assault", "melee"):
            values["targets"] = ids(self.text("#targets"))
        if self.action in ("fire", "assault"):
            values["modifier"] = self.number("#modifier")
            for key in ("cover", "degraded", "range1", "flanking", "support", "flamethrower", "flame_only", "blaze"):
                values[key] = self.ticked(f"#{key}")
        return values


CHECK_KINDS = [
    ("plain d6", "d6"), ("plain 2d6", "2d6"), ("spotting (units)", "spotting"), ("concealment (units)", "concealment"),
    ("smoke (sector)", "smoke"), ("mortar smoke (sector)", "mortar_smoke"), ("blaze (sector)", "blaze"),
    ("bog (unit)", "bog"), ("un-bog (unit)", "unbog"), ("repair (unit)", "repair"), ("morale (units)", "morale"),
    ("sniper (unit; card pips in 'number')", "sniper"), ("ordnance (unit, targets)", "ordnance"),
    ("radio barrage (unit, targets; strengths)", "barrage"),
    ("melee in Upkeep (units attack targets; leaders' modifiers: leader, number)", "melee"),
    ("overrun in Upkeep (AFV unit, targets; MG in 'number', HE)", "overrun"),
]


class CheckForm(Form):
    """Any other d6 check, built from the units it concerns; in an Upkeep with a melee to resolve it
    opens on that melee (kind, attackers, defenders)."""

    def __init__(self, selected: int | None, melee: tuple[str, tuple[int, ...], tuple[int, ...]] | None = None) -> None:
        super().__init__()
        self.selected = selected
        self.melee = melee

    def fields(self) -> ComposeResult:
        yield Label("Check", classes="pb-title")
        if self.melee is None:
            kind, units, targets = "d6", "" if self.selected is None else str(self.selected), ""
        else:
            kind, units, targets = self.melee[0], " ".join(map(str, self.melee[1])), " ".join(map(str, self.melee[2]))
        yield Select(CHECK_KINDS, id="kind", value=kind, allow_blank=False)
        yield Label("units · targets · sector")
        with Horizontal(classes="pb-row"):
            yield Input(units, id="units", placeholder="units")
            yield Input(targets, id="targets", placeholder="targets")
            yield Input("", id="sector", placeholder="sector")
        yield Label("leader's modifier · modifier / card pips · to-hit · penetration · HE")
        with Horizontal(classes="pb-row"):
            for key in ("leadership", "number", "to_hit", "penetration", "he"):
                yield Input("0", id=key, type="integer")
        yield Input("4:4 5:6", id="strengths", placeholder="radio strengths, result:firepower")
        yield Tick("wire in the terrain / flank shot", id="flag")

    def answer(self) -> dict[str, Any]:
        strengths = []
        for part in self.text("#strengths").split():
            need, _, firepower = part.partition(":")
            if not (need.isdigit() and firepower.isdigit()):
                raise ValueError(f"write radio strengths as result:firepower, such as 5:6 (not {part!r})")
            strengths.append((int(need), int(firepower)))
        return {
            "kind": self.query_one("#kind", Select).value, "units": ids(self.text("#units")),
            "targets": ids(self.text("#targets")), "sector": self.text("#sector"),
            "leadership": self.number("#leadership"), "number": self.number("#number"),
            "to_hit": self.number("#to_hit"), "penetration": self.number("#penetration"), "he": self.number("#he"),
            "strengths": tuple(strengths), "flag": self.ticked("#flag"),
        }
