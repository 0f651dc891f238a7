"""What every action does on the table, shared by the rules' families: dice, hits, removed cards,
the end of a turn with its draw, and the winner."""

from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.errors import BadFace, RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.games.take_cover.cards import HITS_TO_ELIMINATE, MAX_ADVANCE, SIDES, AttachKind, Side, SquadName, enemy
from companion.games.take_cover.charts import Charts
from companion.games.take_cover.commands import RollDie
from companion.games.take_cover.deck import DrawStep, drawing, drawn_up, from_table
from companion.games.take_cover.events import (
    EventRolled,
    FireRolled,
    FirstPlayerRolled,
    MedicRolled,
    Source,
    TurnEnded,
)
from companion.games.take_cover.library import DeckFile
from companion.games.take_cover.notes import GameWon, HitTaken, LastTurnPlayed, SquadEliminated, WinKind
from companion.games.take_cover.state import Settled, TakeCoverState, squads_of
from companion.games.take_cover.words import game_over
from companion.journal.record import Record


@dataclass(frozen=True, slots=True)
class Context:
    """What deciding needs besides the state: the d10 and the data files."""

    roll: Callable[[], int]
    deck: DeckFile
    charts: Charts


def face_of(entered: int) -> int:
    """A keyed d10 face: 0 reads as 10."""
    if entered == 0:
        return 10
    if not 1 <= entered <= 10:
        raise BadFace(f"{entered} is not a face of a d10: key 1 to 9, or 0 for 10")
    return entered


def die(command: Command, context: Context) -> tuple[int, Source]:
    if isinstance(command, EnterFace):
        return face_of(command.entered), "physical"
    assert isinstance(command, RollDie)
    return context.roll(), "generated"


def waiting_for(state: TakeCoverState) -> str:
    """What the game waits for, in words: `C's Dig In against A's fire`."""
    if state.fire is not None:
        fire = state.fire
        if fire.dig_ins is None:
            return f"{fire.target}'s Dig In cards against {fire.firer}'s fire"
        return f"the roll of {fire.firer}'s fire at {fire.target}"
    if state.reaction is not None:
        return f"{state.reaction.squad} may fire back at {state.reaction.target}, or not"
    if state.play is not None:
        play = state.play
        name = play.card.capitalize()
        if play.redirect:
            return f"{play.holder}: the enemy squad the backfired {name} is played on"
        if play.face is not None:
            return f"{play.holder}: what the {name} card says for {play.face}"
        return f"the roll of the {name} on {play.target}"
    return "nothing"


def require_action(state: TakeCoverState) -> Side:
    """The side to act, when a new action may start now."""
    if state.phase == "setup":
        raise RuleViolation("set the game up first")
    if state.phase == "first":
        raise RuleViolation("roll for who goes first, first")
    if state.phase == "over":
        raise RuleViolation(game_over(state))
    if state.busy:
        raise RuleViolation(f"finish what is in progress first: {waiting_for(state)}")
    assert state.to_act is not None
    if state.acted:
        raise RuleViolation(f"{state.to_act} has taken this turn's action: Next draws up to five and ends the turn")
    return state.to_act


def require_hand(state: TakeCoverState, side: Side, needed: int, what: str) -> None:
    held = state.deck.hand(side)
    if held < needed:
        cards = "card" if held == 1 else "cards"
        raise RuleViolation(f"{side} has {held} {cards} in hand: {what} needs {needed}")


def require_own_standing(state: TakeCoverState, side: Side, name: SquadName) -> None:
    squad = state.squad(name)
    if squad.side != side:
        own = ", ".join(s.name for s in squads_of(state, side))
        raise RuleViolation(f"squad {name} is {squad.side}: {side} plays on {own}")
    if squad.eliminated:
        raise RuleViolation(f"squad {name} is eliminated")


# Folding


def rolled(state: TakeCoverState, record: Record, event: FirstPlayerRolled | FireRolled | EventRolled | MedicRolled,
           voided: bool) -> TakeCoverState:
    """Every roll, in force or taken back, flashes the roll LED once and is a fact undo stops at."""
    fact = Settled(record.seq, keyed=event.source == "physical", taken_back=voided, by=event)
    return replace(state, last_roll=record.seq, fact=fact)


def hit(state: TakeCoverState, name: SquadName) -> TakeCoverState:
    squad = state.squad(name)
    if squad.hits + 1 >= HITS_TO_ELIMINATE:
        return eliminated(state, name)
    return state.with_squad(replace(squad, hits=squad.hits + 1)).noted(HitTaken(squad=name, hits=squad.hits + 1))


def eliminated(state: TakeCoverState, name: SquadName) -> TakeCoverState:
    """Three hits: the squad falls and its attached cards go to the discard pile."""
    squad = state.squad(name)
    cards = squad.attached
    deck = from_table(state.deck, {card.kind: 1 for card in cards})
    gone = replace(squad, hits=HITS_TO_ELIMINATE, advance=0, weapon=None, leader=None, terrain=None, eliminated=True)
    discarded = tuple(card.name for card in cards)
    return replace(state, deck=deck).with_squad(gone).noted(SquadEliminated(squad=name, discarded=discarded))


def removed(state: TakeCoverState, name: SquadName, kind: AttachKind) -> TakeCoverState:
    squad = state.squad(name)
    return replace(state, deck=from_table(state.deck, {kind: 1})).with_squad(squad.with_card(kind, None))


def winner(state: TakeCoverState) -> tuple[Side, WinKind] | None:
    for side in SIDES:
        if not state.standing(side):
            return enemy(side), "eliminated"
    if state.advance_victory:
        for side in SIDES:
            if all(squad.advance == MAX_ADVANCE for squad in squads_of(state, side)):
                return side, "advance"
    return None


def over_if_won(state: TakeCoverState) -> TakeCoverState:
    found = winner(state)
    if found is None:
        return state
    side, by = found
    return replace(state, phase="over", winner=side, won_by=by, to_act=None, smoked=False,
                   fire=None, reaction=None, play=None).noted(GameWon(side=side, by=by))


def action_done(state: TakeCoverState) -> TakeCoverState:
    """The turn's action is resolved: the game may be won; else the side draws up with Next."""
    state = over_if_won(state)
    return state if state.phase == "over" else replace(state, acted=True)


def turn_ended(state: TakeCoverState, record: Record) -> TakeCoverState:
    """The acting side draws back up to five (the players draw; the companion counts) and the
    other side acts. The draw is a fact undo stops at."""
    side = state.to_act
    assert side is not None
    deck, drawn, shuffles = drawn_up(state.deck, side, state.set_aside_option)
    # The draw as this fold counted it, so the log and an undo refusal say what the companion counted.
    drew = TurnEnded(side=side, drawn=drawn, reshuffles=shuffles)
    state = replace(state, deck=deck, smoked=False, acted=False, to_act=enemy(side), turn=state.turn + 1,
                    fact=Settled(record.seq, by=drew))
    return time_up(state.noted(drew))


def time_up(state: TakeCoverState) -> TakeCoverState:
    """After a scenario's last turn the game is over; its victory conditions say who won."""
    limit = state.scenario.turns if state.scenario is not None else None
    if limit is None or state.turn <= limit:
        return state
    return replace(state, phase="over", winner=None, won_by="last_turn", to_act=None).noted(LastTurnPlayed(turn=limit))


def to_draw(state: TakeCoverState) -> tuple[int, int]:
    """How many cards the side to act draws at the end of its turn, and how many reshuffles that takes."""
    assert state.to_act is not None
    _, drawn, shuffles = drawn_up(state.deck, state.to_act, state.set_aside_option)
    return drawn, shuffles


def draw_steps(state: TakeCoverState) -> tuple[DrawStep, ...]:
    """What the side to act does, in order, to draw back up to five: cards drawn and reshuffles."""
    assert state.to_act is not None
    return drawing(state.deck, state.to_act, state.set_aside_option)[1]
