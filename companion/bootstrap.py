"""The one composition root: real or mock hardware, the saved games and the random source."""

import gc
import os
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from companion import paths
from companion.config import Config, load_config
from companion.dice.rolling import random_source
from companion.errors import CompanionError, UnreadableGame
from companion.games.descriptor import Game, resolve
from companion.games.registry import descriptor
from companion.hardware.board_link import BoardLinkState
from companion.hardware.controls import ControlPressed
from companion.journal.lock import DataDirLock
from companion.journal.store import GameInfo, GameStore, utc_now
from companion.network.settings import TableSettings
from companion.status_part import StatusPart
from drivers.lights import TableLights

if TYPE_CHECKING:
    from companion.games.rules import Command, Rules
    from companion.network.follower_log import FollowedTable
    from companion.network.games_file import PublishedGames
    from companion.network.link_state import TableLinkState
    from companion.network.ports import PressSink
    from companion.session import GameSession
    from drivers.gpio import ButtonBox
    from drivers.pin_factory import PinFactoryChoice
    from drivers.serial_board import SerialBoard
    from drivers.speech import Output, Speaker
    from drivers.table_follower import TableFollower
    from drivers.table_link import TableLink
    from hw_mocks.fake_board import FakeBoardProcess
    from hw_mocks.mock_buttons import MockButtonPresser


class GameProgress(NamedTuple):
    """What home and the saved games say of a game: its core's summary, and whether it is over."""

    summary: str
    finished: bool


@dataclass
class Companion:
    """Everything the app, the CLI and the tests need, wired once."""

    config: Config
    config_path: Path
    data_dir: Path
    store: GameStore
    choose_pins: "Callable[[], PinFactoryChoice]"
    """Chooses the pin factory when the pins are first needed (`pin_choice`): only the app uses them,
    so `log`, `games` and `stats` never load gpiozero."""
    rng: random.Random
    clock: Callable[[], float] = time.monotonic
    wall_clock: Callable[[], datetime] = utc_now
    """The time each record and game carries (a fixed one makes a screen's times reproducible)."""
    button_box: "ButtonBox | None" = field(default=None, init=False)
    fake_board_asked: bool | None = None
    """Whether the caller or `COMPANION_FAKE_BOARD` asked for the fake board (None: neither did)."""
    board: "SerialBoard | None" = field(default=None, init=False)
    fake_board: "FakeBoardProcess | None" = field(default=None, init=False)
    lights: TableLights = field(default_factory=TableLights, init=False)
    speaker: "Speaker | None" = field(default=None, init=False)
    speech_output: "Output | None" = field(default=None, init=False)
    """Where speech goes when it connects: None plays it on the sound device (`[speech] device`);
    a test or a benchmark sets `WavFiles` here to have it written instead."""
    table_link: "TableLink | None" = field(default=None, init=False)
    published: "PublishedGames | None" = field(default=None, init=False)
    """What the table link publishes, once it is connected: tell it which game is open."""
    lock: DataDirLock = field(init=False)
    sessions: "list[GameSession]" = field(default_factory=list, init=False)
    """Every session opened, closed (their writers flushed) with the companion."""

    def __post_init__(self) -> None:
        self.lock = DataDirLock(self.data_dir)

    @cached_property
    def pin_choice(self) -> "PinFactoryChoice":
        return self.choose_pins()

    @cached_property
    def want_fake_board(self) -> bool:
        """The demo: with mock pins and no board port configured, a fake board on a pty stands in,
        unless `fake_board_asked` says otherwise."""
        if self.fake_board_asked is not None:
            return self.fake_board_asked
        return self.pin_choice.is_mock and self.config.board.port is None

    @property
    def mock_presser(self) -> "MockButtonPresser | None":
        """Set in mock mode once buttons are connected: what the on-screen panel presses."""
        from gpiozero.pins.mock import MockFactory

        from hw_mocks.mock_buttons import MockButtonPresser

        if self.button_box is None or not isinstance(self.pin_choice.factory, MockFactory):
            return None
        return MockButtonPresser(self.pin_choice.factory, self.button_box)

    def connect_buttons(self, sink: Callable[[ControlPressed], None]) -> "ButtonBox":
        """Builds the GPIO devices; presses go to `sink`, from whatever thread the factory uses."""
        from drivers.gpio import ButtonBox

        self.button_box = ButtonBox(
            self.config.pins,
            self.pin_choice.factory,
            sink,
            self.config.gpio.debounce_ms / 1000,
            self.clock,
        )
        self.lights.button_box = self.button_box
        return self.button_box

    def connect_board(
        self,
        sink: Callable[[ControlPressed], None],
        on_link_state: Callable[[BoardLinkState], None],
        applied_before: Mapping[str, int] | None = None,
    ) -> "SerialBoard | None":
        """Starts the serial board link (None when `[board] enabled = false`). Presses go to
        `sink` and every link change to `on_link_state`, both from the link's reader thread.

        pyserial and the fake board are imported here, off the start-up path: the app calls
        this from a worker thread after its first frame.

        `applied_before` (the games file's board inputs) makes the board's presses exactly-once
        across a restart: each carries its origin, and `board.applied` acknowledges it once the
        app committed what it caused."""
        if not self.config.board.enabled:
            return None
        from drivers.serial_board import SerialBoard

        port = self.config.board.port
        if port is None and self.want_fake_board:
            from hw_mocks.fake_board import FakeBoardProcess  # the demo's only

            self.fake_board = FakeBoardProcess()
            port = self.fake_board.path
        self.board = SerialBoard(sink, on_link_state, port=port, applied_before=applied_before).start()
        self.lights.board = self.board
        return self.board

    def connect_speech(self, on_status: Callable[[StatusPart], None]) -> "Speaker":
        """The speech engine's worker; off unless the config or the toggle key turns it on.
        `on_status` hears its one-line status from any thread."""
        from drivers.speech import Speaker

        self.speaker = Speaker(self.config.speech, on_status=on_status, output=self.speech_output)
        return self.speaker

    def connect_table(
        self, on_press: "PressSink", on_link_state: "Callable[[TableLinkState], None]"
    ) -> "TableLink | None":
        """Starts the table link as the table's authority: None unless `[table] broker` is set and the
        games file can be written (a read-only view is nobody's authority). Remote presses go to
        `on_press` and every link change to `on_link_state`, both from the link's thread."""
        if not self.config.table.enabled or self.store.readonly:
            return None
        from companion.network.games_file import PublishedGames
        from drivers.table_link import TableLink

        self.published = PublishedGames(self.store.path, self._rules_for, opened=self.store.opened)
        self.table_link = TableLink(self.config.table, self.published, on_press, on_link_state).start()
        return self.table_link

    def _rules_for(self, kind: str) -> "Rules[Any]":
        """A kind's rules with the players' data files, or the shipped ones when theirs cannot be used."""
        known = descriptor(kind)
        if known is None:
            raise UnreadableGame(f"a game of a kind this companion does not know ({kind})")
        try:
            return known.open(random.Random(), self.data_dir).rules
        except CompanionError:
            return resolve(known.rules)(random.Random())

    def open_game(self, info: GameInfo) -> "tuple[Game, GameSession]":
        """The game's parts and its session. Raises `UnreadableGame` for a kind this version does
        not know, `ConfigError` for a data file of the players' that cannot be used."""
        known = descriptor(info.kind)
        if known is None:
            raise UnreadableGame(f"{info.name} is a game of a kind this companion does not know"
                                 f" ({info.kind}): was it saved by a newer one?")
        return self._session(info, known.open(self.rng, self.data_dir))

    def new_game(self, kind: str, first: "Command | None" = None) -> "tuple[Game, GameSession]":
        """A new game of this kind, created and opened. Its data files are read first: one of the
        players' that cannot be used raises `ConfigError` and creates nothing. `first` (a scenario
        chosen) is decided on it and saved in the same transaction: when it is refused, or cannot be
        saved (`StorageError`: a full disk, the games file gone), no game is created."""
        from companion.session import first_records  # the journal's writer: not for home's first frame

        known = descriptor(kind)
        assert known is not None, f"no game of kind {kind}"
        game = known.open(self.rng, self.data_dir)
        records = first_records(game.rules, first, self.wall_clock) if first is not None else ()
        return self._session(self.store.create_game(kind, records=records), game, created=True)

    def _session(self, info: GameInfo, game: Game, created: bool = False) -> "tuple[Game, GameSession]":
        from companion.session import GameSession  # the journal's writer and timeline: not for home's first frame

        session = GameSession(self.store, info, game.rules, clock=self.wall_clock, created=created)
        self.sessions.append(session)
        return game, session

    def resume_or_start(self, kind: str) -> "tuple[Game, GameSession]":
        """The most recent game of this kind unless it is over, else a new one."""
        if (info := self.store.last_game(kind)) is not None:
            game, session = self.open_game(info)
            if not game.rules.finished(session.state):
                return game, session
            session.close()
        return self.new_game(kind)

    def progress(self, info: GameInfo) -> GameProgress | None:
        """How far a saved game has come, read on the caller's thread through a read-only connection
        of its own; None for a game that cannot be read here (its kind unknown, a bad data file)."""
        from companion.session import GameSession

        known = descriptor(info.kind)
        if known is None:
            return None
        try:
            rules = known.open(random.Random(), self.data_dir).rules
            store = GameStore(self.store.path, readonly=True)
        except CompanionError:
            return None
        try:
            state = GameSession(store, info, rules).state
            return GameProgress(rules.summary(state), rules.finished(state))
        except CompanionError:
            return None
        finally:
            store.close()

    def close(self) -> None:
        gc.enable()  # if no app ran to take the collector back (see `bootstrap`)
        for session in self.sessions:
            session.close()
        if self.button_box is not None:
            self.button_box.close()
            self.button_box = None
        if self.board is not None:
            self.board.stop()
            self.board = None
        if self.speaker is not None:
            self.speaker.close()
            self.speaker = None
        if self.table_link is not None:
            self.table_link.stop()
            self.table_link = None
        if self.published is not None:
            self.published.close()
            self.published = None
        if self.fake_board is not None:
            self.fake_board.stop()
            self.fake_board = None
        self.store.close()
        self.lock.release()


def bootstrap(
    *,
    data_dir: Path | None = None,
    config_file: Path | None = None,
    seed: int | None = None,
    env: Mapping[str, str] = os.environ,
    pin_choice: "PinFactoryChoice | None" = None,
    clock: Callable[[], float] = time.monotonic,
    wall_clock: Callable[[], datetime] = utc_now,
    fake_board: bool | None = None,
    create: bool = True,
) -> Companion:
    """Raises `ConfigError` for a config file that cannot be used, before anything opens. Unless
    `create` (the app), no games file and no data dir is made (`GameStore`)."""
    config_path = paths.config_path(config_file, env)
    config = load_config(config_path, required=paths.config_named(config_file, env))
    folder = paths.data_dir(data_dir, env)
    store = GameStore(paths.games_file(folder), create=create, clock=wall_clock)
    # What starts next (Textual, the app, its first screen) builds some 50,000 container objects that
    # live as long as the process; the cyclic collector scanning them over and over cost ~30 ms of
    # start-up (bench/startup.py). It is held off until the app has painted its first frame, or until
    # `close` for the commands that run no app.
    gc.disable()
    return Companion(
        config=config,
        config_path=config_path,
        data_dir=folder,
        store=store,
        choose_pins=partial(given_or_chosen_pins, pin_choice, env),
        rng=random_source(seed),
        clock=clock,
        wall_clock=wall_clock,
        fake_board_asked=fake_board_asked(fake_board, env),
    )


def follow_table(
    settings: TableSettings,
    table: str,
    on_table: "Callable[[FollowedTable], None]",
    on_link_state: "Callable[[TableLinkState], None]",
) -> "TableFollower":
    """Follows `table` (or every table: `CLUB`) on the broker, read only; started. Each changed table
    goes to `on_table` and every link change to `on_link_state`, from the follower's thread."""
    from drivers.table_follower import TableFollower

    return TableFollower(settings, on_table, on_link_state, table=table).start()


def fake_board_asked(asked: bool | None, env: Mapping[str, str]) -> bool | None:
    """`COMPANION_FAKE_BOARD=0` searches for a real board even on mock pins; `=1` forces the fake one."""
    if asked is not None:
        return asked
    if env.get("COMPANION_FAKE_BOARD") in ("0", "1"):
        return env["COMPANION_FAKE_BOARD"] == "1"
    return None


def given_or_chosen_pins(given: "PinFactoryChoice | None", env: Mapping[str, str]) -> "PinFactoryChoice":
    """The pins the caller gave, or those the environment names: gpiozero loads here, only once the
    pins are needed."""
    if given is not None:
        return given
    from drivers.pin_factory import choose_pin_factory

    return choose_pin_factory(env)
