"""Every shipped data file validates; the user's files add to it; bad files name file, line, reason."""

from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.games.point_blank.catalog import (
    FILES, DeckComposition, TerrainFile, UnitFile, load_catalog, parse, save_deck, shipped_text,
)

MODELS = {"deck.toml": DeckComposition, "terrain.toml": TerrainFile, "units.toml": UnitFile}


@pytest.mark.parametrize("name", FILES)
def test_every_shipped_file_validates_with_no_unknown_keys(name):
    parse(MODELS[name], name, shipped_text(name))


def test_the_shipped_deck_says_its_counts_are_an_assumption():
    deck = load_catalog().deck
    assert deck.assumed and "rulebook does not print" in deck.note


def test_the_terrain_cards_carry_the_rulebooks_values():
    terrain = load_catalog().terrain
    assert terrain["brush"].defensive_bonus == 1 and terrain["brush"].los == "degrading"
    assert terrain["woods"].los == "blocking" and terrain["woods"].rally == -2
    assert terrain["gully"].rally == -2 and terrain["low_crops"].rally == 0
    assert terrain["stone_building"].bonus_for(vehicle=True) == 1
    assert not terrain["marsh"].refusable


def test_user_files_replace_the_deck_and_add_units(tmp_path: Path):
    (tmp_path / "deck.toml").write_text("cards_per_pip = [10, 9, 9, 9, 9, 8]\n")
    (tmp_path / "units.toml").write_text('[units.my_squad]\nname = "Mine"\nkind = "full_squad"\nmorale = 5\n')
    catalog = load_catalog(tmp_path)
    assert catalog.deck.cards_per_pip == (10, 9, 9, 9, 9, 8) and not catalog.deck.assumed
    assert "my_squad" in catalog.units and "german_ss" in catalog.units


def test_a_bad_user_file_is_reported_with_file_line_and_reason(tmp_path: Path):
    (tmp_path / "units.toml").write_text(
        '[units.my_squad]\nname = "Mine"\nkind = "full_squad"\nmorale = 5\nfirepowr = 2\n'
    )
    with pytest.raises(ConfigError) as error:
        load_catalog(tmp_path)
    where = f"{tmp_path / 'units.toml'}, line 5"
    assert str(error.value) == f"{where}: units.my_squad.firepowr: unknown key (check its spelling)"


def test_a_deck_with_negative_counts_is_refused(tmp_path: Path):
    (tmp_path / "deck.toml").write_text("cards_per_pip = [9, 9, 9, 9, 9, -1]\n")
    with pytest.raises(ConfigError, match="deck.toml"):
        load_catalog(tmp_path)


def test_confirmed_counts_are_saved_as_a_user_deck_file_that_loads_back(tmp_path: Path):
    save_deck(tmp_path / "point_blank", (10, 9, 9, 9, 9, 8))
    deck = load_catalog(tmp_path / "point_blank").deck
    assert deck.cards_per_pip == (10, 9, 9, 9, 9, 8) and not deck.assumed


@pytest.mark.parametrize("name", FILES)
def test_a_user_file_that_is_not_utf8_is_reported_with_file_and_line(tmp_path: Path, name):
    (tmp_path / name).write_bytes(b"# a comment\n\xff\n")
    with pytest.raises(ConfigError, match=f"{name}, line 2: byte 0xff at column 1 is not UTF-8"):
        load_catalog(tmp_path)
