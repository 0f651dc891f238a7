"""Point Blank's lights: the roll LED flashes when a check resolves, the side to act lights its
LED, and the board's number display shows the cards left in the draw pile."""

from companion.games.kit.lights import DARK, Lights
from companion.games.point_blank.state import PointBlankState


def lights(state: PointBlankState) -> Lights:
    if state.settings is None:
        return DARK
    side = None if state.game_over else state.side
    return Lights(roll=state.resolved, side=side, number=state.deck.left)
