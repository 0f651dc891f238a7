"""Take Cover's setup, who goes first, and the actions done in one step: Smoke, Attach, Detach,
Discard, Advance, and the correction of a squad's markers."""

from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.games.take_cover.cards import (
    ATTACH_KINDS,
    HAND_SIZE,
    HITS_TO_ELIMINATE,
    MAX_ADVANCE,
    SIDES,
    AttachKind,
    Side,
    SquadName,
    misprinted,
)
from companion.games.take_cover.commands import (
    Advance,
    Attach,
    CorrectSquad,
    Detach,
    Discard,
    EndTurn,
    PlaySmoke,
    RollDie,
    SetUpGame,
)
from companion.games.take_cover.deck import dealt, face_down, played, to_table, unseen
from companion.games.take_cover.events import (
    AdvanceMarkerPlaced,
    CardAttached,
    CardDetached,
    CardsDiscarded,
    FirstPlayerRolled,
    GameSetUp,
    SmokePlayed,
    SquadCorrected,
    TurnEnded,
)
from companion.games.take_cover.notes import FirstChosen, RollTied
from companion.games.take_cover.state import TakeCoverState
from companion.games.take_cover.table import (
    Context,
    action_done,
    die,
    eliminated,
    over_if_won,
    removed,
    require_action,
    require_hand,
    require_own_standing,
    rolled,
    to_draw,
    turn_ended,
)
from companion.journal.events import Event
from companion.journal.record import Record


def decide(state: TakeCoverState, command: Command, context: Context) -> list[Event] | None:
    """The events for a command of this family; None for a command of another family."""
    match command:
        case SetUpGame(advance_victory=advance_victory, set_aside=set_aside):
            if state.phase != "setup":
                raise RuleViolation("the game is already set up")
            return [GameSetUp(advance_victory=advance_victory, set_aside=set_aside, deck=context.deck.counts())]
        case RollDie() | EnterFace() if state.phase == "first":
            face, source = die(command, context)
            return [FirstPlayerRolled(side=next_to_roll(state), face=face, source=source)]
        case EndTurn():
            if state.phase != "turn" or state.busy or not state.acted:
                require_action(state)
                raise RuleViolation("passing the turn is not allowed: every turn is one action "
                                    "(Discard lets you draw up to five)")
            assert state.to_act is not None
            drawn, shuffles = to_draw(state)
            return [TurnEnded(side=state.to_act, drawn=drawn, reshuffles=shuffles)]
        case PlaySmoke():
            side = require_action(state)
            require_hand(state, side, 1, "Smoke")
            return [SmokePlayed(side=side)]
        case Attach(squad=name, card=card):
            side = require_action(state)
            check_attach(state, side, name, card.kind)
            if misprinted(card.kind, card.modifier):
                raise RuleViolation(misprinted(card.kind, card.modifier))
            return [CardAttached(side=side, squad=name, card=card)]
        case Detach(squad=name, kind=kind):
            side = require_action(state)
            require_own_standing(state, side, name)
            found = state.squad(name).card(kind)
            if found is None:
                raise RuleViolation(f"{name} has no {kind} card to detach")
            return [CardDetached(side=side, squad=name, kind=kind, name=found.name)]
        case Discard(count=count):
            side = require_action(state)
            check_discard(state, side, count)
            return [CardsDiscarded(side=side, count=count)]
        case Advance(squad=name):
            side = require_action(state)
            check_advance(state, side, name)
            return [AdvanceMarkerPlaced(side=side, squad=name)]
        case CorrectSquad(squad=name, hits=hits, advance=advance):
            if state.phase != "turn":
                raise RuleViolation("squads are corrected during play")
            if state.squad(name).eliminated:
                raise RuleViolation(f"squad {name} is eliminated")
            return [SquadCorrected(squad=name, hits=hits, advance=advance)]
    return None


def check_attach(state: TakeCoverState, side: Side, name: SquadName, kind: AttachKind) -> None:
    require_own_standing(state, side, name)
    held = state.squad(name).card(kind)
    if held is not None:
        raise RuleViolation(f"{name} already has a {kind} card ({held.describe()}): one weapon, "
                            "one leader and one terrain card per squad; detach it first")
    require_hand(state, side, 1, "Attach")


def attachable(state: TakeCoverState, side: Side) -> list[tuple[SquadName, AttachKind]]:
    """Each standing squad of `side` with each kind of card it has no card of, of the kinds some
    hand may hold (not all out since the last reshuffle)."""
    left = unseen(state.deck, state.squads)
    return [(squad.name, kind) for squad in state.standing(side) for kind in ATTACH_KINDS
            if squad.card(kind) is None and left.get(kind, 0)]


def check_discard(state: TakeCoverState, side: Side, count: int) -> None:
    in_hand = state.deck.hand(side)
    if count > in_hand:
        raise RuleViolation(f"{side} has only {in_hand} cards in hand")
    if count == 0 and in_hand >= HAND_SIZE:
        raise RuleViolation("with five cards in hand, discard at least one")


def check_advance(state: TakeCoverState, side: Side, name: SquadName) -> None:
    require_own_standing(state, side, name)
    squad = state.squad(name)
    if squad.leader is None:
        raise RuleViolation(f"Advance needs a leader on the squad: {name} has none")
    if squad.advance >= MAX_ADVANCE:
        raise RuleViolation(f"{name} has {MAX_ADVANCE} advance markers: at most {MAX_ADVANCE} on a squad")
    require_hand(state, side, 1, "Advance")


def next_to_roll(state: TakeCoverState) -> Side:
    return SIDES[0] if state.first_rolls[0] is None else SIDES[1]


def evolve(state: TakeCoverState, record: Record, voided: bool) -> TakeCoverState | None:
    """The state after an event of this family; None for an event of another family."""
    event = record.event
    if isinstance(event, FirstPlayerRolled):
        state = rolled(state, record, event, voided)
        return state if voided else first_rolled(state, event)
    if isinstance(event, TurnEnded):
        return turn_ended(state, record)
    if not isinstance(event, GameSetUp | SmokePlayed | CardAttached | CardDetached | CardsDiscarded
                      | AdvanceMarkerPlaced | SquadCorrected):
        return None
    if voided:
        return state
    match event:
        case GameSetUp():
            return replace(state, phase="first", advance_victory=event.advance_victory,
                           set_aside_option=event.set_aside, deck=dealt(event.deck, event.set_aside)
                           ).noted(event)
        case SmokePlayed(side=side):
            return replace(state, deck=played(state.deck, side, {"smoke": 1}), smoked=True).noted(event)
        case CardAttached(side=side, squad=name, card=card):
            squad = state.squad(name).with_card(card.kind, card)
            state = replace(state, deck=to_table(state.deck, side)).with_squad(squad)
        case CardDetached(squad=name, kind=kind):
            state = removed(state, name, kind)
        case CardsDiscarded(side=side, count=count):
            state = replace(state, deck=face_down(state.deck, side, count))
        case AdvanceMarkerPlaced(side=side, squad=name):
            squad = state.squad(name)
            state = replace(state, deck=played(state.deck, side, {"advance": 1}))
            state = state.with_squad(replace(squad, advance=squad.advance + 1))
        case SquadCorrected(squad=name, hits=hits, advance=advance):
            state = state.with_squad(replace(state.squad(name), hits=hits, advance=advance))
            if hits >= HITS_TO_ELIMINATE:
                state = eliminated(state, name)
            return over_if_won(state.noted(event))
    return action_done(state.noted(event))


def first_rolled(state: TakeCoverState, event: FirstPlayerRolled) -> TakeCoverState:
    rolls = list(state.first_rolls)
    rolls[SIDES.index(event.side)] = event.face
    state = replace(state, first_rolls=(rolls[0], rolls[1])).noted(event)
    german, russian = rolls
    if german is None or russian is None:
        return state
    if german == russian:
        return replace(state, first_rolls=(None, None)).noted(RollTied(face=german))
    first: Side = SIDES[0] if german > russian else SIDES[1]
    return replace(state, phase="turn", to_act=first, turn=1).noted(FirstChosen(side=first))
