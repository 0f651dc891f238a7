"""What the screen says about the AEO: its setup, each step of its impulse with the rule it follows
and the choices drawn at random, the step it waits for, and its table, as plain text."""

from companion.games.kit.words import signed
from companion.games.point_blank.aeo.models import Act, Deployment, Tie
from companion.games.point_blank.aeo.progress import Stage, impulse, solo, stage
from companion.games.point_blank.aeo.state import MAX_COVER, AeoImpulse
from companion.games.point_blank.aeo.table import COMBOS, NAMES, POSTURES, Posture, combo, total
from companion.games.point_blank.battlefield import ref
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.scenario import PbScenario
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import sector_name, side_name
from companion.games.point_blank.words import listed

ORDER_WORDS = ("one Weapon Team and one infantry unit", "one AFV and one infantry unit", "two infantry units",
               "one Weapon Team", "one AFV")
CHARTED = frozenset({"move", "fire", "assault", "recon", "smoke", "conceal"})
UPKEEP_STEPS = ("melees and overruns; terrain for moving units, refusals, bog checks; morale in blazing terrain; "
                "spent leaders, readied here; AFVs buttoned or not; Support Weapons; half squads")
"""6.1's steps, in the AEO's step itself: the panel must say all of it where the checklist has no room."""
REASONS = {
    "nothing_to_ready": "no unit is spent or fatigued (12.3.4.1)", "no_shaken": "no unit to rally (12.3.3.3)",
    "no_target": "no player unit it may target", "flushed": "it flushed already this turn (12.3.4.4)",
    "chart_none": "the flowchart gives it nothing to do", "no_melee": "no unit next to a player unit (12.3.2)",
    "no_reinforcement": "no reinforcement to come (12.3.4.3)", "clear_terrain": "no cover to conceal in (8.2)",
    "no_unit": "no unit there may do it", "no_move_no_fire": "neither a move nor a fire (12.3.3.2)",
    "already_smoke": "smoke is there already", "marsh": "no smoke into a Marsh (10.1.6)",
    "spotted_already": "the Sector hides nothing: spotted already (7.16)",
}


def named(action: str) -> str:
    """An action as the table prints it: `Move`, `Hand Flush`."""
    return next((name for key, name in NAMES.items() if key == action), action.capitalize())


def chart(action: str, posture: Posture) -> str:
    colour = "green" if posture == "defensive" else "red"
    return f"the {posture} {named(action)} flowchart ({colour}, or the brown one both postures share)"


def names(state: PointBlankState, ids: tuple[int, ...]) -> str:
    return listed([state.unit(i).name for i in ids if any(u.id == i for u in state.units)])


def tie_words(state: PointBlankState, catalog: Catalog, tie: Tie) -> str:
    def name(value: str) -> str:
        if value.isdigit() and any(u.id == int(value) for u in state.units):
            return state.unit(int(value)).name
        return sector_name(state, catalog, value)

    return f"drawn at random among {listed([name(v) for v in tie.among])}: {name(tie.chosen)}"


def pip_words(pips: tuple[int, ...]) -> str:
    """`a 4-pip card`, `pips 1, 3, 3, 6`."""
    return f"a {pips[0]}-pip card" if len(pips) == 1 else "pips " + ", ".join(map(str, pips))


def terrain(catalog: Catalog, card: str) -> str:
    bonus = catalog.terrain_card(card).defensive_bonus or 0
    return f"{catalog.terrain_name(card)} ({signed(bonus)})"


# Setup


def setup_sector(scenario: PbScenario, key: str) -> str:
    """A Sector as the setup names it, by the scenario's sides: `B0`, `A1 German`."""
    found = ref(key)
    if found is None:
        return key
    return scenario.sector_name(f"{found.area}{found.row}", found.side or 0)


def deployment_lines(state: PointBlankState, catalog: Catalog, scenario: PbScenario, placed: Deployment) -> list[str]:
    side = scenario.sides[placed.side - 1].name
    rule = "12.2.1" if placed.posture == "defensive" and placed.objectives else "12.2.2"
    lines = [f"{side} (the AEO, {placed.posture} posture) sets up as {rule} places it:"]
    for p in placed.placements:
        force = scenario.forces[p.force]
        name = force.name or catalog.units[force.unit].name
        card = state.battlefield.card(p.sector)
        on = f" ({catalog.terrain_name(card)})" if card else ""
        why = {"objective": f"the objective: {ORDER_WORDS[p.step]}", "gap": "from the objective, so no Area is empty",
               "spread": "the rest, spread over the other Areas", "leader": "the objective's leader",
               "stack": "a leader with a stack he can lead", "even": "spread evenly over the Areas"}[p.why]
        lines.append(f"  {name} in {setup_sector(scenario, p.sector)}{on}: {why}")
    for weapon in placed.weapons:
        carrier = scenario.forces[weapon.force] if weapon.force is not None else None
        with_whom = (carrier.name or catalog.units[carrier.unit].name) if carrier else "no infantry unit to carry it"
        lines.append(f"  Support Weapon {weapon.name}: {with_whom}")
    lines += [f"  {'the Area ' if len(tie.chosen) == 1 else ''}{tie_words(state, catalog, tie)}" for tie in placed.ties]
    picks = [pick for pick in (state.aeo.terrain if state.aeo else ()) if pick.sector]
    for pick in picks:
        drew = " and ".join(terrain(catalog, card) for card in pick.cards)
        kept = f"kept {catalog.terrain_name(pick.kept)}" if pick.kept else "both negative: both discarded"
        chance = " (equal: drawn at random)" if pick.tie else ""
        lines.append(f"  {setup_sector(scenario, pick.sector)}: drew {drew}, {kept}{chance}")
    return lines


# The impulse


def act_line(state: PointBlankState, catalog: Catalog, act: Act) -> str:
    where = lambda key: sector_name(state, catalog, key) if key else ""  # noqa: E731
    who, at = names(state, act.units), names(state, act.targets)
    match act.outcome:
        case "sniper":
            return f"Sniper (12.3.4.2): at {at} in {where(act.sector)}, the nearest player Sector it may target"
        case "readied":
            return f"Ready (12.3.4.1): {who} (spent) is readied"
        case "fatigue":
            return f"Ready (12.3.4.1): none spent, one fatigue level off {who}, the most fatigued"
        case "rally":
            lead = f", {state.unit(act.leader).name} lending his modifier" if act.leader else ""
            return f"Rally (12.3.3.3): {who} in {where(act.sector)}, the Sector with the most shaken units{lead}"
        case "wind":
            cleared = listed([where(key) for key in act.sectors])
            return f"Wind (7.24): smoke cleared from {cleared}" if cleared else "Wind (7.24): no smoke to clear"
        case "flush" | "discard":
            said = "Hand Flush (12.3.4.4): the top 4 cards" if act.outcome == "flush" else "Discard: the top card"
            return f"{said} discarded" + (f" ({pip_words(act.pips)})" if act.pips else "")
        case "ordered":
            return f"{named(act.action)}: {who} in {where(act.sector)} (12.3.2: least fatigue; AFV, infantry, " \
                   "Weapon Team)"
        case "smoke_first":
            extra = f"; {REASONS[act.reason]}" if act.reason else "; smoke attempted there first (12.3.4.5)"
            return f"{named(act.action)}: {who} from {where(act.sector)} towards {where(act.to)}{extra}"
        case "smoke_laid":
            return f"Smoke laid in {where(act.to)}: the move goes ahead (12.3.4.5)"
        case "smoke_failed":
            return f"No smoke in {where(act.to)}: a physical d6 of 1-2 cancels the move (12.3.4.5)"
        case "cancelled":
            rolled = f" (d6 {act.pips[0]})" if act.pips else ""
            return f"The move to {where(act.to)} is cancelled{rolled} (12.3.4.5)"
        case "moved":
            fires = f", firing at {at} (8.1)" if act.targets else ""
            return f"{named(act.action)} (12.3.2, the stack together): {who} to {where(act.to)}{fires}" + \
                by_hand(state, act)
        case "fires":
            if act.reason:
                return f"Fire: {REASONS[act.reason]}"
            return f"Fire (12.3.2, the stack together): {who} at {at}" + by_hand(state, act)
        case "melee":
            return f"Melee (12.3.2): {who} from {where(act.sector)}, the least fatigued next to a player unit, " \
                   f"against {at} in {where(act.to)}"
        case "recon":
            did = REASONS[act.reason] if act.reason else f"spots {at} in {where(act.to)}" if act.targets else \
                f"clears {where(act.to)}" if act.to else "searches for terrain (two cards, the better kept)"
            return f"Recon (8.10) by {who}: {did}"
        case "reinforcement":
            return "Reinforcement (12.3.4.3): by the scenario's Reinforcement Table (8.11), else in its turn"
        case "impossible":
            return f"{named(act.action)}: cannot be carried out" + (f", {REASONS[act.reason]}" if act.reason else "")
    return leader_line(state, catalog, act)


def by_hand(state: PointBlankState, act: Act) -> str:
    return f"; {names(state, act.by_hand)}: start its own attack (k, Ordnance)" if act.by_hand else ""


def leader_line(state: PointBlankState, catalog: Catalog, act: Act) -> str:
    leader = state.unit(act.leader).name if act.leader is not None else "a leader"
    who = names(state, act.units)
    match act.outcome:
        case "leader_rally":
            return f"Leader {leader} (12.3.4): rallies {who}, who benefits most"
        case "leader_ready":
            return f"Leader {leader} (12.3.4): readies {who}"
        case "leader_fatigue":
            return f"Leader {leader} (12.3.4): one fatigue level off {who}"
    goal = sector_name(state, catalog, act.sectors[0]) if act.sectors else "a stack"
    return f"Leader {leader}, alone (12.3.4): moves to {sector_name(state, catalog, act.to)}, towards {goal}"


def step_lines(state: PointBlankState, catalog: Catalog, turn: AeoImpulse) -> list[str]:
    """Each step done so far, with its rule, and the choices drawn at random under it."""
    lines = []
    if turn.upkept:
        lines.append("Upkeep with the AEO Upkeep flowchart (12.3.1)")
    if turn.discarded:
        lines.append(f"Discarded {f'a {turn.pip}-pip card' if turn.pip else 'the top card unseen'} (12.3.3)")
    if turn.roll is not None:
        read = turn.read.words() if turn.read is not None else "a row missing from the table"
        mine = ", your row" if turn.filled else ""
        lines.append(f"Rolled {turn.roll[0]}+{turn.roll[1]} ({sum(turn.roll)}) → {read} (12.2.3{mine})")
    if turn.cover is not None:
        lines.append("Acquire Cover (12.3.3.1): " + ("a cover marker taken" if turn.cover else
                                                      "ignored, it holds 2 already"))
    for act in turn.acts:
        lines.append(act_line(state, catalog, act))
        lines += [f"  {tie_words(state, catalog, tie)}" for tie in act.ties]
    if turn.discard_pips is not None:
        pips = f" ({pip_words(turn.discard_pips)})" if turn.discard_pips else " unseen"
        lines.append(f"Discard action (12.3.3.3): the top card discarded{pips}")
    return lines


def waiting(state: PointBlankState, catalog: Catalog, at: Stage) -> str:
    """What the AEO waits for, and which key gives it."""
    aeo = solo(state)
    assert aeo is not None
    pips = not state.dice_mode
    turn = impulse(state)
    match at.kind:
        case "start":
            how = "key their pips (Confirm)" if pips else "Confirm counts them out unseen"
            return f"Before play the AEO discards the top 4 Action cards (12.3): {how}"
        case "upkeep":
            due = [f"{names(state, m.units)} into {sector_name(state, catalog, m.to)}" for m in state.moves_due]
            moves = f"; its moves due (M): {'; '.join(due)}" if due else ""
            melees = f"; {len(state.melees_due)} melee(s) due (k)" if state.melees_due else ""
            return (f"Its Upkeep (12.3.1): play it with the AEO Upkeep flowchart, 6.1 in order ({UPKEEP_STEPS})"
                    f"{moves}{melees}, then Confirm")
        case "discard" | "discard_action":
            why = "None of its actions could be carried out: a Discard action (12.3.3.3). " \
                if at.kind == "discard_action" else ""
            how = "draw it and key its pips" if pips else "Confirm discards it unseen"
            return f"{why}Discard the top Action card (12.3.3): {how}"
        case "roll":
            first = f" (first die: {turn.face}; u or ⌫ erases it)" if turn is not None and turn.face else ""
            return f"Roll 2d6 with physical dice (12.2.3): key both faces, or the roll button{first}"
        case "missing":
            assert turn is not None and turn.roll is not None
            row = combo(turn.roll)
            return (f"Row {row} ({total(row)}) of the {aeo.posture} column is missing from the table: Confirm to fill "
                    "it in from your player aid (never guessed)")
        case "act":
            assert at.action is not None
            if at.action in CHARTED:
                return f"{named(at.action)}: consult {chart(at.action, aeo.posture)}; Confirm records its answer"
            return f"{named(at.action)}: Confirm, the companion applies its rule"
        case "smoke":
            return "The smoke attempt (12.3.4.5): draw for its check" if state.check is not None else \
                "Confirm: the smoke attempt's result decides the move"
        case "die":
            return "Roll a physical d6 (key it, or the roll button): 1 or 2 cancels the move (12.3.4.5)"
        case "order":
            return "The move goes ahead: Confirm orders it"
        case "attacks":
            return "The stack's next attack: Confirm starts it (8.4)" if state.check is None else \
                "Draw for the attack in progress"
        case "leaders":
            return "Its leaders act after the action (12.3.4): Confirm, one leader at a time"
        case "done":
            return "The AEO's impulse is over: Confirm (or n) passes play to you"
    return ""


def panel_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """The AEO panel: who it plays, its cover markers, what it waits for, then this impulse's steps,
    newest first. What it waits for comes second, and what it just did third, so that a panel cut
    short on a small screen still says both: the table carries out what it did."""
    aeo = solo(state)
    if aeo is None:
        return []
    head = (f"AEO: {side_name(state, catalog, aeo.side)}, {aeo.posture} posture · cover markers "
            f"{aeo.cover} of {MAX_COVER}")
    at = stage(state)
    turn = impulse(state)
    steps: list[str] = []
    if turn is not None and at.kind != "start":
        steps = newest_first([f"✓ {line}" if not line.startswith("  ") else line
                              for line in step_lines(state, catalog, turn)])
    elif aeo.impulse is not None and aeo.impulse.acts:
        steps = ["Its last impulse, newest first: " + summary(state, catalog, aeo.impulse)]
    said = waiting(state, catalog, at)
    return [head, *([f"▶ {said}"] if said else []), *steps]


def newest_first(lines: list[str]) -> list[str]:
    """Steps in the reverse order, each with its indented lines (the random draws) still under it."""
    steps: list[list[str]] = []
    for line in lines:
        if line.startswith("  ") and steps:
            steps[-1].append(line)
        else:
            steps.append([line])
    return [line for step in reversed(steps) for line in step]


def summary(state: PointBlankState, catalog: Catalog, turn: AeoImpulse) -> str:
    """The impulse in one line, newest first as during it, so that a panel cut short on a small
    screen still says what the AEO did last, which the players answer in their impulse:
    `Ready: Panzer IV (spent) is readied · ... · rolled 3+1 (4) → Recon / Ready · discarded a 4-pip card`."""
    parts = []
    if turn.discarded:
        parts.append(f"discarded a {turn.pip}-pip card" if turn.pip else "discarded the top card")
    if turn.roll is not None:
        read = turn.read.words() if turn.read is not None else "a missing row"
        parts.append(f"rolled {turn.roll[0]}+{turn.roll[1]} ({sum(turn.roll)}) → {read}")
    parts += [short(act_line(state, catalog, act)) for act in turn.acts]
    return " · ".join(reversed(parts))


def short(line: str) -> str:
    """A step's line without its rule number: `Ready: Panzer IV (spent) is readied`."""
    head, _, rest = line.partition(" (")
    if rest and rest[0].isdigit() and "): " in rest:
        return f"{head}: {rest.split('): ', 1)[1]}"
    return line


def table_lines(catalog: Catalog, state: PointBlankState) -> tuple[str, ...]:
    """The AEO Action Selection Table as the AEO reads it: every row, the missing ones said."""
    aeo = state.aeo
    filled = aeo.rows if aeo is not None else {}
    postures: tuple[Posture, ...] = (aeo.posture,) if aeo is not None else POSTURES
    lines = []
    for posture in postures:
        lines.append(f"{posture.capitalize()} posture:")
        for row in COMBOS:
            read = filled.get((posture, row)) or (catalog.aeo_table.read(posture, row) if catalog.aeo_table else None)
            mine = " (yours)" if (posture, row) in filled else ""
            lines.append(f"  {total(row):>2} ({row})  {read.words() + mine if read else 'missing'}")
    return tuple(lines)
