"""The Deckung helper's lights: the roll LED on each W10; the board shows the attacker's modifier."""

from companion.games.deckung.state import DeckungState
from companion.games.kit.lights import Lights


def lights(state: DeckungState) -> Lights:
    return Lights(roll=state.last_roll, number=state.attacker_modifier)
