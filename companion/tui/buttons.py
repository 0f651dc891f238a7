"""The table's buttons on the screens that are not a game's: menus stepped through, and why a press does nothing."""

from textual.widgets import OptionList

from companion.hardware.controls import Control, ControlPressed

MENU_HINT = "Next steps down, Confirm picks"


def on_menu(menu: OptionList, press: ControlPressed) -> bool:
    """Next steps down the menu, Confirm (or the big Roll button) picks the entry; True when the
    press was one of those."""
    if press.control == Control.NEXT:
        menu.action_cursor_down()
        return True
    if press.control in (Control.CONFIRM, Control.ROLL):
        menu.action_select()
        return True
    return False


def does_nothing(press: ControlPressed, hint: str = "") -> str:
    """Why a press was not taken: `roll does nothing here`, with what the screen's buttons do."""
    return f"{press} does nothing here" + (f": {hint}" if hint else "")
