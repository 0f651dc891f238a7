"""What every screen keeps at every size: notifications clear of the controls and the key figures,
every action in the command palette."""


import pytest
from rich.cells import cell_len
from textual.command import CommandList
from textual.geometry import Region
from textual.widgets import Input, OptionList
from textual.widgets._toast import Toast

from companion.dice.rules import RollDice
from companion.dice.spec import DiceSpec
from companion.tui.app import CompanionApp
from companion.tui.screens.choose_scenario import ScenarioChooser
from companion.tui.screens.game_screen import TOAST_FRAME as GAME_TOAST_FRAME
from companion.tui.screens.home import HomeScreen
from companion.tui.screens.messages import Messages, clipped
from companion.tui.screens.saved_games import AskText, SavedGamesScreen
from companion.tui.widgets.action_bar import ActionBar
from companion.tui.widgets.big_number import BigNumber
from companion.tui.widgets.mock_panel import MockPanel
from companion.tui.widgets.spec_form import SpecForm
from companion.tui.widgets.status_line import StatusLine
from tests.pilot import comes_true, press, settle
from tests.tui import game_positions
from tests.tui.conftest import SIZES
from tests.tui.screen_text import overlaps, painted, painted_rows


@pytest.mark.parametrize("size", SIZES)
async def test_a_notification_covers_no_control(companion, size):
    app = CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("d6"))
    async with app.run_test(size=SIZES[size], notifications=True) as pilot:
        await press(pilot, "7")  # not a face of a d6: refused
        await pilot.pause()
        screen = app.screen
        toast = screen.query_one(Toast)
        controls = [screen.query_one(ActionBar), screen.query_one(MockPanel), screen.query_one(StatusLine),
                    screen.query_one("Footer")]
        assert "7 is not a face of a d6" in str(toast.render())
        assert not [control for control in controls if overlaps(toast.region, control.region)]


def uncovered(app: CompanionApp, *selectors: str) -> list[str]:
    """The toasts on screen that overlap none of the widgets named, nor any control."""
    screen = app.screen
    kept_clear = [screen.query_one(ActionBar), screen.query_one(MockPanel), screen.query_one(StatusLine),
                  screen.query_one("Footer"), *(screen.query_one(selector) for selector in selectors)]
    return [str(toast.render()) for toast in screen.query(Toast)
            if not any(overlaps(toast.region, widget.region) for widget in kept_clear)]


@pytest.mark.parametrize("size", SIZES)
async def test_a_burst_of_undos_shows_only_the_newest_in_one_line_clear_of_the_big_total_and_the_newest_rolls(
        table, size):
    """Ten undos after a long evening of rolls once stacked ten notifications from the top of the
    screen down, over the total and the history's source column."""
    _, session = table.open_game(table.store.create_game("dice"))
    for _ in range(40):
        session.execute(RollDice())
    session.close()
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZES[size], notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, *"u" * 10)
        await pilot.pause()
        (toast,) = app.screen.query(Toast)
        newest = app.said[0].message
        assert newest.startswith("undo: ") and str(toast.render()) == newest
        assert [said.message for said in app.said][:10] == [f"undo: {line}" for line in undone(table)]
        assert toast.region.height == 1
        assert uncovered(app, "#total", "#spec", "#source", "#faces") == [newest]
        history = app.screen.query_one("#history")
        newest_rows = Region(history.region.x, history.region.y + 1, history.region.width, 2)  # under the header
        assert not overlaps(toast.region, newest_rows)


def undone(table) -> list[str]:
    """What the last game's undos took back, newest first, as the app says it."""
    _, session = table.open_game(table.store.last_game())
    try:
        return [session.describe(record).removeprefix("undo: ") for record in reversed(session.records)
                if record.event.type == "decision_undone"]
    finally:
        session.close()


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_point_blanks_refusals_show_one_at_a_time_in_two_lines_clear_of_the_situation_and_the_odds(table, size):
    """Point Blank's refusal of undo mid-check was four lines tall, and five of them covered the
    situation line and the odds."""
    game_positions.point_blank(table)
    app = CompanionApp(table, start_kind="point_blank")
    async with app.run_test(size=SIZES[size], notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, *"u" * 5)
        await pilot.pause()
        (toast,) = app.screen.query(Toast)
        refusal = app.said[0].message
        assert refusal.startswith("finish the check in progress first") and len(refusal) > SIZES[size][0] - 5
        assert toast.region.height <= 2
        assert " ".join(line.strip("▌ ") for line in painted_rows(app, toast)) == refusal
        assert uncovered(app, "#pb-left", "#pb-situation", "#pb-odds", "#pb-check") == [str(toast.render())]


def test_a_text_is_clipped_to_its_lines_where_it_wraps_ending_in_an_ellipsis():
    assert clipped("undo: 2d6 = 9 (4+5)", 20, 2) == "undo: 2d6 = 9 (4+5)"
    assert clipped("undo: 2d6 = 9 (4+5), generated", 20, 2) == "undo: 2d6 = 9 (4+5),\ngenerated"
    cut = clipped("the deck cannot hold another 3: all 6 cards with 3 pips have been drawn", 20, 2)
    assert cut == "the deck cannot hold\nanother 3: all 6…"
    assert clipped("Kharkov, Charkiw, Харків, Kharkov", 8, 1) == "Kharkov…"
    assert all(cell_len(line) <= 9 for line in clipped("東京の戦い、第二夜のとても長い名前", 9, 2).splitlines())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("over", [1, 2, 3])
async def test_a_notification_a_column_or_two_too_long_for_one_line_shows_its_second_line_above_the_bar(
        table, size, over):
    """Take Cover's who-goes-first refusal ran two columns over one line at 100x30 and showed only
    "…the roll of 4 came after it and": its second line, "stands", was laid out under the action bar."""
    room = SIZES[size][0] - GAME_TOAST_FRAME
    message = "x" * (room + over - len(" stands")) + " stands"
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZES[size], notifications=True) as pilot:
        await settle(pilot)
        app.screen.notify(message)
        await pilot.pause()
        toast = app.screen.query_one(Toast)
        assert [line.strip("▌ ") for line in painted_rows(app, toast)] == message.rsplit(" ", 1)
        assert not overlaps(toast.region, app.screen.query_one(ActionBar).region)


LONG_FAULT = ("not saved: /media/usb-stick-of-the-club/tables/long-evenings/companion/games.sqlite3: disk I/O error"
              " (the stick was pulled out, or its file system is damaged): the last press is kept on screen, but "
              "it is not in the games file until the stick is back")


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_a_notification_too_long_for_two_lines_is_cut_short_and_shown_whole_in_messages(table, size):
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZES[size], notifications=True) as pilot:
        await settle(pilot)
        app.screen.notify(LONG_FAULT, severity="error")
        await pilot.pause()
        toast = app.screen.query_one(Toast)
        lines = [line.strip("▌ ") for line in painted_rows(app, toast)]
        assert len(lines) == 2 and lines[-1].endswith("…")
        assert LONG_FAULT.startswith(" ".join(lines).removesuffix("…"))
        assert uncovered(app, "#total", "#spec", "#source", "#faces") == [str(toast.render())]
        await pilot.press("ctrl+p", *"messages")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        assert await comes_true(pilot, lambda: isinstance(app.screen, Messages))
        assert [str(message.render()) for message in app.screen.query(".message")] == [LONG_FAULT]


@pytest.mark.parametrize("size", ["80x24", "100x30"])
async def test_a_notification_from_the_game_does_not_stand_over_a_form_opened_after_it(table, size):
    """Conflict of Heroes' undo notification stayed on top of the fire form, over its first question."""
    game_positions.conflict_of_heroes(table)
    app = CompanionApp(table, start_kind="conflict_of_heroes")
    async with app.run_test(size=SIZES[size], notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "u")
        assert app.screen.query(Toast), "undo said on the game's screen"
        await press(pilot, "f")
        form = app.screen
        assert isinstance(form, SpecForm)
        assert await comes_true(pilot, lambda: not form.query(Toast))
        question = form.query_one(".form-label")
        assert str(question.render()) in " ".join(line.strip() for line in painted_rows(app, question))
        assert app.said[0].message.startswith("undo: ")


@pytest.mark.parametrize(("kind", "opens"), [("dice", "e"), ("deckung", "x")])
async def test_a_notification_from_the_game_is_not_left_drawn_beside_a_small_form(table, kind, opens):
    """The dice's and Deckung's forms leave the game in sight around them: what the game said just
    before stayed drawn there until it timed out."""
    app = CompanionApp(table, start_kind=kind)
    async with app.run_test(size=SIZES["100x30"], notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "u")
        assert [str(toast.render()) for toast in app.screen.query(Toast)] == ["nothing to undo"]
        await press(pilot, opens)
        form = app.screen
        assert isinstance(form, SpecForm) and "-fill" not in form.classes, "the game shows around the form"
        assert await comes_true(pilot, lambda: not any(screen.query(Toast) for screen in app.screen_stack))
        assert not [line for line in painted(app, form.region) if "nothing to undo" in line]


async def said_on_home(app: CompanionApp, pilot) -> type:
    """Home says why a new Point Blank game cannot start (a broken data file), then opens the
    scenario chooser over itself: the dialog it opens next."""
    units = app.companion.data_dir / "point_blank" / "units.toml"
    units.parent.mkdir(parents=True)
    units.write_text("[one\n")
    await press(pilot, "escape")
    menu = app.screen.query_one(OptionList)
    entries = [option.id for option in menu.options if option.id]
    await press(pilot, *("down",) * entries.index("new:point_blank"), "enter", "enter")  # free play: refused
    assert isinstance(app.screen, HomeScreen)
    await press(pilot, "enter")
    return ScenarioChooser


async def said_on_saved_games(app: CompanionApp, pilot) -> type:
    """Saved games refuses an empty name for a rename, then opens the rename question again."""
    app.companion.store.create_game("dice")
    await press(pilot, "escape", "g", "r")
    app.screen.query_one(Input).value = "   "
    await press(pilot, "enter")
    assert isinstance(app.screen, SavedGamesScreen)
    await press(pilot, "r")
    return AskText


@pytest.mark.parametrize("said", [said_on_home, said_on_saved_games], ids=["home", "saved games"])
async def test_a_notification_on_home_or_saved_games_goes_when_a_dialog_opens_over_them(table, said):
    """Home and saved games left what they said standing over the dialog opened next, as a game's
    screen no longer did, until it timed out."""
    app = CompanionApp(table, start_kind="dice")
    async with app.run_test(size=SIZES["100x30"], notifications=True) as pilot:
        await settle(pilot)
        dialog = await said(app, pilot)
        assert isinstance(app.screen, dialog) and app.said
        assert await comes_true(pilot, lambda: not any(screen.query(Toast) for screen in app.screen_stack))
        assert not [line for line in painted(app, app.screen.region) if app.said[0].message[:20] in line]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["conflict_of_heroes", "take_cover", "deckung", "point_blank"])
async def test_on_every_games_screen_notifications_cover_neither_its_key_figures_nor_a_control(table, kind, size):
    getattr(game_positions, kind)(table)
    app = CompanionApp(table, start_kind=kind)
    async with app.run_test(size=SIZES[size], notifications=True) as pilot:
        await settle(pilot)
        for said in ("the first thing said", "a second thing, said a moment later"):
            app.screen.notify(said)
        await pilot.pause()
        figures = [f"#{figure.id}" for figure in app.screen.query(BigNumber)]
        assert figures
        assert uncovered(app, *figures) == ["a second thing, said a moment later"], "the newest in place of the first"


@pytest.mark.parametrize("kind", ["dice", "point_blank"])
async def test_notifications_move_with_the_action_bar_when_the_screen_is_resized(table, kind):
    if kind == "point_blank":
        game_positions.point_blank(table)
    app = CompanionApp(table, start_kind=kind)
    async with app.run_test(size=SIZES["80x24"], notifications=True) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(*SIZES["100x30"])
        bar = app.screen.query_one(ActionBar)
        assert await comes_true(pilot, lambda: bar.region.height == 3), "the touchscreen's tall buttons"
        app.screen.notify("said after the resize")
        await pilot.pause()
        figures = [f"#{figure.id}" for figure in app.screen.query(BigNumber)]
        assert uncovered(app, *figures) == ["said after the resize"]
        toast = app.screen.query_one(Toast)
        assert toast.region.bottom == bar.region.y, "just above the bar"


async def palette_entries(pilot, query: str) -> list[str]:
    await pilot.press("ctrl+p")
    await pilot.press(*query)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return [option.prompt.plain for option in pilot.app.screen.query_one(CommandList).options]


async def test_the_palette_lists_every_action_of_the_dice_roller_and_runs_it(companion):
    app = CompanionApp(companion, start_kind="dice", start_spec=DiceSpec.parse("d6"))
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for action in ("Roll (space)", "Face 4 (4)", "Erase face (⌫)", "Undo (u)", "Redo (y)", "Next dice (n)",
                       "Dice… (e)"):
            assert action in titles
        assert any(entry.startswith("Next dice") for entry in await palette_entries(pilot, "next dice"))
        await pilot.press("enter")
        await settle(pilot)
        assert str(app.screen.state.spec) == "2d6"


async def test_the_palette_lists_home_and_saved_games_entries(companion):
    companion.store.create_game("dice")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Continue Dice roller", "New Dice roller game", "New Point Blank game", "Saved games (g)"
                } <= set(titles)
        await pilot.press("g")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Open (enter)", "Rename (r)", "Delete (d)", "New game (n)", "Home (esc)"} <= set(titles)
        assert any(entry.startswith("Rename") for entry in await palette_entries(pilot, "rename"))


async def test_saved_games_shows_its_keys_enter_among_them(companion):
    companion.store.create_game("dice")
    app = CompanionApp(companion)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        await pilot.press("g")
        await pilot.pause()
        footer = " ".join(painted_rows(app, app.screen.query_one("Footer")))
        for key in ("⏎ Open", "r Rename", "d Delete", "n New game", "esc Home"):
            assert key in footer
