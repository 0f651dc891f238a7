"""The timeline: what undo and redo act on, as an immutable value a snapshot can keep."""

from datetime import UTC, datetime

import pytest

from companion.dice.events import DiceRolled
from companion.dice.spec import DiceSpec
from companion.errors import NothingToDo
from companion.games.kit.faces import FaceEntered
from companion.journal.record import Record
from companion.journal.timeline import Timeline, describe

AT = datetime(2026, 11, 29, tzinfo=UTC)


def roll(seq: int, face: int) -> Record:
    return Record(seq, AT, DiceRolled(spec=DiceSpec(count=1, sides=6), faces=(face,), source="generated"))


def folded(*records: Record) -> Timeline:
    timeline = Timeline()
    for record in records:
        timeline = timeline.add(record)
    return timeline


def test_undo_targets_the_latest_decision_and_skips_facts():
    assert folded(roll(1, 3), Record(2, AT, FaceEntered(face=4))).undo().target == 1


def test_redo_targets_the_latest_undone_decision():
    timeline = folded(roll(1, 3), roll(2, 5))
    timeline = timeline.add(Record(3, AT, timeline.undo()))
    timeline = timeline.add(Record(4, AT, timeline.undo()))
    assert timeline.voided == {1, 2}
    assert timeline.redo().target == 1
    timeline = timeline.add(Record(5, AT, timeline.redo()))
    assert timeline.voided == {2}
    assert timeline.undo().target == 1


def test_adding_a_record_leaves_the_earlier_timeline_as_it_was():
    before = folded(roll(1, 3))
    after = before.add(Record(2, AT, before.undo()))
    assert before.voided == frozenset() and before.undo().target == 1
    assert after.voided == {1}


def test_a_fact_after_an_undo_ends_what_redo_could_restore_and_keeps_what_undo_can_take():
    timeline = folded(roll(1, 3), roll(2, 5))
    timeline = timeline.add(Record(3, AT, timeline.undo()))
    timeline = timeline.add(Record(4, AT, FaceEntered(face=4)))
    with pytest.raises(NothingToDo, match="nothing to redo"):
        timeline.redo()
    assert timeline.undo().target == 1 and timeline.voided == {2}


def test_a_timeline_with_no_decisions_has_nothing_to_undo_or_redo():
    with pytest.raises(NothingToDo):
        Timeline().undo()
    with pytest.raises(NothingToDo):
        Timeline().redo()


def test_a_saved_timeline_loads_back_the_same():
    timeline = folded(roll(1, 3), roll(2, 5), roll(3, 6))
    timeline = timeline.add(Record(4, AT, timeline.undo()))
    again = Timeline.load(timeline.dump())
    assert again.dump() == timeline.dump()
    assert again.undo() == timeline.undo() and again.redo() == timeline.redo()



def test_a_loaded_timeline_undoes_and_redoes_through_its_saved_decisions_as_the_original_does():
    original = folded(*(roll(seq, 1 + seq % 6) for seq in range(1, 6)))
    loaded = Timeline.load(original.dump())
    seq = 5
    for step in ["undo", "undo", "undo", "redo", "undo", "undo", "undo", "redo", "redo"]:
        seq += 1
        original = original.add(Record(seq, AT, getattr(original, step)()))
        loaded = loaded.add(Record(seq, AT, getattr(loaded, step)()))
        assert loaded.dump() == original.dump()
    seq += 1
    original, loaded = original.add(roll(seq, 2)), loaded.add(roll(seq, 2))
    assert loaded.dump() == original.dump() and loaded.undo() == original.undo()

def test_descriptions_name_what_undo_and_redo_acted_on():
    rolled = roll(1, 3)
    undo = Record(2, AT, folded(rolled).undo())
    assert describe(undo, rolled) == "undo: d6 = 3, generated"
