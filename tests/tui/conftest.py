"""Fixtures for the screens: a table whose clocks, dice and paths read the same on every run, and
the three screen sizes every screen is made for."""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion.bootstrap import Companion, bootstrap
from drivers.pin_factory import PinFactoryChoice

SIZES = {"80x24": (80, 24), "100x30": (100, 30), "160x50": (160, 50)}
"""The smallest screen, the 7-inch Pi touchscreen at the console font, and a TV."""


@dataclass
class SteadyWallClock:
    """The wall clock records and games carry: a fixed start, seven seconds further at each reading."""

    now: datetime = datetime(2026, 11, 30, 14, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=7)
        return self.now


@pytest.fixture
def table(tmp_path: Path, mock_factory, clock, utc, monkeypatch) -> Iterator[Companion]:
    """A companion on mock pins with seeded dice, a steady wall clock, no board link (whose search
    would change the status line at any moment) and its games file under `~/data`."""
    monkeypatch.setenv("HOME", str(tmp_path))
    config = tmp_path / "config.toml"
    config.write_text("[board]\nenabled = false\n")
    wired = bootstrap(
        data_dir=tmp_path / "data", config_file=config, seed=7, env={},
        pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock,
        wall_clock=SteadyWallClock(), fake_board=False,
    )
    yield wired
    wired.close()


EVERY_BUTTON = "[pins]\nfaces = [5, 6, 12, 13, 16, 26, 4, 7, 8, 9]\nsides = [20, 21]\n"
"""Ten face keys and both side buttons: the most a pin map wires."""


@pytest.fixture
def wired_fully(tmp_path: Path, mock_factory, clock) -> Iterator[Companion]:
    """A companion on mock pins with every button a pin map wires, the side buttons too."""
    config = tmp_path / "config.toml"
    config.write_text(EVERY_BUTTON + "[board]\nenabled = false\n")
    wired = bootstrap(data_dir=tmp_path / "data", config_file=config, seed=7, env={},
                      pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock,
                      fake_board=False)
    yield wired
    wired.close()
