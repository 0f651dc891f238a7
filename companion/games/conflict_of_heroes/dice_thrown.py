"""The Conflict of Heroes events that carry dice, for `companion stats`: initiative, attack and rally rolls."""

from companion.dice.journal_dice import DiceCarrier, DiceEvents
from companion.dice.spec import DiceSpec
from companion.dice.statistics import Throw
from companion.games.conflict_of_heroes.events import AttackRolled, InitiativeRolled, RallyRolled

TWO_D6 = DiceSpec(count=2, sides=6)


def _initiative(roll: InitiativeRolled) -> tuple[Throw, ...]:
    """Each side rolls its own 2d6."""
    return tuple(Throw(TWO_D6, faces, roll.source) for faces in roll.faces)


def _one_pair(roll: AttackRolled | RallyRolled) -> tuple[Throw, ...]:
    return (Throw(TWO_D6, roll.faces, roll.source),)


DICE_EVENTS: DiceEvents = {
    "coh_initiative_rolled": DiceCarrier(InitiativeRolled, _initiative),
    "coh_attack_rolled": DiceCarrier(AttackRolled, _one_pair),
    "coh_rally_rolled": DiceCarrier(RallyRolled, _one_pair),
}
