"""The footer every screen of ours has: compact on a narrow screen, so an 80-column one keeps every key."""

from collections.abc import Hashable

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

COMPACT_BELOW = 100
"""Columns below which the footer drops the spaces around each key."""


class FittingFooter(Footer):
    """Rebuilds its keys only when the keys it shows change. Textual's footer rebuilds them whenever
    the screen's bindings are refreshed (a focus move, a screen resumed), and each rebuild restyles
    every key: most of a redraw's work on a small board."""

    _shown: Hashable = None

    def on_resize(self, event: events.Resize) -> None:
        self.compact = event.size.width < COMPACT_BELOW

    def compose(self) -> ComposeResult:
        self._shown = self._keys_to_show()
        yield from super().compose()

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
