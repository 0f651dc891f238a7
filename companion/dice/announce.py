"""What the table hears from the dice roller: each roll's faces and total, once it is committed."""

from collections.abc import Sequence

from companion.dice.events import DiceRolled
from companion.dice.state import DiceState
from companion.journal.record import Record
from companion.speech.announcement import Announcement
from companion.speech.common import dice_rolled


def announce(records: Sequence[Record], state: DiceState) -> tuple[Announcement, ...]:
    return tuple(dice_rolled(r.event.faces, r.event.spec.modifier) for r in records if isinstance(r.event, DiceRolled))
