"""A game of three turns, over after the third: a real game on the kit (rules, controller, lights,
screen) for the app's handling of a game that is over, whatever the shipped games do."""

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter
from textual.app import ComposeResult
from textual.widgets import Static

from companion.errors import RuleViolation
from companion.games.descriptor import GameDescriptor
from companion.games.kit.controller import Controller
from companion.games.kit.intents import Intent, Run
from companion.games.kit.keymap import UNDO_REDO, KeyAction, Keymap
from companion.games.kit.lights import Lights
from companion.games.rules import Command, Rules
from companion.journal.events import DecisionRedone, DecisionUndone, Event
from companion.journal.record import Record
from companion.tui.keys import bindings
from companion.tui.screens.game_screen import GameScreen

TURNS = 3


class PlayTurn(Command):
    pass


class TurnPlayed(Event):
    undoable: ClassVar[bool] = True
    type: Literal["turn_played"] = "turn_played"


@dataclass(frozen=True, slots=True)
class ShortState:
    turns: int = 0


class ShortRules(Rules[ShortState]):
    kind: ClassVar[str] = "short"
    title: ClassVar[str] = "Skirmish"
    events: ClassVar[TypeAdapter[Event]] = TypeAdapter(
        Annotated[TurnPlayed | DecisionUndone | DecisionRedone, Field(discriminator="type")])
    state: ClassVar[TypeAdapter[ShortState]] = TypeAdapter(ShortState)
    state_version: ClassVar[int] = 1

    def initial(self) -> ShortState:
        return ShortState()

    def decide(self, state: ShortState, command: Command) -> list[Event]:
        if self.finished(state):
            raise RuleViolation("the game is over")
        return [TurnPlayed()]

    def evolve(self, state: ShortState, record: Record, voided: bool) -> ShortState:
        return state if voided else ShortState(state.turns + 1)

    def finished(self, state: ShortState) -> bool:
        return state.turns >= TURNS

    def summary(self, state: ShortState) -> str:
        return f"turn {state.turns + 1} of {TURNS}"


KEYMAP = Keymap((KeyAction("play", "Play a turn", keys="p", footer=True), *UNDO_REDO))


class ShortController(Controller[ShortState]):
    keymap = KEYMAP

    def press(self, state: ShortState, action: str, value: int | None, selected: int | None) -> Intent:
        if action == "play":
            return Run.one(PlayTurn())
        return super().press(state, action, value, selected)


def lights(state: ShortState) -> Lights:
    return Lights(number=state.turns)


class ShortScreen(GameScreen):
    BINDINGS = [*GameScreen.BINDINGS, *bindings(KEYMAP)]

    def compose_body(self) -> ComposeResult:
        yield Static("", id="turns", markup=False)

    def show_state(self) -> None:
        self.query_one("#turns", Static).update(f"turns played: {self.state.turns}")


SHORT_GAME = GameDescriptor(
    kind="short", title="Skirmish",
    rules="tests.tui.short_game:ShortRules", controller="tests.tui.short_game:ShortController",
    lights="tests.tui.short_game:lights", screen="tests.tui.short_game:ShortScreen",
)
