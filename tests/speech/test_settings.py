"""The [speech] table of the config file."""

import pytest

from companion.config import load_config
from companion.errors import ConfigError
from companion.speech.settings import SpeechSettings


def test_speech_is_off_in_english_by_default(tmp_path):
    speech = load_config(tmp_path / "missing.toml").speech
    assert speech == SpeechSettings()
    assert (speech.enabled, speech.language, speech.voice) == (False, "en", None)


def test_the_speech_table_sets_language_voice_rate_and_volume(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[speech]\nenabled = true\nlanguage = "de"\nvoice = "de+f3"\nrate = 150\nvolume = 120\n')
    assert load_config(path).speech == SpeechSettings(enabled=True, language="de", voice="de+f3", rate=150, volume=120)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[speech]\nenabled = true\nlanguage = "fr"\n', "line 3: speech.language: Input should be 'en' or 'de'"),
        ("[speech]\nrate = 20\n", "line 2: speech.rate: Input should be greater than or equal to 80"),
        ("[speech]\nvolume = 300\n", "line 2: speech.volume: Input should be less than or equal to 200"),
        ('[speech]\nvoice = "en; rm"\n',
         "line 2: speech.voice: 'en; rm' is not a voice's name: letters, digits, _, + and - only"),
        ("[speech]\nspeed = 200\n", "line 2: speech.speed: unknown key"),
    ],
)
def test_a_bad_speech_setting_names_the_line_the_key_and_the_problem(tmp_path, text, expected):
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert str(refused.value).startswith(f"{path}, ")
    assert expected in str(refused.value)
