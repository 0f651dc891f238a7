"""Every refusal the games' undo policies word fits the two lines a game's screen gives a
notification at 100 columns, so what to do is never the part cut off."""

import random
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Literal

import pytest
from textual.content import Content

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.events import CounterRevealed
from companion.games.conflict_of_heroes.state import Settled as CohSettled
from companion.games.conflict_of_heroes.undo import SETTLED_BY
from companion.games.deckung.events import RankTested, SplinterRolled
from companion.games.deckung.state import Rolled
from companion.games.descriptor import resolve
from companion.games.kit.guide import Guide
from companion.games.point_blank.aeo.events import AeoRowFilled
from companion.games.point_blank.checks.battlefield import Spotting
from companion.games.point_blank.state import PendingCheck, TurnOver
from companion.games.registry import descriptor
from companion.games.take_cover.events import FirstPlayerRolled, TurnEnded
from companion.games.take_cover.state import Settled
from companion.journal.events import Event
from companion.journal.record import Record
from companion.tui.screens.game_screen import NOTIFICATION_LINES, TOAST_FRAME

ROOM = 100 - TOAST_FRAME
DECISION = 10
"""The seq of the decision undo is asked to take back."""
FACT_PLACES = ((DECISION, False), (DECISION + 1, False), (DECISION + 1, True))
"""Where a fact stands, and whether the face keyed for it was taken back: the decision itself, after it."""
WHEN = datetime(2024, 5, 1, tzinfo=UTC)


class Wordy(Event):
    """A decision with as long a line as a player's names can make (a squad, a unit, a card)."""

    type: Literal["wordy"] = "wordy"

    def describe(self) -> str:
        return " ".join(["Kampfgruppe Oberleutnant Hinterberger's second section attaches its heavy machine gun"] * 2)


def rules(kind: str) -> Any:
    game = descriptor(kind)
    assert game is not None
    return resolve(game.rules)(random.Random(1), game.load_data(None))


def refusal(kind: str, changes: dict[str, Any], event: Event | None = None) -> str:
    """What undo says of the decision at `DECISION`, in a game's state with `changes` made to its first."""
    game = rules(kind)
    with pytest.raises(RuleViolation) as refused:
        game.check_undo(replace(game.initial(), **changes), Record(DECISION, WHEN, event or Wordy()), "undo")
    return str(refused.value)


def started_guide() -> Guide:
    return Guide("standard", "the standard game", 4, at=3, reached=4, started=DECISION + 1)


def take_cover() -> list[str]:
    facts = [FirstPlayerRolled(side="Russian", face=10, source="physical"),
             TurnEnded(side="Russian", drawn=5, reshuffles=0), TurnEnded(side="Russian", drawn=0, reshuffles=0),
             TurnEnded(side="Russian", drawn=5, reshuffles=2)]
    return [refusal("take_cover", {"guide": started_guide()}),
            *(refusal("take_cover", {"fact": Settled(seq, taken_back=taken_back, by=by)})
              for by in facts for seq, taken_back in FACT_PLACES if not (taken_back and isinstance(by, TurnEnded)))]


def deckung() -> list[str]:
    facts = [SplinterRolled(model=12, face=10, source="physical"),
             RankTested(model=12, face=10, source="physical", survives_on=4)]
    return [refusal("deckung", {"fact": Rolled(seq, taken_back=taken_back, roll=roll)})
            for roll in facts for seq, taken_back in FACT_PLACES]


SHOWN = CounterRevealed(unit=1, label=Wordy().describe(), name="Suppressed", cause="asked")
"""A counter its owner showed (Show hit): the refusal quotes the reveal, with as long a label as any."""


def conflict_of_heroes() -> list[str]:
    return [refusal("conflict_of_heroes", {"guide": started_guide()}),
            *(refusal("conflict_of_heroes", {"settled": CohSettled(DECISION + 1, kind)}) for kind in SETTLED_BY),
            refusal("conflict_of_heroes", {"settled": CohSettled(DECISION + 1, "reveal", SHOWN)})]


def point_blank() -> list[str]:
    every_unit = Spotting(los="degrading", targets=tuple(range(100, 130)))
    return [refusal("point_blank", {"guide": started_guide()}),
            refusal("point_blank", {"impulse_began": DECISION + 1}),
            refusal("point_blank", {"impulse_began": DECISION + 1, "turn_over": TurnOver(12)}),
            refusal("point_blank", {"check": PendingCheck(every_unit)}),
            refusal("point_blank", {}, AeoRowFilled.model_construct(rows=("row",)))]


@pytest.mark.parametrize("worded", [take_cover, deckung, conflict_of_heroes, point_blank],
                         ids=lambda worded: worded.__name__)
def test_every_undo_refusal_fits_two_lines_of_a_notification_at_100_columns(worded):
    """Take Cover's refusal of undo at the end of its setup lost its last words, those that say what
    to do instead; so did one of its who-goes-first refusals."""
    for said in worded():
        lines = [line.plain for line in Content(said).wrap(ROOM)]
        assert len(lines) <= NOTIFICATION_LINES, said
