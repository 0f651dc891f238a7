"""The footer every screen of ours has: compact on a narrow screen, so an 80-column one keeps every key."""

from collections.abc import Hashable

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

COMPACT_BELOW = 100
"""Columns below which the footer drops the spaces around each key."""


class FittingFooter(Footer):
    """Rebuilds its keys only when the keys it shows change, and builds each key in the footer's style.
    Textual's footer rebuilds them whenever the screen's bindings are refreshed (a focus move, a
    screen resumed), and restyles each new key twice (made compact, then bound to the footer's
    width): restyling is among the costliest work of a Textual redraw."""

    _shown: Hashable = None

    def on_resize(self, event: events.Resize) -> None:
        self.compact = event.size.width < COMPACT_BELOW

    def compose(self) -> ComposeResult:
        self._shown = self._keys_to_show()
        for widget in super().compose():
            # The palette's key is not bound to the footer's width: Textual leaves it compact.
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        if self._bindings_ready and screen is self.screen and self._keys_to_show() == self._shown:
            return
        super().bindings_changed(screen)

    def _keys_to_show(self) -> Hashable:
        if not self._bindings_ready:
            return None
        return tuple(
            (binding.key, binding.description, binding.action, binding.show, binding.group, enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
        )
