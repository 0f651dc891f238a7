"""The Point Blank events that carry dice, for `companion stats`: each d6 thrown in a real-dice game,
and the physical dice of a solo game's AEO (its 2d6 and its smoke d6), whichever way checks are read;
and the AEO's first die keyed, which tells an older game's rolls apart."""

from companion.dice.journal_dice import DiceCarrier, DiceEvents
from companion.dice.spec import DiceSpec
from companion.dice.statistics import Source, Throw
from companion.games.point_blank.aeo.events import AeoFaceErased, AeoFaceKeyed, AeoRolled, AeoSmokeDie
from companion.games.point_blank.events import DieThrown
from companion.journal.events import Event

ONE_D6 = DiceSpec(count=1, sides=6)


def source(generated: bool) -> Source:
    return "generated" if generated else "physical"


def _die_thrown(die: DieThrown) -> tuple[Throw, ...]:
    return (Throw(ONE_D6, (die.face,), source(die.generated)),)


def _aeo_rolled(roll: AeoRolled) -> tuple[Throw, ...]:
    """Two d6, as a 2d6 check's are counted: the first keyed by hand even when the button rolled the second."""
    first, second = roll.faces
    return (Throw(ONE_D6, (first,), source(roll.generated and not roll.first_keyed)),
            Throw(ONE_D6, (second,), source(roll.generated)))


def _first_keyed(roll: AeoRolled, previous: Event | None) -> AeoRolled:
    """A roll saved before rolls said `first_keyed`: the button rolled its second die only, when the
    first die keyed just before it (not erased) is its first face."""
    if roll.generated and isinstance(previous, AeoFaceKeyed) and previous.face == roll.faces[0]:
        return roll.model_copy(update={"first_keyed": True})
    return roll


def _aeo_smoke_die(die: AeoSmokeDie) -> tuple[Throw, ...]:
    return (Throw(ONE_D6, (die.face,), source(die.generated)),)


def _no_dice(_: Event) -> tuple[Throw, ...]:
    return ()


DICE_EVENTS: DiceEvents = {
    "pb_die_thrown": DiceCarrier(DieThrown, _die_thrown),
    "pb_aeo_face_keyed": DiceCarrier(AeoFaceKeyed, _no_dice),  # counted with its roll, told by it
    "pb_aeo_face_erased": DiceCarrier(AeoFaceErased, _no_dice),
    "pb_aeo_rolled": DiceCarrier(AeoRolled, _aeo_rolled, after=_first_keyed),
    "pb_aeo_smoke_die": DiceCarrier(AeoSmokeDie, _aeo_smoke_die),
}
