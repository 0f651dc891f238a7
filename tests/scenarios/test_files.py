"""Scenario files: the schema of each game, the shipped scenarios all valid, the players' own beside
them, and every problem named by its file, line, key and reason."""

from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.games.conflict_of_heroes.scenario import CohScenario
from companion.games.kit import scenarios
from companion.games.point_blank.scenario import PbScenario
from companion.games.registry import GAMES, descriptor
from companion.games.take_cover.scenario import TcScenario

WITH_SCENARIOS = [game for game in GAMES if game.scenario]

COH = """game = "conflict_of_heroes"
title = "Bad"
rounds = 2
victory = "More VP."

[[sides]]
name = "German"
caps = 7

[[sides]]
name = "Soviet"
caps = 7

[[forces]]
side = 1
unit = "german_hmg"

[[forces]]
side = 2
unit = "soviet_mmg"
"""


def problem(model: type[scenarios.Scenario], text: str, kind: str | None = None) -> str:
    """What checking `text` says, with the game's shipped data as the library."""
    game = descriptor(kind or model.model_fields["game"].annotation.__args__[0])  # type: ignore[union-attr]
    with pytest.raises(ConfigError) as raised:
        scenarios.validate(model, text, Path("my.toml"), game.load_data(None) if game else None)
    return str(raised.value)


def test_every_game_with_scenarios_ships_at_least_one_and_each_is_valid_against_the_shipped_data():
    for game in WITH_SCENARIOS:
        files = game.scenario_files(None)
        assert files, game.kind
        for file in files:
            assert game.read_scenario(file, game.load_data(None)).game == game.kind


def test_each_games_template_is_a_valid_scenario_of_that_game():
    for game in WITH_SCENARIOS:
        model = game.scenario_model()
        assert model is not None
        assert scenarios.validate(model, model.TEMPLATE, Path("new.toml"), game.load_data(None)).game == game.kind


def test_an_unknown_key_in_the_second_force_is_named_with_its_line():
    text = COH.replace('unit = "soviet_mmg"', 'unit = "soviet_mmg"\ncolour = "red"')
    assert problem(CohScenario, text) == "my.toml, line 21: forces.colour: unknown key (check its spelling)"


def test_a_unit_the_library_lacks_is_named_with_its_line_and_the_units_it_has():
    text = COH.replace('"soviet_mmg"', '"soviet_tank"')
    assert problem(CohScenario, text) == ("my.toml, line 20: forces.unit: no unit 'soviet_tank' in the unit library "
                                          "(units.toml has german_rifle_squad, german_hmg, soviet_rifle_squad, "
                                          "soviet_mmg)")


def test_a_table_missing_a_key_is_named_by_its_own_header_line():
    text = COH.replace('side = 2\nunit = "soviet_mmg"', 'unit = "soviet_mmg"')
    assert problem(CohScenario, text) == "my.toml, line 18: forces.side: missing: this key must be set"


def test_a_check_of_the_whole_scenario_names_the_line_of_the_key_it_is_about():
    text = COH.replace('unit = "soviet_mmg"', 'unit = "soviet_mmg"\nround = 3')
    assert problem(CohScenario, text) == ("my.toml, line 21: forces.round: soviet_mmg enters in round 3, after the "
                                          "last round (2)")


def test_a_value_of_the_wrong_type_and_broken_toml_are_named():
    assert problem(CohScenario, COH.replace("rounds = 2", 'rounds = "two"')) == \
        "my.toml, line 3: rounds: Input should be a valid integer"
    assert problem(CohScenario, COH.replace("rounds = 2", "rounds = ")).startswith("my.toml: not valid TOML:")


def test_point_blank_sectors_are_checked_against_the_battlefield_and_the_terrain_cards():
    text = PbScenario.TEMPLATE
    assert problem(PbScenario, text.replace("side = 1                         #", "side = 0  #")) == (
        "my.toml, line 34: battlefield.side: A2: row 0 is the centre (side 0); other rows lie on side 1 or 2")
    assert problem(PbScenario, text.replace('sector = "B0"  ', 'sector = "D0"  ', 1)) == (
        "my.toml, line 29: battlefield.sector: D0 lies outside the battlefield (Areas A, B, C, rows 0 to 4)")
    assert problem(PbScenario, text.replace('card = "bridge"', 'card = "castle"')) == (
        "my.toml, line 30: battlefield.card: no card 'castle' in terrain.toml (terrain and objective cards by id, "
        "or \"random\")")
    assert problem(PbScenario, text.replace('sector = "A2"                    #', 'sector = "A9"  #')) == (
        "my.toml, line 41: forces.sector: A9 lies outside the battlefield (Areas A, B, C, rows 0 to 4)")


def test_a_point_blank_reinforcement_comes_by_its_turn_or_by_a_card_on_each_d6_face_once():
    text = PbScenario.TEMPLATE
    by_card = text.replace("# card = [5, 6]", "card = [5, 6]")
    assert problem(PbScenario, by_card.replace("turn = 1  ", "turn = 2  ")) == (
        "my.toml, line 43: forces.card: a unit arrives in turn 2 or by a Reinforcement card, not both")
    assert problem(PbScenario, by_card.replace("[5, 6]", "[5, 5]")) == \
        "my.toml, line 43: forces.card: each d6 face once"
    assert problem(PbScenario, by_card.replace("[5, 6]", "[6, 7]")) == \
        "my.toml, line 43: forces.card: Input should be 1, 2, 3, 4, 5 or 6"
    data = descriptor("point_blank").load_data(None)
    force = scenarios.validate(PbScenario, by_card, Path("my.toml"), data).forces[0]
    assert force.card == (5, 6) and not force.at_setup and not force.arrives_in(1)


def test_take_cover_has_its_two_sides_in_their_order():
    text = TcScenario.TEMPLATE.replace('name = "German"', 'name = "Russian"', 1)
    line = text.splitlines().index('name = "Russian"                  # squads A and B') + 1
    assert problem(TcScenario, text) == \
        f"my.toml, line {line}: sides.name: the sides are German (squads A, B), then Russian (squads C, D)"


def test_a_players_scenario_of_a_shipped_name_replaces_it_and_is_listed_as_theirs(tmp_path):
    game = descriptor("take_cover")
    assert game is not None
    folder = tmp_path / "take_cover" / "scenarios"
    folder.mkdir(parents=True)
    (folder / "standard.toml").write_text(TcScenario.TEMPLATE)
    (folder / "notes.txt").write_text("not a scenario")
    files = game.scenario_files(tmp_path)
    assert [(file.name, file.shipped) for file in files] == [("standard", False)]
    assert game.read_scenario(files[0], game.load_data(tmp_path)).title == "My Take Cover game"


def test_the_game_a_file_is_for_is_read_first_and_an_unknown_one_is_named():
    kinds = {game.kind: game for game in WITH_SCENARIOS}
    assert scenarios.game_of('title = "x"\ngame = "take_cover"\n', Path("a.toml"), kinds) == "take_cover"
    with pytest.raises(ConfigError, match=r"a.toml, line 2: game: 'chess' has no scenarios here \(one of: "):
        scenarios.game_of('title = "x"\ngame = "chess"\n', Path("a.toml"), kinds)
    with pytest.raises(ConfigError, match=r"a\.toml: game: missing"):
        scenarios.game_of('title = "x"\n', Path("a.toml"), kinds)


def test_a_new_file_is_never_written_over_an_old_one_and_its_name_is_checked(tmp_path):
    path = scenarios.write_new(tmp_path, "mine", "first")
    with pytest.raises(ConfigError, match="already exists; it is left as it is"):
        scenarios.write_new(tmp_path, "mine", "second")
    assert path.read_text() == "first"
    with pytest.raises(ConfigError, match="cannot name a scenario"):
        scenarios.write_new(tmp_path, "../escape", "x")


def test_the_docs_give_one_complete_valid_example_per_game_each_a_shipped_file():
    docs = Path(__file__).parents[2] / "docs" / "scenarios.md"
    examples = docs.read_text().split("```toml\n")[1:]
    games = {game.kind: game for game in WITH_SCENARIOS}
    shipped = {file.text() for game in WITH_SCENARIOS for file in game.scenario_files(None)}
    found = []
    for example in (block.split("```")[0] for block in examples):
        assert example in shipped
        kind = scenarios.game_of(example, docs, games)
        model = games[kind].scenario_model()
        assert model is not None
        scenarios.validate(model, example, docs, games[kind].load_data(None))
        found.append(kind)
    assert sorted(found) == sorted(games)
