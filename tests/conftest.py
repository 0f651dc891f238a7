"""Fixtures shared by the whole suite: gpiozero's MockFactory, a fake clock, local time in UTC, a wired companion."""

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import textual._wait as textual_wait
from gpiozero.pins.mock import MockFactory
from hypothesis import settings
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from companion.bootstrap import Companion, bootstrap
from companion.games import registry
from companion.games.rules import Rules
from companion.journal.store import GameInfo, GameStore
from companion.session import GameSession
from drivers.pin_factory import PinFactoryChoice

# Selenium's trio registers a Hypothesis plugin; loading it imports trio and runs a full garbage
# collection in every worker, for a random generator no test of ours uses.
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")
# Speed is the benchmarks' business: Hypothesis's per-example deadline failed a property whose first
# example imports scipy (~0.4 s) whenever that import landed in it.
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")


def pytest_configure(config: pytest.Config) -> None:
    """Pilot's `pause` sleeps in 20 ms steps until the process looks idle, four times a key press:
    about half of a screen test's wall time. Our presses await the journal's commit and the redraw they
    need (`tests.pilot.settle`), so shorter steps lose no certainty."""
    textual_wait.SLEEP_GRANULARITY = 1 / 200
    textual_wait.SLEEP_IDLE = textual_wait.SLEEP_GRANULARITY / 20
    parse_css_once_per_worker()


def parse_css_once_per_worker() -> None:
    """Every screen test starts an app, and Textual parses all of its CSS afresh for each one: up to a
    fifth of starting it. The companion runs one app per process, so parsing each text once per
    test worker (keyed as Textual's own cache keys it, plus the theme's variables it depends on) changes
    nothing an app can see."""
    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple, list[RuleSet]] = {}

    def parse_once(self: Stylesheet, css: str, read_from: tuple[str, str], is_default_rules: bool = False,
                   tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        if key not in parsed:
            parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return list(parsed[key])

    Stylesheet._parse_rules = parse_once  # type: ignore[method-assign]


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than there are cores for `-n auto`: a test waiting on a subprocess, the broker
    or the browser then leaves no core idle. Two a core did worse (each worker collects the whole
    suite, and they crowd each other's caches): on two cores, 74-82 s against 86 s."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `long` first, so that none of them is the last to finish."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@dataclass
class FakeClock:
    """A monotonic clock that moves only when a test says so."""

    now: float = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def utc() -> Iterator[None]:
    """Local time is UTC, so the times on screen are the same on every machine."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    # Pins stay reserved at class level until reset (gpiozero issue 1087).
    factory.reset()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def companion(tmp_path: Path, mock_factory: MockFactory, clock: FakeClock) -> Iterator[Companion]:
    """The real composition root on mock pins, a fresh data dir, an empty config file and a seeded
    random source."""
    config = tmp_path / "config.toml"
    config.write_text("")
    wired = bootstrap(
        data_dir=tmp_path / "data",
        config_file=config,
        seed=7,
        env={},
        pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"),
        clock=clock,
        fake_board=False,
    )
    yield wired
    wired.close()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    """A games file of its own for the test, closed after it."""
    opened = GameStore(tmp_path / "games.sqlite3")
    yield opened
    opened.close()


@pytest.fixture
def sessions() -> Iterator[Callable[[GameStore, GameInfo, Rules], GameSession]]:
    """Opens sessions on a store, and closes them (and their writer threads) after the test."""
    opened: list[GameSession] = []

    def open_session(store: GameStore, game: GameInfo, rules: Rules) -> GameSession:
        session = GameSession(store, game, rules)
        opened.append(session)
        return session

    yield open_session
    for session in opened:
        session.close()


@pytest.fixture
def short_game(monkeypatch) -> None:
    """The three-turn test game is offered beside the shipped ones."""
    from companion.tui import app as app_module
    from tests.tui.short_game import SHORT_GAME

    monkeypatch.setitem(registry.KINDS, SHORT_GAME.kind, SHORT_GAME)
    monkeypatch.setattr(app_module, "GAMES", (*registry.GAMES, SHORT_GAME))
