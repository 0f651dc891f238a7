"""What the players ask of the AEO's rules, in the imperative: mostly "go on", with the pips of a
card, a physical die's face or an answer from a solo flowchart."""

from pydantic import Field

from companion.games.kit.faces import EraseFace
from companion.games.point_blank.aeo.models import ChartAnswer
from companion.games.point_blank.aeo.table import AeoAction
from companion.games.rules import Command


class DiscardAeoCards(Command):
    """The AEO's cards from the top of the Action deck, for the step that discards them: the four
    before play (12.3), the impulse's one (12.3.3), a Discard action. Their pips when the deck is
    tracked by pips (none with real dice: they go unseen)."""

    pips: tuple[int, ...] = ()
    force: bool = False
    """Count them although the deck's count says it cannot hold them: it was miscounted."""


class FinishAeoUpkeep(Command):
    """The AEO's Upkeep is done at the table, with the AEO Upkeep flowchart (12.3.1)."""


class KeyAeoDie(Command):
    """A physical die's face for the AEO: one of its 2d6 (12.2.3), or the d6 after a failed smoke
    attempt (12.3.4.5)."""

    face: int


class RollAeoDice(Command):
    """The roll button: the companion rolls the dice the AEO's step needs."""


class FillAeoRow(Command):
    """The row the AEO's roll landed on, from the players' player aid: the table misses it."""

    actions: tuple[AeoAction, ...] = Field(min_length=1, max_length=3)
    cover: bool = False
    whole_total: bool = False
    """The same row for every pip combination of that total."""
    saved: bool = False
    """The players saved it in their own table file too (a later save writes it again)."""


class ResolveAeoAction(Command):
    """The AEO carries out its next action, or the next step of it: the companion applies the
    selection rules (12.3.2-12.3.4.5); `answer` is what a solo flowchart told the players, and
    `pips` the cards a Hand Flush or a Discard action takes when the deck is tracked by pips."""

    answer: ChartAnswer | None = None
    pips: tuple[int, ...] = ()
    force: bool = False
    """Count the pips although the deck's count says it cannot hold them: it was miscounted."""


class ActAeoLeader(Command):
    """The next AEO leader uses his action where a unit benefits most, or a lone leader moves
    towards a stack he can lead (12.3.4)."""


class SpendAeoCover(Command):
    """The players fire at the AEO and the Cover flowchart plays one of its cover markers (12.3.3.1)."""


AEO_COMMANDS = (DiscardAeoCards, FinishAeoUpkeep, KeyAeoDie, EraseFace, RollAeoDice, FillAeoRow, ResolveAeoAction,
                ActAeoLeader, SpendAeoCover)
"""The AEO's commands; the kit's `EraseFace` takes back the first of its 2d6 keyed."""
