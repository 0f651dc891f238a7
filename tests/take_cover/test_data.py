"""Take Cover's data files: the shipped deck and charts, and the players' own laid over them."""

import pytest

from companion.errors import ConfigError
from companion.games.registry import descriptor
from companion.games.take_cover.charts import chart_lines

GAME = descriptor("take_cover")
assert GAME is not None


def test_the_shipped_deck_has_the_79_cards_of_the_component_list():
    deck = GAME.load_data(None)["deck.toml"].counts()
    assert sum(deck.values()) == 79
    assert (deck["weapon"], deck["terrain"], deck["fire"], deck["leader"], deck["dig_in"]) == (10, 13, 14, 8, 6)


def test_the_shipped_charts_are_the_printed_ones_and_leave_the_rest_to_the_players():
    charts = GAME.load_data(None)["charts.toml"]
    assert chart_lines(charts.sniper) == ["1 hit", "2 cover", "3–4 advance", "5 none", "6–7 leader", "8–9 weapon",
                                          "0 backfire"]
    assert chart_lines(charts.artillery) == ["1–5 ?", "6–7 cover", "8–0 ?"]
    assert chart_lines(charts.medic) == ["1–5 heal", "6–0 none"]
    assert charts.mine.results == {} and charts.strafe.results == {}


def test_a_players_chart_file_fills_in_faces_and_reads_0_as_10(tmp_path):
    folder = tmp_path / "take_cover"
    folder.mkdir()
    (folder / "charts.toml").write_text('[mine.results]\n3 = "hit"\n0 = "backfire"\n\n[artillery.results]\n1 = "hit"\n')
    charts = GAME.load_data(tmp_path)["charts.toml"]
    assert charts.mine.results == {3: "hit", 10: "backfire"}
    assert charts.artillery.results == {1: "hit", 6: "cover", 7: "cover"}
    assert charts.sniper.results[1] == "hit"


def test_a_bad_chart_result_names_the_file_the_line_and_the_key(tmp_path):
    folder = tmp_path / "take_cover"
    folder.mkdir()
    (folder / "charts.toml").write_text('[strafe.results]\n2 = "hit"\n4 = "kaboom"\n')
    with pytest.raises(ConfigError, match=r"charts.toml, line 3: strafe.results.4: Input should be 'hit'"):
        GAME.load_data(tmp_path)


def test_a_players_deck_replaces_the_shipped_one_whole_and_must_name_every_type(tmp_path):
    folder = tmp_path / "take_cover"
    folder.mkdir()
    (folder / "deck.toml").write_text('[fire]\nlabel = "Fire"\ncount = 20\n')
    with pytest.raises(ConfigError, match="the deck needs every card type; missing: squad, weapon"):
        GAME.load_data(tmp_path)


def test_a_players_card_of_the_wrong_sign_names_the_file_the_line_and_the_key(tmp_path):
    folder = tmp_path / "take_cover"
    folder.mkdir()
    (folder / "cards.toml").write_text('[woods]\nmodifier = 3\n')
    with pytest.raises(ConfigError, match=r"cards.toml, line 1: woods: .*a terrain card prints 0 to -9 .*, not \+3"):
        GAME.load_data(tmp_path)
