"""What a start loads before the home screen's first frame (the games' kit waits for a game, pydantic too),
and what a game's start builds before its own (its data files' models, and no schema it does not read)."""

import json
import subprocess
import sys

HOME_THEN_A_GAME = """
import asyncio, json, os, sys
from pathlib import Path
from gpiozero.pins.mock import MockFactory
from companion.bootstrap import bootstrap
from companion.cli import parse_command_line
from companion.tui.app import CompanionApp
from drivers.pin_factory import PinFactoryChoice

def loaded():
    return sorted(name for name in sys.modules if name.startswith(("companion.", "drivers.")) or name == "pydantic")

def built():
    from companion.dice.events import DiceRolled
    from companion.dice.rules import DiceRules, RollDice

    adapters = {"events adapter": DiceRules.events.pydantic_complete,
                "state adapter": vars(DiceRules)["state"].pydantic_complete}
    models = {model.__name__: model.__pydantic_complete__ for model in (RollDice, DiceRolled)}
    return [name for name, built in (adapters | models).items() if built]

first_frames = {}

def at_a_frame(app):
    first_frames.setdefault(type(app.screen).__name__, (loaded(), built()))

async def main():
    parse_command_line([])  # as every start of the app does
    companion = bootstrap(data_dir=Path(sys.argv[1]), config_file=Path(os.devnull), env={}, fake_board=False,
                          pin_choice=PinFactoryChoice(MockFactory(), "mock", True, "test"))
    CompanionApp.post_display_hook = at_a_frame
    app = CompanionApp(companion)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("enter")  # a new dice game
        await pilot.pause()
        await app.workers.wait_for_complete()
        for _ in range(20):  # what the game builds ahead, one model a turn
            await pilot.pause()
        looked = built()
        await pilot.press("space")  # a roll
        await pilot.pause()
        rolled = built()
    companion.close()
    print(json.dumps([first_frames["HomeScreen"], first_frames["DiceScreen"], looked, rolled]))

asyncio.run(main())
"""

PLAYING = ("companion.session", "companion.journal.writer", "companion.journal.timeline", "companion.games.rules",
           "companion.games.kit.controller", "companion.games.kit.data", "companion.games.kit.intents",
           "companion.tui.screens.game_screen", "companion.dice.rules")
"""What a game needs and the home screen does not: the journal's writer, the rules, the kit, the game's screen."""
SCENARIOS = ("companion.games.kit.guide", "companion.games.kit.scenarios")
"""What only the games with scenarios need: not the dice roller."""
ON_DEMAND = ("companion.tui.widgets.spec_form", "companion.dice.announce", "companion.speech.announcement")
"""What waits until it is used: a form's widgets for the first form, what a game says for speech turned on."""
COMMANDS = ("companion.scenarios_cli", "drivers.board_cli", "drivers.speech_cli", "companion.serve.web_cli",
            "companion.appliance.service_cli")
"""What only a command's own parser needs: a start of the app builds none of them."""


def test_the_home_screen_is_drawn_before_anything_a_game_needs_is_loaded_and_the_dice_load_no_guide_form_or_speech(
        tmp_path):
    """Some 9 % of the home screen's start-up and 1.5 % of the dice roller's; pydantic alone was 0.24 G
    instructions and 8 MiB at home, the commands' parsers 2 % (docs/performance.md)."""
    run = subprocess.run([sys.executable, "-c", HOME_THEN_A_GAME, str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    (at_home, _), (in_a_game, _), _, _ = json.loads(run.stdout)  # at each screen's first frame

    assert [name for name in (*PLAYING, *COMMANDS, "pydantic") if name in at_home] == []
    assert [name for name in PLAYING if name not in in_a_game] == []
    assert [name for name in (*SCENARIOS, *ON_DEMAND) if name in in_a_game] == []


def test_a_games_schemas_wait_for_its_first_frame_its_commands_and_events_are_built_while_the_players_look(
        tmp_path):
    """A new game reads no events back and writes no snapshot before its first frame, and makes no
    command or event: none of their schemas is built for it (resuming Point Blank: 5 % fewer instructions
    to its first frame). Its commands and events are built after it, one a turn, so that the first roll
    does not pay for them (1-2.5 ms, bench/press.py); the adapters wait for their first use."""
    run = subprocess.run([sys.executable, "-c", HOME_THEN_A_GAME, str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    _, (_, built_for_its_first_frame), built_while_looking, built_by_a_roll = json.loads(run.stdout)

    assert built_for_its_first_frame == []
    assert built_while_looking == ["RollDice", "DiceRolled"]
    assert built_by_a_roll == ["RollDice", "DiceRolled"]


RESUMING_POINT_BLANK = """
import asyncio, json, os, sys
from pathlib import Path
from gpiozero.pins.mock import MockFactory
from pydantic import BaseModel
from companion.bootstrap import bootstrap
from companion.tui.app import CompanionApp
from drivers.pin_factory import PinFactoryChoice

def subclasses(model):
    for subclass in model.__subclasses__():
        yield subclass
        yield from subclasses(subclass)

async def main():
    companion = bootstrap(data_dir=Path(sys.argv[1]), config_file=Path(os.devnull), env={}, fake_board=False,
                          pin_choice=PinFactoryChoice(MockFactory(), "mock", True, "test"))
    companion.new_game("point_blank")[1].close()
    first_frames = {}

    def at_a_frame(app):
        first_frames.setdefault(type(app.screen).__name__, sorted(
            {f"{model.__module__}:{model.__name__}" for model in subclasses(BaseModel)
             if model.__module__.startswith("companion.") and model.__pydantic_complete__}))

    CompanionApp.post_display_hook = at_a_frame
    app = CompanionApp(companion)
    async with app.run_test() as pilot:  # resumes the game
        await pilot.pause()
    companion.close()
    print(json.dumps(first_frames))

asyncio.run(main())
"""
DATA_FILES = ("companion.games.point_blank.catalog", "companion.games.point_blank.aeo.table")
"""The modules of the models Point Blank's data files are read into, at every start."""


def test_a_resumed_point_blank_game_builds_its_data_files_models_and_no_check_aeo_scenario_command_or_event(
        tmp_path):
    """A check's models wait for the first check, the AEO's for a solo game, a scenario's for the first
    scenario read, a command's and an event's for the first made (with the adapters, 7 % fewer instructions
    to the first frame)."""
    run = subprocess.run([sys.executable, "-c", RESUMING_POINT_BLANK, str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    built = json.loads(run.stdout)["PointBlankScreen"]  # by its first frame

    outside_the_data_files = [name for name in built if not name.startswith(DATA_FILES)]
    assert outside_the_data_files == ["companion.games.point_blank.battlefield:SectorRef"]


def test_opening_the_dice_roller_from_the_command_line_loads_no_other_commands_module():
    """`companion dice 2d6` is read as a start of the app is: 1 % of the dice roller's start-up."""
    read = ("import json, sys; from companion.cli import parse_command_line;"
            "args, rest = parse_command_line(['--seed', '3', 'dice', '2d6']);"
            "print(json.dumps([args.command, args.spec, rest, sorted(set(sys.argv[1:]) & set(sys.modules))]))")
    run = subprocess.run([sys.executable, "-c", read, *COMMANDS], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["dice", "2d6", [], []]
