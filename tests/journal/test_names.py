"""Game names: one line, not empty, not digits only, not too long, and no two games alike."""

import pytest

from companion.errors import BadName
from companion.journal.names import MAX_NAME, game_name, same_name


def test_a_name_is_taken_without_the_spaces_around_it():
    assert game_name("  Bridge at Arnhem ", others=["Game 1"]) == "Bridge at Arnhem"


@pytest.mark.parametrize(("typed", "reason"), [
    ("", "a game's name cannot be empty"),
    ("   ", "a game's name cannot be empty"),
    ("Kursk\nday 2", "a game's name is one line: no line breaks, tabs or other control characters"),
    ("Kursk\tday 2", "a game's name is one line: no line breaks, tabs or other control characters"),
    ("Kursk\u2028day 2", "a game's name is one line: no line breaks, tabs or other control characters"),
    ("12", "a name of digits only reads as a game's number: add a word, such as 'Game 12'"),
    ("x" * (MAX_NAME + 1), f"a game's name has at most {MAX_NAME} characters; this one has {MAX_NAME + 1}"),
])
def test_a_name_that_is_not_one_line_of_words_is_refused_with_the_reason(typed, reason):
    with pytest.raises(BadName) as refused:
        game_name(typed, others=[])
    assert str(refused.value) == reason


@pytest.mark.parametrize("typed", ["Kursk", " kursk ", "KURSK"])
def test_a_name_another_game_has_is_refused_whatever_its_case_and_spaces(typed):
    with pytest.raises(BadName, match=r"^another game is already called Kursk: choose another name$"):
        game_name(typed, others=["Game 1", "Kursk"])


def test_a_name_of_the_longest_length_with_a_number_in_it_is_fine():
    assert game_name("y" * (MAX_NAME - 3) + " 12", others=[]) == "y" * (MAX_NAME - 3) + " 12"


@pytest.mark.parametrize(("typed", "name", "same"), [
    ("  x", "  x", True), ("x", "  x", True), ("Kursk ", "Kursk", True), ("kursk", "Kursk", False),
    ("", "Kursk", False),
])
def test_a_typed_confirmation_names_the_game_with_the_spaces_around_either_left_out(typed, name, same):
    assert same_name(typed, name) is same
