"""The order forms (6.2): who is ordered, how, with which leader, and for fire, assault and melee
at whom; fire and assault start their attack at once (8.4, 8.1), a rally its check (8.8)."""

from typing import cast

from companion.games.kit.forms import Choice, Field, FormSpec, Number, Pick, Tick
from companion.games.kit.intents import Ask, Intent, Run, Tell
from companion.games.point_blank import builders, orders
from companion.games.point_blank.aeo.commands import SpendAeoCover
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.checks.kinds import AnyCheck
from companion.games.point_blank.commands import Order
from companion.games.point_blank.fatigue import may_take
from companion.games.point_blank.forms import (
    Answers,
    default_id,
    default_ids,
    ids,
    leader_choice,
    leadership,
    made,
    number,
    standing,
    unit_options,
)
from companion.games.point_blank.sector_fields import OFF, move_destination
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.units import Action, Unit
from companion.games.point_blank.view import side_name
from companion.games.point_blank.words import plural

VIAS = (("card", "Action card"), ("second_icon", "The second icon of that card"), ("unit_card", "Unit Action card"),
        ("spend", "Spend action (a discard)"), ("leader", "A leader's action"), ("hero", "A hero's action"))
OTHER_ORDERS = (("recon", "Recon"), ("conceal", "Conceal"), ("smoke", "Smoke"),
                ("cover", "Cover card (in the opponent's impulse, 8.3)"), ("flank", "Flank"), ("other", "Other"))
FIRE_TICKS = (("cover", "A Cover card was played (+2 defence)"), ("degraded", "Through degraded LOS"),
              ("range_one", "Range 1 (+1)"), ("flanking", "Flanking (+2)"),
              ("support_weapon", "A Support Weapon fires (breakdown on a 1)"),
              ("flamethrower", "A flamethrower fires"), ("flamethrower_only", "The flamethrower alone"),
              ("blaze", "A Blaze weapon fires"))
ATTACKS = frozenset({"fire", "assault", "melee"})
"""The orders that need an enemy unit on the table."""
AEO_VIA = ("aeo", "The AEO's action, read from its table (12.2.3)")
TITLES: dict[str, str] = {"fire": "Fire", "assault": "Assault", "move": "Move", "melee": "Melee or overrun",
                          "rally": "Rally", "ready": "Ready a spent unit", "other": "Another order"}


def ordered(units: list[Unit], action: Action) -> list[Unit]:
    """The units an order is given to: a fire or an assault leaves out the leaders, who lend their
    modifier (2.11), unless there are only leaders."""
    if action in ("fire", "assault"):
        return [u for u in units if not u.leader] or units
    return units


def order(state: PointBlankState, catalog: Catalog, action: Action, selected: int | None) -> Intent:
    acting = state.side
    own = standing(state) if action == "other" else standing(state, acting)
    enemies = standing(state, 3 - acting)
    if not own:
        return Tell(f"{side_name(state, catalog, acting)} has no unit on the table: add one first", "warning")
    attacks = action in ATTACKS
    if attacks and not enemies:
        return Tell(f"{side_name(state, catalog, 3 - acting)} has no unit to {action} at", "warning")
    fields: list[Field] = []
    if action == "other":
        fields.append(Choice("action", "Order", OTHER_ORDERS, "recon"))
    own = ordered(own, action)
    # The form starts at a unit the order would do something for: not a spent squad to fire (4.8).
    able = own if action == "other" else [u for u in own if may_take(u, action)] or own
    if action in ("fire", "assault"):
        options = unit_options(state, catalog, own)
        fields += [Choice("lead", "Lead unit (fires first)", options, default_id(selected, able)),
                   Pick("group", "Other units of the fire group", unit_options(state, catalog, own),
                        apart_from="lead")]
    else:
        fields.append(Pick("units", "Units ordered", unit_options(state, catalog, own), default_ids(selected, able),
                           least=1))
    if action == "move":
        fields.append(move_destination(state, catalog, default_id(selected, able)))
    solo = state.aeo is not None and state.side == state.aeo.side
    fields += [Choice("via", "Ordered by", (*VIAS, AEO_VIA) if solo else VIAS, "aeo" if solo else "card"),
               leader_choice(state, "leader", "Leader taking the action, or giving his modifier", acting)]
    if attacks:
        # A melee starts at the enemy the unit can reach (8.6); fire has no such limit.
        first = state.unit(default_id(selected, able))
        aimed = [u for u in enemies if orders.in_reach(state, first, u)] if action == "melee" else enemies
        fields.append(Pick("targets", "Targets", unit_options(state, catalog, enemies),
                           default_ids(selected, aimed), least=1))
    if action in ("fire", "assault"):
        fields.append(Number("modifier", "Other modifier (8.4 table items not tracked)", 0, -10, 10))
        fields += [Tick(name, label) for name, label in FIRE_TICKS]
    covering = state.aeo is not None and state.aeo.cover > 0 and acting == state.aeo.pu and attacks
    note = (f"The AEO holds {plural(state.aeo.cover, 'cover marker')}: consult the Cover flowchart (12.3.3.1); "
            "tick the Cover card if it plays one" if covering and state.aeo is not None else "")

    def then(answers: Answers) -> Intent:
        # The form only offers actions, so its answer is one.
        chosen = cast(Action, answers["action"]) if action == "other" else action
        if action in ("fire", "assault"):
            lead = number(answers, "lead")
            units = (lead, *(u for u in ids(answers, "group") if u != lead))
        else:
            units = ids(answers, "units")
        leader = number(answers, "leader") or None
        check = follow_up(state, catalog, chosen, units, leader, answers)
        # A melee names its defenders in the order, so they carry In Melee until its Upkeep (7.10).
        targets = ids(answers, "targets") if chosen == "melee" else ()
        destination = answers.get("destination", OFF)
        # The order and the check it starts are one commit: a restart never finds one without the other.
        ordered = made(Order, units=units, action=chosen, via=answers["via"], leader=leader,
                       targets=targets, check=check, destination=None if destination == OFF else destination)
        orders.order(state, ordered, catalog)  # the rules' refusal, said while the form is open to change the answer
        if covering and answers.get("cover"):
            return Run((ordered, SpendAeoCover()))
        return Run.one(ordered)

    return Ask(FormSpec(f"Order: {TITLES[action]}", tuple(fields), note=note), then)


def follow_up(state: PointBlankState, catalog: Catalog, action: Action, units: tuple[int, ...],
              leader: int | None, answers: Answers) -> AnyCheck | None:
    """Fire and assault resolve at once (8.4, 8.1); rally too (8.8); melee waits for Upkeep (7.10)."""
    lead = leadership(state, leader)
    if action in ("fire", "assault"):
        ticks = {name: bool(answers[name]) for name, _ in FIRE_TICKS}
        return builders.fire(state, catalog, units, ids(answers, "targets"), modifier=number(answers, "modifier"),
                             leadership=lead, cover=ticks["cover"], degraded_los=ticks["degraded"],
                             range_one=ticks["range_one"], assault=action == "assault", flanking=ticks["flanking"],
                             support_weapon=ticks["support_weapon"], flamethrower=ticks["flamethrower"],
                             flamethrower_only=ticks["flamethrower_only"], blaze=ticks["blaze"])
    if action == "rally":
        return builders.rally(state, catalog, units, lead)
    return None

