"""Counts read with the right plural."""

from companion.games.kit.words import count_of


def test_one_is_singular_and_every_other_count_plural():
    assert [count_of(n, "roll") for n in (0, 1, 2, 12)] == ["0 rolls", "1 roll", "2 rolls", "12 rolls"]
    assert count_of(3, "die", "dice") == "3 dice"
    assert count_of(1, "die", "dice") == "1 die"
