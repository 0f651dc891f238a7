"""The Deckung events that carry dice, for `companion stats`: each W10 of a splinter or rank test."""

from companion.dice.journal_dice import DiceCarrier, DiceEvents
from companion.dice.spec import DiceSpec
from companion.dice.statistics import Throw
from companion.games.deckung.events import RankTested, SplinterRolled

W10 = DiceSpec(count=1, sides=10)


def _w10(roll: SplinterRolled | RankTested) -> tuple[Throw, ...]:
    return (Throw(W10, (roll.face,), roll.source),)


DICE_EVENTS: DiceEvents = {
    "splinter_rolled": DiceCarrier(SplinterRolled, _w10),
    "rank_tested": DiceCarrier(RankTested, _w10),
}
