"""Conflict of Heroes' CAP tracks under the big digits, read as painted on the smallest screen."""

import pytest
from textual.widgets import Static

from companion.games.conflict_of_heroes import view
from companion.tui.app import CompanionApp
from tests.pilot import settle
from tests.tui.conftest import SIZES
from tests.tui.game_positions import conflict_of_heroes
from tests.tui.screen_text import painted_rows


@pytest.mark.parametrize("losses", [2, 3, 4])
@pytest.mark.parametrize("side", [1, 2])
async def test_at_80_columns_the_spaces_lost_units_lie_on_stay_together_on_one_line(table, side, losses):
    conflict_of_heroes(table)
    app = CompanionApp(table)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        state = app.screen.state  # type: ignore[attr-defined]
        caps = state.side(side).caps
        for _ in range(losses):
            caps = caps.lose_unit()
        track = app.screen.query_one(f"#coh-track-{side}", Static)
        track.update(view.track_text(state.with_caps(side, caps), side))
        await pilot.pause()
        rows = [row.strip() for row in painted_rows(app, track)]
        spaces = [str(space) for space in caps.occupied]
        assert len(spaces) == losses
        assert any(row.endswith(",".join(spaces)) for row in rows), rows  # the left track is 17 wide at most
        assert rows[-1] == f"next round {caps.allowance}", "every line shown, the last too"
