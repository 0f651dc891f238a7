from pathlib import Path

import pytest

from companion.config import Config, PinMap, load_config, read_text_file
from companion.errors import ConfigError
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
