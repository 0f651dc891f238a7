"""Rows of cells wrapped to a width: between cells, never inside one."""

from companion.tui.widgets.cell_rows import flowed

COUNTS = ("Unseen 72: Fire 13", "Dig In 6", "Grenade 7", "Artillery Round 1")


def test_cells_share_a_line_while_they_fit_and_a_label_stays_beside_its_count():
    assert flowed([COUNTS], 80) == ["Unseen 72: Fire 13 · Dig In 6 · Grenade 7 · Artillery Round 1"]
    assert flowed([COUNTS], 34) == ["Unseen 72: Fire 13 · Dig In 6", "Grenade 7 · Artillery Round 1"]


def test_each_row_starts_a_line_and_a_cell_wider_than_the_width_has_one_of_its_own():
    assert flowed([("Deck 59",), ("discard 1", "reshuffles 0")], 80) == ["Deck 59", "discard 1 · reshuffles 0"]
    assert flowed([("a", "a cell too wide", "b")], 6) == ["a", "a cell too wide", "b"]
