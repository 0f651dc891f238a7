from datetime import UTC, datetime

import pytest

from companion.dice.rules import DiceRolled, FaceEntered
from companion.dice.spec import DiceSpec
from companion.errors import NothingToDo
from companion.journal.events import Record
from companion.journal.timeline import Timeline

AT = datetime(2026, 11, 29, tzinfo=UTC)


def roll(seq: int, face: int) -> Record:
    return Record(seq, AT, DiceRolled(spec=DiceSpec(count=1, sides=6), faces=(face,), source="generated"))


def test_undo_targets_the_latest_decision_and_skips_facts():
    timeline = Timeline([roll(1, 3), Record(2, AT, FaceEntered(face=4))])
    assert timeline.undo().target == 1


def test_redo_targets_the_latest_undone_decision():
    timeline = Timeline([roll(1, 3), roll(2, 5)])
    timeline.add(Record(3, AT, timeline.undo()))
    timeline.add(Record(4, AT, timeline.undo()))
    assert timeline.voided == {1, 2}
    assert timeline.redo().target == 1
    timeline.add(Record(5, AT, timeline.redo()))
    assert timeline.voided == {2}
    assert timeline.undo().target == 1


def test_a_timeline_with_no_decisions_has_nothing_to_undo_or_redo():
    timeline = Timeline()
    with pytest.raises(NothingToDo):
        timeline.undo()
    with pytest.raises(NothingToDo):
        timeline.redo()


def test_descriptions_name_what_undo_and_redo_acted_on():
    timeline = Timeline([roll(1, 3)])
    undo = Record(2, AT, timeline.undo())
    timeline.add(undo)
    assert timeline.describe(undo) == "undo: d6 = 3, generated"
