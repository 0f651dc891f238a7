"""Take Cover's log and undo refusals are worded from facts: each note and fact reads as the screen
says it, and a saved state keeps the facts, never the words."""

import pytest

from companion.games.kit.faces import EnterFace
from companion.games.take_cover.commands import CorrectSquad, DigIn, OpenFire
from companion.games.take_cover.events import DugIn, FireRolled, TurnEnded
from companion.games.take_cover.notes import (
    AdvanceLost,
    Backfired,
    CardLost,
    FirstChosen,
    GameWon,
    HitTaken,
    LogEntry,
    NothingToRemove,
    RollTied,
    SquadEliminated,
)
from companion.games.take_cover.state import Settled
from companion.games.take_cover.view import log_lines
from companion.games.take_cover.words import fact_named, log_line
from tests.take_cover.conftest import fire_example, play


@pytest.mark.parametrize(("entry", "line"), [
    (RollTied(face=8), "a tie at 8: both roll again"),
    (FirstChosen(side="Russian"), "Russian goes first"),
    (HitTaken(squad="D", hits=2), "D takes a hit (2)"),
    (SquadEliminated(squad="A", discarded=("LMG", "Leader")), "A is eliminated; LMG, Leader discarded"),
    (SquadEliminated(squad="C"), "C is eliminated"),
    (GameWon(side="German", by="eliminated"), "German wins: both Russian squads are eliminated"),
    (GameWon(side="Russian", by="advance"), "Russian wins: two squads with three advance markers each"),
    (Backfired(holder="German", card="mine", target="C"), "backfire: German plays the Mine on C"),
    (Backfired(holder="Russian", card="artillery", target=None),
     "backfire: Russian plays the Artillery on an enemy squad"),
    (AdvanceLost(squad="B"), "B loses an advance marker"),
    (CardLost(squad="A", name="LMG"), "A's LMG is discarded"),
    (NothingToRemove(squad="D", missing="advance"), "D has no advance marker: no effect"),
    (NothingToRemove(squad="A", missing="terrain"), "A has no terrain card: no effect"),
    (DugIn(squad="C", count=1, mfp=3), "C: 1 Dig In; MFP 3, hits on 1–3 (30%)"),
    (TurnEnded(side="German", drawn=4, reshuffles=1), "German draws 4 (the deck was reshuffled); Russian's turn"),
])
def test_each_line_of_the_log_reads_as_the_screen_says_it(entry: LogEntry, line: str):
    assert log_line(entry) == line


@pytest.mark.parametrize(("fact", "named"), [
    (Settled(3, keyed=True, by=FireRolled(squad="A", target="C", mfp=3, face=7, source="physical", result="miss")),
     "the roll of 7"),
    (Settled(4, by=TurnEnded(side="Russian", drawn=2, reshuffles=0)), "Russian's draw of 2"),
    (Settled(4, by=TurnEnded(side="German", drawn=0, reshuffles=0)), "the end of German's turn"),
    (Settled(4, by=TurnEnded(side="German", drawn=3, reshuffles=1)), "the reshuffle of the deck"),
])
def test_an_undo_refusal_names_the_fact_that_stands(fact: Settled, named: str):
    assert fact_named(fact) == named


def test_a_saved_state_keeps_what_happened_and_none_of_its_words(session):
    fire_example(session)
    play(session, CorrectSquad(squad="D", hits=3, advance=0), CorrectSquad(squad="C", hits=2, advance=0))
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=1))
    lines = log_lines(session.state)
    assert lines[:3] == ["German wins: both Russian squads are eliminated", "C is eliminated; Woods discarded",
                         "A at C, MFP 3: rolled 1 (keyed), hit on C"]
    saved = session.rules.state.dump_json(session.state).decode()
    assert [line for line in lines if line in saved] == []
    assert session.rules.state.validate_json(saved) == session.state
