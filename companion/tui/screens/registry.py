"""The screen that plays each game kind."""

from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.game_screen import GameScreen

GAME_SCREENS: dict[str, type[GameScreen]] = {
    "dice": DiceScreen,
}
