"""Text from players, files, the games file and devices is shown as it is, never read as markup."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Label, OptionList, Select, Static
from textual.widgets._toast import Toast

from companion.bootstrap import Companion, bootstrap
from companion.games.conflict_of_heroes.commands import AddUnit as AddCohUnit
from companion.games.conflict_of_heroes.commands import NameSide
from companion.games.point_blank.aeo.commands import DiscardAeoCards, FinishAeoUpkeep, KeyAeoDie, ResolveAeoAction
from companion.games.point_blank.aeo.models import ChartAnswer
from companion.games.point_blank.commands import AddUnit as AddPointBlankUnit
from companion.games.point_blank.commands import AdjustUnit as AdjustPointBlankUnit
from companion.games.point_blank.commands import EndImpulse as EndPointBlankImpulse
from companion.games.point_blank.commands import PlaceTerrain as PlacePointBlankTerrain
from companion.games.point_blank.commands import SetUpGame as SetUpPointBlank
from companion.games.take_cover import data as take_cover_data
from companion.games.take_cover.commands import SetUpGame as SetUpTakeCover
from companion.hardware.board_link import BoardLinkState, LinkStatus
from companion.tui.app import CompanionApp
from companion.tui.screens.dice import DiceScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.messages import Messages
from companion.tui.screens.saved_games import AskText, SavedGamesScreen
from companion.tui.widgets.spec_form import SpecForm
from companion.tui.widgets.status_line import StatusLine
from companion.tui.widgets.title_bar import TitleBar
from drivers.pin_factory import PinFactoryChoice
from tests.pilot import press
from tests.tui.sample_forms import EVERY_FIELD, told
from tests.tui.screen_text import painted_rows

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
        assert name in shown(app.screen.query_one(TitleBar))
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
async def test_a_game_name_shows_as_typed_on_home(companion, text):
    name = f"Arnhem {text}"
    companion.store.create_game("dice", name)
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        menu = app.screen.query_one("#home-menu", OptionList)
        assert f"{name}, no rolls yet" in str(menu.options[0].prompt)
        assert f"{name}, no rolls yet" in "".join(painted_rows(app, menu))
        assert app.is_running


@pytest.mark.parametrize("text", MARKUP)
async def test_a_data_dir_path_shows_as_it_is_on_the_home_screen(companion_in, text):
    companion = companion_in(f"tables {text}/data")
    app = CompanionApp(companion)
    async with app.run_test(size=(len(str(companion.store.path)) + 100, 40)) as pilot:  # room for the whole path
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


async def test_a_board_refusal_with_a_line_break_stays_on_one_line_beside_speech_the_game_and_its_file(companion_in):
    app = CompanionApp(companion_in("data", "[board]\nenabled = false\n"), start_kind="dice")
    async with app.run_test(size=(250, 40)) as pilot:
        await pilot.pause()
        app._post_link_state(BoardLinkState(LinkStatus.REFUSED, "/dev/ttyACM0", reason="speaks\nprotocol [bold]2\r\n"))
        await pilot.pause()
        line = status_line(app)
        assert "\n" not in line and "board refused: speaks protocol [bold]2  │  speech off  │  Game 1  │  " in line
        assert line.endswith("games.sqlite3")




@pytest.mark.parametrize("text", MARKUP)
async def test_a_broken_data_file_under_such_a_path_keeps_the_game_closed_and_is_reported_as_it_is(companion_in, text):
    companion = companion_in(f"tables {text}/data")
    folder = companion.data_dir / "conflict_of_heroes"
    folder.mkdir(parents=True)
    (folder / "units.toml").write_text(f'[rifles]\nname = "{text}"\nkind = "tank"\n')
    app = CompanionApp(companion, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert f"{folder / 'units.toml'}, line" in toasts(app)[-1]


@pytest.mark.parametrize("text", MARKUP)
async def test_point_blank_unit_names_from_a_data_file_and_typed_show_as_they_are(companion, text):
    folder = companion.data_dir / "point_blank"
    folder.mkdir(parents=True)
    (folder / "units.toml").write_text(
        f'[units.odd]\nname = "Squad {text}"\nkind = "full_squad"\nmorale = 6\nfirepower = 2\n')
    (folder / "terrain.toml").write_text(
        f'[terrain.odd]\nname = "Farm {text}"\nrule = "house"\nbogs = false\nlos = "clear"\n')
    game, session = companion.resume_or_start("point_blank")
    template = game.data["units.toml"].units["odd"]
    session.execute(SetUpPointBlank(cards_per_pip=(4, 4, 4, 4, 4, 4)))
    session.execute(PlacePointBlankTerrain(sector="B0", card="odd"))
    session.execute(AddPointBlankUnit(template=template, side=1, sector="B0", name=f"Able {text}"))
    session.close()
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = table_rows(app.screen.query_one("#pb-units", DataTable))[0]
        assert f"Able {text}" in row and f"Farm {text}" in row
        await press(pilot, "i")
        assert f"Squad {text}" in [str(label) for label, _ in app.screen.query_one(Select)._options]
        await press(pilot, "escape", "B")
        centre = next(line for line in shown(app.screen.query_one("#pb-field")).splitlines() if line.startswith("0"))
        assert f"Farm {text}"[:20] in centre, "as written (a long name is cut to its column)"


@pytest.mark.parametrize("text", MARKUP)
async def test_conflict_of_heroes_side_and_unit_names_show_as_they_are(companion, text):
    game, session = companion.resume_or_start("conflict_of_heroes")
    profile = game.data["units.toml"]["german_rifle_squad"]
    session.execute(NameSide(side=1, name=f"Axis {text}"))
    session.execute(AddCohUnit(side=1, label=f"Squad {text}", profile=profile))
    session.close()
    app = CompanionApp(companion, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert shown(app.screen.query_one("#coh-name-1", Static)) == f"Axis {text}"
        row = table_rows(app.screen.query_one("#coh-units", DataTable))[0]
        assert f"Axis {text}" in row and f"Squad {text}" in row


@pytest.mark.parametrize("text", MARKUP)
async def test_a_scenarios_words_show_as_written_in_the_chooser_and_its_setup(companion, text):
    folder = companion.data_dir / "take_cover" / "scenarios"
    folder.mkdir(parents=True)
    (folder / "odd.toml").write_text(
        f'game = "take_cover"\ntitle = "Cover {text}"\nbackground = "Dawn {text}"\nvictory = "Win {text}"\n')
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "g", "n", "down", "down", "down", "enter")
        options = app.screen.query_one("#scenarios", OptionList)
        prompts = [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]
        assert f"Cover {text} (odd)" in prompts
        await press(pilot, "down", "enter")  # free play first, then the scenarios by name
        assert shown(app.screen.query_one("#guide-title", Label)) == f"Setting up: Cover {text}"
        assert f"Dawn {text}" in shown(app.screen.query_one("#guide-step"))
        await press(pilot, "c", "c", "c", "enter")
        assert f"Victory: Win {text}" in shown(app.screen.query_one("#guide-step"))


@pytest.mark.parametrize("text", MARKUP)
async def test_a_form_refusing_what_was_typed_quotes_it_as_typed(companion, text):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SpecForm(EVERY_FIELD, told))
        await pilot.pause()
        app.screen.query_one("#field-range", Input).value = text
        await press(pilot, "enter")
        assert shown(app.screen.query_one("#form-error", Static)) == f"Range in hexes: {text!r} is not a whole number"


@pytest.mark.parametrize("text", MARKUP)
async def test_messages_quote_what_was_said_as_it_was_said(companion, text):
    app = CompanionApp(companion, start_kind="dice")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.screen.notify(f"cannot open {text}", severity="error")
        await pilot.pause()
        app.show_messages()
        await pilot.pause()
        assert isinstance(app.screen, Messages)
        assert [shown(message) for message in app.screen.query(".message")] == [f"cannot open {text}"]


@pytest.mark.parametrize("text", MARKUP)
async def test_the_aeos_panel_names_units_and_terrain_as_they_are(companion, text):
    game, session = companion.resume_or_start("point_blank")
    german = game.data["units.toml"].units["german_rifle_squad"]
    session.execute(PlacePointBlankTerrain(sector="B2/2", card="woods"))
    session.execute(AddPointBlankUnit(template=german, side=2, sector="B2/2", name=f"Able {text}"))
    session.execute(SetUpPointBlank(cards_per_pip=(4, 4, 4, 4, 4, 4), aeo_side=2, aeo_posture="defensive"))
    session.execute(DiscardAeoCards(pips=(1, 2, 3, 4)))
    session.execute(AdjustPointBlankUnit(unit=1, changes={"spent": True}))
    session.execute(EndPointBlankImpulse())
    for command in (FinishAeoUpkeep(), DiscardAeoCards(pips=(5,)), KeyAeoDie(face=1), KeyAeoDie(face=3),
                    ResolveAeoAction(answer=ChartAnswer()), ResolveAeoAction()):
        session.execute(command)
    session.close()
    app = CompanionApp(companion, start_kind="point_blank")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"Ready (12.3.4.1): Able {text} (spent) is readied" in shown(app.screen.query_one("#pb-aeo"))


@pytest.mark.parametrize("text", MARKUP)
async def test_take_covers_card_counts_show_a_deck_files_labels_as_written(companion, text):
    shipped = (Path(take_cover_data.__file__).parent / "deck.toml").read_text(encoding="utf-8")
    own = companion.data_dir / "take_cover" / "deck.toml"
    own.parent.mkdir(parents=True)
    own.write_text(shipped.replace('label = "Dig In"', f'label = "Dig In {text}"'), encoding="utf-8")
    _, session = companion.resume_or_start("take_cover")
    session.execute(SetUpTakeCover())
    app = CompanionApp(companion, start_kind="take_cover")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"Dig In {text} 6" in shown(app.screen.query_one("#tc-deck"))
