"""Dice statistics in words: the verdict, the dice screen's totals and `companion stats`' report."""

from companion.dice.fairness import goodness_of_fit
from companion.dice.spec import DiceSpec
from companion.dice.statistics import EMPTY, FaceTally, Throw, TotalsTally
from companion.dice.stats_view import (
    face_table,
    fairness_text,
    p_value_text,
    report_json,
    report_lines,
    totals_line,
    totals_text,
    verdict_text,
)

D6 = DiceSpec.parse("d6")


def tally_of(counts: tuple[int, ...]) -> FaceTally:
    tally = FaceTally.empty(len(counts))
    for face, count in enumerate(counts, 1):
        for _ in range(count):
            tally = tally.add((face,))
    return tally


def test_too_few_rolls_says_how_many_faces_the_test_needs():
    assert verdict_text(goodness_of_fit(6, 12, 30)) == (
        "too few rolls to tell: a d6 needs 30 faces for the test, 18 more")


def test_the_fairness_line_gives_statistic_freedom_p_and_verdict():
    assert fairness_text(tally_of((5, 5, 5, 5, 5, 5)).fit()) == (
        "chi-square 0.00, 5 degrees of freedom, p = 1.000: consistent with a fair die")
    assert fairness_text(tally_of((0, 0, 0, 0, 0, 30)).fit()).endswith("p < 0.001: very unlikely to be a fair die")
    assert fairness_text(FaceTally.empty(6).fit()) == "too few rolls to tell: a d6 needs 30 faces for the test, 30 more"
    assert p_value_text(None) == "p: no rolls yet"


def test_the_totals_read_as_the_dice_screen_shows_them():
    spec = DiceSpec.parse("2d6")
    assert totals_text(TotalsTally.empty(spec)) == "2d6: no rolls yet\nexpected average 7.00"
    totals = TotalsTally.empty(spec).add(7).add(7).add(2).add(12)
    assert totals_text(totals) == (
        "2d6: 4 rolls\naverage 7.00 (expected 7.00)\nlowest 2, highest 12\n2 ▄····█····▄ 12")


def test_dice_with_many_totals_get_no_spread():
    assert "\n" not in totals_text(TotalsTally.empty(DiceSpec.parse("5d6")).add(18)).split("highest 18")[-1]


def test_the_face_table_puts_a_d20_in_two_even_blocks_and_a_d6_in_one():
    d20 = face_table(tally_of((1,) * 20))
    assert [line.split()[0] for line in d20] == ["face", "observed", "expected"] * 2
    assert d20[0].split()[1:] == [str(face) for face in range(1, 11)]
    assert d20[3].split()[1:] == [str(face) for face in range(11, 21)]
    d6 = face_table(tally_of((1, 2, 3, 4, 5, 6)))
    assert d6 == [
        "face          1    2    3    4    5    6",
        "observed      1    2    3    4    5    6",
        "expected    3.5  3.5  3.5  3.5  3.5  3.5",
    ]


def test_the_report_names_each_die_type_and_source_with_its_rolls_and_faces():
    statistics = EMPTY.add(Throw(DiceSpec.parse("2d6"), (1, 2), "physical")).add(Throw(D6, (3,), "generated"))
    lines = report_lines(statistics)
    assert lines[0] == "d6, generated: 1 roll, 1 face"
    assert lines[5] == "d6, physical: 1 roll, 2 faces"
    assert report_lines(EMPTY) == ["no dice rolled"]


def test_the_json_report_has_each_die_type_both_sources_together_and_each_apart():
    statistics = EMPTY.add(Throw(D6, (6,), "physical")).add(Throw(D6, (6,), "generated"))
    d6 = report_json(statistics)["d6"]
    assert (d6["rolls"], d6["faces"], d6["counts"]) == (2, 2, {"1": 0, "2": 0, "3": 0, "4": 0, "5": 0, "6": 2})
    assert d6["sources"]["physical"]["counts"]["6"] == 1
    assert d6["verdict"] == "too_few_rolls" and d6["p_value"] == goodness_of_fit(6, 2, 4).p_value
    only_generated = report_json(EMPTY.add(Throw(D6, (1,), "generated")))["d6"]["sources"]["physical"]
    assert (only_generated["rolls"], only_generated["p_value"], only_generated["chi_square"]) == (0, None, None)


def test_one_roll_is_one_roll():
    one = TotalsTally.empty(DiceSpec.parse("2d6")).add(7)
    assert totals_text(one).startswith("2d6: 1 roll\n")
    assert totals_line(one) == "2d6: 1 roll · average 7.00 (7.00 expected) · 7 to 7"
    assert totals_line(TotalsTally.empty(DiceSpec.parse("d6"))) == "d6: no rolls yet · 3.50 expected on average"
