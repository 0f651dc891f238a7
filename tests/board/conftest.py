"""Fixtures for the board tests: fake boards in their own processes, and a recorder to wait on."""

import threading
from collections.abc import Callable, Iterator

import pytest

from companion.hardware.board_link import BoardLinkState, LinkStatus
from hw_mocks.fake_board import FakeBoardProcess


class Recorder:
    """Collects what a callback was given, on any thread, and waits for it with a timeout."""

    def __init__(self) -> None:
        self.items: list = []
        self._changed = threading.Condition()

    def __call__(self, item) -> None:
        with self._changed:
            self.items.append(item)
            self._changed.notify_all()

    def wait_for(self, done: Callable[[list], bool], timeout: float = 5.0) -> list:
        with self._changed:
            if not self._changed.wait_for(lambda: done(self.items), timeout):
                raise AssertionError(f"not seen within {timeout:.1f} s; got {self.items[-20:]!r}")
            return list(self.items)

    def wait_for_status(self, status: LinkStatus, after: int = 0, timeout: float = 5.0) -> BoardLinkState:
        items = self.wait_for(
            lambda got: any(s.status is status for s in got[after:]), timeout)
        return next(s for s in items[after:] if s.status is status)


@pytest.fixture
def fake_board() -> Iterator[FakeBoardProcess]:
    with FakeBoardProcess(seed=3) as board:
        yield board


@pytest.fixture
def micropython_board() -> Iterator[FakeBoardProcess]:
    with FakeBoardProcess(micropython=True) as board:
        yield board


@pytest.fixture
def recorder() -> Callable[[], Recorder]:
    return Recorder
