"""Conflict of Heroes from a scenario: the guided setup's steps (sides and map, CAP tracks, units,
victory points, rounds), the firefight put in the tracker when play starts, reinforcements in the
tracker at the start of their round (5.1), and the firefight's end after its last round.

Nothing is put in the tracker until the last step is confirmed, so a step revisited may be read
again with nothing to take back; then the whole setup is committed at once and stands.
"""

from collections.abc import Callable, Sequence
from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.checks import side_number
from companion.games.conflict_of_heroes.commands import (
    AddUnit,
    ChangeVictoryPoints,
    ChooseFirstOnTie,
    NameSide,
    SetStartingCaps,
    StartRound,
)
from companion.games.conflict_of_heroes.events import RoundStarted
from companion.games.conflict_of_heroes.library import Library
from companion.games.conflict_of_heroes.scenario import CohForce, CohScenario, ScenarioChosen
from companion.games.conflict_of_heroes.state import CohState
from companion.games.kit import guide
from companion.games.kit.guide import ChooseScenario, ConfirmStep, MakeChoice, PlayStarted, RevisitStep, Step
from companion.games.rules import Command
from companion.journal.events import Event
from companion.journal.record import Record

COMMANDS = guide.GUIDE_COMMANDS
EVENTS = (ScenarioChosen, *guide.GUIDE_EVENTS)
STEPS = ("Sides and map", "CAP tracks", "Units", "Victory points", "Rounds")

Chain = Callable[[CohState, Sequence[Command]], list[Event]]
"""Decides commands in order on the state the ones before made (the rules' own deciding)."""


def setting_up(state: CohState) -> bool:
    return state.guide is not None and state.guide.setting_up


def steps(scenario: CohScenario, library: Library) -> tuple[Step, ...]:
    one, two = scenario.sides
    first = scenario.first_on_tie()
    sides = [*guide.background(scenario), f"{one.name} plays the left CAP track, {two.name} the right."]
    if scenario.map:
        sides.append(f"Lay out the map: {scenario.map}.")
    if first is not None:
        sides.append(f"On a CAP tie, {scenario.sides[first - 1].name} announces its initiative spend first (3.24).")
    caps = [f"{side.name}: CAP marker on {side.caps}." for side in scenario.sides]
    caps.append("Each round refills the track to this start, one space less for each unit lost (7.3).")
    victory = [scenario.victory, *(f"Special rule: {rule}" for rule in scenario.special_rules)]
    victory += [f"{side.name}: VP marker on {side.victory_points}." for side in scenario.sides if side.victory_points]
    rounds = (f"The firefight lasts {scenario.length()}; the companion ends it after round {scenario.rounds}.",)
    start = ("Confirm puts every unit in the tracker and starts round 1: CAPs refilled, then the initiative "
             "announcements (3.24).",)
    return (Step(STEPS[0], tuple(sides)), Step(STEPS[1], tuple(caps)), Step(STEPS[2], unit_lines(scenario, library)),
            Step(STEPS[3], tuple(victory)), Step(STEPS[4], rounds, confirm=start))


def unit_lines(scenario: CohScenario, library: Library) -> tuple[str, ...]:
    lines: list[str] = []
    for number, side in enumerate(scenario.sides, 1):
        lines.append(f"{side.name} sets up:")
        lines += [f"  {force_line(force, library)}" for force in scenario.forces if force.side == number
                  and force.round == 1]
    later = [force for force in scenario.forces if force.round > 1]
    if later:
        lines.append("Reinforcements, in the tracker from the start of their round (5.1):")
        lines += [f"  round {force.round}: {scenario.sides[force.side - 1].name} {force_line(force, library)}"
                  for force in later]
    return tuple(lines)


def force_line(force: CohForce, library: Library) -> str:
    profile = library.units.get(force.unit)
    name = profile.name if profile is not None else force.unit
    label = force.label or name
    named = label if label == name else f"{label} ({name})"
    return f"{named}: {force.where}" if force.where else named


# Deciding


def decide(state: CohState, command: Command, library: Library, chain: Chain) -> list[Event]:
    match command:
        case ChooseScenario(name=name, scenario=scenario):
            if not isinstance(scenario, CohScenario):
                raise RuleViolation(f"“{scenario.title}” is not a Conflict of Heroes scenario")
            if state.guide is not None or state.phase != "setup" or state.units:
                raise RuleViolation("a scenario is chosen for a new game, before anything else")
            return [ScenarioChosen(name=name, scenario=scenario)]
        case ConfirmStep(step=step):
            scenario = playing(state)
            done = guide.confirmed(state.guide, step, steps(scenario, library))
            if state.guide is None or not guide.last(state.guide, step):
                return [done]
            return [done, *chain(state, start(scenario, library)), PlayStarted(title=scenario.title)]
        case RevisitStep(step=step):
            return [guide.revisited(state.guide, step, steps(playing(state), library))]
        case MakeChoice():
            return guide.chosen(state.guide, command)
    raise TypeError(f"not a scenario command: {command!r}")


def playing(state: CohState) -> CohScenario:
    if state.scenario is None:
        raise RuleViolation("this game was started without a scenario")
    return state.scenario


def start(scenario: CohScenario, library: Library) -> list[Command]:
    """The firefight as the tracker takes it: sides, CAPs, the units on the map, VP, round 1."""
    commands: list[Command] = []
    for index, side in enumerate(scenario.sides, 1):
        number = side_number(index)
        commands += [NameSide(side=number, name=side.name), SetStartingCaps(side=number, caps=side.caps)]
        if side.victory_points:
            commands.append(ChangeVictoryPoints(side=number, change=side.victory_points))
    first = scenario.first_on_tie()
    if first is not None:
        commands.append(ChooseFirstOnTie(side=first))
    commands += arriving(scenario, 1, library)
    return [*commands, StartRound()]


def arriving(scenario: CohScenario, round_number: int, library: Library) -> list[Command]:
    return [AddUnit(side=force.side, label=(force.label or library.units[force.unit].name)[:30],
                    profile=library.units[force.unit])
            for force in scenario.forces if force.round == round_number and force.unit in library.units]


def reinforcements(state: CohState, events: Sequence[Event], library: Library) -> list[Command]:
    """The units a round just started brings into the tracker."""
    if state.scenario is None:
        return []
    started = [event.round for event in events if isinstance(event, RoundStarted) and event.round > 1]
    return [command for number in started for command in arriving(state.scenario, number, library)]


def check_round(state: CohState) -> None:
    """Refuses a round after the scenario's last."""
    if over(state):
        raise RuleViolation(f"the firefight ended with round {state.round}: check its victory conditions")


def arrives(state: CohState, round_number: int) -> bool:
    """The scenario brings units into the tracker when this round starts (5.1)."""
    return state.scenario is not None and any(force.round == round_number for force in state.scenario.forces)


def over(state: CohState) -> bool:
    return state.scenario is not None and state.phase == "round_over" and state.round >= state.scenario.rounds


# Folding


def evolve(state: CohState, record: Record) -> CohState:
    event = record.event
    if isinstance(event, ScenarioChosen):
        return replace(state, scenario=event.scenario,
                       guide=guide.started(event.name, event.scenario.title, len(STEPS)))
    return replace(state, guide=guide.evolve(state.guide, record))


# Words


def view(state: CohState, library: Library) -> guide.GuideView | None:
    scenario = state.scenario
    return guide.view(state.guide, lambda: steps(scenario, library)) if scenario is not None else None


def scenario_lines(state: CohState, library: Library) -> list[str]:
    """The firefight's length, the reinforcements of the round, and its victory conditions at each
    round's end (its victory check)."""
    scenario = state.scenario
    if scenario is None or setting_up(state) or state.round == 0:
        return []
    lines = [f"{scenario.title} · round {state.round} of {scenario.rounds}"]
    arrived = [force for force in scenario.forces if force.round == state.round > 1]
    if arrived and state.phase != "round_over":
        lines.append("Reinforcements this round (5.1): " + "; ".join(
            f"{scenario.sides[force.side - 1].name} {force_line(force, library)}" for force in arrived))
    if state.phase == "round_over":
        vp = " · ".join(f"{side.name} {side.victory_points} VP" for side in state.sides)
        head = "The firefight is over" if over(state) else f"Victory check after round {state.round}"
        lines.append(f"{head}: {scenario.victory} ({vp})")
    return lines
