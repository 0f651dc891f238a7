"""Running dice statistics: adding and removing rolls one at a time equals counting the rolls afresh."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.dice.spec import DiceSpec
from companion.dice.statistics import EMPTY, DiceStatistics, DieType, FaceTally, Throw, TotalsTally
from companion.errors import BadFace

SPECS = [DiceSpec.parse(text) for text in ("d6", "2d6", "d10", "3d6+1", "2d10-2", "d20", "d2")]


@st.composite
def throws(draw) -> Throw:
    spec = draw(st.sampled_from(SPECS))
    faces = tuple(draw(st.integers(1, spec.sides)) for _ in range(spec.count))
    return Throw(spec, faces, draw(st.sampled_from(["generated", "physical"])))


def counted_afresh(in_force: list[Throw]) -> dict:
    """Every figure, from the whole list, the slow obvious way."""
    faces: dict[DieType, Counter] = {}
    rolls: Counter = Counter()
    totals: dict[DiceSpec, list[int]] = {}
    for throw in in_force:
        die = DieType(throw.spec.sides, throw.source)
        faces.setdefault(die, Counter()).update(throw.faces)
        rolls[die] += 1
        totals.setdefault(throw.spec, []).append(throw.total)
    return {
        "faces": {die: (tuple(c[f] for f in range(1, die.sides + 1)), rolls[die]) for die, c in faces.items()},
        "totals": {spec: (len(t), sum(t), min(t), max(t), Counter(t)) for spec, t in totals.items()},
    }


def figures(statistics: DiceStatistics) -> dict:
    for tally in statistics.by_die.values():
        assert tally.faces == sum(tally.counts)
        assert tally.sum_of_squares == sum(c * c for c in tally.counts)
    return {
        "faces": {die: (t.counts, t.rolls) for die, t in statistics.by_die.items()},
        "totals": {
            spec: (t.rolls, t.sum_of_totals, t.lowest, t.highest,
                   Counter({total: t.count(total) for total in range(t.lowest_possible, t.highest_possible + 1)
                            if t.count(total)}))
            for spec, t in statistics.by_spec.items()
        },
    }


@given(st.lists(throws(), max_size=40), st.data())
def test_adding_and_removing_rolls_one_by_one_equals_counting_the_rolls_in_force_afresh(rolled, data):
    statistics, in_force = EMPTY, []
    for throw in rolled:
        statistics, in_force = statistics.add(throw), [*in_force, throw]
        # Undo voids any earlier roll still in force, redo brings it back: remove some, re-add a few.
        while in_force and data.draw(st.booleans()):
            undone = in_force.pop(data.draw(st.integers(0, len(in_force) - 1)))
            statistics = statistics.remove(undone)
            if data.draw(st.booleans()):
                statistics, in_force = statistics.add(undone), [*in_force, undone]
        assert figures(statistics) == counted_afresh(in_force)
    rebuilt = EMPTY
    for throw in in_force:
        rebuilt = rebuilt.add(throw)
    assert statistics == rebuilt


@given(st.lists(throws(), max_size=60))
def test_many_throws_counted_at_once_equal_the_same_throws_added_one_by_one(rolled):
    one_by_one = EMPTY
    for throw in rolled:
        one_by_one = one_by_one.add(throw)
    assert DiceStatistics.of(rolled) == one_by_one
    assert figures(DiceStatistics.of(rolled)) == counted_afresh(rolled)


@given(st.lists(throws(), max_size=20), st.lists(throws(), max_size=20))
def test_two_games_statistics_added_together_equal_one_game_with_both_games_rolls(first, second):
    def tallied(rolled: list[Throw]) -> DiceStatistics:
        statistics = EMPTY
        for throw in rolled:
            statistics = statistics.add(throw)
        return statistics

    assert figures(tallied(first) + tallied(second)) == figures(tallied(first + second))


def test_no_rolls_means_empty_tallies_that_still_answer():
    assert EMPTY.die_types() == [] and EMPTY.sides() == []
    d6 = EMPTY.faces_of(6)
    assert (d6.counts, d6.faces, d6.rolls) == ((0,) * 6, 0, 0)
    assert d6.fit().p_value is None
    totals = EMPTY.totals_of(DiceSpec.parse("2d6"))
    assert (totals.rolls, totals.mean, totals.lowest, totals.highest) == (0, None, None, None)
    assert totals.expected_mean == 7.0


def test_a_roll_of_2d6_counts_two_faces_and_one_roll():
    tally = EMPTY.add(Throw(DiceSpec.parse("2d6"), (3, 3), "physical")).faces_of(6, "physical")
    assert (tally.faces, tally.rolls, tally.count(3)) == (2, 1, 2)


def test_a_d10_counts_its_tenth_face_as_ten():
    tally = EMPTY.add(Throw(DiceSpec.parse("d10"), (10,), "physical")).faces_of(10)
    assert tally.count(10) == 1 and tally.counts[-1] == 1


@pytest.mark.parametrize(("spec", "faces"), [("d10", (0,)), ("d6", (7,)), ("2d6", (3,))])
def test_a_throw_with_a_face_the_dice_do_not_have_is_refused(spec, faces):
    with pytest.raises(BadFace):
        Throw(DiceSpec.parse(spec), faces, "physical")


def test_removing_the_only_roll_of_a_die_type_leaves_no_trace_of_it():
    throw = Throw(DiceSpec.parse("d20"), (20,), "generated")
    assert EMPTY.add(throw).remove(throw) == EMPTY


def test_removing_a_roll_never_added_is_refused():
    d6 = Throw(DiceSpec.parse("d6"), (4,), "generated")
    with pytest.raises(ValueError, match="no d6 physical roll"):
        EMPTY.add(d6).remove(Throw(DiceSpec.parse("d6"), (4,), "physical"))
    with pytest.raises(ValueError, match="no 5 of a d6"):
        EMPTY.add(d6).remove(Throw(DiceSpec.parse("d6"), (5,), "generated"))


def test_both_sources_together_add_up_and_each_stays_apart():
    d6 = DiceSpec.parse("d6")
    statistics = EMPTY.add(Throw(d6, (1,), "generated")).add(Throw(d6, (6,), "physical"))
    assert statistics.die_types() == [DieType(6, "generated"), DieType(6, "physical")]
    assert statistics.faces_of(6).counts == (1, 0, 0, 0, 0, 1)
    assert statistics.faces_of(6, "physical").counts == (0, 0, 0, 0, 0, 1)


def test_removing_the_lowest_or_highest_total_finds_the_next_one():
    totals = TotalsTally.empty(DiceSpec.parse("2d6"))
    for total in (2, 7, 12, 12):
        totals = totals.add(total)
    totals = totals.remove(2)
    assert (totals.lowest, totals.highest) == (7, 12)
    totals = totals.remove(12)
    assert (totals.lowest, totals.highest) == (7, 12)
    totals = totals.remove(12).remove(7)
    assert (totals.lowest, totals.highest, totals.rolls) == (None, None, 0)


def test_tallies_of_different_dice_do_not_add_up():
    with pytest.raises(ValueError, match="do not add up"):
        FaceTally.empty(6) + FaceTally.empty(8)
    with pytest.raises(ValueError, match="do not add up"):
        TotalsTally.empty(DiceSpec.parse("d6")) + TotalsTally.empty(DiceSpec.parse("d6+1"))
