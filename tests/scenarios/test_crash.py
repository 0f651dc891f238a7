"""Killed (SIGKILL) in the middle of a scenario's setup, or of the solo opponent's impulse, the
companion opens the game again at the very step it showed, with its draws and dice as they were,
and the game goes on from there."""

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.kit.guide import ConfirmStep
from companion.games.point_blank.aeo.events import AeoRolled
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.battlefield_events import TerrainDrawn
from companion.games.registry import descriptor
from companion.journal.store import GameStore
from companion.session import GameSession
from companion.tui.app import CompanionApp
from companion.tui.screens.guide_screen import GuideScreen
from tests.pilot import settle
from tests.point_blank.solo import aeo_step

HERE = Path(__file__).parent
ENV = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}


def set_up_until_killed(data_dir: Path, kind: str, name: str, steps: int) -> list[str]:
    """Confirms `steps` steps in another process, then kills it with SIGKILL."""
    table = subprocess.Popen([sys.executable, str(HERE / "setting_up.py"), str(data_dir), kind, name, str(steps)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=ENV)
    assert table.stdout is not None
    said = []
    while (line := table.stdout.readline().strip()) != "waiting":
        assert line, "the setting-up process ended early"
        said.append(line)
    table.send_signal(signal.SIGKILL)
    table.wait(timeout=10)
    assert table.returncode == -signal.SIGKILL
    return said


@pytest.mark.parametrize(("kind", "name", "steps"), [
    ("conflict_of_heroes", "hmg_and_the_woods", 2),
    ("take_cover", "standard", 2),
    ("point_blank", "tutorial", 3),
])
def test_a_game_killed_mid_setup_opens_at_the_same_step_and_goes_on(tmp_path, sessions, kind, name, steps):
    said = set_up_until_killed(tmp_path / "data", kind, name, steps)
    assert said[-1] == f"at {steps}"
    store = GameStore(tmp_path / "data" / "games.sqlite3")
    known = descriptor(kind)
    assert known is not None
    game = known.open(random.Random(99), None)
    (info,) = store.games()
    session: GameSession = sessions(store, info, game.rules)
    assert session.state.guide.at == steps and session.state.guide.setting_up
    draws = [record.event for record in session.records if isinstance(record.event, TerrainDrawn)]
    session.execute(ConfirmStep(step=steps))
    assert session.state.guide.at == steps + 1
    assert [record.event for record in session.records if isinstance(record.event, TerrainDrawn)][:len(draws)] \
        == draws
    store.close()


async def test_the_app_opens_a_game_killed_mid_setup_on_its_setup_screen_at_that_step(companion):
    set_up_until_killed(companion.data_dir, "point_blank", "tutorial", 2)
    app = CompanionApp(companion)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GuideScreen)
        assert "Step 3 of 6: Lay out the battlefield" in str(app.screen.query_one("#guide-step").render())


def play_solo_until_killed(data_dir: Path, target: str) -> list[str]:
    """Plays the tutorial solo in another process until the AEO waits at `target`, then kills it."""
    table = subprocess.Popen([sys.executable, "-m", "tests.scenarios.playing_solo", str(data_dir), target],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=ENV, cwd=HERE.parent.parent)
    assert table.stdout is not None
    said = []
    while (line := table.stdout.readline().strip()) != "waiting":
        assert line, "the playing process ended early"
        said.append(line)
    table.send_signal(signal.SIGKILL)
    table.wait(timeout=10)
    assert table.returncode == -signal.SIGKILL
    return said


@pytest.mark.parametrize("target", ["roll", "missing", "act"])
def test_a_solo_game_killed_mid_aeo_impulse_opens_at_the_same_step_and_goes_on(tmp_path, sessions, target):
    said = play_solo_until_killed(tmp_path / "data", target)
    store = GameStore(tmp_path / "data" / "games.sqlite3")
    known = descriptor("point_blank")
    assert known is not None
    game = known.open(random.Random(99), None)
    (info,) = store.games()
    session: GameSession = sessions(store, info, game.rules)
    state = session.state
    turn = state.aeo.impulse
    assert said[-1] == f"at {stage(state).kind} {turn.pip} {turn.face} {turn.roll}" and stage(state).kind == target
    rolls = [record.event for record in session.records if isinstance(record.event, AeoRolled)]
    aeo_step(game, session, random.Random(1))
    assert stage(session.state) != stage(state) or session.state.aeo.impulse != turn
    assert [record.event for record in session.records if isinstance(record.event, AeoRolled)][:len(rolls)] == rolls
    store.close()
