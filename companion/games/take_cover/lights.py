"""Take Cover's lights: the LED of the side whose answer the game waits for, the roll LED on each
d10, and the board's number: the modified fire power while a fire waits for its roll, else the
cards left in the draw deck."""

from companion.games.kit.lights import Lights
from companion.games.take_cover.cards import side_number
from companion.games.take_cover.fire import modified_firepower
from companion.games.take_cover.state import TakeCoverState


def lights(state: TakeCoverState) -> Lights:
    deciding = state.deciding
    side = side_number(deciding) if deciding is not None else None
    fire = state.fire
    if fire is not None:
        number: int | None = modified_firepower(state.squad(fire.firer), fire.grenades, state.squad(fire.target),
                                                fire.dig_ins or 0)
    else:
        number = state.deck.draw if state.phase in ("turn", "over") else None
    return Lights(roll=state.last_roll, side=side, number=number)
