"""What a press means while the AEO plays (12.3): Confirm goes on with its impulse, the face keys
and the roll button give its physical dice or the pips of the card it discards, and a form asks
for what only the players can see: a row their player aid prints, a solo flowchart's answer, the
pips of the cards it discards."""

from collections.abc import Callable, Mapping

from companion.games.kit.faces import EraseFace
from companion.games.kit.forms import Choice, Field, FormSpec, Number, Pick, Tick
from companion.games.kit.intents import Ask, Intent, Run, SaveFile, Tell
from companion.games.point_blank.aeo.commands import (
    ActAeoLeader,
    DiscardAeoCards,
    FillAeoRow,
    FinishAeoUpkeep,
    KeyAeoDie,
    ResolveAeoAction,
    RollAeoDice,
)
from companion.games.point_blank.aeo.models import ChartAnswer, ReconKind
from companion.games.point_blank.aeo.play import START_DISCARDS, half_keyed, rows_filled
from companion.games.point_blank.aeo.progress import Stage, solo, stage
from companion.games.point_blank.aeo.select import standing
from companion.games.point_blank.aeo.table import ACTIONS, FILE, NAMES, AeoAction, AeoRead, combo, players_file, total
from companion.games.point_blank.aeo.view import CHARTED, chart
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.commands import EndImpulse
from companion.games.point_blank.state import PointBlankState
from companion.games.point_blank.view import card_name, sector_name

Answers = Mapping[str, object]
NONE = "-"
FIRE_TICKS = (("cover", "A Cover card was played (+2 defence)"), ("degraded", "Through degraded LOS"),
              ("range_one", "Range 1 (+1)"), ("flanking", "Flanking (+2)"),
              ("support_weapon", "A Support Weapon fires (breakdown on a 1)"),
              ("flamethrower", "A flamethrower fires"), ("flamethrower_only", "The flamethrower alone"),
              ("blaze", "A Blaze weapon fires"))
RECONS: tuple[tuple[ReconKind, str], ...] = (
    ("spot", "Spot the player units in the Sector below (7.16)"), ("search", "Search for terrain (two cards, 8.10)"),
    ("remove", "Remove the terrain card of the Sector below (8.10)"))


def available(state: PointBlankState) -> tuple[str, ...]:
    """The AEO's keys of the moment, the one that carries out its step first (nothing while a check
    is in progress: its keys draw for it). Where the dice or a card's pips do, Confirm only says so."""
    at = stage(state)
    if at.kind == "none" or state.check is not None:
        return ()
    if at.kind == "roll" and half_keyed(state) is not None:
        return ("face", "roll", "erase", "confirm")
    if at.kind in ("roll", "die"):
        return ("roll", "face", "confirm")
    if at.kind in ("discard", "discard_action") and not state.dice_mode:
        return ("face", "confirm")
    return ("confirm",)


def erase(state: PointBlankState) -> Intent | None:
    """Undo or Backspace with the first of the AEO's 2d6 keyed: that face is erased, before any
    decision is taken back (a typo, keyed again); None when no face waits for its second."""
    return Run.one(EraseFace()) if half_keyed(state) is not None else None


def press(state: PointBlankState, catalog: Catalog, action: str, value: int | None, own_table: bool) -> Intent:
    """What a press asks of the AEO now; None when the press is not the AEO's (a check's pips, an order)."""
    at = stage(state)
    if at.kind == "none" or state.check is not None:
        return None
    if action == "confirm":
        return confirm(state, catalog, at, own_table)
    if action == "face" and value is not None:
        if at.kind in ("discard", "discard_action") and not state.dice_mode:
            return Run.one(DiscardAeoCards(pips=(value,)))
        if at.kind in ("roll", "die"):
            return Run.one(KeyAeoDie(face=value))
    if action == "roll" and at.kind in ("roll", "die"):
        return Run.one(RollAeoDice())
    return None


def confirm(state: PointBlankState, catalog: Catalog, at: Stage, own_table: bool) -> Intent:
    pips = not state.dice_mode
    match at.kind:
        case "start":
            return pips_form(f"The AEO discards the top {START_DISCARDS} Action cards (12.3)", START_DISCARDS,
                             lambda keyed: Run.one(DiscardAeoCards(pips=keyed))) if pips \
                else Run.one(DiscardAeoCards())
        case "upkeep":
            return Run.one(FinishAeoUpkeep())
        case "discard" | "discard_action":
            return Tell("Draw the top Action card and key its pips (1-6)") if pips else Run.one(DiscardAeoCards())
        case "roll" | "die":
            return Tell("Roll your own dice and key the faces, or press the roll button")
        case "missing":
            return fill_form(state, catalog, own_table)
        case "act":
            assert at.action is not None
            if at.action in CHARTED:
                return chart_form(state, catalog, at.action)
            count = {"flush": 4, "discard": 1}.get(at.action, 0)
            if count and pips:
                return pips_form(f"{NAMES[at.action]}: the top {count} Action card{'s' * (count != 1)}", count,
                                 lambda keyed: Run.one(ResolveAeoAction(pips=keyed)))
            return Run.one(ResolveAeoAction())
        case "smoke" | "order" | "attacks":
            return Run.one(ResolveAeoAction())
        case "leaders":
            return Run.one(ActAeoLeader())
        case "done":
            return Run.one(EndImpulse())
    return None


def recon_at(state: PointBlankState, catalog: Catalog, recon: object, at: str) -> None:
    """A spot or a removal names its Sector, and a spot one with player units in it (8.10): asked
    again in the form, which keeps the answers, rather than refused once it has closed."""
    aeo = solo(state)
    assert aeo is not None
    if recon == "search":
        return
    if at == NONE:
        raise ValueError("The Sector it spots or clears: choose the one the Recon flowchart names (8.10)")
    if recon == "spot" and not any(unit.sector == at for unit in standing(state, aeo.pu)):
        raise ValueError(f"The Sector it spots: no player unit in {sector_name(state, catalog, at)} to spot")


def pips_form(title: str, count: int, then: Callable[[tuple[int, ...]], Intent]) -> Ask:
    fields = tuple(Number(f"card{n}", f"Card {n}: its pips", 1, 1, 6) for n in range(1, count + 1))
    note = "Draw each card from the top of the deck and put it on the discard pile."
    return Ask(FormSpec(title, fields, note=note, submit="Discard"),
               lambda answers: then(tuple(int(str(answers[f"card{n}"])) for n in range(1, count + 1))))


def action_options() -> tuple[tuple[str, str], ...]:
    return tuple((action, NAMES[action]) for action in ACTIONS)


def fill_form(state: PointBlankState, catalog: Catalog, own_table: bool) -> Ask:
    """The missing row, from the players' player aid; saved in their own table file if they say so."""
    aeo = solo(state)
    assert aeo is not None and aeo.impulse is not None and aeo.impulse.roll is not None
    row = combo(aeo.impulse.roll)
    save = f"Save it in your {FILE} for later games" + (
        " (rewrites it: your rows stay, its comments go)" if own_table else "")
    fields: tuple[Field, ...] = (
        Choice("first", "Action", action_options(), "move"),
        Choice("second", "Second action (a row \"A / B\")", ((NONE, "None"), *action_options()), NONE),
        Tick("cover", "(Acquire Cover) follows them"),
        Tick("whole", f"The same for every row of {total(row)} the table misses"),
        Tick("save", save, not own_table, help="Unticked, the row holds for this game only."),
    )
    note = (f"The {aeo.posture} column's row {row} ({total(row)}) is not in the rulebook's text. Copy it from the AEO "
            "Action Selection Table on your player aid: the companion never guesses a row.")

    def then(answers: Answers) -> Intent:
        first = action_of(answers["first"])
        second = answers["second"]
        actions = (first,) if second in (NONE, first) else (first, action_of(second))
        whole, saved = bool(answers["whole"]), bool(answers["save"])
        run = Run.one(FillAeoRow(actions=actions, cover=bool(answers["cover"]), whole_total=whole, saved=saved))
        if not saved or catalog.aeo_table is None:
            return run
        read = AeoRead(actions=actions, cover=bool(answers["cover"]))
        added: dict[tuple[str, str], AeoRead] = dict(aeo.saved_rows)
        added.update({(aeo.posture, other): read for other in rows_filled(state, catalog, whole)})
        return SaveFile(FILE, players_file(catalog.aeo_table, added), then=run)

    return Ask(FormSpec(f"AEO table: row {row} ({total(row)}), {aeo.posture}", fields, note=note, submit="Fill in"),
               then)


def action_of(value: object) -> AeoAction:
    return next(action for action in ACTIONS if action == value)


def sector_options(state: PointBlankState, catalog: Catalog, side: int) -> tuple[tuple[str, str], ...]:
    """The Sectors holding the side's units, each with its card and units."""
    keys = sorted({u.sector for u in standing(state, side)})
    return tuple((key, f"{sector_name(state, catalog, key)} · {card_name(catalog, state.battlefield.card(key))} · "
                  + ", ".join(u.name for u in standing(state, side) if u.sector == key)) for key in keys)


def chart_form(state: PointBlankState, catalog: Catalog, action: AeoAction) -> Intent:
    """The solo flowchart's answer (12.1): which AEO Sector acts, and where or at whom."""
    aeo = solo(state)
    assert aeo is not None
    own = sector_options(state, catalog, aeo.side)
    if not own:
        return Run.one(ResolveAeoAction(answer=ChartAnswer()))
    every = tuple((s.key, sector_name(state, catalog, s.key)) for s in state.battlefield.sectors())
    # Buttoned AFVs are not affected by infantry fire (7.3): the chart's attack on one is ordnance, by hand.
    enemies = tuple((u.id, f"{u.id} · {u.name} · {sector_name(state, catalog, u.sector)}")
                    for u in standing(state, aeo.pu) if not (u.vehicle and u.buttoned))
    nothing = (NONE, "None: the chart gives it nothing to do")
    fields: list[Field] = [Choice("sector", "The AEO Sector the chart picks", (*own, nothing))]
    if action in ("move", "assault"):
        stay = ((NONE, "It does not move"),) if action == "assault" else ()
        ahead = state.battlefield.forward(own[0][0], aeo.side) or own[0][0]
        fields.append(Choice("to", "Moving to (an adjacent Sector, or its own)", (*stay, *every),
                             NONE if stay else ahead))
    if action in ("fire", "assault"):
        fields.append(Pick("targets", "At the player units", enemies, least=0))
        fields.append(Number("modifier", "Other modifier (8.4 table items not tracked)", 0, -10, 10))
        fields += [Tick(name, label) for name, label in FIRE_TICKS]
    if action == "recon":
        fields += [Choice("recon", "How", RECONS, "spot"),
                   Choice("at", "The Sector it spots or clears", ((NONE, "None"), *every), NONE)]
    note = f"Consult {chart(action, aeo.posture)}. The stack acts together for a Move, Fire or Assault (12.3.2)."

    def then(answers: Answers) -> Intent:
        sector = str(answers["sector"])
        if sector == NONE:
            return Run.one(ResolveAeoAction(answer=ChartAnswer()))
        to = str(answers.get("to", NONE))
        if to != NONE and to != sector and to not in state.battlefield.adjacent(sector):
            raise ValueError(f"Moving to: {sector_name(state, catalog, to)} is not next to "
                             f"{sector_name(state, catalog, sector)} (8.7)")
        ticked = answers.get("targets", ())
        targets = tuple(int(str(t)) for t in ticked) if isinstance(ticked, tuple) else ()
        if action == "fire" and not targets:
            raise ValueError("At the player units: tick the units the chart fires at")
        ticks = tuple(name for name, _ in FIRE_TICKS if answers.get(name))
        recon = answers.get("recon")
        at = str(answers.get("at", NONE))
        if action == "recon":
            recon_at(state, catalog, recon, at)
        answer = ChartAnswer(sector=sector, to="" if to == NONE else to, targets=targets,
                             recon=next((kind for kind, _ in RECONS if kind == recon), None),
                             at="" if at == NONE else at, modifier=int(str(answers.get("modifier", 0))), ticks=ticks)
        return Run.one(ResolveAeoAction(answer=answer))

    return Ask(FormSpec(f"AEO {NAMES[action]}: the flowchart's answer", tuple(fields), note=note, submit="Go"), then)
