"""The one data loader: shipped files with the players' own laid over, errors with file and line."""

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter

from companion.errors import ConfigError
from companion.games.kit import data
from companion.games.kit.data import DataFile


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
