"""Every registered game is complete: its parts resolve, its keymap agrees with its screen, its
state survives the games file, and a change of the state's shape comes with a new version,
whatever loaded first."""

import hashlib
import random
import subprocess
import sys

import pytest
from textual.binding import Binding

from companion.games.descriptor import GameDescriptor, resolve
from companion.games.kit.controller import Controller
from companion.games.kit.lights import Lights
from companion.games.registry import GAMES
from companion.games.rules import Rules
from companion.tui.screens.game_screen import GameScreen

STATE_SHAPES = {
    # kind: (state_version, the first 16 hex digits of the sha256 of the state's JSON schema).
    # A failure here means the state's shape changed: raise the game's `state_version` (so old
    # snapshots are not read into the new shape) and write both new values here.
    "dice": (2, "e47babcf9ad835e4"),
    "take_cover": (4, "8c63497671cd1550"),
    "deckung": (3, "7a5d0d958136a2a8"),
    "point_blank": (16, "8b24f3a267e9c4da"),
    "conflict_of_heroes": (7, "2e487d9db0deee0b"),
}

by_kind = pytest.mark.parametrize("game", GAMES, ids=[game.kind for game in GAMES])


@by_kind
def test_every_part_of_a_registered_game_resolves(game: GameDescriptor):
    assert issubclass(resolve(game.rules), Rules)
    assert issubclass(resolve(game.controller), Controller)
    assert callable(resolve(game.lights))
    assert issubclass(resolve(game.screen), GameScreen)
    rules = resolve(game.rules)
    assert rules.kind == game.kind and rules.title == game.title
    assert game.data_files() == () or all(file.name.endswith(".toml") for file in game.data_files())


@by_kind
def test_a_game_opens_with_its_shipped_data_and_lights_its_first_state(game: GameDescriptor):
    opened = game.open(random.Random(1), None)
    assert isinstance(opened.lights(opened.rules.initial()), Lights)
    assert set(opened.controller.available(opened.rules.initial())) <= set(opened.controller.keymap.names)


@by_kind
def test_the_screen_binds_exactly_the_keymap_keys(game: GameDescriptor):
    screen = resolve(game.screen)
    keymap = resolve(game.controller).keymap
    bound = {binding.key: binding.action for binding in screen.BINDINGS if isinstance(binding, Binding)}
    for action in keymap:
        if action.keys:
            assert bound.get(action.keys) == f"act({action.name!r}, {action.value!r})", action
    extra = {key for key, act in bound.items() if act.startswith("act(")} - {a.keys for a in keymap if a.keys}
    assert not extra, f"bound but not in the keymap: {extra}"


@by_kind
def test_the_first_state_survives_the_games_file(game: GameDescriptor):
    rules = resolve(game.rules)(random.Random(1), game.load_data(None))
    state = rules.initial()
    assert rules.state.validate_json(rules.state.dump_json(state)) == state


@by_kind
def test_the_public_state_is_a_state_of_the_game_that_a_follower_reads_back(game: GameDescriptor):
    rules = resolve(game.rules)(random.Random(1), game.load_data(None))
    public = rules.public_state(rules.initial())
    assert isinstance(public, type(rules.initial()))
    assert rules.state.validate_json(rules.state.dump_json(public)) == public


@by_kind
def test_a_change_of_the_states_shape_comes_with_a_new_version(game: GameDescriptor):
    rules = resolve(game.rules)
    shape = hashlib.sha256(repr(rules.state.json_schema()).encode()).hexdigest()[:16]
    assert (rules.state_version, shape) == STATE_SHAPES.get(game.kind), (
        f"{game.kind}: the state's shape is {shape}; raise state_version and update STATE_SHAPES")



SHAPES_WITH_THE_SCENARIOS_LOADED_FIRST = """
import hashlib
from companion.games.descriptor import resolve
from companion.games.registry import GAMES
for game in GAMES:
    game.scenario_model()  # as a scenario file's check loads it, before anything of the rules
for game in GAMES:
    schema = resolve(game.rules).state.json_schema()
    print(game.kind, hashlib.sha256(repr(schema).encode()).hexdigest()[:16])
"""


def test_a_states_shape_is_the_same_when_its_scenario_file_was_read_before_its_rules():
    # typing caches a Literal by its set of values: a second Literal of the same values in another
    # order is the first one, so the schema's order of them followed which module loaded first.
    shown = subprocess.run([sys.executable, "-c", SHAPES_WITH_THE_SCENARIOS_LOADED_FIRST],
                           capture_output=True, text=True, check=True).stdout.split()
    assert dict(zip(shown[::2], shown[1::2], strict=True)) == {kind: shape for kind, (_, shape) in STATE_SHAPES.items()}
