"""Take Cover's rules: commands in, events out, the state a fold of them; undo stops at a roll or a reshuffle."""

import random
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal

from pydantic import TypeAdapter

from companion.errors import NothingToDo
from companion.games.kit import facts, guide
from companion.games.kit.faces import EnterFace
from companion.games.rules import EVENTS_ON_FIRST_USE, AdapterOnFirstUse, Command, Rules
from companion.games.take_cover import cardplay, combat, guided, turns
from companion.games.take_cover.commands import RollDie
from companion.games.take_cover.deck import beyond_unseen, on_table, unseen
from companion.games.take_cover.events import TakeCoverEvent
from companion.games.take_cover.state import TakeCoverState
from companion.games.take_cover.table import Context
from companion.games.take_cover.words import fact_named, game_over, summary
from companion.journal.events import Event
from companion.journal.record import Record

FAMILIES = (guided, turns, combat, cardplay)
NOW = datetime(2000, 1, 1, tzinfo=UTC)
"""The time a trial fold gives its records: nothing in the state depends on it."""


class TakeCoverRules(Rules[TakeCoverState]):
    """Undo, decided: a roll (the companion's or keyed in) and the draw that ends a turn (Next) are
    facts. Nothing decided before the latest fact can be undone, so a result or a drawn card is
    never seen and then changed by taking back what led to it, and nothing is rolled or drawn
    again. A face keyed in from the players' own die may be taken back on its own (a typo) and
    keyed again. An action may be taken back until Next draws for it."""

    kind: ClassVar[str] = "take_cover"
    title: ClassVar[str] = "Take Cover"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(TakeCoverEvent, config=EVENTS_ON_FIRST_USE)
    state: ClassVar[AdapterOnFirstUse[TakeCoverState]] = AdapterOnFirstUse(TakeCoverState)
    state_version: ClassVar[int] = 4

    def __init__(self, rng: random.Random, data: Mapping[str, Any] | None = None) -> None:
        super().__init__(rng, data)
        self.context = Context(roll=lambda: self.rng.randint(1, 10), deck=self.data["deck.toml"],
                               charts=self.data["charts.toml"])

    def initial(self) -> TakeCoverState:
        return TakeCoverState()

    def decide(self, state: TakeCoverState, command: Command) -> list[Event]:
        for family in FAMILIES:
            events = family.decide(state, command, self.context)
            if events is not None:
                self._check_counts(state, events)
                return events
        if isinstance(command, RollDie | EnterFace):
            raise NothingToDo(nothing_to_roll(state))
        raise TypeError(f"Take Cover does not take {command!r}")

    def evolve(self, state: TakeCoverState, record: Record, voided: bool) -> TakeCoverState:
        for family in FAMILIES:
            after = family.evolve(state, record, voided)
            if after is not None:
                return after
        return state

    def _check_counts(self, state: TakeCoverState, events: list[Event]) -> None:
        """A card the companion counts as out already cannot be played again: the count would no
        longer add up to the deck (three Smoke cards played from a deck of two)."""
        after = state
        for event in events:
            after = self.evolve(after, Record(0, NOW, event), False)
        table = on_table(after.squads)
        for kind, total in after.deck.composition.items():
            out = after.deck.seen.get(kind, 0) + table.get(kind, 0)
            if kind != "squad" and out > total:
                raise beyond_unseen(kind, total, unseen(state.deck, state.squads).get(kind, 0))

    def check_undo(self, state: TakeCoverState, target: Record, verb: Literal["undo", "redo"]) -> None:
        guide.check_undo(state.guide, target, "t corrects a squad's markers")
        facts.check_undo(state.fact, target, verb, fact_named(state.fact), "d10")

    def finished(self, state: TakeCoverState) -> bool:
        return state.phase == "over"

    def summary(self, state: TakeCoverState) -> str:
        return summary(state)


def nothing_to_roll(state: TakeCoverState) -> str:
    if state.phase == "setup":
        return "nothing to roll yet: set the game up first"
    if state.phase == "over":
        return game_over(state)
    if state.reaction is not None:
        return f"nothing to roll: {state.reaction.squad} fires back (a new fire) or declines first"
    return "nothing to roll now: a Fire, Event or Medic card asks for the d10"
