"""Driving the app in Pilot tests: a press is done when the journal has committed it and the
screen has redrawn from it. Awaited, never slept for."""

import asyncio
from collections.abc import Callable

from textual.pilot import Pilot


async def settle(pilot: Pilot) -> None:
    """Lets the app take in what was pressed, waits for the journal writer, then for the redraw."""
    await pilot.pause()
    screen = pilot.app._game_screen()  # type: ignore[attr-defined]
    if screen is not None:
        assert await asyncio.to_thread(screen.session.wait, 10), "the journal did not commit in 10 s"
    await pilot.pause()


async def comes_true(pilot: Pilot, condition: Callable[[], bool]) -> bool:
    """Whether `condition` comes true within a few dozen idle turns of the app: for what follows its
    cause by several messages (a resize reaching a widget, a footer rebuilt after a refresh)."""
    for _ in range(50):
        if condition():
            return True
        await pilot.pause()
    return condition()


async def press(pilot: Pilot, *keys: str) -> None:
    """Presses keys one at a time, each settled before the next."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
