"""The footer every screen of ours has: compact on a narrow screen, so an 80-column one keeps every key."""

from textual import events
from textual.widgets import Footer

COMPACT_BELOW = 100
"""Columns below which the footer drops the spaces around each key."""


class FittingFooter(Footer):
    def on_resize(self, event: events.Resize) -> None:
        self.compact = event.size.width < COMPACT_BELOW
