"""The questions Conflict of Heroes asks, as forms: set-up, adding a unit, moving, attacking, rallying.

Each form is built from the state (its defaults from the moment: the sides' names, the enemy units
of the attacker) and read back into the commands it stands for.
"""

from collections.abc import Mapping
from typing import Literal

from companion.games.conflict_of_heroes import activation, checks
from companion.games.conflict_of_heroes.attack import RANGE_NAMES, Facing, RangeBand
from companion.games.conflict_of_heroes.commands import (
    AddUnit,
    ChooseFirstOnTie,
    DeclareAttack,
    DeclareRally,
    Move,
    NameSide,
    SetStartingCaps,
    Target,
)
from companion.games.conflict_of_heroes.library import Library, nationality_side
from companion.games.conflict_of_heroes.state import CohState, UnitState
from companion.games.kit.forms import Choice, Field, FormSpec, Number, Pick, Text, Tick
from companion.games.kit.intents import Ask, Intent, Run
from companion.games.kit.words import signed
from companion.games.rules import Command

Answers = Mapping[str, object]
LABEL_LENGTH = 30
"""As long as a unit's label or a side's name may be (`AddUnit`, `NameSide`)."""
NATIONALITY = 0
"""The add-unit form's side choice that puts the unit with its nationality."""


def _int(answers: Answers, name: str) -> int:
    value = answers[name]
    assert isinstance(value, int)
    return value


def sides_form(state: CohState) -> FormSpec:
    names = tuple((side, state.side(side).name) for side in (1, 2))
    fields: list = [
        Text("name_1", "Name of the side on the left", default=names[0][1], max_length=LABEL_LENGTH),
        Text("name_2", "Name of the side on the right", default=names[1][1], max_length=LABEL_LENGTH),
    ]
    if state.phase == "setup":
        fields += [Number(f"caps_{side}", f"{name}'s starting CAPs", state.side(side).caps.start, 0, 30)
                   for side, name in names]
    fields.append(Choice("first_on_tie", "Announces first when the CAPs tie (the Soviet side, 3.24)",
                         names, default=state.first_on_tie))
    note = ("The sides and their CAPs from the firefight's set-up" if state.phase == "setup"
            else "Starting CAPs are set before the first round; the names can change any time")
    return FormSpec("Sides", tuple(fields), note=note)


def sides_answered(state: CohState, answers: Answers) -> Intent:
    commands: list[Command] = [NameSide(side=side, name=str(answers[f"name_{side}"])) for side in (1, 2)]
    if state.phase == "setup":
        commands += [SetStartingCaps(side=side, caps=_int(answers, f"caps_{side}")) for side in (1, 2)]
    first = _int(answers, "first_on_tie")
    commands.append(ChooseFirstOnTie(side=1 if first == 1 else 2))
    return Run(tuple(commands))


def add_unit_form(state: CohState, library: Library) -> FormSpec:
    """Starts at a unit for the first side with no unit in play (one with none passes its turns,
    `rounds.passed_over`), else for the side to act."""
    units = tuple((key, profile.name) for key, profile in library.units.items())
    sides = ((NATIONALITY, "The side that plays its nationality"),
             *((side, state.side(side).name) for side in (1, 2)))
    wanting = next((side for side in (1, 2) if not state.in_play(side)), None) or state.turn
    first = next((key for key, profile in library.units.items() if plays(state, profile.nationality) == wanting), None)
    return FormSpec("Add a unit", (
        Choice("unit", "Unit", units, first if wanting is not None else None),
        Text("label", "Label on the map (e.g. Squad C; blank: the unit's name)", required=False,
             max_length=LABEL_LENGTH),
        Choice("side", "Side", sides, default=NATIONALITY),
    ), note="A unit joins the side that already plays its nationality")


def plays(state: CohState, nationality: str) -> int | None:
    """The side a unit of `nationality` joins unless the players choose another (`nationality_side`)."""
    played: dict[int, set[str]] = {1: set(), 2: set()}
    for unit in state.units:
        played[unit.side].add(unit.profile.nationality)
    return nationality_side(nationality, (state.side(1).name, state.side(2).name), played)


def add_unit_answered(state: CohState, library: Library, answers: Answers) -> Intent:
    profile = library.units[str(answers["unit"])]
    label = str(answers["label"]) or profile.name[:LABEL_LENGTH]
    playing = plays(state, profile.nationality)
    chosen = _int(answers, "side")
    side = chosen or playing or state.turn or 1
    add = Run.one(AddUnit(side=1 if side == 1 else 2, label=label, profile=profile))
    if chosen == NATIONALITY or playing is None or playing == chosen:
        return add
    here, there = state.side(side).name, state.side(playing).name
    named = label if label == profile.name else f"{label} ({profile.name})"
    question = FormSpec(
        f"Put {named} on the {here} side?", (),
        note=f"{profile.nationality} units go on the {there} side.", submit=f"Yes, on the {here} side",
    )
    return Ask(question, lambda _: add)


def action_cost(unit: UnitState, action: Literal["fire", "move"]) -> tuple[int, str]:
    """What the unit's fire or move (before terrain) costs it, and how its hit counter changes
    that, if it does. The form is the acting side's: it states what the side really pays, and
    names a face-down counter only as "its hit counter" (using the changed cost shows it, 7.4)."""
    counter = unit.counter
    change = 0 if counter is None else (counter.fire_cost if action == "fire" else counter.move_cost)
    total = activation.cost(action, unit.profile, counter)
    if unit.hit is None or not change:
        return total, ""
    printed = unit.profile.fire_cost if action == "fire" else unit.profile.move_cost
    shows = "firing" if action == "fire" else "moving"
    source = unit.hit.counter.name if unit.hit.revealed else f"its hit counter, which {shows} shows (7.4)"
    return total, f"{printed} AP {signed(change)} from {source}"


def move_form(unit: UnitState) -> FormSpec:
    cost, change = action_cost(unit, "move")
    return FormSpec(f"{unit.label} moves", (
        Number("extra", "Extra APs (terrain, moving backwards)", 0, 0, 10),
        Number("caps", "Of the cost, paid in CAPs (a command action)", 0, 0, 30),
    ), note=f"A move costs {cost} AP before terrain" + (f": {change}" if change else ""))


def move_answered(state: CohState, unit: UnitState, answers: Answers) -> Intent:
    extra, caps = _int(answers, "extra"), _int(answers, "caps")
    checks.payment(state, unit, "move", caps, extra)  # refused in the form, which stays open to change it
    return Run.one(Move(unit=unit.number, extra_aps=extra, caps_paid=caps))


def enemies(state: CohState, unit: UnitState) -> list[UnitState]:
    return state.in_play(3 - unit.side)


FACINGS: tuple[tuple[Facing, str], ...] = (("front", "front"), ("flank", "flank: fired on from outside its front arc"))


def attack_form(state: CohState, attacker: UnitState) -> FormSpec:
    """The enemy units in the target hex to tick, and those hit in the flank; a lone enemy unit in
    play is the target without a list of one (ticked already, a first Space would untick it), and
    its facing is chosen."""
    targets = enemies(state, attacker)
    cost, change = action_cost(attacker, "fire")
    bands: tuple[tuple[RangeBand, str], ...] = tuple(RANGE_NAMES.items())
    title = f"{attacker.label} fires"
    aim: tuple[Field, ...]
    if len(targets) == 1:
        title = f"{attacker.label} fires at {targets[0].label}"
        facing = f"{targets[0].label} is hit in the front or flank (close combat: always the flank)"
        aim = (Choice("facing", facing, FACINGS, default="front"),)
    else:
        options = tuple((u.number, u.label) for u in targets)
        aim = (
            Pick("targets", "Enemy units in the target hex (one roll each; Space ticks)", options, least=1),
            Pick("flank", "Of those, hit in the flank (close combat always is)", options,
                 help="Fired on from outside their front arc"),
        )
    return FormSpec(title, (
        *aim,
        Number("terrain", "Terrain DM of the target hex", 0, -5, 10),
        Choice("band", "Range", bands, default="normal"),
        Number("caps", f"Of the fire cost ({cost} AP), paid in CAPs (a command action)", 0, 0, 30, help=change),
    ))


def attack_answered(state: CohState, attacker: UnitState, answers: Answers) -> Intent:
    checks.payment(state, attacker, "fire", _int(answers, "caps"))
    terrain = _int(answers, "terrain")
    if "targets" in answers:
        chosen, flanks = answers["targets"], answers["flank"]
        assert isinstance(chosen, tuple) and isinstance(flanks, tuple)
        facings = {int(n): "flank" if n in flanks else "front" for n in chosen}
    else:
        facings = {enemies(state, attacker)[0].number: str(answers["facing"])}
    targets = tuple(Target(unit=number, facing="flank" if facing == "flank" else "front", terrain_dm=terrain)
                    for number, facing in facings.items())
    band = next(band for band in RANGE_NAMES if band == answers["band"])
    return Run.one(DeclareAttack(attacker=attacker.number, targets=targets, band=band, caps_paid=_int(answers, "caps")))


def rally_form(unit: UnitState) -> FormSpec:
    return FormSpec(f"{unit.label} tries to rally ({activation.RALLY_COST} AP)", (
        Number("cover_dm", "DM of the unit's hex", 0, -5, 10, help="+1 DM or more is cover: +1 to the roll (7.51)"),
        Tick("hill", "That DM is a hill's (hills give no rally bonus, 7.51)"),
        Number("friends", "Un-hit friendly units in the hex (+1 each, 7.51)", 0, 0, 10),
        Tick("enemy", "Enemy units in the hex (no rally then, 7.5)"),
        Number("caps", f"Of the {activation.RALLY_COST} AP, paid in CAPs", 0, 0, activation.RALLY_COST),
    ))


def rally_answered(state: CohState, unit: UnitState, answers: Answers) -> Intent:
    checks.payment(state, unit, "rally", _int(answers, "caps"))
    return Run.one(DeclareRally(
        unit=unit.number, cover_dm=_int(answers, "cover_dm"), hill=bool(answers["hill"]),
        friends=_int(answers, "friends"), enemy_in_hex=bool(answers["enemy"]), caps_paid=_int(answers, "caps"),
    ))
