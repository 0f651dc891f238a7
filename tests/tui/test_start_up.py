"""What a start loads before the home screen's first frame: the games' kit waits for a game, pydantic too."""

import json
import subprocess
import sys

HOME_THEN_A_GAME = """
import asyncio, json, os, sys
from pathlib import Path
from gpiozero.pins.mock import MockFactory
from companion.bootstrap import bootstrap
from companion.cli import build_parser
from companion.tui.app import CompanionApp
from drivers.pin_factory import PinFactoryChoice

def loaded():
    return sorted(name for name in sys.modules if name.startswith("companion.") or name == "pydantic")

def built():
    from companion.dice.events import DiceRolled
    from companion.dice.rules import DiceRules, RollDice

    adapters = {"events adapter": DiceRules.events.pydantic_complete,
                "state adapter": vars(DiceRules)["state"].pydantic_complete}
    models = {model.__name__: model.__pydantic_complete__ for model in (RollDice, DiceRolled)}
    return [name for name, built in (adapters | models).items() if built]

async def main():
    build_parser()  # as every start does
    companion = bootstrap(data_dir=Path(sys.argv[1]), config_file=Path(os.devnull), env={}, fake_board=False,
                          pin_choice=PinFactoryChoice(MockFactory(), "mock", True, "test"))
    app = CompanionApp(companion)
    async with app.run_test() as pilot:
        await pilot.pause()
        home = (type(app.screen).__name__, loaded())
        await pilot.press("enter")  # a new dice game
        await pilot.pause()
        game = (type(app.screen).__name__, loaded(), built())
        await pilot.press("space")  # a roll
        await pilot.pause()
        rolled = built()
    companion.close()
    print(json.dumps([home, game, rolled]))

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


def test_the_home_screen_is_drawn_before_anything_a_game_needs_is_loaded_and_the_dice_load_no_guide_form_or_speech(
        tmp_path):
    """Some 9 % of the home screen's start-up and 1.5 % of the dice roller's; pydantic alone was 0.24 G
    instructions and 8 MiB at home (docs/performance.md)."""
    run = subprocess.run([sys.executable, "-c", HOME_THEN_A_GAME, str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    (home_screen, at_home), (game_screen, in_a_game, _), _ = json.loads(run.stdout)

    assert home_screen == "HomeScreen"
    assert [name for name in (*PLAYING, "pydantic") if name in at_home] == []
    assert game_screen == "DiceScreen"
    assert [name for name in PLAYING if name not in in_a_game] == []
    assert [name for name in (*SCENARIOS, *ON_DEMAND) if name in in_a_game] == []


def test_a_games_event_and_state_adapters_and_its_commands_and_events_validators_wait_for_their_first_use(tmp_path):
    """A new game reads no events back and writes no snapshot before its first frame, and makes no
    command or event: none of their schemas is built for it (Point Blank's some 4 % of its start-up,
    docs/performance.md); a roll builds the roll's command and event, and the writer's adapter for neither."""
    run = subprocess.run([sys.executable, "-c", HOME_THEN_A_GAME, str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    _, (_, _, built_for_it), built_by_a_roll = json.loads(run.stdout)

    assert built_for_it == []
    assert built_by_a_roll == ["RollDice", "DiceRolled"]
