"""Checks in play: started, fed card by card (or die by die), resolved onto the units, abandoned.

A card drawn is a fact and stays drawn; a check's result is a decision undo may take back.
"""

import random
from dataclasses import replace

from companion.errors import BadFace, NothingToDo, Overridable, RuleViolation
from companion.games.point_blank.checks.base import Outcome
from companion.games.point_blank.checks.battlefield import Bog, FatigueBonus, PlainCheck, Reinforcement
from companion.games.point_blank.checks.fire import Minefield, Sniper
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.commands import CancelCheck, EnterPip, RollDie, StartCheck
from companion.games.point_blank.events import (
    CheckAbandoned,
    CheckResolved,
    CheckStarted,
    DeckReshuffled,
    DieThrown,
    PipDrawn,
)
from companion.games.point_blank.state import PendingCheck, PointBlankState
from companion.games.point_blank.table import changed, marked
from companion.games.point_blank.turns import Fold, drawn
from companion.games.point_blank.view import game_over_why
from companion.journal.events import Event

# decide


def start(command: StartCheck) -> list[Event]:
    return [CheckStarted(check=command.check)]


def cancel(state: PointBlankState, _: CancelCheck) -> list[Event]:
    if state.check is None:
        raise NothingToDo("no check in progress")
    return [CheckAbandoned(check=state.check.check)]


def enter(state: PointBlankState, command: EnterPip, fold: Fold) -> list[Event]:
    return _draw(state, command.pip, command.force, command.plain, generated=False, fold=fold)


def roll(state: PointBlankState, command: RollDie, rng: random.Random, fold: Fold) -> list[Event]:
    if not state.dice_mode:
        raise RuleViolation("this game reads its checks from card pips: draw a card and key its pips (4.11)")
    if state.check is None and not command.plain and not state.game_over:
        raise Overridable("no check in progress: Confirm rolls a die for a plain d6 check; "
                          "this discards a card unseen (4.11)", override=RollDie(plain=True))
    return _draw(state, rng.randint(1, 6), False, True, generated=True, fold=fold)


def _draw(state: PointBlankState, pip: int, force: bool, plain: bool, generated: bool, fold: Fold) -> list[Event]:
    if not 1 <= pip <= 6:
        raise BadFace(f"{pip} is not a d6 result: enter 1 to 6")
    events: list[Event] = []
    if state.check is None:
        if state.game_over:
            raise RuleViolation(f"game over: {game_over_why(state)}: no card is drawn any more")
        if not plain:
            # A stray face key must not put the count a card away from the real deck.
            raise Overridable(f"no check in progress: Confirm counts a {pip} drawn for a plain d6 check",
                              override=EnterPip(pip=pip, force=force, plain=True))
        events.append(CheckStarted(check=PlainCheck()))
        state = fold(state, events)
    assert state.check is not None
    deck = state.deck
    if deck.exhausted:
        events.append(DeckReshuffled())
        deck = deck.reshuffled()
    if state.dice_mode:
        events.append(DieThrown(face=pip, generated=generated))
    else:
        possible = deck.could_draw(pip)
        if not possible and not force:
            raise Overridable(
                f"the deck cannot hold another {pip}: all {deck.composition[pip - 1]} cards with {pip} "
                "pips have been drawn since the last shuffle. If the deck was miscounted, Confirm enters it anyway",
                override=EnterPip(pip=pip, force=True, plain=plain),
            )
        events.append(PipDrawn(pip=pip, forced=not possible))
    pips = (*state.check.pips, pip)
    outcome = state.check.check.advance(pips)
    if isinstance(outcome, Outcome):
        events.append(CheckResolved(check=state.check.check, pips=pips, outcome=outcome))
    return events


# evolve


def evolve(state: PointBlankState, event: Event, seq: int, voided: bool) -> PointBlankState | None:
    """The state after a check's event; None for another family's event."""
    match event:
        case CheckStarted(check=check):
            return replace(state, check=PendingCheck(check))
        case PipDrawn(pip=pip):
            assert state.check is not None
            pending = replace(state.check, pips=(*state.check.pips, pip))
            return drawn(replace(state, deck=state.deck.draw(pip, event.forced), check=pending))
        case DieThrown(face=face):
            assert state.check is not None
            pending = replace(state.check, pips=(*state.check.pips, face))
            return drawn(replace(state, deck=state.deck.discard_unseen(1), check=pending))
        case CheckAbandoned():
            return replace(state, check=None, deck=state.deck.settle(), log=state.logged(event))
        case CheckResolved():
            return _resolved(replace(state, resolved=seq), event, voided)
    return None


def _resolved(state: PointBlankState, event: CheckResolved, voided: bool) -> PointBlankState:
    state = replace(state, check=None, deck=state.deck.settle())
    if voided:
        return state
    outcome = event.outcome
    state = changed(state, {c.unit: c.changes for c in outcome.changes})
    if isinstance(event.check, Melee):
        state = _melee_resolved(state, event.check)
    for marker in outcome.markers:
        state = marked(state, marker)
    if isinstance(event.check, FatigueBonus) and event.pips[-1] % 2:
        state = replace(state, fatigue_bonus_owed=True, fatigue_bonus_first=event.check.first,
                        fatigue_bonus_sector=event.check.sector)
    if isinstance(event.check, Minefield):
        attacked = {unit.id for unit in event.check.snapshots()}
        state = replace(state, mines_owed=tuple(unit for unit in state.mines_owed if unit not in attacked))
    if isinstance(event.check, Bog):
        state = replace(state, bog_owed=tuple(owed for owed in state.bog_owed if owed[0] != event.check.unit))
    if isinstance(event.check, Reinforcement):
        state = replace(state, reinforced=state.reinforced | set(event.check.arriving(event.pips[0])))
    if isinstance(event.check, Sniper) and outcome.sniper_fate == "removed" and event.check.card_pips is not None:
        state = replace(state, deck=state.deck.card_removed(event.check.card_pips).blank_added())
    elif isinstance(event.check, Sniper) and outcome.sniper_fate == "shuffled" and state.deck.left > 6:
        state = replace(state, deck=state.deck.card_returned())
    return replace(state, log=state.logged(event))


def _melee_resolved(state: PointBlankState, melee: Melee) -> PointBlankState:
    """The pending melee these attackers launched is over; a unit still in another keeps its marker."""
    attackers = {u.id for u in melee.attackers}
    melees = tuple(m for m in state.melees if not attackers & set(m.attackers))
    engaged = {unit for m in melees for unit in (*m.attackers, *m.defenders)}
    state = replace(state, melees=melees)
    return changed(state, {unit: {"in_melee": True} for unit in engaged if not state.unit(unit).eliminated})
