"""What the Point Blank screen says: the situation, the deck and its odds, the check in progress,
the checklists and the unit table, as plain text worded from the state's facts (its log and the
undo notices: `event_words`)."""

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

from companion.games.point_blank.aeo.progress import impulse
from companion.games.point_blank.battlefield import numbered, sector_words
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.checks.base import Check, Outcome, Step
from companion.games.point_blank.checks.fire import InfantryFire
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.objectives import objectives
from companion.games.point_blank.odds import chance, melee_odds, total_odds
from companion.games.point_blank.scenario import PbForce, PbScenario
from companion.games.point_blank.state import PendingMelee, PointBlankState, TurnOver
from companion.games.point_blank.turns import Unfinished, action_unfinished
from companion.games.point_blank.units import MARKERS, Unit
from companion.games.point_blank.words import CARD_USES, Names, listed, outcome_text, plural, title

TURN_END_AFTER: dict[Unfinished, str] = {
    "check": "when this check resolves", "search": "once the recon's search keeps a card (S)",
    "bonus": "once the odd d6's second fatigue level is taken (b) or the impulse ends",
    "aeo": "when the AEO's action is completed"}
"""When a turn end owed comes: once the impulse's action is completed."""
UPKEEP = (
    "Melee and overrun attacks (6.1.1)",
    "Terrain for moving units, refusals, bog checks (6.1.2)",
    "Morale checks in blazing terrain (6.1.3)",
    "Ready spent leaders (6.1.4): done here",
    "Button or unbutton AFVs (6.1.5)",
    "Transfer Support Weapons (6.1.6)",
    "Combine half squads (6.1.7)",
)


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}%"


def side_name(state: PointBlankState, catalog: Catalog, side: int) -> str:
    """The nationality a side plays (named at setup, or the one all its units share), else "Side N"."""
    named = state.settings.nationalities[side - 1] if state.settings else ""
    if not named:
        found = {u.nationality for u in state.units if u.side == side and u.nationality}
        named = found.pop() if len(found) == 1 else ""
    return catalog.nationality_name(named) if named else f"Side {side}"


def sector_name(state: PointBlankState, catalog: Catalog | None, key: str) -> str:
    """`B0`, `B2 US` (B2 on the US half): `sector_words` with the sides' names (numbered without
    the catalog: `B2 Side 1`)."""
    return sector_words(key, partial(side_name, state, catalog) if catalog is not None else numbered)


def check_title(state: PointBlankState, catalog: Catalog | None, check: Check) -> str:
    """A check's title as the screen words it: its units and Sector by their names."""
    return title(check, unit_names(state), partial(sector_name, state, catalog))


def card_name(catalog: Catalog, card: str | None) -> str:
    return catalog.terrain_name(card) if card is not None else "no card yet"


def unit_names(state: PointBlankState) -> Names:
    return {unit.id: unit.name for unit in state.units}


def situation(state: PointBlankState, catalog: Catalog) -> str:
    if state.settings is None:
        return "A new game: confirm the Action deck to start (Confirm)"
    if state.game_over:
        return f"Game over: {game_over_why(state)}: check the victory conditions"
    limit = f" of {state.settings.turn_limit}" if state.settings.turn_limit else ""
    used = f" · action: {CARD_USES[state.card_used]}" if state.card_used else " · action not yet taken"
    due = len(state.melees_due)
    melees = f" · {plural(due, 'melee')} to resolve first (6.1.1)" if due else ""
    return f"Turn {state.turn}{limit} · impulse {state.impulse} · {to_act(state, catalog)}{used}{melees}"


def game_over_why(state: PointBlankState) -> str:
    """Why the game is over. The companion ends it only once the turn limit's last turn is played
    (4.13); a victory condition met sooner (a side wiped out, an objective held) is the players' call."""
    last = state.turn - 1
    if state.scenario is not None:
        return f"turn {last} was the scenario's last (its turn limit, 4.13)"
    limit = state.settings.turn_limit if state.settings is not None else last
    return f"turn {last} was the last, as set at setup (turn limit {limit}, 4.13)"


def to_act(state: PointBlankState, catalog: Catalog) -> str:
    """`German to act`: the words the screen marks in the acting side's colour."""
    return f"{side_name(state, catalog, state.side)} to act"


def hand_counts(state: PointBlankState, catalog: Catalog) -> str:
    """`US 5 · German 5`: the Action cards each side holds."""
    return " · ".join(f"{side_name(state, catalog, side)} {state.deck.hands[side - 1]}" for side in (1, 2))


def deck_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """The cards left and in hand and how checks are drawn, then what the players must know about
    the deck now; the unseen pips are in the odds table."""
    deck = state.deck
    method = "real dice, one card discarded per die" if state.dice_mode else "card pips"
    lines = [f"{deck.left} of {plural(deck.size, 'card')} left · in hand: {hand_counts(state, catalog)} · {method}"]
    if deck.exhausted and state.check is not None:
        held = " ".join(map(str, deck.held))
        lines.append(f"New deck: shuffle the discard pile, leaving the hands and this check's cards ({held}) out")
    if deck.miscounts:
        lines.append(f"{plural(deck.miscounts, 'pip')} entered with the override: the deck counts are off "
                     "(Correct deck sets them from the draw pile)")
    cards = (("smoke", state.smoke), ("blaze", state.blaze), ("wrecks", state.wreck), ("wire", state.wire))
    markers = [f"{name}: {', '.join(sorted(sector_name(state, catalog, key) for key in sectors))}"
               for name, sectors in cards if sectors]
    if markers:
        lines.append(" · ".join(markers))
    lines += terrain_hand_lines(state, catalog)
    if state.turn_end_owed:
        lines.append(f"Last card drawn: the turn ends {TURN_END_AFTER[action_unfinished(state) or 'check']} (4.13)")
    return lines


def terrain_hand_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """The recon search waiting for its pick, and how many Terrain cards each side holds (8.10):
    which cards, only their side may know."""
    lines = []
    if state.search is not None:
        side = side_name(state, catalog, state.search.side)
        lines.append(f"Recon search for {side}: S shows {side} alone the cards drawn, to keep one")
    held = [f"{side_name(state, catalog, side)} {len(cards)}" for side, cards in enumerate(state.terrain_hands, 1)
            if cards]
    if held:
        lines.append("Terrain cards in hand (T places one, 6.1.2.2): " + " · ".join(held))
    return lines


def odds_lines(state: PointBlankState) -> list[str]:
    """The unseen pips and the chance of each next d6 and 2d6 total, in columns by pips:

        pips     1  2  3 …
        unseen   6  5  5 …
        d6 %    19 16 16 …
        2d6 %       3  6 …
    """
    if state.settings is None or state.deck.size == 0:
        return []
    deck = state.deck
    unseen = deck.reshuffled().unseen if deck.exhausted and state.check is not None else deck.unseen
    d6 = total_odds(deck, 1, state.dice_mode)
    two = total_odds(deck, 2, state.dice_mode)
    rows = {
        "unseen": {pip: str(count) for pip, count in enumerate(unseen, 1)},
        "d6 %": {pip: f"{float(p) * 100:.0f}" for pip, p in d6.items()},
        "2d6 %": {total: f"{float(p) * 100:.0f}" for total, p in two.items()},
    }
    width = 1 + max(len(cell) for row in rows.values() for cell in row.values())
    totals = range(1, 13)
    header = "pips".ljust(7) + "".join(str(total).rjust(width) for total in totals)
    return [header, *(label.ljust(7) + "".join(row.get(total, "").rjust(width) for total in totals).rstrip()
                      for label, row in rows.items())]


def check_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    pending = state.check
    if pending is None:
        return []
    step = pending.step
    check = pending.check
    lines = [check_title(state, catalog, check)]
    if pending.pips:
        lines.append("drawn so far: " + " ".join(map(str, pending.pips)))
    if isinstance(step, Step):
        lines.append(f"draw {plural(step.cards, 'card')}: {step.prompt}")
        if step.success is not None:
            lines.append(f"chance of that: {percent(chance(state.deck, step.cards, step.success, state.dice_mode))}")
        if isinstance(check, InfantryFire) and not pending.pips:
            fire = check
            defence = 0 if fire.flamethrower_only else fire.defence
            beats = chance(state.deck, 2, lambda p: fire.firepower + p[0] + fire.modifier > p[1] + defence,
                           state.dice_mode)
            lines.append(f"chance the attack beats the defence: {percent(beats)}")
        if isinstance(check, Melee) and not pending.pips:
            odds = melee_odds(state.deck, check.attacker_dice, check.defender_dice,
                              check.attacker_hits_on, check.defender_hits_on, state.dice_mode)
            if not odds.total:
                lines.append("no odds: the melee draws more cards than the deck holds")
            else:
                lines.append(
                    f"expected hits {float(odds.expected(0)):.1f} to {float(odds.expected(1)):.1f}; "
                    f"defender retreats {percent(odds.defender_retreats)}, attacker {percent(odds.attacker_retreats)}"
                )
    elif isinstance(step, Outcome):
        lines.append(outcome_text(check, step, unit_names(state), partial(sector_name, state, catalog)))
    return lines


def objective_name(state: PointBlankState, catalog: Catalog, key: str) -> str:
    """`the Bridge (B0)`."""
    return f"the {card_name(catalog, state.battlefield.card(key))} ({sector_name(state, catalog, key)})"


def held_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """Who controls which objective (2.9), for a victory check; nothing without objectives."""
    if state.control:
        held = [f"{objective_name(state, catalog, key)} by {side_name(state, catalog, side)}"
                for key, side in state.control]
        return ["Objectives controlled (2.9): " + "; ".join(held)]
    return ["No objective is controlled yet (2.9)"] if objectives(state, catalog) else []


def turn_over_lines(over: TurnOver, where: Callable[[str], str] = sector_words) -> list[str]:
    """The table's checklist at a turn end (4.13.2), `where` naming the Sectors."""
    lines = [
        f"Turn {over.turn} is over: the Action deck is exhausted (4.13). On the table:",
        "- remove Spotted markers (not from units still moving, assaulting or in melee)",
        "- remove all Smoke cards" + (f": {', '.join(sorted(map(where, over.smoke)))}" if over.smoke else ""),
        "- turn every Blaze card to Smoke" + (f": {', '.join(sorted(map(where, over.blaze)))}" if over.blaze else ""),
        "- every unit -1 fatigue, spent units readied (done here)",
    ]
    if over.last:
        return [*lines, f"That was the scenario's last turn ({over.turn}): check the victory conditions"]
    return [*lines, f"- shuffle the discard pile into a new deck; turn marker to {over.turn + 1}"]


def melee_line(state: PointBlankState, melee: PendingMelee) -> str:
    def names(ids: tuple[int, ...]) -> str:
        return listed([f"{state.unit(u).name} ({u})" for u in ids])

    return f"  {names(melee.attackers)} against {names(melee.defenders)}"


def checklist_lines(state: PointBlankState, catalog: Catalog, duties: Sequence[str] = ()) -> list[str]:
    """The last turn end's checklist for the table (4.13.2), then this impulse's Upkeep (6.1), one
    line once the AEO has done its own, with the melees it must resolve and those waiting for a later Upkeep.
    What this Upkeep owes (the melees due, then `duties`: the battlefield's) comes right under its
    heading, before the steps every Upkeep lists: a short panel shows only its first lines, and they
    say why the action bar offers Check, Enter Sector or Sector card first."""
    if state.settings is None:
        return []
    over = state.turn_over
    where = partial(sector_name, state, catalog)
    lines = [*turn_over_lines(over, where), *scenario_turn_lines(state, catalog), ""] if over else []
    if state.game_over:
        return lines
    upkeep = f"Upkeep for {side_name(state, catalog, state.side)} (6.1)"
    turn = impulse(state)
    if turn is not None and turn.upkept:
        lines.append(f"{upkeep}: done, with the AEO Upkeep flowchart (12.3.1)")
        steps: list[str] = []
    else:
        lines.append(f"{upkeep}:")
        steps = [f"- {item}" for item in UPKEEP]
    due = state.melees_due
    if due:
        lines += ["Melees to resolve now (Check opens the first):", *(melee_line(state, m) for m in due)]
    lines += [*duties, *steps]
    for side in (1, 2):
        waiting = [m for m in state.melees_pending if m not in due and m.side == side]
        if waiting:
            lines += [f"In melee, for {side_name(state, catalog, side)}'s next Upkeep:",
                      *(melee_line(state, m) for m in waiting)]
    return lines


def markers(unit: Unit) -> str:
    """The markers on the unit as the table would read them: `ready` only when it has none; a
    unit that acted at Fatigue 2 says it is to be spent at the impulse's end (7.6)."""
    if unit.eliminated:
        return "eliminated"
    marks = ["spent"] if unit.spent else []
    # It acted at Fatigue 2: the table turns it at the very end of the impulse (7.6).
    due = ["spent at impulse end"] if unit.acted_fatigued and not unit.spent else []
    return ", ".join([*marks, *MARKERS.words(unit), *due]) or "ready"


UNIT_COLUMNS = ("#", "side", "unit", "state", "morale", "FP", "terrain", "sector")
SHORT_UNIT_COLUMNS = ("#", "side", "unit", "state", "mor", "FP", "terrain", "sector")
"""The unit table's headings on a narrow screen."""


def unit_row(state: PointBlankState, catalog: Catalog, unit: Unit) -> tuple[str, ...]:
    on_field = state.battlefield.holds(unit.sector)
    terrain = card_name(catalog, state.battlefield.card(unit.sector)) if on_field else ""
    moving = next((m.to for m in state.moves if unit.id in m.units), None)
    sector = sector_name(state, catalog, unit.sector) if unit.sector else "off"
    if moving is not None:
        sector += f" → {sector_name(state, catalog, moving)}"
    return (str(unit.id), side_name(state, catalog, unit.side), unit.name, markers(unit), str(unit.morale),
            str(unit.firepower), terrain, sector)


def sector_of(scenario: PbScenario, force: PbForce) -> str:
    """How the screen names the Sector a unit enters: `B0`, `A2 US`."""
    return scenario.sector_name(force.sector, force.on)


def unit_name(catalog: Catalog, force: PbForce) -> str:
    template = catalog.units.get(force.unit)
    return force.name or (template.name if template is not None else force.unit)


def scenario_turn_lines(state: PointBlankState, catalog: Catalog) -> list[str]:
    """At a turn's end (its victory check): the victory conditions, and who arrives this turn."""
    scenario = state.scenario
    if scenario is None or state.turn_over is None:
        return []
    lines = [f"Victory check: {scenario.victory}", *held_lines(state, catalog)]
    arrived = [force for force in scenario.forces if force.arrives_in(state.turn) and state.turn > 1]
    if arrived and not state.game_over:
        lines.append(f"Arrived for turn {state.turn}, in the unit table: " + "; ".join(
            f"{scenario.sides[f.side - 1].name} {unit_name(catalog, f)} in {sector_of(scenario, f)}"
            for f in arrived))
    return lines

