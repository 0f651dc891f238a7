"""Guided setup: a scenario's steps one at a time, each confirmed to go on and revisited until play
starts; part of the saved game, so a game stopped mid-setup opens again at the same step.

Each game says its own steps (`Step`: what to do, what the companion drew); this module keeps where
the players are (`Guide`, a part of the game's state), decides the moves between steps, and says
what undo may take back. Moving between steps is not a decision to undo: Undo goes back a step
instead, and confirming the last step starts play. What setup put on the table stands once play
starts (undo stops there); the companion's own draws are facts that no step draws again.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, TypeVar

from companion.errors import RuleViolation
from companion.games.kit.intents import Intent, Run, Tell
from companion.games.kit.scenarios import Scenario
from companion.games.kit.words import undo_refused
from companion.games.rules import Command
from companion.journal.events import Event
from companion.journal.record import Record

Chosen = bool | int | str


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a game's setup, as the players read it."""

    title: str
    lines: tuple[str, ...]
    drawn: tuple[str, ...] = ()
    """What the companion drew for this step, by name (a terrain card for a Sector)."""
    confirm: tuple[str, ...] = ()
    """What Confirm does at this step beyond going on (asks a question, puts the units in play): said
    only where Confirm works, never in a read-only view."""


@dataclass(frozen=True, slots=True)
class Guide:
    """Where the players are in a scenario's setup."""

    name: str
    """The scenario file's name."""
    title: str
    steps: int
    at: int = 0
    """The step on screen."""
    reached: int = 0
    """The furthest step reached: every step before it has been confirmed once."""
    choices: tuple[tuple[str, Chosen], ...] = ()
    """What the players chose at a step (an optional rule, who plays the solo opponent), by key."""
    started: int = 0
    """The seq of the record that started play; 0 while setting up."""

    @property
    def setting_up(self) -> bool:
        return self.started == 0

    def choice(self, key: str, default: Chosen) -> Chosen:
        return dict(self.choices).get(key, default)


# Commands


class ChooseScenario(Command):
    """Start a new game from a scenario: its guided setup opens at the first step. Each game takes
    its own kind of scenario, whole, so the game folds the same wherever the file is changed later."""

    name: str
    scenario: Scenario


class ConfirmStep(Command):
    """Done with the step on screen: on to the next; the last one starts play."""

    step: int


class RevisitStep(Command):
    """Back to an earlier step, until play starts."""

    step: int


class MakeChoice(Command):
    """What the players chose at the step on screen, kept until play starts (it may be chosen again)."""

    key: str
    value: Chosen
    words: str


# Events: each game puts them in its own union; its own `ScenarioChosen` carries its scenario.


class ScenarioChosenEvent(Event):
    """The base of each game's `ScenarioChosen` event (which adds its `type` and `scenario`)."""

    name: str
    if TYPE_CHECKING:  # each game's subclass declares it with its own model
        scenario: Scenario

    def describe(self) -> str:
        return f"scenario: {self.scenario.title}"


class StepConfirmed(Event):
    type: Literal["setup_step_confirmed"] = "setup_step_confirmed"
    step: int
    title: str

    def describe(self) -> str:
        return f"setup step {self.step + 1} done: {self.title}"


class StepRevisited(Event):
    type: Literal["setup_step_revisited"] = "setup_step_revisited"
    step: int
    title: str

    def describe(self) -> str:
        return f"back to setup step {self.step + 1}: {self.title}"


class ChoiceMade(Event):
    type: Literal["setup_choice_made"] = "setup_choice_made"
    key: str
    value: Chosen
    words: str

    def describe(self) -> str:
        return f"setup: {self.words}"


class PlayStarted(Event):
    """Setup is over: what it put on the table stands (undo stops here)."""

    type: Literal["setup_play_started"] = "setup_play_started"
    title: str

    def describe(self) -> str:
        return f"{self.title}: set up, play starts"


GUIDE_COMMANDS = (ChooseScenario, ConfirmStep, RevisitStep, MakeChoice)
GUIDE_EVENTS = (StepConfirmed, StepRevisited, ChoiceMade, PlayStarted)


def background(scenario: Scenario) -> list[str]:
    """The scenario's background as a first step opens with it (and a blank line after it)."""
    text = " ".join(scenario.background.split())
    return [text, ""] if text else []


# Deciding


def setting_up(guide: Guide | None) -> Guide:
    if guide is None or not guide.setting_up:
        raise RuleViolation("there is no scenario setup in progress")
    return guide


def confirmed(guide: Guide | None, step: int, steps: Sequence[Step]) -> StepConfirmed:
    guide = setting_up(guide)
    if step != guide.at:
        raise RuleViolation(f"step {guide.at + 1} is on screen, not step {step + 1}")
    return StepConfirmed(step=step, title=steps[step].title)


def revisited(guide: Guide | None, step: int, steps: Sequence[Step]) -> StepRevisited:
    guide = setting_up(guide)
    if not 0 <= step <= guide.reached:
        raise RuleViolation(f"step {step + 1} has not been reached yet")
    return StepRevisited(step=step, title=steps[step].title)


def chosen(guide: Guide | None, command: MakeChoice) -> list[Event]:
    setting_up(guide)
    return [ChoiceMade(key=command.key, value=command.value, words=command.words)]


def first_time(guide: Guide, step: int) -> bool:
    """Confirming `step` reaches the step after it for the first time: its draws are made now."""
    return step == guide.reached


def last(guide: Guide, step: int) -> bool:
    return step == guide.steps - 1


S = TypeVar("S")


def chained(state: S, commands: Sequence[Command], decide: Callable[[S, Command], list[Event]],
            fold: Callable[[S, list[Event]], S]) -> list[Event]:
    """The events of `commands` in order, each decided on the state the ones before it made."""
    events: list[Event] = []
    for command in commands:
        made = decide(state, command)
        events += made
        state = fold(state, made)
    return events


# Folding


def started(name: str, title: str, steps: int) -> Guide:
    return Guide(name=name, title=title, steps=steps)


def evolve(guide: Guide | None, record: Record) -> Guide | None:
    """The guide after a setup event; the same guide for any other event."""
    event = record.event
    if guide is None:
        return None
    match event:
        case StepConfirmed(step=step):
            ahead = min(step + 1, guide.steps - 1)
            return replace(guide, at=ahead, reached=max(guide.reached, ahead))
        case StepRevisited(step=step):
            return replace(guide, at=step)
        case ChoiceMade(key=key, value=value):
            return replace(guide, choices=(*((k, v) for k, v in guide.choices if k != key), (key, value)))
        case PlayStarted():
            return replace(guide, started=record.seq)
    return guide


def check_undo(guide: Guide | None, target: Record, correct: str, said: Callable[[Event], str] | None = None) -> None:
    """Setup stands once play starts: nothing it put on the table is taken back by undo. `correct`
    says which of the game's keys correct the table instead (`t corrects a squad's markers`);
    `said` words the event as the game's screen does (the event's own line by default)."""
    if guide is not None and not guide.setting_up and target.seq <= guide.started:
        described = said(target.event) if said is not None else target.event.describe()
        raise RuleViolation(undo_refused(described, f"setup stands once play starts ({correct})"))


# What the controller and the screen do with it


def available(guide: Guide | None) -> tuple[str, ...]:
    """The presses that do something during setup: Confirm, and Undo (Back) from the second step on."""
    return ("confirm", "undo") if guide is not None and guide.at > 0 else ("confirm",)


def press(guide: Guide, action: str, confirm: Callable[[], Intent]) -> Intent:
    """A press during setup: Confirm (or Redo) goes on, Undo goes back a step, the rest waits."""
    if action in ("confirm", "redo"):
        return confirm()
    if action == "undo":
        if guide.at == 0:
            return Tell("This is the first step: Confirm goes on")
        return Run.one(RevisitStep(step=guide.at - 1))
    return Tell(f"Setting up “{guide.title}”: Confirm goes on, Undo goes back a step", "warning")


@dataclass(frozen=True, slots=True)
class GuideView:
    """What a setup screen shows: the scenario, the step on screen, and every step's title."""

    title: str
    at: int
    reached: int
    step: Step
    titles: tuple[str, ...]

    def lines(self, steerable: bool = True) -> list[str]:
        """The step on screen, as text: its number, what to do, what the companion drew, and what
        Confirm and Undo do, unless they cannot be used here (not `steerable`: a read-only view)."""
        lines = [f"Step {self.at + 1} of {len(self.titles)}: {self.step.title}", "", *self.step.lines]
        if self.step.drawn:
            lines += ["", "Drawn by the companion:", *(f"  {drawn}" for drawn in self.step.drawn)]
        if not steerable:
            return lines
        go_on = "Confirm starts play" if self.at == len(self.titles) - 1 else "Confirm goes on"
        back = ", Undo goes back a step" if self.at else ""
        return [*lines, "", *self.step.confirm, go_on + back]

    def progress(self) -> list[str]:
        """Every step's title, the one on screen marked, those not reached yet dimmed by a dot."""
        marks = ("▶" if index == self.at else "✓" if index < self.reached else "·" for index in range(len(self.titles)))
        return [f"{mark} {index + 1}. {title}" for index, (mark, title) in enumerate(zip(marks, self.titles,
                                                                                          strict=True))]


def view(guide: Guide | None, steps: Callable[[], Sequence[Step]]) -> GuideView | None:
    """The setup on screen, None once play has started (or in free play)."""
    if guide is None or not guide.setting_up:
        return None
    every = tuple(steps())
    return GuideView(guide.title, guide.at, guide.reached, every[guide.at], tuple(step.title for step in every))
