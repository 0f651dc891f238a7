"""The screen that plays each game kind, imported only when a game of that kind is opened."""

import importlib

from companion.tui.screens.game_screen import GameScreen

GAME_SCREENS: dict[str, str] = {
    "dice": "companion.tui.screens.dice:DiceScreen",
    "point_blank": "companion.tui.point_blank.screen:PointBlankScreen",
    "conflict_of_heroes": "companion.tui.conflict_of_heroes.screen:ConflictOfHeroesScreen",
}


def screen_for(kind: str) -> type[GameScreen]:
    module, _, name = GAME_SCREENS[kind].partition(":")
    return getattr(importlib.import_module(module), name)
