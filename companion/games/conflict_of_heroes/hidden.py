"""What anyone at the table may see of a Conflict of Heroes game: face-down hit counters stay face down.

The journal keeps every counter drawn (the owner may peek); the table network's followers get the
state with each counter not yet shown replaced by a blank one, and a failed rally's roll without the
counter and its rally number, which would name it.
"""

from dataclasses import replace

from companion.games.conflict_of_heroes.events import RallyRolled
from companion.games.conflict_of_heroes.hit_counters import HitCounter
from companion.games.conflict_of_heroes.state import CohState, HitTaken, LastRoll, UnitState

FACE_DOWN = HitTaken(key="face_down", counter=HitCounter(name="face down", count=0))
"""A counter no one but its owner has seen: it changes nothing anyone else could tell from it."""


def hide_face_down(state: CohState) -> CohState:
    units = tuple(_public_unit(unit) for unit in state.units)
    rolls = tuple(_public_roll(roll) for roll in state.last_rolls)
    if units == state.units and rolls == state.last_rolls:
        return state
    return replace(state, units=units, last_rolls=rolls)


def _public_unit(unit: UnitState) -> UnitState:
    if unit.hit is None or unit.hit.revealed:
        return unit
    return replace(unit, hit=FACE_DOWN)


def _public_roll(roll: LastRoll) -> LastRoll:
    if not isinstance(roll, RallyRolled) or roll.rallied:
        return roll
    # Still failed (the number just out of reach), and nothing of the counter's own.
    return roll.model_copy(update={"counter": FACE_DOWN.counter.name, "rally": roll.total + 1})
