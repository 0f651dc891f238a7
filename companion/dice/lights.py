"""The dice roller's lights: the roll LED flashes on each new roll; the board shows the total."""

from companion.dice.state import DiceState
from companion.games.kit.lights import Lights


def lights(state: DiceState) -> Lights:
    newest = state.recent[0].seq if state.recent else 0
    last = state.last
    return Lights(roll=newest, number=last.roll.total if last else None)
