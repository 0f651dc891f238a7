"""The Take Cover events that carry dice, for `companion stats`: every d10 rolled or keyed in."""

from companion.dice.journal_dice import DiceCarrier, DiceEvents
from companion.dice.spec import DiceSpec
from companion.dice.statistics import Throw
from companion.games.take_cover.events import EventRolled, FireRolled, FirstPlayerRolled, MedicRolled

D10 = DiceSpec(count=1, sides=10)


def _d10(roll: FirstPlayerRolled | FireRolled | EventRolled | MedicRolled) -> tuple[Throw, ...]:
    return (Throw(D10, (roll.face,), roll.source),)


DICE_EVENTS: DiceEvents = {
    "first_player_rolled": DiceCarrier(FirstPlayerRolled, _d10),
    "fire_rolled": DiceCarrier(FireRolled, _d10),
    "event_rolled": DiceCarrier(EventRolled, _d10),
    "medic_rolled": DiceCarrier(MedicRolled, _d10),
}
