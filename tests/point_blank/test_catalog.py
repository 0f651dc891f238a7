"""Point Blank's data files through the kit's one loader: shipped files validate, the players' own
override them, a broken one stops the game from opening with file, line, key and reason."""

import random
from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.games.kit import data
from companion.games.point_blank.catalog import Catalog, deck_file_text
from companion.games.point_blank.controller import PointBlankController
from companion.games.point_blank.data import FILES
from companion.games.registry import KINDS

POINT_BLANK = KINDS["point_blank"]


def catalog(data_dir: Path | None = None) -> Catalog:
    return Catalog.of(POINT_BLANK.load_data(data_dir))


def players_file(data_dir: Path, name: str, text: str) -> Path:
    folder = data_dir / "point_blank"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


@pytest.mark.parametrize("file", FILES, ids=[file.name for file in FILES])
def test_every_shipped_file_validates_with_no_unknown_keys(file):
    text = data.shipped_text("companion.games.point_blank.data", file.name)
    data.validate(file, data.parse(text, Path(file.name)), text, Path(file.name))


def test_the_shipped_deck_says_its_counts_are_an_assumption():
    deck = catalog().deck
    assert deck.assumed and "rulebook does not print" in deck.note


def test_the_terrain_cards_carry_the_rulebooks_values():
    terrain = catalog().terrain
    assert terrain["brush"].defensive_bonus == 1 and terrain["brush"].los == "degrading"
    assert terrain["woods"].los == "blocking" and terrain["woods"].rally == -2
    assert terrain["gully"].rally == -2 and terrain["low_crops"].rally == 0
    assert terrain["gully"].infantry_morale == terrain["cemetery"].infantry_morale == -2
    assert terrain["stone_building"].bonus_for(vehicle=True) == 1
    assert not terrain["marsh"].refusable


def test_names_come_from_the_data_files():
    shipped = catalog()
    assert shipped.terrain_name("stone_building") == "Stone Building"
    assert shipped.nationality_name("us") == "US" and shipped.nationality_name("german") == "German"


def test_the_players_files_replace_the_deck_and_add_units(tmp_path: Path):
    players_file(tmp_path, "deck.toml", "cards_per_pip = [10, 9, 9, 9, 9, 8]\n")
    players_file(tmp_path, "units.toml", '[units.my_squad]\nname = "Mine"\nkind = "full_squad"\nmorale = 5\n')
    theirs = catalog(tmp_path)
    assert theirs.deck.cards_per_pip == (10, 9, 9, 9, 9, 8) and not theirs.deck.assumed
    assert "my_squad" in theirs.units and "german_ss" in theirs.units


def test_a_broken_units_file_stops_the_game_opening_with_file_line_key_and_reason(tmp_path: Path):
    path = players_file(tmp_path, "units.toml",
                        '[units.my_squad]\nname = "Mine"\nkind = "full_squad"\nmorale = 5\nfirepowr = 2\n')
    with pytest.raises(ConfigError) as error:
        POINT_BLANK.open(random.Random(1), tmp_path)
    assert str(error.value) == f"{path}, line 5: units.my_squad.firepowr: unknown key (check its spelling)"


def test_a_deck_with_negative_counts_is_refused_never_replaced_by_the_shipped_one(tmp_path: Path):
    players_file(tmp_path, "deck.toml", "cards_per_pip = [9, 9, 9, 9, 9, -1]\n")
    with pytest.raises(ConfigError, match=r"deck\.toml"):
        POINT_BLANK.open(random.Random(1), tmp_path)


def test_confirmed_counts_saved_as_the_players_deck_file_load_back(tmp_path: Path):
    data.save(tmp_path / "point_blank", "deck.toml", deck_file_text((10, 9, 9, 9, 9, 8)))
    deck = catalog(tmp_path).deck
    assert deck.cards_per_pip == (10, 9, 9, 9, 9, 8) and not deck.assumed


def test_the_controller_knows_which_files_the_players_have(tmp_path: Path):
    players_file(tmp_path, "deck.toml", "cards_per_pip = [10, 9, 9, 9, 9, 8]\n")
    opened = POINT_BLANK.open(random.Random(1), tmp_path)
    assert isinstance(opened.controller, PointBlankController)
    assert opened.controller.own_files == {"deck.toml"} and opened.folder == tmp_path / "point_blank"
