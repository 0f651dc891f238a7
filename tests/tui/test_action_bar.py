"""The action bar's layout: buttons as wide as their words, wrapping onto more rows when they must."""

import pytest
from textual.geometry import Region

from companion.tui.widgets.action_bar import MORE, Tap, fit, layout, rows_of

TAPS = (Tap("roll", "Roll", "space", primary=True), *(Tap("face", str(face), "", face) for face in range(1, 7)),
        Tap("undo", "Undo", "u"), Tap("next", "Next dice", "n"))


def test_buttons_sit_side_by_side_a_column_apart_each_with_its_key():
    placed = layout(TAPS, 80, 3, with_keys=True)
    assert [p.region for p in placed[:3]] == [Region(0, 0, 12, 3), Region(13, 0, 3, 3), Region(17, 0, 3, 3)]
    assert {p.region.y for p in placed} == {0}


def test_buttons_that_do_not_fit_go_on_to_the_next_row():
    placed = layout(TAPS, 30, 1, with_keys=True)
    assert [p.region.y for p in placed] == [0, 0, 0, 0, 0, 1, 1, 1, 1]
    assert all(p.region.right <= 30 for p in placed)


def test_without_their_keys_buttons_take_less_room():
    assert layout(TAPS, 27, 1, with_keys=False)[-1].region.y == 1
    assert layout(TAPS, 27, 1, with_keys=True)[-1].region.y == 2


MANY = tuple(Tap(f"action{number}", f"Action {number}", "k") for number in range(20))


def test_a_bar_limited_to_two_rows_keeps_the_first_buttons_and_ends_with_more():
    placed = fit(MANY, 60, 3, True, 2)
    shown = [p.tap for p in placed]
    assert shown[-1] == MORE and shown[:-1] == list(MANY[: len(shown) - 1])
    assert rows_of(placed) == 2 and all(p.region.right <= 60 for p in placed)
    one_more = (*MANY[: len(shown)], MORE)
    assert rows_of(layout(one_more, 60, 3, True)) == 3, "as many as fit"


def test_a_bar_whose_buttons_fit_has_no_more_button_and_one_without_a_limit_takes_every_row():
    assert MORE not in [p.tap for p in fit(TAPS, 80, 3, True, 2)]
    assert [p.tap for p in fit(MANY, 60, 1, True, None)] == list(MANY)
    assert rows_of(fit(MANY, 60, 1, True, None)) > 2


UNDONE = (*MANY[:5], Tap("undo", "Undo", "u"), Tap("redo", "Redo", "y", glued=True), *MANY[5:])
"""A bar just after an undo: Redo, glued to Undo, after the first buttons."""


@pytest.mark.parametrize("width", range(40, 80))
def test_redo_glued_to_undo_is_never_parted_from_it_by_more(width):
    """Where Undo was the last button before More…, Redo went behind More… alone; now the button
    before Undo gives way to it."""
    shown = [p.tap.name for p in fit(UNDONE, width, 1, True, 2)]
    assert ("undo" in shown) == ("redo" in shown)
    if "undo" in shown:
        assert shown[shown.index("undo") + 1] == "redo"


def test_the_button_before_undo_gives_way_to_redo_where_undo_was_last_before_more():
    before = [p.tap.name for p in fit(tuple(t for t in UNDONE if t.name != "redo"), 44, 1, True, 2)]
    assert before[-2:] == ["undo", MORE.name], "Undo is the last button before More…"
    assert [p.tap.name for p in fit(UNDONE, 44, 1, True, 2)] == [*before[:-3], "undo", "redo", MORE.name]
