"""Text from players, files, the games file and devices is shown as it is, never read as markup."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Label
from textual.widgets._header import HeaderTitle
from textual.widgets._toast import Toast

from companion.bootstrap import Companion, bootstrap
from companion.hardware.board_link import BoardLinkState, LinkStatus
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.saved_games import AskText, SavedGamesScreen
from companion.tui.widgets.status_line import StatusLine
from drivers.pin_factory import PinFactoryChoice

SIZE = (160, 50)
MARKUP = ["[/]", "[@click=app.quit]x[/]", "[bold]x"]
"""A closing tag with nothing open (a MarkupError when parsed), a click action, a style."""


def shown(widget) -> str:
    return str(widget.render())


def status_line(app: CompanionApp) -> str:
    return shown(app.screen.query_one(StatusLine))


def toasts(app: CompanionApp) -> list[str]:
    return [shown(toast) for toast in app.screen.query(Toast)]


def table_rows(table: DataTable) -> list[str]:
    """The rows as drawn (line 0 is the header)."""
    return ["".join(segment.text for segment in table.render_line(y)) for y in range(1, table.row_count + 1)]


@pytest.fixture
def companion_in(tmp_path: Path, mock_factory, clock) -> Iterator:
    """A companion whose data dir is the given folder under tmp_path, and with the given config."""
    wired: list[Companion] = []

    def wire(folder: str, config_text: str = "") -> Companion:
        config = tmp_path / "config.toml"
        config.write_text(config_text)
        companion = bootstrap(data_dir=tmp_path / folder, config_file=config, seed=7, env={},
                              pin_choice=PinFactoryChoice(mock_factory, "mock", True, "test"), clock=clock,
                              fake_board=False)
        wired.append(companion)
        return companion

    yield wire
    for companion in wired:
        companion.close()


@pytest.mark.parametrize("text", MARKUP)
async def test_a_game_name_shows_as_typed_in_the_header_the_status_line_and_saved_games(companion, text):
    name = f"Arnhem {text}"
    companion.store.create_game("dice", name)
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        assert name in shown(app.screen.query_one(HeaderTitle))
        assert name in status_line(app)
        await pilot.press("g")
        assert isinstance(app.screen, SavedGamesScreen)
        assert name in table_rows(app.screen.query_one(DataTable))[0]
        await pilot.press("r")
        assert isinstance(app.screen, AskText)
        assert shown(app.screen.query_one(Label)) == f"New name for {name}"
        await pilot.press("escape", "d")
        assert shown(app.screen.query_one(Label)).startswith(f"Delete {name} and its 0 events")
        app.screen.query_one(Input).value = name
        await pilot.press("enter")
        await pilot.pause()
        assert f"deleted {name}" in toasts(app)
        assert app.is_running


@pytest.mark.parametrize("text", MARKUP)
async def test_a_data_dir_path_shows_as_it_is_on_the_home_screen(companion_in, text):
    companion = companion_in(f"tables {text}/data")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert str(companion.store.path) in status_line(app)


@pytest.mark.parametrize("text", MARKUP)
async def test_what_a_board_says_shows_as_it_is_on_the_status_line(companion_in, text):
    # No board link of its own, whose reports could come after this one.
    app = CompanionApp(companion_in("data", "[board]\nenabled = false\n"))
    async with app.run_test(size=SIZE) as pilot:
        app._post_link_state(BoardLinkState(LinkStatus.REFUSED, "/dev/ttyACM0", reason=f"speaks {text}"))
        await pilot.pause()
        assert f"board refused: speaks {text}" in status_line(app)


