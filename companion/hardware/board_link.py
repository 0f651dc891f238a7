"""The serial board's link as the rest of the app sees it: searching, connected (with versions), lost."""

from dataclasses import dataclass
from enum import StrEnum


class LinkStatus(StrEnum):
    SEARCHING = "searching"
    """No board has answered yet."""
    CONNECTED = "connected"
    LOST = "lost"
    """A board was connected and is gone; the driver is looking for it again."""
    REFUSED = "refused"
    """A board answered but speaks another protocol major version; `reason` names both."""


@dataclass(frozen=True, slots=True)
class BoardLinkState:
    """One snapshot of the link, replaced whole on every change."""

    status: LinkStatus
    port: str | None = None
    board_id: str | None = None
    protocol: str | None = None
    firmware: str | None = None
    capabilities: tuple[str, ...] = ()
    reason: str = ""

    def __str__(self) -> str:
        if self.status is LinkStatus.CONNECTED:
            return f"board connected (firmware {self.firmware}, protocol {self.protocol})"
        if self.status is LinkStatus.SEARCHING:
            return "board: searching"
        return f"board {self.status}: {self.reason}" if self.reason else f"board {self.status}"
