"""What the players ask Take Cover's companion for: setting up, each turn's action, each step of a fire or an event."""

from pydantic import Field

from companion.games.rules import Command
from companion.games.take_cover.cards import (
    HITS_TO_ELIMINATE,
    MAX_ADVANCE,
    AttachKind,
    Attachment,
    EventCard,
    SquadName,
)
from companion.games.take_cover.charts import EventEffect


class SetUpGame(Command):
    """Deal the hands; the optional rules are chosen now, for the whole game."""

    advance_victory: bool = False
    set_aside: bool = False


class RollDie(Command):
    """Roll the d10 the game waits for (who goes first, a fire, an event or a medic)."""


class EndTurn(Command):
    """After the turn's action: the acting side draws back up to five and the other side acts.
    Before it, refused: passing a turn is not allowed."""


class PlaySmoke(Command):
    """A Smoke card, played just before the turn's action."""


class Attach(Command):
    squad: SquadName
    card: Attachment


class Detach(Command):
    squad: SquadName
    kind: AttachKind


class Discard(Command):
    """Discard face down and draw back up to five."""

    count: int = Field(ge=0, le=5)


class Advance(Command):
    squad: SquadName


class OpenFire(Command):
    """Play a Fire card: `squad` fires at `target`, with Grenade cards and perhaps a Flank card."""

    squad: SquadName
    target: SquadName
    grenades: int = Field(default=0, ge=0, le=3)
    flank: bool = False


class DigIn(Command):
    """The defender's Dig In cards against the fire in progress (0 to 3)."""

    count: int = Field(ge=0, le=9)


class ReactionFire(Command):
    """Fire back after a 10, without a Fire card."""

    grenades: int = Field(default=0, ge=0, le=3)
    flank: bool = False
    """Always refused: Flank cards cannot be played in reaction fire."""


class DeclineReaction(Command):
    pass


class PlayEvent(Command):
    card: EventCard
    target: SquadName


class ReadChart(Command):
    """The players read the card's chart for a face the companion's chart does not hold."""

    effect: EventEffect


class RedirectEvent(Command):
    """After a backfire: the enemy squad the card's new holder plays it on."""

    target: SquadName


class PlayMedic(Command):
    squad: SquadName


class CorrectSquad(Command):
    """Set a squad's hit and advance markers to what the table shows (a miscount found late)."""

    squad: SquadName
    hits: int = Field(ge=0, le=HITS_TO_ELIMINATE)
    advance: int = Field(ge=0, le=MAX_ADVANCE)

