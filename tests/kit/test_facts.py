"""Where undo stops: the latest roll or shuffle stands, and so does everything decided before it."""

import re
from datetime import UTC, datetime
from typing import Literal

import pytest

from companion.errors import RuleViolation
from companion.games.kit.facts import Fact, check_undo
from companion.journal.events import Event
from companion.journal.record import Record


class Noted(Event):
    type: Literal["noted"] = "noted"

    def describe(self) -> str:
        return "a decision"


def record(seq: int) -> Record:
    return Record(seq, datetime.now(UTC), Noted())


def test_decisions_after_the_latest_fact_may_be_undone_and_redone():
    check_undo(Fact(4), record(5), "undo", "the roll of 7")
    check_undo(Fact(4), record(2), "redo", "the roll of 7")
    check_undo(Fact(), record(1), "undo", "nothing")


def test_the_fact_itself_stands_unless_it_is_a_keyed_face():
    stands = re.escape("cannot undo “a decision”: the roll of 7 stands (undo never re-rolls")
    with pytest.raises(RuleViolation, match=stands):
        check_undo(Fact(4), record(4), "undo", "the roll of 7")
    check_undo(Fact(4, keyed=True), record(4), "undo", "the roll of 7")


def test_nothing_before_a_fact_is_undone_keyed_or_not():
    for keyed in (False, True):
        with pytest.raises(RuleViolation, match="the reshuffle came after it and stands"):
            check_undo(Fact(4, keyed=keyed), record(3), "undo", "the reshuffle")


def test_a_keyed_face_taken_back_still_stops_undo_and_the_refusal_names_the_die_not_the_face():
    """The refusal said the roll of 6 came after it and stood, when undo had just taken the 6 back."""
    with pytest.raises(RuleViolation) as refusal:
        check_undo(Fact(4, keyed=True, taken_back=True), record(3), "undo", "the roll of 6", "d10")
    assert str(refusal.value) == ("cannot undo “a decision”: the d10 rolled after it stands (the roll of 6 keyed in "
                                  "was taken back): key its face again")
