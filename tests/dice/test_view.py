"""The dice roller's words: the newest roll, the history's columns at any width, the summary."""

from datetime import UTC, datetime

import pytest

from companion.dice.events import DiceRolled, Source
from companion.dice.rolling import random_source
from companion.dice.rules import DiceRules
from companion.dice.spec import DiceSpec
from companion.dice.state import DiceState, RollEntry
from companion.dice.statistics import DiceStatistics, Throw
from companion.dice.view import history_table, pending_text, shown_roll

AT = datetime(2026, 11, 30, 14, 5, 9, tzinfo=UTC)


def entry(number: int, spec: str, faces: tuple[int, ...], source: Source = "generated",
          voided: bool = False) -> RollEntry:
    roll = DiceRolled(spec=DiceSpec.parse(spec), faces=faces, source=source)
    return RollEntry(number, number * 2, AT, roll, voided)


ROLLS = [entry(12, "2d6+1", (3, 5)), entry(11, "10d10", (10, 3, 7, 1, 9, 10, 2, 2, 8, 6), "physical"),
         entry(10, "2d6", (1, 1), voided=True)]


def columns(line: str) -> list[str]:
    return line.split()


def test_the_history_shows_every_column_where_it_fits(utc):
    header, *rows = history_table(ROLLS, 100)
    assert columns(header) == ["#", "time", "dice", "faces", "mod", "total", "source"]
    assert columns(rows[0]) == ["12", "14:05:09", "2d6", "3", "5", "+1", "9", "generated"]
    assert rows[2].endswith("generated (undone)")
    assert {len(line.split("generated")[0]) for line in (rows[0], rows[2])} == {header.index("source")}


@pytest.mark.parametrize("width", [76, 60, 46])
def test_a_narrow_history_keeps_mod_total_and_source(width):
    header, *rows = history_table(ROLLS, width)
    assert all(len(line) <= width for line in [header, *rows])
    assert columns(header)[-3:] == ["mod", "total", "source"]
    assert ("time" in header) == (width == 76)
    assert columns(rows[0])[-3:] == ["+1", "9", "generated"]
    assert columns(rows[1])[-2:] == ["58", "physical"]
    assert columns(rows[2])[-3:] == ["2", "generated", "(undone)"]


def test_the_time_of_a_roll_is_its_records_in_local_time(utc):
    assert "14:05:09" in history_table(ROLLS[:1], 100)[1]


def test_the_big_digits_keep_room_for_the_highest_total_and_show_nothing_of_other_dice():
    state = DiceState(spec=DiceSpec.parse("2d6"), recent=(entry(1, "2d6", (6, 6)),))
    assert (shown_roll(state).faces, shown_roll(state).total, shown_roll(state).reserve) == ((6, 6), "12", 2)
    other = DiceState(spec=DiceSpec.parse("d20-1"), recent=(entry(1, "2d6", (6, 6)),))
    assert (shown_roll(other).faces, shown_roll(other).total, shown_roll(other).reserve) == ((), "-", 2)


NO_ROLL = "press Roll, or key in your dice"
OF_OTHER_DICE = "no d10 roll since chosen"


@pytest.mark.parametrize(("state", "caption", "total"), [
    (DiceState(spec=DiceSpec.parse("2d6")), NO_ROLL, "-"),
    (DiceState(spec=DiceSpec.parse("d10")), NO_ROLL, "-"),
    # Only dice of up to ten sides are keyed in: a d12 or d20 is only rolled.
    (DiceState(spec=DiceSpec.parse("d12")), "press Roll", "-"),
    (DiceState(spec=DiceSpec.parse("2d20+1")), "press Roll", "-"),
    (DiceState(spec=DiceSpec.parse("2d6"), recent=(entry(1, "2d6", (2, 5)),)), "roll 1: 2d6, generated", "7"),
    # The dice switched after roll 1, or roll 2 of the new dice undone: no roll of these dice in force.
    (DiceState(spec=DiceSpec.parse("d10"), recent=(entry(1, "2d6", (2, 5)),)), OF_OTHER_DICE, "-"),
    (DiceState(spec=DiceSpec.parse("d10"), recent=(entry(2, "d10", (3,), "physical", voided=True),
                                                   entry(1, "2d6", (2, 5)))), OF_OTHER_DICE, "-"),
])
def test_the_caption_names_the_roll_the_big_digits_show_or_says_what_can_be_done_for_these_dice(state, caption, total):
    shown = shown_roll(state)
    assert (shown.caption, shown.total) == (caption, total)


def test_the_summary_counts_the_rolls_in_force_with_the_right_plural():
    rules = DiceRules(random_source(1))
    state = rules.initial()
    assert rules.summary(state) == "no rolls yet"
    one = DiceStatistics.of([Throw(DiceSpec.parse("2d6"), (3, 4), "generated")])
    assert rules.summary(DiceState(spec=state.spec, rolls=3, statistics=one)) == "1 roll"
    twelve = DiceStatistics.of([Throw(DiceSpec.parse(spec), (1,), "physical") for spec in ("d6", "d6+1", "d10") * 4])
    assert rules.summary(DiceState(spec=state.spec, rolls=12, statistics=twelve)) == "12 rolls"
    assert rules.summary(DiceState(spec=state.spec, rolls=2)) == "every roll undone"


@pytest.mark.parametrize(("spec", "hint"), [
    ("2d6", "Physical dice: key the faces (1–6)"),
    ("d10", "Physical dice: key the faces (1–9, 0 for 10)"),
    ("d12", "A d12 is rolled by the companion: press Roll"),
    ("3d20", "A d20 is rolled by the companion: press Roll"),
])
def test_the_hint_offers_keyed_faces_only_for_dice_of_up_to_ten_sides(spec, hint):
    assert pending_text(DiceState(spec=DiceSpec.parse(spec))) == hint
