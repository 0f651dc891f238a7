"""Pilot tests of a new game started from a scenario: the chooser, the guided setup a step at a
time (keys, the on-screen buttons and the GPIO Confirm button), and the game ready at its end."""

import shlex
from importlib import resources

import pytest
from textual.widgets import DataTable, OptionList

from companion.hardware.controls import Control
from companion.paths import readable
from companion.tui.app import CompanionApp
from companion.tui.conflict_of_heroes.screen import ConflictOfHeroesScreen
from companion.tui.point_blank.screen import PointBlankScreen
from companion.tui.screens.choose_scenario import ScenarioChooser
from companion.tui.screens.guide_screen import GuideScreen
from companion.tui.screens.home import HomeScreen
from companion.tui.widgets.spec_form import SpecForm
from tests.pilot import buttons, press, settle, tap
from tests.scenarios.test_cli import run

SIZE = (100, 30)
TUTORIAL = resources.files("companion.games.point_blank.data.scenarios") / "tutorial.toml"


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def new_game(pilot, kind_index: int, scenario_index: int) -> None:
    """Saved games → New → the game (by its place in the list) → the scenario (0: free play)."""
    await press(pilot, "g", "n")
    await press(pilot, *("down",) * kind_index, "enter")
    assert isinstance(pilot.app.screen, ScenarioChooser)
    await press(pilot, *("down",) * scenario_index, "enter")


async def test_a_firefight_is_chosen_set_up_step_by_step_and_ready_to_play(companion):
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, kind_index=2, scenario_index=1)
        assert isinstance(app.screen, GuideScreen)
        assert "Step 1 of 5: Sides and map" in text(app, "#guide-step")
        assert "Setting up: The HMG and the woods" in text(app, "#guide-title")
        assert buttons(app) == ["Confirm"], "no step to go back to"
        await press(pilot, "c", "c")
        assert "Step 3 of 5: Units" in text(app, "#guide-step")
        assert "HMG A (German HMG): at the wood's edge" in text(app, "#guide-step")
        await press(pilot, "u")
        assert "Step 2 of 5: CAP tracks" in text(app, "#guide-step")
        assert "German: CAP marker on 7." in text(app, "#guide-step")
        assert buttons(app) == ["Back", "Confirm"]
        await tap(pilot, "confirm")
        assert "Step 3 of 5" in text(app, "#guide-step")
        await tap(pilot, "undo")
        assert "Step 2 of 5" in text(app, "#guide-step")
        await tap(pilot, "confirm")
        await press(pilot, "c", "c")
        assert "Step 5 of 5: Rounds" in text(app, "#guide-step")
        await press(pilot, "c")
        assert isinstance(app.screen, ConflictOfHeroesScreen)
        state = app.screen.session.state
        assert [unit.label for unit in state.units] == ["HMG A", "Squad B", "MMG C", "Squad D"]
        assert (state.round, state.phase) == (1, "initiative")
        assert app.screen.query_one("#coh-units", DataTable).row_count == 4
        assert "The HMG and the woods · round 1 of 3" in text(app, "#coh-rolls")


async def test_free_play_starts_a_game_as_before_scenarios(companion):
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, kind_index=2, scenario_index=0)
        assert isinstance(app.screen, ConflictOfHeroesScreen)
        assert app.screen.session.state.scenario is None
        assert app.screen.session.records == []


async def confirm_button(pilot, companion, clock) -> None:
    companion.mock_presser.press(Control.CONFIRM)
    clock.advance(1)  # past the debounce window
    await settle(pilot)


async def test_the_confirm_button_walks_take_cover_through_its_setup_and_asks_its_optional_rules(companion, clock):
    app = CompanionApp(companion)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, kind_index=3, scenario_index=1)
        await confirm_button(pilot, companion, clock)
        await confirm_button(pilot, companion, clock)
        assert "Step 3 of 4: Optional rules" in text(app, "#guide-step")
        await confirm_button(pilot, companion, clock)
        assert isinstance(app.screen, SpecForm)
        await press(pilot, "space", "enter")  # the first rule ticked: advance victory
        assert "Step 4 of 4: Hands dealt" in text(app, "#guide-step")
        await press(pilot, "c")
        state = app.screen.session.state
        assert (state.phase, state.advance_victory, state.set_aside_option) == ("first", True, False)
        assert state.deck.hands == (5, 5)


async def test_the_tutorial_shows_the_terrain_drawn_asks_the_deck_and_opens_point_blank_with_its_units(companion):
    app = CompanionApp(companion)
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game(pilot, kind_index=1, scenario_index=1)
        await press(pilot, "c", "c")
        assert isinstance(app.screen, SpecForm)  # playing solo? two players, as it stands
        await press(pilot, "enter")
        step = text(app, "#guide-step")
        assert "Step 3 of 6: Lay out the battlefield" in step and "  B0: Bridge" in step
        drawn = step.split("Drawn by the companion:\n")[1].splitlines()
        assert [line.split(":")[0].strip() for line in drawn[:8]] == [
            "A2 US", "B2 US", "C2 US", "C4 US", "A2 German", "B2 German", "C2 German", "A4 German"]
        assert "✓ 2. Determine sides" in text(app, "#guide-steps")
        await press(pilot, "c", "c", "c")
        assert isinstance(app.screen, SpecForm)  # the Action deck's counts, before the hands are dealt
        await press(pilot, "enter")
        assert "Step 6 of 6: Hero markers" in text(app, "#guide-step")
        assert buttons(app) == ["Back", "Start play"]
        await press(pilot, "c")
        assert isinstance(app.screen, PointBlankScreen)
        assert app.screen.query_one("#pb-units", DataTable).row_count == 5
        assert app.screen.session.state.deck.hands == (5, 5)


def offered(app) -> list[str]:
    return [str(option.prompt) for option in app.screen.query_one(OptionList).options]


async def test_a_scenario_file_that_cannot_be_used_is_offered_by_name_and_chosen_says_why_creating_nothing(companion):
    folder = companion.data_dir / "take_cover" / "scenarios"
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text('game = "take_cover"\ntitle = "Broken"\nvictory = "Win."\nturns = 0\n')
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(pilot, "g", "n", *("down",) * 3, "enter")
        hint = offered(app)[1]
        assert hint == "broken (cannot be used: companion scenarios show take_cover/broken)"
        await press(pilot, "down", "enter")
        messages = [notification.message for notification in app._notifications]
        why = f"{folder / 'broken.toml'}, line 4: turns: Input should be greater than or equal to 1"
        assert messages[-1] == why
        assert companion.store.games() == []
    said = run(*shlex.split(hint.partition("cannot be used: companion scenarios ")[2].removesuffix(")")),
               data_dir=companion.data_dir)
    assert (said.returncode, said.stderr) == (1, f"companion: {why}\n"), "the command the hint names says why"


@pytest.mark.parametrize(("name", "shown"), [("t\udcff", "t\\xff"), ("Big Name", "Big Name")])
async def test_a_scenario_file_named_against_the_rule_is_refused_in_one_readable_line_creating_nothing(
        companion, name, shown):
    """The play-tester's case: the tutorial copied as `t<0xff>.toml` froze the app (its name, a lone
    surrogate, could not be written to the games file) and left an empty Game 1 behind."""
    folder = companion.data_dir / "point_blank" / "scenarios"
    folder.mkdir(parents=True)
    (folder / f"{name}.toml").write_bytes(TUTORIAL.read_bytes())
    app = CompanionApp(companion)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(pilot, "g", "n", "down", "enter")
        (row,) = [row for row in offered(app) if row.startswith(shown)]
        assert row == f"{shown} (cannot be used: companion scenarios show {shlex.quote(f'point_blank/{shown}')})"
        await press(pilot, *("down",) * offered(app).index(row), "enter")
        messages = [notification.message for notification in app._notifications]
        assert messages[-1].startswith(f"{readable(folder)}/{shown}.toml: a scenario's file name is 1 to 40 lower-case")
        assert companion.store.games() == []
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen), "the app still answers"
