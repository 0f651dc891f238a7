"""A table's columns fitted to its width: names give way first, then the next columns in line."""

from companion.tui.widgets.fitted_columns import LEAST, fitted_widths

# number, name, markers, terrain
WIDTHS = [2, 34, 18, 14]
NAMES_FIRST = ({1, 3}, {2})


def test_columns_that_fit_keep_their_widths():
    assert fitted_widths(WIDTHS, NAMES_FIRST, 68) == WIDTHS


def test_the_first_group_gives_way_first_the_widest_column_most():
    assert fitted_widths(WIDTHS, NAMES_FIRST, 50) == [2, 16, 18, 14]
    assert fitted_widths(WIDTHS, NAMES_FIRST, 40) == [2, 10, 18, 10]


def test_the_next_group_gives_way_rather_than_cut_a_column_below_the_least_width():
    # The names alone would be cut to 7 columns each; with the markers all three are cut to 10.
    assert fitted_widths(WIDTHS, NAMES_FIRST, 34) == [2, LEAST, LEAST, LEAST]

