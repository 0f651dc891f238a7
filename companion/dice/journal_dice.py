"""The dice in a saved game's journal: which events carry dice, and the statistics of those still in force.

Each game kind names its own dice-carrying events (`DiceEvents`, listed in `companion.games.registry`),
so a new game adds its dice without this module knowing it.
"""

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from companion.dice.rules import DiceRolled
from companion.dice.statistics import EMPTY, DiceStatistics, Throw
from companion.errors import UnreadableGame
from companion.journal.events import DecisionRedone, DecisionUndone, Event
from companion.journal.store import GameInfo, GameStore, RawRecord, read_payload

UNDO_EVENTS = ("decision_undone", "decision_redone")

AnEvent = TypeVar("AnEvent", bound=Event)


@dataclass(frozen=True, slots=True)
class DiceCarrier(Generic[AnEvent]):
    """An event that throws dice, and the dice it threw."""

    event: type[AnEvent]
    throws: Callable[[AnEvent], tuple[Throw, ...]]
    after: Callable[[AnEvent, Event | None], AnEvent] | None = None
    """For an event an older companion saved with less in it: the event as this version saves it,
    told by the event read just before it in the game (of those its `DiceEvents` name, in force)."""

    def read(self, payload: str) -> AnEvent:
        return self.event.model_validate_json(payload)


DiceEvents = Mapping[str, DiceCarrier[Any]]
"""A game's dice-carrying events, by the event's `type` tag."""


def voided_decisions(undo_records: Iterable[RawRecord]) -> set[int]:
    """The decisions undone and not redone, from a game's undo and redo records in order."""
    voided: set[int] = set()
    for raw in undo_records:
        if raw.type == "decision_undone":
            voided.add(read_payload(raw, DecisionUndone.model_validate_json).target)
        elif raw.type == "decision_redone":
            voided.discard(read_payload(raw, DecisionRedone.model_validate_json).target)
    return voided


def tally_journal(
    records: Iterable[RawRecord],
    dice_events: DiceEvents,
    voided: Container[int],
    statistics: DiceStatistics = EMPTY,
) -> DiceStatistics:
    """`statistics` plus every die the records threw, except in voided ones; one record at a time."""
    return statistics + DiceStatistics.of(_throws(records, dice_events, voided))


def _throws(records: Iterable[RawRecord], dice_events: DiceEvents, voided: Container[int]) -> Iterator[Throw]:
    previous: Event | None = None
    for raw in records:
        if raw.type in dice_events and raw.seq not in voided:
            carrier = dice_events[raw.type]
            event = read_payload(raw, carrier.read)
            if carrier.after is not None:
                event = carrier.after(event, previous)
            yield from carrier.throws(event)
            previous = event


def _dice_rolled(roll: DiceRolled) -> tuple[Throw, ...]:
    return (Throw(roll.spec, roll.faces, roll.source),)


DICE_ROLLER_DICE: DiceEvents = {"dice_rolled": DiceCarrier(DiceRolled, _dice_rolled)}


def games_statistics(store: GameStore, games: Iterable[GameInfo],
                     dice_events_of: Callable[[str], DiceEvents]) -> DiceStatistics:
    """Every die in force in these saved games, read row by row: for each game, its few undo rows
    first, then only the rows that carry dice. A row this version cannot read raises `UnreadableGame`
    naming its game and the event."""
    statistics = EMPTY
    for game in games:
        dice_events = dice_events_of(game.kind)
        try:
            voided = voided_decisions(store.raw_records(game.id, types=UNDO_EVENTS))
            statistics = tally_journal(store.raw_records(game.id, types=dice_events.keys()), dice_events, voided,
                                       statistics)
        except UnreadableGame as error:
            raise UnreadableGame(f"{game.name}: {error}") from None
    return statistics
