"""Point Blank's deck and turns: setting up, hands dealt and drawn up, the one Action card of an
impulse (6.2), the impulse's end and the turn's end when the deck runs out (4.13)."""

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from companion.errors import RuleViolation
from companion.games.point_blank import fatigue
from companion.games.point_blank.aeo.progress import acting as aeo_acting
from companion.games.point_blank.aeo.state import set_up as aeo_set_up
from companion.games.point_blank.commands import CorrectDeck, SetUpGame
from companion.games.point_blank.deck import Deck
from companion.games.point_blank.events import (
    CardDiscarded,
    CardsDealt,
    DeckCorrected,
    DeckReshuffled,
    GameSetUp,
    HandFlushed,
    ImpulseEnded,
    TurnEnded,
)
from companion.games.point_blank.state import CardUse, PointBlankState, Settings, TurnOver
from companion.games.point_blank.words import CARD_USES, plural
from companion.journal.events import Event

Fold = Callable[[PointBlankState, list[Event]], PointBlankState]
Unfinished = Literal["check", "search", "bonus", "aeo"]
"""The state after some events: how a command's later events are decided on its earlier ones."""


SEARCH_PENDING = "keep one of the two cards the recon's search drew first (S): the search is one action (8.10)"
"""A recon's search is looked at and one card kept before play goes on. The cards are not named:
the refusal is on the screen every side reads."""


# decide


def set_up(state: PointBlankState, command: SetUpGame) -> list[Event]:
    if state.settings is not None:
        raise RuleViolation("the deck and the dice method are locked once the game starts (4.11)")
    setup = GameSetUp(
        cards_per_pip=command.cards_per_pip, dice_mode=command.dice_mode, turn_limit=command.turn_limit,
        hand_size=command.hand_size, first_side=command.first_side, nationalities=command.nationalities,
        aeo_side=command.aeo_side, aeo_posture=command.aeo_posture,
    )
    # Both players draw their hands at setup (5.5); the AEO plays from dice, not a hand (12.2.3).
    return [setup, *(CardsDealt(side=side, count=command.hand_size) for side in (1, 2) if side != command.aeo_side)]


def use_card(state: PointBlankState, how: str, needs_card: bool = True) -> None:
    """Refuses a second Action card or Spend action in the impulse (6.2), or a card from an empty hand."""
    if state.card_used is not None:
        used = CARD_USES[state.card_used]
        raise RuleViolation(f"this impulse's one Action card or Spend action is taken: {used} (6.2)")
    if needs_card and state.deck.hands[state.side - 1] <= 0:
        raise RuleViolation("the side to act has no card in hand")


def flush(state: PointBlankState, fold: Fold) -> list[Event]:
    assert state.settings is not None
    if state.side in state.flushed:
        raise RuleViolation("the side to act has already flushed its hand this turn (6.2.1.5)")
    use_card(state, "flush", needs_card=False)
    flushed = HandFlushed(side=state.side)
    return [flushed, *deal(fold(state, [flushed]), state.side, state.settings.hand_size, fold)]


def discard(state: PointBlankState) -> list[Event]:
    use_card(state, "discard")
    return [CardDiscarded(side=state.side)]


def end_impulse(state: PointBlankState, fold: Fold) -> list[Event]:
    assert state.settings is not None
    if state.search is not None:
        raise RuleViolation(SEARCH_PENDING)
    ended = ImpulseEnded(side=state.side)
    if state.aeo is not None and state.aeo.side == state.side:
        return [ended]
    missing = state.settings.hand_size - state.deck.hands[state.side - 1]
    return [ended, *deal(fold(state, [ended]), state.side, max(0, missing), fold)]


def deal(state: PointBlankState, side: int, count: int, fold: Fold) -> list[Event]:
    """Cards dealt to a hand; when the deck runs out the turn ends and dealing goes on from the new deck."""
    events: list[Event] = []
    while count > 0:
        if state.deck.exhausted:
            more = turn_end(state)
            if not more or not isinstance(more[-1], DeckReshuffled):
                more.append(DeckReshuffled())
            events += more
            state = fold(state, more)
            if state.deck.exhausted:
                break
        take = min(count, state.deck.left)
        dealt = CardsDealt(side=side, count=take)
        events.append(dealt)
        state = fold(state, [dealt])
        count -= take
    return events


def action_unfinished(state: PointBlankState) -> Unfinished | None:
    """What of the impulse's action is still to come, which a turn end waits for (4.13: "once the
    last card is drawn from the Action Card deck and the action is completed (all checks are
    resolved), it triggers the turn end"): a check, a recon's pick (8.10), the second fatigue level
    an odd d6 earned (6.2.1.3), the rest of the AEO's action (12.3.3). None: nothing."""
    if state.check is not None:
        return "check"
    if state.search is not None:
        return "search"
    if state.fatigue_bonus_owed:
        return "bonus"
    if aeo_acting(state):
        return "aeo"
    return None


def turn_end(state: PointBlankState) -> list[Event]:
    """The turn ends once the last card is out and the impulse's action is completed (4.13)."""
    if not state.turn_end_owed or action_unfinished(state) is not None:
        return []
    events: list[Event] = [TurnEnded(turn=state.turn)]
    if state.deck.exhausted:
        events.append(DeckReshuffled())
    return events


def correct_deck(state: PointBlankState, command: CorrectDeck) -> list[Event]:
    """The players' count of the draw pile replaces the companion's. It may hold more than the
    companion counted (a pip keyed for a card never drawn stays drawn: undo never un-draws), but
    never more than the deck holds beside the cards in hands."""
    if state.check is not None:
        raise RuleViolation("finish or abandon the check in progress first: its cards are on the table")
    counted = sum(command.pile)
    if counted < 1:
        raise RuleViolation("the draw pile holds at least one card: with none left, draw for the turn's end")
    deck = state.deck
    room = deck.room_for(command.pile)
    if counted > room:
        hands = sum(deck.hands)
        raise RuleViolation(
            f"{plural(counted, 'card')} in the draw pile and {hands} in the hands make {counted + hands}, more "
            f"than the deck's {deck.corrected(command.pile).size}: the draw pile holds {room} at most; "
            "count its cards alone")
    return [DeckCorrected(pile=command.pile)]


# evolve


def evolve(state: PointBlankState, event: Event, voided: bool) -> PointBlankState | None:
    """The state after a deck or turn event; None for an event of another family."""
    match event:
        case GameSetUp():
            settings = Settings(event.dice_mode, event.turn_limit, event.hand_size, event.nationalities)
            return replace(state, settings=settings, deck=Deck.fresh(event.cards_per_pip), side=event.first_side,
                           aeo=aeo_set_up(state.aeo, event.aeo_side, event.aeo_posture))
        case CardsDealt(side=side, count=count):
            return drawn(replace(state, deck=state.deck.deal(side, count)))
        case DeckReshuffled():
            return replace(state, deck=state.deck.reshuffled())
        case TurnEnded(turn=turn):
            return turn_ended(state, turn, event)
        case HandFlushed(side=side):
            hands = list(state.deck.hands)
            hands[side - 1] = 0
            deck = replace(state.deck, hands=(hands[0], hands[1]))
            return replace(state, deck=deck, card_used="flush", flushed=state.flushed | {side})
        case CardDiscarded(side=side):
            return state if voided else played(state, "discard", side)
        case ImpulseEnded():
            side = 3 - state.side
            units = tuple(fatigue.leader_upkeep(fatigue.impulse_ended(u), side) for u in state.units)
            # The turn end's checklist has been read at the table by the end of the impulse.
            return replace(
                state, units=units, side=side, impulse=state.impulse + 1, card_used=None, second_icon_used=False,
                leaders_acted=frozenset(), fatigue_bonus_owed=False, fatigue_bonus_first=None,
                fatigue_bonus_sector=None, turn_over=None,
                bog_owed=(), mines_owed=(), log=state.logged(event),
            )
        case DeckCorrected(pile=pile):
            if voided:
                return state
            return replace(state, deck=state.deck.corrected(pile), turn_end_owed=False, log=state.logged(event))
    return None


def drawn(state: PointBlankState) -> PointBlankState:
    return replace(state, turn_end_owed=True) if state.deck.exhausted else state


def played(state: PointBlankState, how: CardUse, side: int) -> PointBlankState:
    """A card leaves `side`'s hand as the impulse's action."""
    return replace(state, card_used=how, deck=state.deck.play(side))


def turn_ended(state: PointBlankState, turn: int, event: TurnEnded) -> PointBlankState:
    limit = state.settings.turn_limit if state.settings else None
    over = limit is not None and turn >= limit
    return replace(
        state,
        units=tuple(fatigue.turn_ended(u) for u in state.units),
        turn=turn + 1,
        turn_end_owed=False,
        flushed=frozenset(),
        smoke=frozenset(state.blaze),
        blaze=frozenset(),
        turn_over=TurnOver(turn, state.smoke, state.blaze, over, units=len(state.units)),
        log=state.logged(event),
        game_over=over,
    )
