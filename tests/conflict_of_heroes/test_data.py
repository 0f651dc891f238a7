"""The shipped data files, the players' own laid over them by the kit's one loader, and a broken
file refusing to open the game with the reason."""

import random
from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.games.conflict_of_heroes import data as data_files
from companion.games.conflict_of_heroes.controller import ConflictOfHeroesController
from companion.games.conflict_of_heroes.data import FILES, HIT_COUNTERS, UNITS
from companion.games.conflict_of_heroes.library import Library, shipped
from companion.games.conflict_of_heroes.rules import ConflictOfHeroesRules
from companion.games.kit.data import combine, shipped_names, shipped_text
from companion.games.registry import KINDS

PACKAGE = data_files.__name__
GAME = KINDS["conflict_of_heroes"]


def folder(data_dir: Path) -> Path:
    path = data_dir / "conflict_of_heroes"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.mark.parametrize("file", FILES, ids=[file.name for file in FILES])
def test_every_shipped_data_file_is_valid_with_no_unknown_keys(file):
    assert combine(file, shipped_text(PACKAGE, file.name), Path(file.name), None, None)


def test_every_shipped_file_has_a_schema():
    assert shipped_names(PACKAGE) == sorted(file.name for file in FILES)


def test_a_players_file_sets_counts_key_by_key_and_adds_counters(tmp_path):
    (folder(tmp_path) / "hit_counters.toml").write_text(
        '[foot.suppressed]\ncount = 9\n\n[foot.wounded]\nname = "Wounded"\ncount = 2\nrally = 9\nred_fp = -1\n'
    )
    pools = Library.of(GAME.load_data(tmp_path)).pools
    assert pools.foot["suppressed"].count == 9
    assert pools.foot["suppressed"].rally == 7
    assert pools.foot["wounded"].red_fp == -1
    assert pools.vehicle == shipped().pools.vehicle


def test_a_players_unit_is_added_to_the_library_and_the_rules_and_controller_get_it(tmp_path):
    (folder(tmp_path) / "units.toml").write_text(
        '[t34]\nname = "T-34"\nnationality = "Soviet"\nkind = "vehicle"\nred_fp = 5\nblue_fp = 6\nfront_dr = 15\n'
        'flank_dr = 13\ndefence = "blue"\nfire_cost = 3\nmove_cost = 1\nrange = 6\n'
    )
    opened = GAME.open(random.Random(1), tmp_path)
    assert isinstance(opened.rules, ConflictOfHeroesRules)
    assert isinstance(opened.controller, ConflictOfHeroesController)
    assert opened.rules.library.units["t34"].defence == "blue"
    assert "german_hmg" in opened.rules.library.units
    assert "t34" in opened.controller.library.units


def test_a_misspelt_key_refuses_to_open_the_game_naming_file_line_and_key(tmp_path):
    path = folder(tmp_path) / "hit_counters.toml"
    path.write_text('[foot.suppressed]\ncount = 3\n\n[foot.pinned]\nnomove = true\n')
    with pytest.raises(ConfigError) as raised:
        GAME.open(random.Random(1), tmp_path)
    assert str(raised.value) == f"{path}, line 5: foot.pinned.nomove: unknown key (check its spelling)"


def test_a_bad_value_is_reported_with_its_line_and_never_replaced_by_the_shipped_one(tmp_path):
    (folder(tmp_path) / "units.toml").write_text('[german_hmg]\nrange = -1\n')
    with pytest.raises(ConfigError, match=r"units.toml, line 2: german_hmg.range: Input should be greater"):
        GAME.open(random.Random(1), tmp_path)


def test_a_file_that_is_not_toml_or_not_utf8_is_reported_with_its_path(tmp_path):
    (folder(tmp_path) / "units.toml").write_text("[german_hmg\n")
    with pytest.raises(ConfigError, match=r"units\.toml: not valid TOML"):
        GAME.load_data(tmp_path)
    (folder(tmp_path) / "units.toml").write_bytes(b'[german_hmg]\nname = "MG l\xe9ger"\n')
    with pytest.raises(ConfigError, match=r"units.toml, line 2: not UTF-8 text"):
        GAME.load_data(tmp_path)


def test_no_players_file_means_the_shipped_library(tmp_path):
    assert Library.of(GAME.load_data(tmp_path)) == shipped()
    assert {UNITS.name, HIT_COUNTERS.name} == set(GAME.load_data(None))
