"""The table's buttons on the screens that are not a game's: a menu is stepped through and picked from."""

from textual.widgets import OptionList

from companion.hardware.controls import Control, ControlPressed


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
