"""Conflict of Heroes' lights: the side to act lit, the roll LED on each roll, its CAPs on the board."""

from companion.games.conflict_of_heroes.state import CohState
from companion.games.kit.lights import Lights


def lights(state: CohState) -> Lights:
    if state.turn is None:
        return Lights(roll=state.rolled_at)
    return Lights(roll=state.rolled_at, side=state.turn, number=state.side(state.turn).caps.current)
