"""Setting up the firefight: the sides' names and starting CAPs, who announces first on a tie, the
units on the map, and victory points kept by hand."""

from dataclasses import replace

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.cap_track import CapTrack
from companion.games.conflict_of_heroes.commands import (
    AddUnit,
    ChangeVictoryPoints,
    ChooseFirstOnTie,
    NameSide,
    SetStartingCaps,
)
from companion.games.conflict_of_heroes.events import (
    CounterPoolsChosen,
    FirstOnTieChosen,
    SideNamed,
    StartingCapsSet,
    UnitAdded,
    VictoryPointsChanged,
)
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.state import CohState, SideState, UnitState
from companion.games.rules import Command
from companion.journal.events import Event

DEFAULT_SIDES = (("German", 7), ("Soviet", 7))
SOVIET = 2

COMMANDS = (NameSide, SetStartingCaps, ChooseFirstOnTie, AddUnit, ChangeVictoryPoints)
EVENTS = (SideNamed, StartingCapsSet, FirstOnTieChosen, CounterPoolsChosen, UnitAdded, VictoryPointsChanged)


def initial(pools: HitCounterPools) -> CohState:
    one, two = (SideState(name, CapTrack.starting_with(caps)) for name, caps in DEFAULT_SIDES)
    return CohState(sides=(one, two), units=(), pools=pools, first_on_tie=SOVIET)


def decide(state: CohState, command: Command) -> list[Event]:
    match command:
        case NameSide(side=side, name=name):
            return [] if state.side(side).name == name else [SideNamed(side=side, name=name)]
        case SetStartingCaps(side=side, caps=caps):
            if state.phase != "setup":
                raise RuleViolation("starting CAPs are set before the first round")
            return [] if state.side(side).caps.start == caps else [StartingCapsSet(side=side, caps=caps)]
        case ChooseFirstOnTie(side=side):
            return [] if state.first_on_tie == side else [FirstOnTieChosen(side=side)]
        case AddUnit(side=side, label=label, profile=profile):
            return [UnitAdded(number=state.next_number, side=side, label=label, profile=profile)]
        case ChangeVictoryPoints(side=side, change=change):
            if state.side(side).victory_points + change < 0:
                raise RuleViolation("victory points do not go below 0")
            return [VictoryPointsChanged(side=side, change=change)]
    raise TypeError(f"not a set-up command: {command!r}")


def evolve(state: CohState, event: Event) -> CohState:
    match event:
        case SideNamed(side=side, name=name):
            return state.with_side(side, replace(state.side(side), name=name))
        case StartingCapsSet(side=side, caps=caps):
            return state.with_caps(side, CapTrack.starting_with(caps))
        case FirstOnTieChosen(side=side):
            return replace(state, first_on_tie=side)
        case CounterPoolsChosen(pools=pools):
            return replace(state, pools=pools)
        case UnitAdded(number=number, side=side, label=label, profile=profile):
            return replace(state, units=(*state.units, UnitState(number, side, label, profile)))
        case VictoryPointsChanged(side=side, change=change):
            side_state = state.side(side)
            return state.with_side(side, replace(side_state, victory_points=max(0, side_state.victory_points + change)))
    return state
