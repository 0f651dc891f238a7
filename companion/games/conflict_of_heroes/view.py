"""What the table needs to read off the screen, worked out from the state: whose move, odds, unit lines."""

from companion.games.conflict_of_heroes import attack
from companion.games.conflict_of_heroes.attack import RANGE_NAMES
from companion.games.conflict_of_heroes.events import InitiativeRolled
from companion.games.conflict_of_heroes.odds import attack_odds_by_spend, percent, rally_odds
from companion.games.conflict_of_heroes.state import CohState, UnitState


def situation(state: CohState) -> str:
    """One line: the round and who is to do what."""
    if state.phase == "setup":
        return "Set up the firefight, then start round 1 (Next)"
    if state.phase == "round_over":
        return f"Round {state.round} is over: both sides passed. Next starts round {state.round + 1}"
    head = f"Round {state.round}"
    pending = state.pending
    if state.phase == "initiative":
        if pending is None:
            side = state.initiative.next_side
            counted = state.initiative.counted
            return (f"{head} · initiative (3.24): {state.side(side).name} announces 0–2 CAPs ·"
                    f" {counted} counted on the side button, Confirm announces {counted}")
        first, second = state.initiative.order
        return (f"{head} · initiative roll: key {state.side(first).name}'s two dice, then "
                f"{state.side(second).name}'s, or press Roll")
    if pending is not None:
        return f"{head} · {state.side(state.unit(pending.roller).side).name} rolls: Roll, or key the dice"
    return f"{head} · {state.side(state.turn).name} to act"


def pending_lines(state: CohState) -> list[str]:
    """The declared roll: what it needs, the faces keyed so far, and the odds for each CAP spend."""
    pending = state.pending
    if pending is None:
        return []
    slots = " ".join([str(f) for f in pending.faces] + ["_"] * (pending.dice - len(pending.faces)))
    if pending.kind == "initiative":
        spends = ", ".join(f"{state.side(side).name} {state.initiative.spend_of(side):+d} CAPs" for side in state.initiative.order)
        return [f"Dice: {slots}   ({spends})"]
    caps = f"{pending.modifier:+d} CAPs declared, paid with the roll" if pending.modifier else "no CAPs declared"
    lines = [f"Dice: {slots}   ({caps})"]
    if pending.kind == "rally":
        unit = state.unit(pending.rally.unit)
        if unit is None or unit.hit is None:
            return lines
        bonus = f"2d6 {pending.rally.bonus:+d}" if pending.rally.bonus else "2d6"
        if not unit.hit.revealed:
            # The rally number would tell the opponent which counter lies face down.
            return [*lines, f"{unit.label} rallies on {bonus} ≥ its hidden counter's number (the owner's peek, h, shows the odds)"]
        chances = "  ".join(f"{caps:+d} CAP: {percent(chance)}"
                            for caps, chance in rally_odds(unit.counter.rally, pending.rally.bonus))
        return [*lines, f"{unit.label} rallies on {bonus} ≥ {unit.counter.rally} ({unit.counter.name}): {chances}"]
    declared = pending.attack
    attacker = state.unit(declared.attacker)
    for index, spec in enumerate(declared.targets):
        target = state.unit(spec.unit)
        if attacker is None or target is None:
            continue
        shown = target.counter if target.hit and target.hit.revealed else None
        firepower = attack.firepower(attacker.profile, attacker.counter, target.profile, declared.band)
        defence = attack.defence_value(target.profile, shown, spec.facing, spec.terrain_dm, declared.band)
        marker = "▶" if index == pending.next_target else ("✓" if index < pending.next_target else " ")
        odds = "hit / destroyed: " + " · ".join(
            f"{o.cap_modifier:+d} CAP {percent(o.hit)} / {percent(o.two_hits)}" for o in attack_odds_by_spend(firepower, defence)
        )
        lines.append(f"{marker} {target.label}: {firepower} FP + 2d6 vs DV {defence} ({RANGE_NAMES[declared.band]}, {spec.facing})")
        lines.append(f"    {odds}")
    return lines


def unit_cells(state: CohState, unit: UnitState) -> tuple[str, ...]:
    """#, side, label, unit, status, APs, hit: a hidden counter shows only that there is one."""
    if unit.hit is None:
        hit = ""
    elif unit.hit.revealed:
        hit = unit.hit.counter.name
    else:
        hit = "hit (hidden)"
    ap_text = str(unit.aps) if unit.status == "active" else ""
    return str(unit.number), state.side(unit.side).name, unit.label, unit.profile.name, unit.status, ap_text, hit


def roll_lines(state: CohState) -> list[str]:
    return [_initiative_line(state, roll) if isinstance(roll, InitiativeRolled) else roll.describe()
            for roll in state.last_rolls]


def _initiative_line(state: CohState, roll: InitiativeRolled) -> str:
    """The journal's line with the sides' names: `initiative: German 7 (3+3 +1 CAP), Soviet 4 (2+2)`."""
    parts = []
    for side, faces, spend, total in zip((1, 2), roll.faces, roll.spends, roll.totals):
        caps = f" {spend:+d} CAP" if spend else ""
        parts.append(f"{state.side(side).name} {total} ({'+'.join(map(str, faces))}{caps})")
    return f"initiative: {', '.join(parts)}, {roll.source}"


def key_help(state: CohState) -> str:
    """The keys that do something now, beyond the footer's."""
    if state.phase == "setup":
        return "s sides and starting CAPs · i add unit · n start round 1 · , . VP +1 (< > −1)"
    if state.phase == "round_over":
        return "n next round · i add unit · s rename sides · , . VP +1 (< > −1) · u undo"
    if state.phase == "initiative" and state.pending is None:
        return "0 1 2 announce that many CAPs · [ ] the side's CAP button counts, c (Confirm) announces · u undo"
    if state.pending is not None:
        caps = "" if state.pending.roller is None else " · + − or the side's CAP button: CAPs on this roll (3.23)"
        return f"space roll, or key the faces 1–6 · backspace erase a face{caps} · u undo"
    return ("a activate · m move · v pivot · t stall · f fire · r rally · x mark spent · p pass · "
            "h peek at a hit (owner) · w show it · [ ] spend a side's CAP · , . VP +1 (< > −1) · i add unit")
