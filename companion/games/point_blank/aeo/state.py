"""The AEO's part of Point Blank's state: which side it plays and in what posture, where its setup
placed its units, its cover markers, the table rows the players filled in during the game, and how
far its current impulse has come. Facts only: `aeo.view` words them."""

from dataclasses import dataclass, replace
from typing import Annotated

from pydantic import Field

from companion.games.point_blank.aeo.events import AeoActed, AeoCardsDiscarded, AeoRolled, AeoSmokeDie, AeoUpkept
from companion.games.point_blank.aeo.models import Act, Deployment, Pending, TerrainPick
from companion.games.point_blank.aeo.table import AeoRead, Filled, Posture

MAX_COVER = 2
"""12.3.3.1: "The AEO may not possess more than 2 cover markers at any one time"."""


@dataclass(frozen=True, slots=True)
class AeoImpulse:
    """One AEO impulse (12.3.3), step by step."""

    impulse: int
    upkept: bool = False
    """Its Upkeep (12.3.1) is done."""
    discarded: bool = False
    """The top card of the Action deck went to the discard pile."""
    pip: int | None = None
    """Its pips, when the deck is tracked by pips."""
    face: int | None = None
    """The first of the two physical dice keyed in, waiting for the second."""
    roll: tuple[int, int] | None = None
    generated: bool = False
    """The companion rolled them (the roll button); else the players keyed their own dice."""
    read: AeoRead | None = None
    """The row the roll landed on; None while it is missing from the table."""
    filled: bool = False
    """The players filled that row in."""
    cover: bool | None = None
    """What the row's "(Acquire Cover)" did: a marker taken (True), ignored at two (False)."""
    acts: tuple[Act, ...] = ()
    """What each action did, in order, and each leader after them."""
    done: int = 0
    """How many of the row's actions are finished."""
    pending: Pending | None = None
    discard_pips: tuple[int, ...] | None = None
    """The Discard action the AEO conducted when none of its actions could be (None: not yet)."""
    leaders: tuple[int, ...] = ()
    """The leaders who have taken their turn after the action (12.3.4)."""

    @property
    def order(self) -> tuple[str, ...]:
        return self.read.order if self.read is not None else ()

    @property
    def finished_acts(self) -> tuple[Act, ...]:
        """The last word on each of the row's actions (a move's smoke attempt is not its last)."""
        final: dict[int, Act] = {}
        for act in self.acts:
            if act.index >= 0:
                final[act.index] = act
        return tuple(final[index] for index in sorted(final) if index < self.done)

    @property
    def discard_owed(self) -> bool:
        """None of the row's actions could be carried out: a Discard action instead (12.3.3.2-12.3.4.1)."""
        every = self.finished_acts
        return (self.read is not None and self.done == len(self.order) and bool(every)
                and all(act.outcome == "impossible" for act in every) and self.discard_pips is None)


NOTED = (AeoCardsDiscarded, AeoUpkept, AeoRolled, AeoActed, AeoSmokeDie)
"""The AEO's facts in play that undo never reaches behind, and names when it refuses."""
STEPS = (AeoActed, AeoSmokeDie)
"""The AEO's steps decided on the table as it stood: a check's result before one stands."""


@dataclass(frozen=True, slots=True)
class Noted:
    """The AEO's latest fact in play, with the journal seq of its record."""

    seq: int
    by: Annotated[AeoCardsDiscarded | AeoUpkept | AeoRolled | AeoActed | AeoSmokeDie, Field(discriminator="type")]


@dataclass(frozen=True, slots=True)
class AeoState:
    side: int
    posture: Posture
    deployment: Deployment | None = None
    started: bool = False
    """The four cards discarded before play (12.3)."""
    cover: int = 0
    filled: tuple[tuple[Posture, str, AeoRead, bool], ...] = ()
    """Rows the players filled in during this game: (posture, pip combination, row, saved in their file)."""
    impulse: AeoImpulse | None = None
    terrain: tuple[TerrainPick, ...] = ()
    """The Terrain cards its setup (and its recons) drew, two at a time, and kept."""
    latest: Noted | None = None
    """Its latest fact in play: its discards, Upkeep done, dice, steps."""
    stepped: int = 0
    """The journal seq of its latest step (an action's, its smoke d6): a check's result before it stands."""

    def current(self, number: int) -> AeoImpulse:
        """The AEO impulse numbered `number`: as far as it has come, or not yet begun."""
        if self.impulse is not None and self.impulse.impulse == number:
            return self.impulse
        return AeoImpulse(impulse=number)

    @property
    def rows(self) -> Filled:
        return {(posture, row): read for posture, row, read, _ in self.filled}

    @property
    def saved_rows(self) -> Filled:
        """The rows filled in that the players also saved in their table file."""
        return {(posture, row): read for posture, row, read, saved in self.filled if saved}

    @property
    def pu(self) -> int:
        """The players' side (the PU, 12.2)."""
        return 3 - self.side


def set_up(previous: "AeoState | None", side: int, posture: Posture | None) -> "AeoState | None":
    """The AEO as the game is set up: the side it plays (0: two players), keeping the setup's
    placements when they were made for that side."""
    if not side or posture is None:
        return None
    kept = previous.deployment if previous is not None and previous.deployment is not None \
        and previous.deployment.side == side else None
    return AeoState(side=side, posture=posture, deployment=kept)


def deployed(previous: "AeoState | None", deployment: Deployment) -> AeoState:
    if previous is None:
        return AeoState(side=deployment.side, posture=deployment.posture, deployment=deployment)
    return replace(previous, side=deployment.side, posture=deployment.posture, deployment=deployment)
