"""What the table reads off the screen, worked out from the state: whose move, odds, unit lines,
the sides' tracks, a hidden counter's peek, and every event's line with the sides' names."""

import textwrap

from companion.games.conflict_of_heroes import attack, checks
from companion.games.conflict_of_heroes.activation import ACTIVATION_APS, RALLY_COST
from companion.games.conflict_of_heroes.amounts import caps_count, paid
from companion.games.conflict_of_heroes.attack import RANGE_NAMES
from companion.games.conflict_of_heroes.events import (
    ActionPaid,
    AttackRolled,
    HitCounterDrawn,
    InitiativeRolled,
    SideEvent,
    UnitActivated,
    UnitMarkedSpent,
)
from companion.games.conflict_of_heroes.hit_counters import HitCounter
from companion.games.conflict_of_heroes.odds import attack_odds_by_spend, percent, rally_odds
from companion.games.conflict_of_heroes.state import CohState, LastRoll, UnitState
from companion.games.kit.faces import slots
from companion.games.kit.words import number, signed
from companion.journal.events import Event

UNIT_COLUMNS = ("#", "side", "unit", "status", "APs", "hit", "type")
"""The unit's type last: a long label on a narrow screen pushes only it out of sight."""
SIDE_BUTTONS = {"side": "{} CAP", "vp_up": "{} +1 VP", "vp_down": "{} −1 VP"}
"""The action bar's buttons that act for one side, named after it."""
BUTTON_NAME = 12
"""As much of a side's name as a button shows."""
ACTS = {"move": "moves", "pivot": "pivots", "stall": "stalls"}
"""The latest action's line for an action that rolls nothing: `Squad B moves (2 AP)`; an activation,
a unit marked spent, CAPs spent and a pass say what was done too (`_roll_line`)."""
PEEK_WIDTH = 72
"""The longest line of the owner's peek: it fits inside the panel's frame on an 80-column screen."""


def describe(state: CohState, event: Event) -> str:
    """The event's line, naming the sides as the players named them."""
    if isinstance(event, SideEvent):
        return event.describe(lambda side: state.side(side).name)
    return event.describe()


def situation(state: CohState) -> str:
    """One line: the round and who is to do what."""
    if state.phase == "setup":
        if not state.in_play():
            return "Set up the firefight: add its units (i), then start round 1 (Next)"
        return "Set up the firefight, then start round 1 (Next)"
    if state.phase == "round_over":
        if state.scenario is not None and state.round >= state.scenario.rounds:
            return f"The firefight is over after round {state.round}: check its victory conditions"
        empty = next((side for side in (1, 2) if state.cannot_act(side)), None)
        passed = "both sides passed" if empty is None else (
            f"{state.side(3 - empty).name} passed and {state.side(empty).name} has no unit in play")
        return f"Round {state.round} is over: {passed}. Next starts round {state.round + 1}"
    head = f"Round {state.round}"
    pending, initiative = state.pending, state.initiative
    if state.phase == "initiative" and initiative is not None:
        announcing = initiative.next_side
        if pending is None and announcing is not None:
            counted = initiative.counted
            return f"{head} · initiative (3.24): {state.side(announcing).name} announces 0–2 CAPs ({counted} counted)"
        first, second = initiative.order
        return (f"{head} · initiative roll: {state.side(first).name}'s two dice first, then "
                f"{state.side(second).name}'s")
    if pending is not None and pending.roller is not None:
        roller = state.unit(pending.roller)
        if roller is not None:
            what = "rallies" if pending.kind == "rally" else "fires"
            return f"{head} · {state.side(roller.side).name} rolls: {roller.label} {what}"
    if state.turn is None:
        return head
    acting = f"{head} · {state.side(state.turn).name} to act"
    if state.cannot_act(3 - state.turn):
        return f"{acting}: {state.side(3 - state.turn).name} has no unit in play, its turns pass"
    # The other side passed last: this side's pass is the second in a row.
    return f"{acting} · a pass now ends the round" if state.passes == 1 else acting


def side_doing(state: CohState, side: int) -> str:
    """What the game waits for from this side, beside its name: `to act`, `announces`, `rolls`."""
    pending = state.pending
    if pending is not None:
        roller = state.unit(pending.roller) if pending.roller is not None else None
        return "rolls" if roller is not None and roller.side == side else ""
    if state.phase == "initiative" and state.initiative is not None:
        return "announces" if state.initiative.next_side == side else ""
    return "to act" if state.turn == side else ""


def pending_lines(state: CohState) -> list[str]:
    """The declared roll: what it needs, the faces keyed so far, and the odds for each CAP spend;
    before the initiative roll is declared, why a side announces first."""
    pending = state.pending
    if pending is None:
        return initiative_lines(state)
    dice = slots(pending.faces, pending.dice)
    if pending.kind == "initiative" and state.initiative is not None:
        initiative = state.initiative
        spends = ", ".join(f"{state.side(side).name} {caps_count(initiative.spend_of(side), sign=True)}"
                           for side in initiative.order)
        return [f"Dice: {dice}   ({spends})"]
    caps = f"{caps_count(pending.modifier, sign=True)} declared, paid with the roll" if pending.modifier else ""
    lines = [f"Dice: {dice}   ({caps or 'no CAPs declared'})"]
    if pending.rally is not None:
        return lines + _rally_lines(state, pending.rally.unit, pending.rally.bonus)
    declared = pending.attack
    attacker = state.unit(declared.attacker) if declared else None
    if declared is None or attacker is None:
        return lines
    for index, spec in enumerate(declared.targets):
        target = state.unit(spec.unit)
        if target is None:
            continue
        firepower = attack.firepower(attacker.profile, _shown(attacker), target.profile, declared.band)
        defence = attack.defence_value(target.profile, _shown(target), spec.facing, spec.terrain_dm, declared.band)
        marker = "▶" if index == pending.next_target else ("✓" if index < pending.next_target else " ")
        odds = "hit / destroyed: " + " · ".join(
            f"{signed(o.cap_modifier)} CAP {percent(o.hit)} / {percent(o.destroyed)}"
            for o in attack_odds_by_spend(firepower, defence, already_hit=target.hit is not None)
        )
        lines.append(f"{marker} {target.label}: {number(firepower)} FP + 2d6 vs DV {defence}"
                     f" ({RANGE_NAMES[declared.band]}, {attack.facing_met(spec.facing, declared.band)})")
        lines.append(f"    {odds}")
    if attacker.hit is not None and not attacker.hit.revealed:
        # Everyone reads this screen: the roll shows the counter if it changes the fire (7.4), not before.
        lines.append(f"{attacker.label}'s hidden hit counter is left out until it is shown (7.4)")
    return lines


def _shown(unit: UnitState) -> HitCounter | None:
    """The unit's hit counter once the opponent has seen it; a face-down one counts for nothing here."""
    return unit.hit.counter if unit.hit is not None and unit.hit.revealed else None


def initiative_lines(state: CohState) -> list[str]:
    """While the sides announce (3.24): a tied roll's re-roll, and why a side announces first (more
    CAPs; on a tie, the side chosen at setup: the Soviet side by the rulebook)."""
    initiative = state.initiative
    if state.phase != "initiative" or initiative is None or state.pending is not None:
        return []
    lines = [f"The roll tied at {roll.totals[0]}: re-roll (3.24); the CAPs spent on it do not count again"
             for roll in state.last_rolls if isinstance(roll, InitiativeRolled) and roll.totals[0] == roll.totals[1]]
    first, second = initiative.order
    most, fewer = initiative.caps[first - 1], initiative.caps[second - 1]
    named, then = state.side(first).name, state.side(second).name
    why = f"CAPs tie at {most}" if most == fewer else f"{named} has more CAPs ({most} to {fewer})"
    return [*lines, f"{why}: {named} announces first (3.24), then {then}"]


def _rally_lines(state: CohState, number: int, bonus: int) -> list[str]:
    unit = state.unit(number)
    if unit is None or unit.hit is None:
        return []
    dice = f"2d6 {signed(bonus)}" if bonus else "2d6"
    counter = unit.hit.counter
    if not unit.hit.revealed or counter.rally is None:
        # The rally number would tell the opponent which counter lies face down.
        return [f"{unit.label} rallies on {dice} ≥ its hidden counter's number (the owner's peek shows the odds)"]
    chances = "  ".join(f"{signed(caps)} CAP: {percent(chance)}" for caps, chance in rally_odds(counter.rally, bonus))
    return [f"{unit.label} rallies on {dice} ≥ {counter.rally} ({counter.name}): {chances}"]


def unit_cells(state: CohState, unit: UnitState) -> tuple[str, ...]:
    """#, side, label, status, APs, hit, type: a hidden counter shows only that there is one."""
    if unit.hit is None:
        hit = ""
    elif unit.hit.revealed:
        hit = unit.hit.counter.name
    else:
        hit = "hit (hidden)"
    ap_text = str(unit.aps) if unit.status == "active" else ""
    return str(unit.number), state.side(unit.side).name, unit.label, unit.status, ap_text, hit, unit.profile.name


def acting_unit(state: CohState, highlighted: int | None) -> int | None:
    """The unit to highlight once a side is to act, for the unit actions that act on it: the side's
    activated unit while its APs pay for a fire or a move, else the highlighted unit when it is a
    fresh unit of the side, else the side's first fresh unit (to activate), else its activated
    unit. None leaves the highlight where it is."""
    if state.turn is None:
        return None
    own = state.in_play(state.turn)
    active = state.active_unit(state.turn)
    if active is not None and (checks.affords(active, "fire") or checks.affords(active, "move")):
        return active.number
    if any(unit.number == highlighted and unit.status == "fresh" for unit in own):
        return highlighted
    fresh = next((unit.number for unit in own if unit.status == "fresh"), None)
    return fresh if fresh is not None or active is None else active.number


def side_button(state: CohState, action: str, side: int) -> str:
    """`German +1 VP`: a button that acts for one side, with the side's name cut to fit a button."""
    name = state.side(side).name
    if len(name) > BUTTON_NAME:
        name = name[: BUTTON_NAME - 1] + "…"
    return SIDE_BUTTONS[action].format(name)


def summary(state: CohState) -> str:
    """How far the game has come, for home and the saved games: `round 3`."""
    return "setting up" if state.phase == "setup" else f"round {state.round}"


def roll_lines(state: CohState) -> list[str]:
    """The latest action's rolls, or the action itself when it rolled nothing (a move, an
    activation, a unit marked spent, CAPs spent, a pass: `German passes`); a roll whose one hit
    destroyed its target says so (the target is out of play now, and nothing but that roll can
    have put it out since), and names the Killed counter it drew, if that is why."""
    killed = {roll.unit: roll.counter.name for roll in state.last_rolls if isinstance(roll, HitCounterDrawn)}
    return [_roll_line(state, roll, killed) for roll in state.last_rolls if not isinstance(roll, HitCounterDrawn)]


def _roll_line(state: CohState, roll: LastRoll, killed: dict[int, str]) -> str:
    """A Killed counter drawn by the roll's one hit is named in its line (it is revealed at once, 7.3)."""
    if isinstance(roll, ActionPaid):
        return f"{roll.label} {ACTS[roll.action]} ({paid(roll.aps, roll.caps)})"
    if isinstance(roll, UnitActivated):
        return f"{roll.label} activates ({paid(ACTIVATION_APS, 0)})"
    if isinstance(roll, UnitMarkedSpent):
        return f"{roll.label} is spent"
    if isinstance(roll, AttackRolled) and roll.hits == 1:
        target = state.unit(roll.target)
        if target is not None and not target.in_play:
            return roll.describe(destroyed=True, killed=killed.get(roll.target))
    return describe(state, roll)


def track_text(state: CohState, side: int) -> str:
    """Under a side's big CAP digits: this round's allowance, the start, VP, the spaces lost units
    lie on, and the next round's allowance once a loss this round has lowered it (7.3)."""
    named = state.side(side)
    track = named.caps
    # No space after the commas: a narrow track (17 columns at 80) wraps the list whole, never `7,` then `6`.
    lost = f"\nlost units on {','.join(map(str, track.occupied))}" if track.occupied else ""
    lowered = f"\nnext round {track.allowance}" if track.allowance != track.this_round else ""
    return f"of {track.this_round} this round\nstart {track.start} · VP {named.victory_points}{lost}{lowered}"


def peek(state: CohState, unit: UnitState) -> tuple[str, tuple[str, ...]]:
    """The owner's look at a face-down counter: who may look, what it is, what it does, the rally
    odds; each line wrapped to fit the smallest screen (the panel does not wrap them)."""
    title = f"For the {state.side(unit.side).name} player only"
    if unit.hit is None:
        return title, (f"{unit.label} has no hit counter",)
    counter = unit.hit.counter
    lines = [f"{unit.label}: {counter.name}", counter.effects()]
    if counter.rally is not None:
        lines.append(f"Rally ({RALLY_COST} AP) on 2d6 ≥ {counter.rally}, before cover and friends:")
        odds = rally_odds(counter.rally, 0)
        lines.append("  ".join(f"{signed(caps)} CAP: {percent(chance)}" for caps, chance in odds))
    return title, tuple(part for line in lines for part in textwrap.wrap(line, PEEK_WIDTH))
