"""The serial board's link as the rest of the app sees it: searching, connected (with versions), lost."""

from enum import StrEnum
from typing import NamedTuple


class LinkStatus(StrEnum):
    SEARCHING = "searching"
    """No board has answered yet."""
    CONNECTED = "connected"
    LOST = "lost"
    """A board was connected and is gone; the driver is looking for it again."""
    REFUSED = "refused"
    """A board answered but speaks another protocol major version; `reason` names both."""
    BUSY = "busy"
    """The port is held by another program (the running companion, a `board monitor`, a terminal
    program); `reason` says so, naming the program when it can be found. The driver tries again."""


class BoardLinkState(NamedTuple):
    """One snapshot of the link, replaced whole on every change."""

    status: LinkStatus
    port: str | None = None
    board_id: str | None = None
    protocol: str | None = None
    firmware: str | None = None
    capabilities: tuple[str, ...] = ()
    reason: str = ""
    damaged_frames: int = 0
    """Frames skipped since the link came up because they arrived damaged (noise, a bad cable)."""
    last_damage: str = ""
    bad_events: int = 0
    """Events ignored since the link came up because their value is out of range (a side 3, a face 11)."""
    last_bad_event: str = ""

    def __str__(self) -> str:
        if self.status is LinkStatus.CONNECTED:
            return f"board connected (firmware {self.firmware}, protocol {self.protocol}){self.damage}{self.bad}"
        if self.status is LinkStatus.SEARCHING:
            return "board: searching"
        return f"board {self.status}: {self.reason}" if self.reason else f"board {self.status}"

    @property
    def must_act(self) -> bool:
        """A board lost, refused or busy, or one whose line skips damaged frames or bad events."""
        troubled = self.status in (LinkStatus.LOST, LinkStatus.REFUSED, LinkStatus.BUSY)
        return troubled or bool(self.damaged_frames or self.bad_events)

    @property
    def damage(self) -> str:
        """`; skipped 3 damaged frames (last: CRC mismatch)`, or nothing on a clean line."""
        if not self.damaged_frames:
            return ""
        plural = "s" if self.damaged_frames > 1 else ""
        return f"; skipped {self.damaged_frames} damaged frame{plural} (last: {self.last_damage})"

    @property
    def bad(self) -> str:
        """`; ignored 2 bad events (last: side 3 is not 1 or 2)`, or nothing."""
        if not self.bad_events:
            return ""
        plural = "s" if self.bad_events > 1 else ""
        return f"; ignored {self.bad_events} bad event{plural} (last: {self.last_bad_event})"
