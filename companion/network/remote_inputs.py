"""Remote presses as inputs the games file records: each press id is one input of one presser's run.

A `RemotePresser` names its presses `<run>:<count>`, counting from 1 in the order it sends them;
the authority applies them in that order, so "dealt with" is one number per run, kept in the games
file's `inputs` table with what the press caused (or as refused), in the same transaction. An id
of any other shape is an input of its own.
"""

from collections.abc import Callable, Collection, Iterable, Mapping

from companion.hardware.controls import ControlPressed, Origin
from companion.network.messages import Outcome, PressMessage

PREFIX = "remote"
"""Every remote input's source starts with this: `GameStore.inputs(PREFIX)` reads them all."""
RUN = f"{PREFIX}:"
SINGLE = f"{PREFIX}-id:"
LARGEST_COUNT = 2**62
"""SQLite keeps 64-bit integers: a longer count is not one a presser made."""
OUT_OF_ORDER = "out of order: a later press from the same presser was dealt with first"


def origin_of(press_id: str) -> Origin:
    """`<run>:<count>` is input `count` of the source `remote:<run>`; any other id is the one input
    of the source `remote-id:<id>` (the two prefixes never meet, so no two ids share an input)."""
    run, _, count = press_id.rpartition(":")
    if run and count.isascii() and count.isdigit() and 0 < int(count) < LARGEST_COUNT:
        return Origin(RUN + run, int(count))
    return Origin(SINGLE + press_id, 1)


class RemoteInputs:
    """Which remote presses were dealt with: those the games file records, and those handed on since.

    A press taken after a gap in its run's counts skips the ones in between (never received, or
    refused unread by the link): they were not dealt with, and this remembers them so, while the
    app runs. The games file keeps only each run's last count.
    """

    def __init__(self, recorded: Mapping[str, int]) -> None:
        self._last = dict(recorded)
        self._skipped: dict[str, list[tuple[int, int]]] = {}
        """Per run, the ranges of counts (first, last) that a later press of the run went past."""

    def dealt_with(self, origin: Origin) -> bool:
        """Applied or refused before (a resend): it must not be applied again."""
        last = self._last.get(origin.source)
        return last is not None and origin.number <= last and not self.skipped(origin)

    def skipped(self, origin: Origin) -> bool:
        """Never dealt with, and a later press of its run was: it comes out of order, too late to apply."""
        return any(first <= origin.number <= last for first, last in self._skipped.get(origin.source, ()))

    def take(self, origin: Origin) -> None:
        """The press is being dealt with now: a resend from here on is `dealt_with`."""
        last = self._last.get(origin.source, 0)
        if origin.number > last + 1:
            self._skipped.setdefault(origin.source, []).append((last + 1, origin.number - 1))
        self._last[origin.source] = max(origin.number, last)


def is_remote(origin: Origin) -> bool:
    return origin.source.startswith(PREFIX)


Verdict = Callable[[str, Outcome, str], None]
"""(press id, outcome, reason): the link's `settle`."""


class RemotePresses:
    """Remote presses between the link and the screens: each taken once, in the order handed on, and
    answered once what it caused, or its refusal, is committed (a commit that fails refuses it).

    Decision: a refused press is recorded as dealt with, like an applied one, so a resend of it is
    answered `already_applied` and it is never applied later, when the game might have moved on to
    a moment where it would be taken. A press means what it meant when it was pressed.
    """

    def __init__(self, recorded: Mapping[str, int], verdict: Verdict) -> None:
        self._inputs = RemoteInputs(recorded)
        self._verdict = verdict
        self._waiting: dict[Origin, tuple[str, str]] = {}

    def take(self, press: PressMessage) -> ControlPressed | None:
        """The press as the screens take it, with its origin; None for one dealt with before (a
        resend), which is answered at once."""
        origin = origin_of(press.id)
        if self._inputs.skipped(origin):
            self._verdict(press.id, Outcome.REFUSED, OUT_OF_ORDER)
            return None
        if self._inputs.dealt_with(origin):
            self._verdict(press.id, Outcome.ALREADY_APPLIED, "")
            return None
        self._inputs.take(origin)
        self._waiting[origin] = (press.id, "")
        return ControlPressed(press.control, press.value, source="remote", origin=origin)

    @staticmethod
    def answers_for(origin: Origin) -> bool:
        """An input of a remote press (and not a button's or the board's)."""
        return is_remote(origin)

    def refused(self, origin: Origin, reason: str) -> None:
        """The screen refused it: answered so once the refusal is recorded."""
        if reason and origin in self._waiting:
            self._waiting[origin] = (self._waiting[origin][0], reason)

    def done_with(self, origins: Iterable[Origin], dropped: Collection[Origin] = (), failure: str = "") -> None:
        """These inputs are committed (or `dropped` with a commit that failed with `failure`)."""
        for origin in origins:
            waiting = self._waiting.pop(origin, None)
            if waiting is None:
                continue
            press_id, refusal = waiting
            if origin in dropped:
                self._verdict(press_id, Outcome.REFUSED, f"not saved: {failure}" if failure else "not saved")
            elif refusal:
                self._verdict(press_id, Outcome.REFUSED, refusal)
            else:
                self._verdict(press_id, Outcome.APPLIED, "")

    @property
    def waiting(self) -> int:
        return len(self._waiting)
