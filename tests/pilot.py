"""Driving the app in Pilot tests: a press is done when the journal has committed it and the
screen has redrawn from it. Awaited, never slept for."""

import asyncio
from collections.abc import Callable

from textual.app import App
from textual.pilot import Pilot

from companion.hardware.controls import Control
from companion.tui.widgets.action_bar import ActionBar
from companion.tui.widgets.mock_panel import MockPanel


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


async def tap(pilot: Pilot, name: str, value: int | None = None) -> None:
    """Clicks the middle of the action bar's button, as a finger on the touchscreen would, and lets it settle."""
    bar = pilot.app.screen.query_one(ActionBar)
    region = bar.region_of(name, value)
    assert region is not None, f"no button for {name} {value}"
    await pilot.click(bar, offset=(bar.gutter.left + region.x + 1, bar.gutter.top + region.y + region.height // 2))
    await settle(pilot)


async def push(pilot: Pilot, control: Control, value: int | None = None) -> None:
    """Clicks the mock panel's key for a control on the screen in front (a form's own panel when
    a form is open), as a mouse on the demo would; the press itself is awaited by the caller."""
    panel = pilot.app.screen.query_one(MockPanel)
    region = panel.region_of(control, value)
    assert region is not None, f"no key for {control} {value}"
    assert panel.content_region.x + region.right <= pilot.app.size.width, f"{control} {value} is off screen"
    await pilot.click(panel, offset=(panel.gutter.left + region.x + region.width // 2, panel.gutter.top + region.y))


def buttons(app: App) -> list[str]:
    """The action bar's buttons, as they read."""
    return [tap.label for tap in app.screen.query_one(ActionBar).taps]
