"""Take Cover's fire, step by step: the Fire card (with Grenades and Flank), the defender's Dig In,
the d10, and reaction fire after a 10, which may chain."""

from dataclasses import replace

from companion.errors import NothingToDo, RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.games.take_cover.cards import MAX_DIG_IN, Side, SquadName, owner
from companion.games.take_cover.commands import DeclineReaction, DigIn, OpenFire, ReactionFire, RollDie
from companion.games.take_cover.deck import check_unseen, played
from companion.games.take_cover.events import DugIn, FireOpened, FireRolled, ReactionDeclined, ReactionFireOpened
from companion.games.take_cover.fire import firepower, modified_firepower, outcome, targeting_refusal
from companion.games.take_cover.state import Fire, Reaction, TakeCoverState
from companion.games.take_cover.table import (
    Context,
    action_done,
    die,
    hit,
    require_action,
    require_hand,
    require_own_standing,
    rolled,
)
from companion.journal.events import Event
from companion.journal.record import Record


def check_fire(state: TakeCoverState, side: Side, firer: SquadName, target: SquadName, grenades: int,
               flank: bool) -> None:
    """Raises `RuleViolation` naming the rule a Fire card played so would break."""
    require_own_standing(state, side, firer)
    squad = state.squad(firer)
    if flank and squad.leader is None:
        raise RuleViolation(f"Flank needs a leader on the firing squad: {firer} has none")
    refusal = targeting_refusal(state, firer, target, flank)
    if refusal is not None:
        raise RuleViolation(refusal)
    check_grenades(state, firer, grenades)
    cards = ["Fire", *(["Grenade"] * grenades), *(["Flank"] if flank else [])]
    require_hand(state, side, len(cards), " + ".join(cards))
    check_unseen(state.deck, state.squads, "fire")
    if flank:
        check_unseen(state.deck, state.squads, "flank")


def check_dig_in(state: TakeCoverState, defender: Side, count: int) -> None:
    """Raises `RuleViolation` when the defender cannot play `count` Dig In cards against a fire."""
    if count > MAX_DIG_IN:
        raise RuleViolation(f"at most {MAX_DIG_IN} Dig In cards against one fire")
    require_hand(state, defender, count, "Dig In")
    if count:
        check_unseen(state.deck, state.squads, "dig_in", count)


def check_grenades(state: TakeCoverState, firer: SquadName, grenades: int) -> None:
    advance = state.squad(firer).advance
    if grenades > advance:
        raise RuleViolation(f"one Grenade per advance marker: {firer} has {advance}")
    if grenades:
        check_unseen(state.deck, state.squads, "grenade", grenades)


def mfp_of(state: TakeCoverState, fire: Fire, dig_ins: int) -> int:
    return modified_firepower(state.squad(fire.firer), fire.grenades, state.squad(fire.target), dig_ins)


def decide(state: TakeCoverState, command: Command, context: Context) -> list[Event] | None:
    match command:
        case OpenFire(squad=firer, target=target, grenades=grenades, flank=flank):
            side = require_action(state)
            check_fire(state, side, firer, target, grenades, flank)
            return [FireOpened(side=side, squad=firer, target=target, grenades=grenades, flank=flank,
                               firepower=firepower(state.squad(firer), grenades))]
        case DigIn(count=count):
            fire = state.fire
            if fire is None or fire.dig_ins is not None:
                raise NothingToDo("Dig In cards are played against a fire, before its roll")
            check_dig_in(state, owner(fire.target), count)
            return [DugIn(squad=fire.target, count=count, mfp=mfp_of(state, fire, count))]
        case RollDie() | EnterFace() if state.fire is not None:
            fire = state.fire
            if fire.dig_ins is None:
                raise RuleViolation(f"before the roll, {fire.target} says how many Dig In cards it plays "
                                    "(none is an answer)")
            face, source = die(command, context)
            mfp = mfp_of(state, fire, fire.dig_ins)
            return [FireRolled(squad=fire.firer, target=fire.target, mfp=mfp, face=face, source=source,
                               result=outcome(mfp, face))]
        case ReactionFire(grenades=grenades, flank=flank):
            reaction = state.reaction
            if reaction is None:
                raise NothingToDo("reaction fire follows a roll of 10 only")
            if flank:
                raise RuleViolation("Flank cards cannot be played in reaction fire")
            check_grenades(state, reaction.squad, grenades)
            require_hand(state, owner(reaction.squad), grenades, "the Grenades")
            return [ReactionFireOpened(squad=reaction.squad, target=reaction.target, grenades=grenades,
                                       firepower=firepower(state.squad(reaction.squad), grenades))]
        case DeclineReaction():
            if state.reaction is None:
                raise NothingToDo("no reaction fire is offered")
            return [ReactionDeclined(squad=state.reaction.squad)]
    return None


def evolve(state: TakeCoverState, record: Record, voided: bool) -> TakeCoverState | None:
    event = record.event
    if isinstance(event, FireRolled):
        state = rolled(state, record, event, voided)
        return state if voided else fire_rolled(state, event)
    if not isinstance(event, FireOpened | DugIn | ReactionFireOpened | ReactionDeclined):
        return None
    if voided:
        return state
    match event:
        case FireOpened(side=side, squad=firer, target=target, grenades=grenades, flank=flank):
            deck = played(state.deck, side, {"fire": 1, "grenade": grenades, "flank": int(flank)})
            fire = Fire(firer=firer, target=target, grenades=grenades, flank=flank)
            return replace(state, deck=deck, fire=fire).noted(event)
        case DugIn(squad=defender, count=count):
            assert state.fire is not None
            deck = played(state.deck, owner(defender), {"dig_in": count})
            return replace(state, deck=deck, fire=replace(state.fire, dig_ins=count)).noted(event)
        case ReactionFireOpened(squad=squad, target=target, grenades=grenades):
            deck = played(state.deck, owner(squad), {"grenade": grenades})
            fire = Fire(firer=squad, target=target, grenades=grenades, reaction=True)
            return replace(state, deck=deck, fire=fire, reaction=None).noted(event)
        case ReactionDeclined():
            return action_done(replace(state, reaction=None).noted(event))
    return state


def fire_rolled(state: TakeCoverState, event: FireRolled) -> TakeCoverState:
    state = replace(state, fire=None).noted(event)
    if event.result == "reaction":
        return replace(state, reaction=Reaction(squad=event.target, target=event.squad))
    if event.result == "hit":
        state = hit(state, event.target)
    return action_done(state)
