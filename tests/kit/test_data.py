"""The one data loader: shipped files with the players' own laid over, errors with file and line."""

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter

import companion
from companion.errors import ConfigError
from companion.games.kit import data
from companion.games.kit.data import DataFile
from companion.games.point_blank.aeo import table
from companion.games.registry import GAMES
from companion.speech import phrases


class Unit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    morale: int


UNITS = DataFile("units.toml", TypeAdapter(dict[str, Unit]), depth=1)


SHIPPED_TEXT = """
[rifles]
name = "Rifles"
morale = 6

[mg]
name = "MG team"
morale = 7
"""


def load(folder: Path, text: str | bytes | None) -> dict[str, Unit]:
    if text is not None:
        (folder / "units.toml").write_bytes(text if isinstance(text, bytes) else text.encode())
    theirs = data.read_text(folder / "units.toml")
    return data.combine(UNITS, SHIPPED_TEXT, Path("<shipped>/units.toml"), theirs, folder / "units.toml")


def test_without_a_file_of_their_own_the_players_get_the_shipped_data(tmp_path):
    assert load(tmp_path, None)["mg"].morale == 7


def test_a_players_file_changes_one_value_and_adds_a_unit(tmp_path):
    units = load(tmp_path, "[mg]\nmorale = 8\n\n[sniper]\nname = 'Sniper'\nmorale = 9\n")
    assert (units["mg"].name, units["mg"].morale) == ("MG team", 8)
    assert units["sniper"].morale == 9 and units["rifles"].morale == 6


def test_a_bad_value_names_the_players_file_line_and_key(tmp_path):
    with pytest.raises(ConfigError, match=r"units.toml, line 3: mg.morale: Input should be a valid integer"):
        load(tmp_path, "# my units\n[mg]\nmorale = 'high'\n")


def test_a_value_where_a_table_belongs_is_worded_in_toml_never_by_our_class_name(tmp_path):
    with pytest.raises(ConfigError) as refused:
        load(tmp_path, "sniper = 3\n")
    assert str(refused.value) == (f"{tmp_path / 'units.toml'}, line 1: sniper: "
                                  "Input should be a table ([sniper] and its keys)")


def test_bytes_that_are_not_utf8_name_the_file_and_line(tmp_path):
    with pytest.raises(ConfigError, match=r"units.toml, line 2: not UTF-8 text \(byte 0xe9\)"):
        load(tmp_path, b"[mg]\nname = 'Mitrailleuse l\xe9g\xe8re'\n")


def test_a_broken_file_is_an_error_never_a_silent_fall_back(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(tmp_path, "[mg\n")


SHIPPED = [(game.data.partition(":")[0], file) for game in GAMES for file in game.data_files()]
SHIPPED += [(phrases.PACKAGE, file) for file in phrases.FILES]
"""Every shipped data file: the games' (the AEO table among them) and the phrase packs."""


@pytest.mark.parametrize(("package", "file"), SHIPPED, ids=[f"{package}/{file.name}" for package, file in SHIPPED])
def test_every_shipped_data_file_is_read_strictly_with_no_unknown_keys(package, file):
    assert data.load(package, None, file)


def test_every_shipped_toml_file_but_a_scenario_is_one_of_them():
    root = Path(companion.__file__).parent
    found = {path.relative_to(root) for path in root.rglob("*.toml") if path.parent.name != "scenarios"}
    assert found == {Path(*package.split(".")[1:], file.name) for package, file in SHIPPED}


BROKEN = [
    ('"turn.ended" = "turn {turn} ends"', '"turn.ended" = 3',
     'line 41: phrases."turn.ended": Input should be a string, in quotes'),
    ('voice = "en"', 'voice = "en"\nspeed = 3', "line 8: speed: unknown key (check its spelling)"),
    ('"turn.ended" = "turn {turn} ends"', '"turn.ended" = { count = "turn", one = "turn {turn!r} ends" }',
     'line 41: phrases."turn.ended".one: {turn} must be a plain name, optionally :signed'),
]


@pytest.mark.parametrize(("phrase", "broken", "said"), BROKEN, ids=["a number", "an unknown key", "a table"])
def test_a_broken_phrase_pack_names_its_file_line_and_key(monkeypatch, phrase, broken, said):
    text = data.shipped_text(phrases.PACKAGE, "en.toml").replace(phrase, broken)
    monkeypatch.setattr(data, "shipped_text", lambda package, name: text)
    with pytest.raises(ConfigError) as refused:
        phrases.phrase_pack.__wrapped__("en")
    assert str(refused.value) == f"<shipped {phrases.PACKAGE}>/en.toml, {said}"


def test_a_broken_shipped_aeo_table_names_its_file_line_and_key(monkeypatch):
    text = data.shipped_text(table.PACKAGE, table.FILE).replace('"1+1" = "Sniper"', '"1+1" = 2', 1)
    monkeypatch.setattr(data, "shipped_text", lambda package, name: text)
    with pytest.raises(ConfigError) as refused:
        table.shipped()
    assert str(refused.value) == (f"<shipped {table.PACKAGE}>/aeo_table.toml, line 18: defensive.\"1+1\": "
                                  "Input should be a string, in quotes")
