"""The authority's remote presses between the broker and the app: each handed on once, acknowledged in order.

A press is acknowledged to the broker only once the app has settled it (applied, found already
applied, or refused), and acknowledgements go back in the order the presses arrived. Until then
the broker keeps it, also across a lost connection or a broker restart, and sends it again: the
app's record of applied ids turns such a resend into "already applied".
"""

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class _Arrival:
    mid: int
    press_id: str | None
    """None for a payload that was refused unread: it is acknowledged in its turn."""


class PressInbox:
    def __init__(self) -> None:
        self._pending: set[str] = set()
        self._arrivals: deque[_Arrival] = deque()

    def arrived(self, mid: int, press_id: str | None) -> bool:
        """Notes one delivery; True when the app must be handed the press (it is not already waiting)."""
        self._arrivals.append(_Arrival(mid, press_id))
        if press_id is None or press_id in self._pending:
            return False
        self._pending.add(press_id)
        return True

    def settle(self, press_id: str) -> None:
        self._pending.discard(press_id)

    @property
    def waiting(self) -> int:
        """Presses handed to the app and not yet settled."""
        return len(self._pending)

    def due_acks(self) -> list[int]:
        """Message ids to acknowledge now, in arrival order, up to the first press still unsettled."""
        due = []
        while self._arrivals and self._arrivals[0].press_id not in self._pending:
            due.append(self._arrivals.popleft().mid)
        return due

    def connection_lost(self) -> None:
        """Deliveries of a closed connection cannot be acknowledged; the broker sends them again.

        Presses already handed to the app stay waiting, so a resend is not handed on twice.
        """
        self._arrivals.clear()
