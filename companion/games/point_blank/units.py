"""The units the companion tracks: what they are, and the markers the table puts on them."""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.games.kit.markers import Count, Flag, MarkerSet
from companion.games.point_blank.catalog import ControlFlag, LeaderAction, SquadCard, UnitKind, UnitTemplate

Action = Literal[
    "fire", "move", "assault", "melee", "recon", "rally", "ready", "conceal", "smoke", "cover", "flank", "other"
]
ACTIONS: tuple[Action, ...] = (
    "fire", "move", "assault", "melee", "recon", "rally", "ready", "conceal", "smoke", "cover", "flank", "other"
)
INFANTRY: frozenset[str] = frozenset({"full_squad", "half_squad"})
VEHICLES: frozenset[str] = frozenset({"afv", "vehicle"})


@dataclass(frozen=True, slots=True)
class Unit:
    id: int
    name: str
    side: int
    kind: UnitKind
    morale: int
    firepower: int = 0
    leadership: int = 0
    melee_modifier: int = 0
    front_armour: int = 0
    flank_armour: int = 0
    wheeled: bool = False
    open_topped: bool = False
    sector: str = ""
    """The key of the Sector the unit stands in (`battlefield.SectorRef.key`), "" off the battlefield;
    games saved before the battlefield may keep text of their own here. Its terrain is the Sector's card."""
    nationality: str = ""
    leader_actions: tuple[LeaderAction, ...] = ()
    """A leader's card: the actions it prints (2.11); empty for others, or when the library does not say."""
    armour_leader: bool = False
    control_flag: ControlFlag | None = None
    """As its card prints it (2.9); None: as its kind has it (`objectives.flag`)."""
    other_card: SquadCard | None = None
    """A squad's card not on the table: its half squad's while it is a full squad, its full squad's
    once reduced (`changed` turns them over); None when the library names no half squad for it, so
    a reduced squad keeps its values."""

    spent: bool = False
    fatigue: int = 0
    shaken: int = 0
    """Shaken markers: infantry have at most one; an AFV's crew up to three (7.14, 7.17.2.1)."""
    reduced: bool = False
    eliminated: bool = False
    spotted: bool = False
    moving: bool = False
    in_melee: bool = False
    buttoned: bool = False
    bogged: bool = False
    abandoned: bool = False
    hero: bool = False
    weapon_broken: bool = False
    flamethrower: bool = False

    fatigue_gained: bool = False
    """Fatigue was added this impulse, so it cannot be removed this impulse (7.6)."""
    acted_fatigued: bool = False
    """Acted this impulse while at Fatigue 2: spent at the very end of the impulse (7.6)."""

    @property
    def half_squad(self) -> bool:
        return self.kind == "half_squad" or self.reduced

    @property
    def leader(self) -> bool:
        return self.kind == "leader"

    @property
    def infantry(self) -> bool:
        return self.kind in INFANTRY

    @property
    def vehicle(self) -> bool:
        return self.kind in VEHICLES

    @property
    def good_order(self) -> bool:
        """Not shaken and not spent; fatigued units are still in Good Order (4.9)."""
        return not self.shaken and not self.spent and not self.eliminated


MARKERS = MarkerSet((
    Count("fatigue", "Fatigue (0 to 2)", 2),
    Count("shaken", "Shaken markers (an AFV's crew carries up to 3)", 3, stacked=True),
    Flag("spent", shown=False),
    Flag("reduced"),
    Flag("eliminated", shown=False),
    *(Flag(name) for name in ("spotted", "moving", "in_melee", "buttoned", "bogged", "abandoned", "hero",
                              "weapon_broken")),
))
"""The markers the table puts on a unit, in the order the unit table reads them; `spent` and
`eliminated` are worded by the view (`ready`, and nothing else once eliminated)."""
RANGES = {"side": (1, 2), "morale": (2, 12), "firepower": (0, 20), "leadership": (0, 5), "melee_modifier": (0, 3),
          "front_armour": (0, 10), "flank_armour": (0, 10)}
TEXTS = frozenset({"name"})
MOVED_ELSEWHERE = {
    "sector": "a unit changes Sector by moving into it (6.1.2)",
    "terrain": "a unit's terrain is its Sector's card: correct the Sector",
}
BOOKKEEPING = frozenset({"wheeled", "open_topped", "flamethrower", "fatigue_gained", "acted_fatigued"})
"""Yes-or-no facts about a unit that are not markers on the table, settable all the same."""


def change_problem(changes: Mapping[str, object]) -> str | None:
    """Why these new marker values cannot be set on a unit, or None when they can."""
    if problem := MARKERS.problem(changes):
        return problem
    for key, value in changes.items():
        if key in MARKERS:
            continue
        if key in RANGES:
            low, high = RANGES[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                return f"{key.replace('_', ' ')} runs from {low} to {high}"
        elif key in TEXTS:
            if not isinstance(value, str):
                return f"{key} is text"
        elif key in BOOKKEEPING:
            if not isinstance(value, bool):
                return f"{key.replace('_', ' ')} is yes or no"
        elif key in MOVED_ELSEWHERE:
            return MOVED_ELSEWHERE[key]
        else:
            return f"a unit has no {key.replace('_', ' ')} to change"
    return None


def default_side(nationality: str, units: tuple[Unit, ...], phasing: int, playing: tuple[str, str] = ("", "")) -> int:
    """The side a new unit of `nationality` most likely joins: the side named at setup as playing it,
    else the side its nationality already plays on, else the side opposite the one other
    nationality on the table, else the phasing side."""
    if not nationality:
        return phasing
    if nationality in playing and playing[0] != playing[1]:
        return playing.index(nationality) + 1
    own = {u.side for u in units if u.nationality == nationality}
    if own:
        return own.pop() if len(own) == 1 else phasing
    others = {u.side for u in units if u.nationality} | {side for side, n in enumerate(playing, 1) if n}
    return 3 - others.pop() if len(others) == 1 else phasing


def from_template(unit_id: int, side: int, template: UnitTemplate, sector: str = "", name: str = "",
                  half_squad: SquadCard | None = None) -> Unit:
    """A unit of the library's `template`, named `name` ("": the library's), with its half squad's
    card (when the library names one) to turn over when it is reduced."""
    values: dict[str, Any] = template.model_dump(exclude={"half_squad"})
    unit = Unit(id=unit_id, side=side, sector=sector, other_card=half_squad, **values)
    return changed(unit, {"name": name}) if name and name != template.name else unit


def changed(unit: Unit, changes: Mapping[str, Any]) -> Unit:
    """New values for some of the unit's markers or values. Reducing a squad (or taking the
    reduction back) turns its card over first, so values set with it land on the card now on the
    table; a name the players give names both cards, as it is how they tell their units apart."""
    if "reduced" in changes and changes["reduced"] != unit.reduced:
        unit = turned_over(unit)
    if "name" in changes and unit.other_card is not None:
        unit = replace(unit, other_card=unit.other_card.model_copy(update={"name": changes["name"]}))
    return replace(unit, **changes)


def turned_over(unit: Unit) -> Unit:
    """The squad's other card on the table: a full squad reduced to its half squad, or its
    reduction taken back by hand (a correction, two half squads combined into it, 6.1.7)."""
    card = unit.other_card
    if card is None:
        return unit
    on_table = SquadCard(name=unit.name, morale=unit.morale, firepower=unit.firepower,
                         melee_modifier=unit.melee_modifier)
    return replace(unit, name=card.name, morale=card.morale, firepower=card.firepower,
                   melee_modifier=card.melee_modifier, other_card=on_table)
