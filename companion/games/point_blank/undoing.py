"""Where undo stops in Point Blank, and what a refusal names: the scenario's setup, an impulse that
is over or a turn's end (which may come mid-impulse, with the deck's last card) with what it
brought (control changed, the scenario's reinforcements for the next turn), a check in
progress, a table row the AEO acted on, and the AEO's facts (its discards, dice and steps), which
stand with the check result a step of it was decided on. A refusal names what stands, the fact the
players just saw rather than an older decision behind it, and how to correct the table instead."""

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from companion.errors import RuleViolation
from companion.games.kit import guide
from companion.games.kit.words import shortened, undo_refused
from companion.games.point_blank.aeo.events import AeoActed, AeoCardsDiscarded, AeoCoverSpent, AeoRowFilled, AeoUpkept
from companion.games.point_blank.aeo.state import NOTED, STEPS, Noted
from companion.games.point_blank.aeo.view import act_line, short
from companion.games.point_blank.catalog import Catalog
from companion.games.point_blank.events import CheckResolved, ImpulseEnded, ObjectiveControlled, TurnEnded, UnitAdded
from companion.games.point_blank.state import PointBlankState, TurnOver
from companion.games.point_blank.view import check_title
from companion.journal.events import Event
from companion.journal.record import Record

Said = Callable[[Event], str]
CORRECTS = "t corrects a unit, T a Sector's card"
"""The keys that correct the table where setup stands."""
AS_THE_AEO_DID = "13.0: adapt its play, t, p"
"""What the players do instead: correct the table with Edit unit (t) and Marker card (p)."""


def noted(state: PointBlankState, record: Record) -> PointBlankState:
    """The state with what undo needs to know of `record`: where the impulse began, the AEO's latest fact."""
    event = record.event
    if isinstance(event, ImpulseEnded | TurnEnded):
        state = replace(state, impulse_began=record.seq)
        over = state.turn_over
        return replace(state, turn_over=replace(over, stands=record.seq)) if isinstance(event, TurnEnded) and over \
            else state
    over = state.turn_over
    if over is not None and record.seq == over.stands + 1 and brought(state, over, event):
        state = replace(state, turn_over=replace(over, stands=record.seq))
    aeo = state.aeo
    if aeo is None or not isinstance(event, NOTED):
        return state
    stepped = record.seq if isinstance(event, STEPS) else aeo.stepped
    return replace(state, aeo=replace(aeo, latest=Noted(record.seq, event), stepped=stepped))


def brought(state: PointBlankState, over: TurnOver, event: Event) -> bool:
    """Whether `event`, recorded right after what the turn end brought, is more of it: control it
    changed, a terrain card drawn, one of the units the scenario has arrive at the next turn's
    start. The scenario's arrivals come with the turn end, before anything the players add; a
    unit they add by hand once those are in is their own decision."""
    if isinstance(event, UnitAdded):
        scenario = state.scenario
        owed = sum(force.arrives_in(state.turn) for force in scenario.forces) if scenario is not None else 0
        return len(state.units) - over.units <= owed
    return isinstance(event, ObjectiveControlled) or not event.undoable


def check_undo(state: PointBlankState, target: Record, verb: Literal["undo", "redo"], said: Said,
               catalog: Catalog | None) -> None:
    """Refuses to take `target` back (or put it back) where the table has moved on, naming why."""
    if state.check is not None and not isinstance(target.event, AeoCoverSpent):
        # Only the AEO's cover is decided during a check; taking back the order that started
        # it would leave the check to apply its result all the same.
        raise RuleViolation(f"finish the check in progress first, or abandon it (x, its cards stay drawn): "
                            f"{shortened(check_title(state, catalog, state.check.check))}")
    if verb == "redo":
        guide.check_undo(state.guide, target, CORRECTS, said)
        return
    aeo_facts(state, target, said, catalog)
    guide.check_undo(state.guide, target, CORRECTS, said)
    if target.seq < state.impulse_began or (state.turn_over is not None and target.seq <= state.turn_over.stands):
        # The other side has played on what the impulse left, or the turn's end reset the table,
        # shuffled a new deck and brought the scenario's reinforcements: a wrong marker is
        # corrected, not undone, and no card is un-drawn.
        raise RuleViolation(undo_refused(said(target.event), boundary(state)))
    turn = state.aeo.impulse if state.aeo is not None else None
    if isinstance(target.event, AeoRowFilled) and (
            turn is None or turn.read != target.event.read or turn.acts or turn.pending is not None):
        raise RuleViolation("cannot undo the AEO table's row: the AEO has acted on it (correct the row in "
                            "your aeo_table.toml)")


def boundary(state: PointBlankState) -> str:
    """Why a decision before the latest impulse's or turn's end stands, and how to correct the
    table instead: the turn's end while its checklist is up (it may have come in the middle of an
    impulse, with the deck's last card), else the impulse's."""
    if state.turn_over is not None:
        return (f"turn {state.turn_over.turn} has ended since, and its end stands (4.13); correct the table "
                "with Edit unit, t, or Marker card, p")
    return "its impulse is over (correct the table with Edit unit, t, or Marker card, p)"


def aeo_facts(state: PointBlankState, target: Record, said: Said, catalog: Catalog | None) -> None:
    """Refuses an undo that would reach behind the AEO's latest fact of this impulse: past the
    setup or an impulse's end behind it (naming that fact, which the players just saw, rather than
    the older decision), or a check's result the AEO took its next step on (its smoke d6 on the
    smoke attempt's, the move after it, the next attack, its leaders). Short enough for the two
    lines a refusal has on screen; Messages keeps it whole."""
    aeo = state.aeo
    latest = aeo.latest if aeo is not None else None
    if aeo is None or latest is None or latest.seq <= max(target.seq, state.impulse_began):
        return
    fact = fact_words(state, latest, said, catalog)
    why, fix = reasons(latest)
    setup = state.guide is not None and not state.guide.setting_up and target.seq <= state.guide.started
    if setup or target.seq < state.impulse_began:
        raise RuleViolation(undo_refused(fact, f"{why} ({fix})"))
    if isinstance(target.event, CheckResolved) and aeo.stepped > target.seq:
        check = check_title(state, catalog, target.event.check)
        raise RuleViolation(undo_refused(check, f"the AEO went on from it, “{shortened(fact)}”: {why} ({fix})"))


def fact_words(state: PointBlankState, latest: Noted, said: Said, catalog: Catalog | None) -> str:
    if isinstance(latest.by, AeoActed) and catalog is not None:
        return short(act_line(state, catalog, latest.by.act))
    return said(latest.by)


def reasons(latest: Noted) -> tuple[str, str]:
    """Why the AEO's fact stands, and what the players may do instead."""
    match latest.by:
        case AeoCardsDiscarded():
            return "undo never un-draws a card", "a miscount: Correct deck, s"
        case AeoUpkept():
            return "its Upkeep is done (12.3.1)", "what it left: M, k, t"
        case AeoActed():
            return "undo never makes the AEO choose again", AS_THE_AEO_DID
    return "undo never re-rolls", AS_THE_AEO_DID
