"""The registries name every game's rules and screen by path; each path must load the right class."""

import pytest

from companion.games.registry import KINDS
from companion.tui.screens.registry import GAME_SCREENS, screen_for


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_loads_rules_that_say_the_same_kind_and_title(kind):
    rules = KINDS[kind].load()
    assert (rules.kind, rules.title) == (kind, KINDS[kind].title)


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_has_a_screen(kind):
    assert kind in GAME_SCREENS
    assert screen_for(kind).__name__.endswith("Screen")
