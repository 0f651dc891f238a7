import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import Config, PinMap, load_config, read_text_file
from companion.errors import ConfigError
from companion.games.conflict_of_heroes.scenario import CohScenario
from companion.games.kit import scenarios
from companion.games.point_blank.scenario import PbScenario
from companion.games.registry import descriptor
from companion.hardware.controls import Control


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_no_config_file_means_the_default_pin_map(tmp_path):
    assert load_config(tmp_path / "missing.toml") == Config()


def test_a_config_file_overrides_pins_and_debounce(tmp_path):
    config = load_config(write(tmp_path, "[pins]\nroll = 4\nfaces = [5, 6]\n\n[gpio]\ndebounce_ms = 30\n"))
    assert config.pins.roll == 4
    assert config.pins.faces == (5, 6)
    assert config.gpio.debounce_ms == 30


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[pins]\nroll = 17\nundo = 40\n", "line 3: pins.undo: Input should be less than or equal to 27"),
        ("[pins]\nrol = 17\n", "line 2: pins.rol: unknown key"),
        ("[gpio]\ndebounce_ms = 'fast'\n", "line 2: gpio.debounce_ms: Input should be a valid number"),
        ("[pins]\nroll = 17\nundo = 17\n", "line 3: pins.undo: GPIO17 is given to both roll and undo"),
        ("[pins]\nroll = 17\nundo = 27\n\nfaces = [5, 17]\n",
         "line 5: pins.faces: GPIO17 is given to both roll and face 2"),
        ("[pins]\nsides = [20, 19]\nside_leds = [19]\n",
         "line 3: pins.side_leds: GPIO19 is given to both side 2 and side 1 LED"),
        ("[pins\n", "not valid TOML"),
        ("[pins]\nfaces = [5, 99]\n", "line 2: pins.faces: GPIO99 does not exist"),
        ("[pins]\nroll = true\n", "line 2: pins.roll: Input should be a valid integer"),
        ("[pins]\nfaces = [5, false]\n", "line 2: pins.faces: Input should be a valid integer"),
        ("[pins]\nsides = [true, 20]\n", "line 2: pins.sides: Input should be a valid integer"),
        ("[gpio]\ndebounce_ms = true\n", "line 2: gpio.debounce_ms: Input should be a valid number"),
        ("[board]\nenabled = 1\n", "line 2: board.enabled: Input should be a valid boolean"),
        ('[board]\nenabled = true\nport = ""\n', "line 3: board.port: an empty port names no device"),
        ('[board]\nport = "  "\n', "line 2: board.port: an empty port names no device"),
        ('[speech]\nenabled = "yes"\n', "line 2: speech.enabled: Input should be a valid boolean"),
        ('[speech]\nenabled = "off"\n', "line 2: speech.enabled: Input should be a valid boolean"),
        ("[speech]\nenabled = 1\n", "line 2: speech.enabled: Input should be a valid boolean"),
        ('[speech]\ncues = "no"\n', "line 2: speech.cues: Input should be a valid boolean"),
        ("[speech]\nvolume = true\n", "line 2: speech.volume: Input should be a valid integer"),
        ("[speech]\nrate = 175.0\n", "line 2: speech.rate: Input should be a valid integer"),
        ("pins = 3\n", "line 1: pins: Input should be a table ([pins] and its keys)"),
        ('speech = "on"\n', "line 1: speech: Input should be a table ([speech] and its keys)"),
        ("table = [1]\n", "line 1: table: Input should be a table ([table] and its keys)"),
        ("[pins]\nfaces = 3\n", "line 2: pins.faces: Input should be an array, in square brackets"),
    ],
)
def test_a_bad_config_names_the_file_the_line_the_key_and_the_problem(tmp_path, text, expected):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert str(refused.value).startswith(str(path))
    assert expected in str(refused.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[pins]\nroll_led = 5\n", "line 2: pins.roll_led: GPIO5 is given to both roll_led and face 1 "
                                  "(face 1's GPIO5 is the default: the file does not set faces)"),
        ("[pins]\nfaces = [17]\n", "line 2: pins.faces: GPIO17 is given to both roll and face 1 "
                                  "(roll's GPIO17 is the default: the file does not set roll)"),
    ],
)
def test_a_pin_the_file_gives_a_part_that_a_default_already_has_names_the_files_own_line_and_the_default(
        tmp_path, text, expected):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert str(refused.value) == f"{path}, {expected}"


def test_the_pin_map_lists_every_button_with_its_control():
    pins = PinMap(faces=(5, 6), sides=(20, 21))
    assert (5, Control.FACE, 1) in pins.buttons()
    assert (21, Control.SIDE, 2) in pins.buttons()
    assert (17, Control.ROLL, None) in pins.buttons()


def test_a_side_led_cannot_share_a_pin_with_a_button(tmp_path):
    with pytest.raises(ConfigError, match="GPIO17 is given to both roll and side 1 LED"):
        load_config(write(tmp_path, "[pins]\nside_leds = [17]\n"))


EVERY_TABLE = """\
[pins]
roll = 4
faces = [5, 6]
sides = [20, 21]
side_leds = [7, 8]

[gpio]
debounce_ms = 30

[board]
port = "/dev/ttyACM0"

[speech]
enabled = true
language = "de"
voice = "de+f3"
device = "default"

[table]
broker = "mqtts://pi.local"
name = "club-1"
username = "table"
password = "secret"
ca_file = "ca.pem"
press_token = "12345678"
"""


def test_reading_a_config_that_sets_every_table_loads_no_pydantic(tmp_path):
    """The config is read before the first frame (the buttons need the pin map): pydantic, ~10 MiB and
    a third of a second's instructions at start, must wait for a game."""
    (tmp_path / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    path = write(tmp_path, EVERY_TABLE)
    read = ("import sys; from pathlib import Path; from companion.config import load_config; "
            f"config = load_config(Path({str(path)!r}), required=True); "
            "print(config.table.enabled, config.speech.language, sorted(m for m in sys.modules if 'pydantic' in m))")
    said = subprocess.run([sys.executable, "-c", read], capture_output=True, text=True, check=True).stdout
    assert said.split(maxsplit=2) == ["True", "de", "[]\n"]


def test_a_config_file_that_was_named_must_exist(tmp_path):
    with pytest.raises(ConfigError, match=r"missing\.toml: no such config file"):
        load_config(tmp_path / "missing.toml", required=True)


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"\xff[pins]\n", 1, 1),
        (b"[pins]\nroll = 17 # r\xc3\xb6ll \xe9\n", 2, 18),
        (b"# caf\xc3\xa9\n\n[pins]\nroll = 17\n\x80\n", 5, 1),
    ],
)
def test_bytes_that_are_not_utf8_are_named_with_the_file_line_and_column(tmp_path, data, line, column):
    path = tmp_path / "config.toml"
    path.write_bytes(data)
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert str(refused.value).startswith(f"{path}, line {line}: byte 0x")
    assert f"at column {column} is not UTF-8 text" in str(refused.value)


def test_a_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    path = write(tmp_path, "")
    path.write_bytes(b"\xef\xbb\xbf[pins]\nroll = 4\n")
    assert load_config(path).pins.roll == 4


def test_a_folder_where_a_file_should_be_is_said_not_raised(tmp_path):
    with pytest.raises(ConfigError, match="cannot read it"):
        read_text_file(tmp_path)


COH_SCENARIO = CohScenario.TEMPLATE
PB_SCENARIO = PbScenario.TEMPLATE
SECOND_SIDE = '[[sides]]                        # the right CAP track\nname = "Soviet"\nnationality = "Soviet"\n'


def config_problem(tmp_path: Path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    return str(refused.value).removeprefix(f"{path}, ").removeprefix(f"{path}: ")


def units_problem(tmp_path: Path, text: str) -> str:
    """What the players' own Conflict of Heroes unit library is refused with."""
    folder = tmp_path / "conflict_of_heroes"
    folder.mkdir()
    (folder / "units.toml").write_text(text)
    with pytest.raises(ConfigError) as refused:
        descriptor("conflict_of_heroes").load_data(tmp_path)
    return str(refused.value).removeprefix(f"{folder / 'units.toml'}, ").removeprefix(f"{folder / 'units.toml'}: ")


def scenario_problem(tmp_path: Path, text: str) -> str:
    game = descriptor("point_blank" if text.startswith(PB_SCENARIO[:60]) else "conflict_of_heroes")
    path = tmp_path / "mine.toml"
    path.write_text(text)
    model = game.scenario_model()
    assert model is not None
    with pytest.raises(ConfigError) as refused:
        scenarios.validate(model, text, path, game.load_data(None))
    return str(refused.value).removeprefix(f"{path}, ").removeprefix(f"{path}: ")


PROBLEMS = {"config": config_problem, "units": units_problem, "scenario": scenario_problem}
PYDANTICS_WORDS = ("Tuple", "List", "Dictionary", "dictionary", "after validation", "unable to", "Field required",
                   "class", "String should", "fractional part", "instance of", "valid tuple", "valid list", "pattern")


IN_TOMLS_WORDS = [
    ("config", "[pins]\nside_leds = [19, 20, 21]\n",
     "line 2: pins.side_leds: Input should be an array of at most 2 items, not 3"),
    ("config", "[pins]\nfaces = 3\n", "line 2: pins.faces: Input should be an array, in square brackets"),
    ("config", "pins = 3\n", "line 1: pins: Input should be a table ([pins] and its keys)"),
    ("config", "[pins]\nroll = 1.5\n", "line 2: pins.roll: Input should be a valid integer"),
    ("config", "[pins]\nrol = 17\n", "line 2: pins.rol: unknown key (check its spelling)"),
    ("config", '[gpio]\ndebounce_ms = "fast"\n', "line 2: gpio.debounce_ms: Input should be a valid number"),
    ("config", "[gpio]\ndebounce_ms = -1.0\n",
     "line 2: gpio.debounce_ms: Input should be greater than or equal to 0"),
    ("config", "[speech]\nvolume = 500\n", "line 2: speech.volume: Input should be less than or equal to 200"),
    ("config", '[speech]\nlanguage = "fr"\n', "line 2: speech.language: Input should be 'en' or 'de'"),
    ("config", "[speech]\nvoice = 3\n", "line 2: speech.voice: Input should be a string, in quotes"),
    ("config", f'[speech]\nvoice = "{"e" * 41}"\n',
     "line 2: speech.voice: Input should be a string of at most 40 characters"),
    ("config", '[speech]\nvoice = "en us"\n',
     "line 2: speech.voice: 'en us' is not a voice's name: letters, digits, _, + and - only "
     "(espeak-ng --voices lists them)"),
    ("config", '[speech]\ndevice = ""\n',
     "line 2: speech.device: Input should be a string of at least 1 character"),
    ("config", "[board]\nenabled = 1\n", "line 2: board.enabled: Input should be a valid boolean: true or false"),
    ("config", "[table]\nca_file = 3\n",
     "line 2: table.ca_file: Input should be a string, in quotes"),
    ("config", "[board]\nport = 1979-05-27\n",
     "line 2: board.port: a date or time is not a value this file takes (text goes in quotes)"),
    ("units", '[german_hmg]\nrange = "far"\n', "line 2: german_hmg.range: Input should be a valid integer"),
    ("units", '[german_hmg]\nrange = "2"\n', "line 2: german_hmg.range: Input should be a valid integer"),
    ("units", '[german_hmg]\nred_boxed = "yes"\n',
     "line 2: german_hmg.red_boxed: Input should be a valid boolean: true or false"),
    ("units", "[german_hmg]\nred_boxed = 1\n",
     "line 2: german_hmg.red_boxed: Input should be a valid boolean: true or false"),
    ("units", "[german_hmg]\nrange = 2.5\n", "line 2: german_hmg.range: Input should be a valid integer"),
    ("units", "[german_hmg]\nfire_cost = -1\n",
     "line 2: german_hmg.fire_cost: Input should be greater than or equal to 0"),
    ("units", '[german_hmg]\ndefence = "green"\n', "line 2: german_hmg.defence: Input should be 'red' or 'blue'"),
    ("units", '[german_hmg]\nred_boxed = "maybe"\n',
     "line 2: german_hmg.red_boxed: Input should be a valid boolean: true or false"),
    ("units", '[german_hmg]\nname = ""\n',
     "line 2: german_hmg.name: Input should be a string of at least 1 character"),
    ("units", '[sniper]\nname = "Sniper"\n', "line 1: sniper.red_fp: missing: this key must be set"),
    ("units", "sniper = 3\n", "line 1: sniper: Input should be a table ([sniper] and its keys)"),
    ("scenario", PB_SCENARIO.replace('areas = ["A", "B", "C"]', "areas = []"),
     "line 6: areas: Input should be an array of at least 1 item, not 0"),
    ("scenario", PB_SCENARIO.replace('areas = ["A", "B", "C"]', 'areas = ["A", "B", "C", "D", "E", "A"]'),
     "line 6: areas: Input should be an array of at most 5 items, not 6"),
    ("scenario", PB_SCENARIO.replace('areas = ["A", "B", "C"]', 'areas = ["F"]'),
     "line 6: areas: Input should be 'A', 'B', 'C', 'D' or 'E'"),
    ("scenario", COH_SCENARIO.replace("rounds = 4", 'rounds = "four"'),
     "line 7: rounds: Input should be a valid integer"),
    ("scenario", COH_SCENARIO.replace("rounds = 4", 'rounds = "3"'),
     "line 7: rounds: Input should be a valid integer"),
    ("scenario", COH_SCENARIO.replace("rounds = 4", "rounds = 3.0"),
     "line 7: rounds: Input should be a valid integer"),
    ("scenario", COH_SCENARIO.replace("first_on_tie = false", 'first_on_tie = "yes"'),
     "line 19: sides.first_on_tie: Input should be a valid boolean: true or false"),
    ("scenario", COH_SCENARIO.replace("rounds = 4", "rounds = 2.5"),
     "line 7: rounds: Input should be a valid integer"),
    ("scenario", COH_SCENARIO.replace("rounds = 4", "rounds = 0"),
     "line 7: rounds: Input should be greater than or equal to 1"),
    ("scenario", COH_SCENARIO.replace("caps = 7 ", "caps = 31 "),
     "line 17: sides.caps: Input should be less than or equal to 30"),
    ("scenario", COH_SCENARIO.replace("side = 1", "side = 3"), "line 28: forces.side: Input should be 1 or 2"),
    ("scenario", COH_SCENARIO.replace("first_on_tie = false", 'first_on_tie = "maybe"'),
     "line 19: sides.first_on_tie: Input should be a valid boolean: true or false"),
    ("scenario", COH_SCENARIO.replace('title = "My firefight"', "title = 3"),
     "line 4: title: Input should be a string, in quotes"),
    ("scenario", COH_SCENARIO.replace('title = "My firefight"', f'title = "{"t" * 61}"'),
     "line 4: title: Input should be a string of at most 60 characters"),
    ("scenario", COH_SCENARIO.replace('title = "My firefight"\n', ""), "title: missing: this key must be set"),
    ("scenario", COH_SCENARIO.replace("special_rules = []", 'special_rules = "none"'),
     "line 9: special_rules: Input should be an array, in square brackets"),
    ("scenario", COH_SCENARIO.replace('label = "Squad A"', 'colour = "red"'),
     "line 30: forces.colour: unknown key (check its spelling)"),
    ("scenario", COH_SCENARIO.replace(SECOND_SIDE, "[[x]]\n"), "line 14: sides: item 2 is missing"),
    ("scenario", COH_SCENARIO.replace(SECOND_SIDE, f"[[sides]]\nname = \"Finn\"\ncaps = 5\n\n{SECOND_SIDE}"),
     "line 25: sides: Input should be an array of at most 2 items, not 3"),
]


@pytest.mark.parametrize(("kind", "text", "expected"),
                         [pytest.param(*case, id=f"{case[0]}: {case[2]}") for case in IN_TOMLS_WORDS])
def test_a_problem_in_the_config_a_data_file_or_a_scenario_is_said_in_tomls_words_never_pydantics(
        tmp_path, kind, text, expected):
    said = PROBLEMS[kind](tmp_path, text)
    assert said == expected
    assert not [word for word in PYDANTICS_WORDS if word in said]
