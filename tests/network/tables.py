"""Companions at a table for the network's tests: the app as authority (in a Pilot test or its own
process), the authority's parts without the app, and waiting on an app without sleeping."""

import asyncio
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import App

from companion.bootstrap import Companion, bootstrap
from companion.games.descriptor import resolve
from companion.games.registry import descriptor
from companion.games.rules import Command, Rules
from companion.journal.store import GameStore
from companion.network.games_file import PublishedGames
from companion.network.settings import TableSettings
from companion.session import GameSession
from drivers.pin_factory import PinFactoryChoice
from drivers.table_link import TableLink
from tests.network.conftest import Mosquitto, Recorder

TOKEN = "a-secret-for-club-1"
HERE = Path(__file__).parent


def table_config(folder: Path, broker: Mosquitto, name: str = "club-1", token: str = TOKEN) -> Path:
    """A config for the table's own companion: no board, the broker, a press token."""
    config = folder / f"{name}.toml"
    config.write_text(f'[board]\nenabled = false\n\n[table]\nbroker = "{broker.url}"\nname = "{name}"\n'
                      f'press_token = "{token}"\n')
    return config


def table_companion(folder: Path, broker: Mosquitto, mock_factory: Any, name: str = "club-1") -> Companion:
    """The composition root of the table's own companion, on mock pins, its config naming the broker."""
    return bootstrap(data_dir=folder / name, config_file=table_config(folder, broker, name), seed=7, env={},
                     pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), fake_board=False)


async def until(app: App, condition: Callable[[], bool], timeout: float = 20.0) -> None:
    """Waits for `condition`, looked at each time the app shows something new (a commit settled, a
    table's news) or its status line changes (a link up or down): an event, never a sleep."""
    changed = asyncio.Event()
    app.status_signal.subscribe(app, lambda _: changed.set(), immediate=True)  # type: ignore[attr-defined]
    app.shown_signal.subscribe(app, lambda _: changed.set(), immediate=True)  # type: ignore[attr-defined]
    async with asyncio.timeout(timeout):
        while not condition():
            changed.clear()
            await changed.wait()


def start_authority_process(folder: Path, broker: Mosquitto, kind: str = "dice") -> subprocess.Popen[str]:
    """The companion app in a process of its own, headless, as the table's authority."""
    return subprocess.Popen(
        [sys.executable, str(HERE / "authority_host.py"), str(folder / "club-1"), str(table_config(folder, broker)),
         kind], env={**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}, stdout=subprocess.DEVNULL, text=True)


class AuthorityParts:
    """The authority's parts without the app: one game's session, what it publishes, and the link."""

    def __init__(self, settings: TableSettings, path: Path, kind: str, rules: Rules[Any] | None = None,
                 name: str | None = None) -> None:
        self.store = GameStore(path)
        known = descriptor(kind)
        assert known is not None
        self.rules = rules or resolve(known.rules)(random.Random(3))
        self.info = self.store.create_game(kind, name)
        self.session = GameSession(self.store, self.info, self.rules)
        self.published = PublishedGames(path, lambda _: self.rules)
        self.published.playing(self.info, self.rules, self.session)
        self.states = Recorder()
        self.link = TableLink(settings, self.published, lambda press: None, self.states,
                              retry_interval=0.02, max_retry_interval=0.2).start()
        self.link.game_changed(self.info.id, 0)

    def execute(self, command: Command) -> None:
        """What the app does with a press: commit, then tell the link."""
        self.session.execute(command)
        self.link.game_changed(self.info.id, self.session.committed()[1])

    def close(self) -> None:
        self.link.stop()
        self.published.close()
        self.session.close()
        self.store.close()
