"""Take Cover's Event cards (Sniper, Mine, Artillery Round, Strafe) and Medic cards: played on a
squad, a d10 on the card's chart, a backfire handing the card over, the result applied."""

from dataclasses import replace

from companion.errors import NothingToDo, RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.games.take_cover.cards import Side, SquadName, enemy, owner
from companion.games.take_cover.charts import EventEffect
from companion.games.take_cover.commands import PlayEvent, PlayMedic, ReadChart, RedirectEvent, RollDie
from companion.games.take_cover.deck import medic_aside, played
from companion.games.take_cover.events import (
    ChartRead,
    EventCardPlayed,
    EventRedirected,
    EventRolled,
    MedicPlayed,
    MedicRolled,
)
from companion.games.take_cover.notes import AdvanceLost, Backfired, CardLost, NothingToRemove
from companion.games.take_cover.state import CardPlay, TakeCoverState
from companion.games.take_cover.table import (
    Context,
    action_done,
    die,
    hit,
    removed,
    require_action,
    require_hand,
    require_own_standing,
    rolled,
)
from companion.journal.events import Event
from companion.journal.record import Record


def enemy_targets(state: TakeCoverState, holder: Side) -> tuple[SquadName, ...]:
    """The squads an Event card in `holder`'s hands may be played on: any standing enemy squad."""
    return tuple(squad.name for squad in state.standing(enemy(holder)))


def check_event_target(state: TakeCoverState, holder: Side, target: SquadName) -> None:
    if target not in enemy_targets(state, holder):
        squad = state.squad(target)
        why = "eliminated" if squad.eliminated else f"{squad.side}, {holder}'s own"
        raise RuleViolation(f"an Event card is played on an enemy squad: {target} is {why}")


def check_medic(state: TakeCoverState, side: Side, name: SquadName) -> None:
    require_own_standing(state, side, name)
    if state.squad(name).hits == 0:
        raise RuleViolation(f"{name} has no hit marker for a Medic to remove")


def decide(state: TakeCoverState, command: Command, context: Context) -> list[Event] | None:
    match command:
        case PlayEvent(card=card, target=target):
            side = require_action(state)
            check_event_target(state, side, target)
            require_hand(state, side, 1, card.capitalize())
            return [EventCardPlayed(side=side, card=card, target=target)]
        case PlayMedic(squad=name):
            side = require_action(state)
            check_medic(state, side, name)
            require_hand(state, side, 1, "Medic")
            return [MedicPlayed(side=side, squad=name)]
        case RollDie() | EnterFace() if state.play is not None:
            play = state.play
            if play.redirect:
                raise RuleViolation(f"first {play.holder} chooses the enemy squad for the backfired card")
            if play.face is not None:
                raise RuleViolation(f"the {play.card.capitalize()} was rolled: say what the card shows for {play.face}")
            face, source = die(command, context)
            if play.card == "medic":
                return [MedicRolled(squad=play.target, face=face, source=source,
                                    effect=context.charts.medic.results[face])]
            return [EventRolled(card=play.card, target=play.target, face=face, source=source,
                                effect=context.charts.event(play.card).effect(face))]
        case ReadChart(effect=effect):
            reading = state.play
            if reading is None or reading.face is None or reading.card == "medic":
                raise NothingToDo("no card waits for its chart to be read")
            return [ChartRead(card=reading.card, face=reading.face, effect=effect)]
        case RedirectEvent(target=target):
            backfired = state.play
            if backfired is None or not backfired.redirect or backfired.card == "medic":
                raise NothingToDo("no backfired card waits for a new target")
            check_event_target(state, backfired.holder, target)
            return [EventRedirected(side=backfired.holder, card=backfired.card, target=target)]
    return None


def evolve(state: TakeCoverState, record: Record, voided: bool) -> TakeCoverState | None:
    event = record.event
    if isinstance(event, EventRolled | MedicRolled):
        state = rolled(state, record, event, voided)
        if voided:
            return state
        state = state.noted(event)
        if isinstance(event, MedicRolled):
            return medic_rolled(state, event)
        if event.effect is None:
            assert state.play is not None
            return replace(state, play=replace(state.play, face=event.face))
        return applied(state, event.effect)
    if not isinstance(event, EventCardPlayed | MedicPlayed | ChartRead | EventRedirected):
        return None
    if voided:
        return state
    state = state.noted(event)
    match event:
        case EventCardPlayed(side=side, card=card, target=target):
            return replace(state, deck=played(state.deck, side, {card: 1}),
                           play=CardPlay(card=card, target=target, holder=side))
        case MedicPlayed(side=side, squad=name):
            return replace(state, deck=medic_aside(state.deck, side),
                           play=CardPlay(card="medic", target=name, holder=side))
        case ChartRead(effect=effect):
            return applied(state, effect)
        case EventRedirected(target=target):
            assert state.play is not None
            return replace(state, play=replace(state.play, target=target, redirect=False))
    return state


def applied(state: TakeCoverState, effect: EventEffect) -> TakeCoverState:
    """The chart's result on the card's target; a backfire hands the card to the target's owner,
    who plays it on one of their enemy's squads (chosen for them when there is only one)."""
    play = state.play
    assert play is not None
    target = state.squad(play.target)
    if effect == "backfire":
        assert play.card != "medic"
        holder = owner(play.target)
        choices = enemy_targets(state, holder)
        only = choices[0] if len(choices) == 1 else None
        return replace(state, play=replace(play, holder=holder, face=None, target=only or play.target,
                                           redirect=only is None)
                       ).noted(Backfired(holder=holder, card=play.card, target=only))
    state = replace(state, play=None)
    if effect == "hit":
        state = hit(state, play.target)
    elif effect == "advance":
        if target.advance:
            state = state.with_squad(replace(target, advance=target.advance - 1)).noted(AdvanceLost(squad=play.target))
        else:
            state = state.noted(NothingToRemove(squad=play.target, missing="advance"))
    elif effect in ("cover", "leader", "weapon"):
        kind = "terrain" if effect == "cover" else effect
        card = target.card(kind)
        if card is not None:
            state = removed(state, play.target, kind).noted(CardLost(squad=play.target, name=card.name))
        else:
            state = state.noted(NothingToRemove(squad=play.target, missing=kind))
    return action_done(state)


def medic_rolled(state: TakeCoverState, event: MedicRolled) -> TakeCoverState:
    state = replace(state, play=None)
    squad = state.squad(event.squad)
    if event.effect == "heal" and squad.hits:
        state = state.with_squad(replace(squad, hits=squad.hits - 1))
    return action_done(state)
