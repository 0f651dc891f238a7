"""A game's keymap as Textual bindings and palette commands: derived, so they cannot drift."""

from textual.binding import Binding, BindingType

from companion.games.kit.keymap import Keymap


def bindings(keymap: Keymap) -> list[BindingType]:
    """One binding per keyed action; each calls the screen's `act` with the action's name and value."""
    return [
        Binding(action.keys, f"act({action.name!r}, {action.value!r})", action.label, show=action.footer,
                # Space is the big button: a focused list or checkbox must not take it.
                priority=action.keys == "space")
        for action in keymap
        if action.keys
    ]
