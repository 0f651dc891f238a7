"""The Point Blank events that carry dice, for `companion stats`: each d6 thrown in a real-dice game."""

from companion.dice.journal_dice import DiceCarrier, DiceEvents
from companion.dice.spec import DiceSpec
from companion.dice.statistics import Throw
from companion.games.point_blank.events import DieThrown

ONE_D6 = DiceSpec(count=1, sides=6)


def _die_thrown(die: DieThrown) -> tuple[Throw, ...]:
    return (Throw(ONE_D6, (die.face,), "generated" if die.generated else "physical"),)


DICE_EVENTS: DiceEvents = {"pb_die_thrown": DiceCarrier(DieThrown, _die_thrown)}
