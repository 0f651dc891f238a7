"""The table link as the rest of the app sees it: off, connecting, connected or down, with what is waiting."""

from dataclasses import dataclass
from enum import StrEnum


class TableLinkStatus(StrEnum):
    CONNECTING = "connecting"
    """Not yet connected since the start."""
    CONNECTED = "connected"
    DOWN = "down"
    """Was connected, or tried: the broker or the network is gone; the link keeps trying."""
    REFUSED = "refused"
    """The broker turned the link away (bad credentials, not allowed); `reason` says why."""


@dataclass(frozen=True, slots=True)
class TableLinkState:
    """One snapshot of the link, replaced whole on every change."""

    status: TableLinkStatus
    table: str
    broker: str
    reason: str = ""
    waiting: int = 0
    """Events committed here that the broker has not acknowledged yet (the authority)."""
    bad_payloads: int = 0
    """Received payloads refused unread since the start; `last_problem` names the latest."""
    last_problem: str = ""
    refused_presses: int = 0
    last_refusal: str = ""

    @property
    def must_act(self) -> bool:
        """The broker down or refusing the link, presses refused or messages skipped."""
        troubled = self.status in (TableLinkStatus.DOWN, TableLinkStatus.REFUSED)
        return troubled or bool(self.refused_presses or self.bad_payloads)

    def __str__(self) -> str:
        if self.status is TableLinkStatus.CONNECTED:
            text = f"table {self.table}: connected"
        elif self.status is TableLinkStatus.CONNECTING:
            text = f"table {self.table}: connecting to {self.broker}"
        else:
            text = f"table {self.table}: broker {self.status}" + (f" ({self.reason})" if self.reason else "")
            text += "; playing on locally"
        if self.waiting:
            text += f"; {_count(self.waiting, 'event')} to publish"
        if self.refused_presses:
            text += f"; refused {_count(self.refused_presses, 'press', 'presses')} ({self.last_refusal})"
        if self.bad_payloads:
            text += f"; skipped {_count(self.bad_payloads, 'bad message')} ({self.last_problem})"
        return text


def _count(number: int, thing: str, things: str = "") -> str:
    return f"{number} {thing if number == 1 else things or thing + 's'}"
