"""The screen that plays each game kind."""

from companion.tui.conflict_of_heroes.screen import ConflictOfHeroesScreen
from companion.tui.point_blank.screen import PointBlankScreen
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.game_screen import GameScreen

GAME_SCREENS: dict[str, type[GameScreen]] = {
    "dice": DiceScreen,
    "conflict_of_heroes": ConflictOfHeroesScreen,
    "point_blank": PointBlankScreen,
}
