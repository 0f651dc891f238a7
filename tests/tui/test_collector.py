"""While the app runs, Python's collector looks at new objects only once thousands have stayed."""

import gc

from companion.tui.app import CompanionApp
from tests.pilot import settle


async def test_twenty_five_rolls_never_wake_the_collector_and_the_app_leaves_it_as_it_found_it(companion):
    """At Python's 700 it looked two or three times a roll, found nothing, and took 0.3-5 ms of it."""
    before = gc.get_threshold()
    looks: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            looks.append(info["generation"])

    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test() as pilot:
        await settle(pilot)
        gc.callbacks.append(count)
        try:
            for _ in range(25):
                await pilot.press("space")
                await settle(pilot)
        finally:
            gc.callbacks.remove(count)
        assert len(app.screen.session.state.recent) == 25
    assert looks == []
    assert gc.get_threshold() == before
