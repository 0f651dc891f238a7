"""The shipped data files, and the players' own files laid over them."""

from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.games.conflict_of_heroes.library import (
    HIT_COUNTERS_FILE, UNITS_FILE, load_hit_counters, load_units, shipped_names, shipped_text, validate,
)


@pytest.mark.parametrize("name", shipped_names())
def test_every_shipped_data_file_is_valid_with_no_unknown_keys(name):
    assert validate(name, shipped_text(name), Path(name))


def test_both_data_files_are_shipped():
    assert shipped_names() == ["hit_counters.toml", "units.toml"]


def test_a_players_file_sets_counts_key_by_key_and_adds_counters(tmp_path):
    (tmp_path / "hit_counters.toml").write_text(
        '[foot.suppressed]\ncount = 9\n\n[foot.wounded]\nname = "Wounded"\ncount = 2\nrally = 9\nred_fp = -1\n'
    )
    pools = load_hit_counters(tmp_path)
    assert pools.foot["suppressed"].count == 9
    assert pools.foot["suppressed"].rally == 7
    assert pools.foot["wounded"].red_fp == -1
    assert pools.vehicle == load_hit_counters().vehicle


def test_a_players_unit_is_added_to_the_library(tmp_path):
    (tmp_path / "units.toml").write_text(
        '[t34]\nname = "T-34"\nkind = "vehicle"\nred_fp = 5\nblue_fp = 6\nfront_dr = 15\nflank_dr = 13\n'
        'defence = "blue"\nfire_cost = 3\nmove_cost = 1\nrange = 6\n'
    )
    units = load_units(tmp_path)
    assert units["t34"].defence == "blue"
    assert "german_hmg" in units


def test_a_misspelt_key_in_a_players_file_is_reported_with_file_line_and_key(tmp_path):
    path = tmp_path / "hit_counters.toml"
    path.write_text('[foot.suppressed]\ncount = 3\n\n[foot.pinned]\nnomove = true\n')
    with pytest.raises(ConfigError) as raised:
        load_hit_counters(tmp_path)
    assert str(raised.value) == f"{path}, line 5: foot.pinned.nomove: unknown key (check its spelling)"


def test_a_bad_value_is_reported_with_its_line(tmp_path):
    path = tmp_path / "units.toml"
    path.write_text('[german_hmg]\nrange = -1\n')
    with pytest.raises(ConfigError, match=r"units.toml, line 2: german_hmg.range: Input should be greater"):
        load_units(tmp_path)


def test_a_file_that_is_not_toml_is_reported_with_its_path(tmp_path):
    (tmp_path / "units.toml").write_text("[german_hmg\n")
    with pytest.raises(ConfigError, match="units.toml: not valid TOML"):
        load_units(tmp_path)


def test_no_players_file_means_the_shipped_library(tmp_path):
    assert load_units(tmp_path) == load_units()


@pytest.mark.parametrize("name", [UNITS_FILE, HIT_COUNTERS_FILE])
def test_a_players_file_that_is_not_utf8_is_reported_with_file_and_line(tmp_path, name):
    (tmp_path / name).write_bytes(b"[x]\nname = \"Gr\xfcn\"\n")
    with pytest.raises(ConfigError, match=f"{name}, line 2: byte 0xfc at column 11 is not UTF-8"):
        load_units(tmp_path) if name == UNITS_FILE else load_hit_counters(tmp_path)
