"""The command palette: each action once, each named with the key that asks for it (a game's, the home
screen's, the saved games' and the setup guide's)."""

import pytest
from textual.command import CommandPalette

from companion.dice.spec import DiceSpec
from companion.games.kit.keymap import KEY_NAMES
from companion.tui.app import CompanionApp
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.widgets.title_bar import TitleBar
from tests.pilot import press, settle
from tests.tui import game_positions
from tests.tui.conftest import SIZES
from tests.tui.test_fitting import palette_entries

POSITIONS = {"conflict_of_heroes": game_positions.conflict_of_heroes, "point_blank": game_positions.point_blank,
             "take_cover": game_positions.take_cover, "deckung": game_positions.deckung}


def app_at(table, kind: str) -> CompanionApp:
    if kind == "dice":
        return CompanionApp(table, start_kind="dice", start_spec=DiceSpec.parse("d6"))
    POSITIONS[kind](table)
    return CompanionApp(table)


@pytest.mark.parametrize("kind", ["dice", *POSITIONS])
async def test_every_palette_entry_of_a_keyed_action_names_its_key(table, kind):
    app = app_at(table, kind)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        keymap = app.screen.game.controller.keymap  # type: ignore[attr-defined]
        entries = list(app.screen.palette())  # type: ignore[attr-defined]
        assert entries
        for label, _, name, value in entries:
            action = next(a for a in keymap if a.name == name and a.value == value and a.keys)
            key = action.keys.split(",")[0]
            assert label == f"{action.title} ({KEY_NAMES.get(key, key)})"
        assert {"Undo (u)", "Redo (y)"} <= {label for label, *_ in entries}


async def test_the_palette_reads_redo_with_its_key_as_a_player_searches_for_it(table):
    app = app_at(table, "conflict_of_heroes")
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        assert [entry.splitlines()[0] for entry in await palette_entries(pilot, "redo")] == ["Redo (y)"]


DIGIT_KEYS = {"dice": "face", "conflict_of_heroes": "dice", "point_blank": "pip", "take_cover": "face",
              "deckung": "face"}
"""What a player types to find the digit keys, the entries without help of their own."""


@pytest.mark.parametrize("kind", ["dice", *POSITIONS])
async def test_each_palette_entry_reads_once_its_help_never_repeating_its_title(table, kind):
    app = app_at(table, kind)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        entries = await palette_entries(pilot, DIGIT_KEYS[kind])
        assert len(entries) >= 6, entries
        titles = [entry.splitlines()[0] for entry in entries]
        assert len(titles) == len(set(titles)), entries
        for entry in entries:
            title, *help_lines = entry.splitlines()
            assert not any(title.startswith(line) for line in help_lines), entry


async def test_the_home_and_saved_games_palettes_name_each_entrys_key(table):
    table.store.create_game("dice")
    app = CompanionApp(table)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        labels = [label for label, *_ in app.screen.palette()]  # type: ignore[attr-defined]
        assert "Saved games (g)" in labels, labels
        # The menu's entries have no key of their own: Next and Confirm, or a tap, pick them.
        assert "Continue Dice roller" in labels, labels
        await pilot.press("g")
        await settle(pilot)
        labels = [label for label, *_ in app.screen.palette()]  # type: ignore[attr-defined]
        assert labels == ["Open (enter)", "Rename (r)", "Delete (d)", "New game (n)", "Home (esc)"]
        assert next(entry.splitlines()[0] for entry in await palette_entries(pilot, "rename")) == "Rename (r)"


async def test_the_setup_guides_palette_names_confirm_and_back_with_their_keys(table):
    app = CompanionApp(table)
    async with app.run_test(size=SIZES["100x30"]) as pilot:
        await press(pilot, "g", "n")
        await press(pilot, "down", "down", "enter")
        await press(pilot, "down", "enter")
        assert isinstance(app.screen, GuideScreen)
        await press(pilot, "c")
        assert [label for label, *_ in app.screen.palette()] == ["Confirm (c)", "Back (u)"]


async def test_the_title_bars_icon_opens_the_palette_and_the_title_itself_does_nothing(table):
    app = CompanionApp(table)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await settle(pilot)
        await pilot.click(TitleBar, offset=(40, 0))
        await settle(pilot)
        assert not isinstance(app.screen, CommandPalette)
        await pilot.click(TitleBar, offset=(1, 0))
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
