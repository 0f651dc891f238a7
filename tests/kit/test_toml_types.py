"""Every data file and scenario takes each value in its own TOML type: `"3"` is not 3, `"yes"` is not
true, and the refusal names the players' file, the line and the type the key takes."""

import re
import tomllib
from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.games.descriptor import GameDescriptor
from companion.games.kit import data, scenarios
from companion.games.registry import GAMES

INTEGER = re.compile(r"^(\s*[A-Za-z0-9_]+\s*=\s*)(-?[0-9]+)(\s*(#.*)?)$")
BOOLEAN = re.compile(r"^(\s*[A-Za-z0-9_]+\s*=\s*)(true|false)(\s*(#.*)?)$")
EXPECTED = {INTEGER: "Input should be a valid (integer|number)",
            BOOLEAN: "Input should be a valid boolean: true or false"}
"""What the refusal says the key takes: a whole number's key, or a number's (a TOML integer is one)."""


def quoted(text: str, value: re.Pattern[str]) -> tuple[str, int] | None:
    """`text` with the first value `value` matches on a line of its own put in quotes, and that line."""
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if found := value.match(line):
            lines[number - 1] = f'{found[1]}"{found[2]}"{found[3]}'
            return "\n".join(lines) + "\n", number
    return None


def changed_files(files: list[tuple[GameDescriptor, str, str]]) -> list[tuple[GameDescriptor, str, str, int, str]]:
    """For each (game, name, text): the text with its first integer, and apart its first boolean,
    put in quotes, that line, and what the refusal says the key takes."""
    cases = []
    for game, name, text in files:
        for value, expected in EXPECTED.items():
            if (changed := quoted(text, value)) is not None:
                cases.append((game, name, changed[0], changed[1], expected))
    return cases


DATA_FILES = changed_files([(game, file.name, data.shipped_text(game.data.partition(":")[0], file.name))
                            for game in GAMES for file in game.data_files()])
SCENARIOS = changed_files([(game, file.name, file.text()) for game in GAMES for file in game.scenario_files(None)])


def case_id(case: tuple[GameDescriptor, str, str, int, str]) -> str:
    return f"{case[0].kind}/{case[1]}, line {case[3]}"


@pytest.mark.parametrize(("game", "name", "text", "line", "expected"), DATA_FILES, ids=map(case_id, DATA_FILES))
def test_a_players_data_file_with_a_number_or_boolean_in_quotes_is_refused_at_its_line(
        tmp_path, game, name, text, line, expected):
    theirs = tmp_path / game.kind / name
    theirs.parent.mkdir()
    theirs.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        game.load_data(tmp_path)
    assert re.fullmatch(rf"{re.escape(str(theirs))}, line {line}: [\w.]+: {expected}", str(refused.value))


@pytest.mark.parametrize(("game", "name", "text", "line", "expected"), SCENARIOS, ids=map(case_id, SCENARIOS))
def test_a_scenario_with_a_number_or_boolean_in_quotes_is_refused_at_its_line(game, name, text, line, expected):
    model = game.scenario_model()
    with pytest.raises(ConfigError) as refused:
        scenarios.validate(model, text, Path("mine.toml"), game.load_data(None))
    assert re.fullmatch(rf"mine\.toml, line {line}: [\w.]+: {expected}", str(refused.value))


def test_every_shipped_file_that_holds_a_number_or_a_boolean_has_one_put_in_quotes_above():
    files = [(game, file.name, data.shipped_text(game.data.partition(":")[0], file.name))
             for game in GAMES for file in game.data_files()]
    files += [(game, file.name, file.text()) for game in GAMES for file in game.scenario_files(None)]
    holding = {(game.kind, name) for game, name, text in files if typed_values(tomllib.loads(text))}
    assert holding == {(game.kind, name) for game, name, *_ in DATA_FILES + SCENARIOS}


def typed_values(value: object) -> list[object]:
    """Every integer, number and boolean in a file's data, at any depth."""
    if isinstance(value, dict):
        return [found for item in value.values() for found in typed_values(item)]
    if isinstance(value, list):
        return [found for item in value for found in typed_values(item)]
    return [value] if isinstance(value, int | float) else []


def test_a_scenarios_rounds_in_quotes_is_refused_as_not_a_whole_number():
    game = next(game for game in GAMES if game.kind == "conflict_of_heroes")
    model = game.scenario_model()
    assert model is not None
    text = model.TEMPLATE.replace("rounds = 4", 'rounds = "3"')
    with pytest.raises(ConfigError, match=r"^mine\.toml, line 7: rounds: Input should be a valid integer$"):
        scenarios.validate(model, text, Path("mine.toml"), game.load_data(None))


def test_a_date_in_a_players_file_is_refused_at_its_line(tmp_path):
    game = next(game for game in GAMES if game.kind == "conflict_of_heroes")
    model = game.scenario_model()
    assert model is not None
    text = model.TEMPLATE.replace('title = "My firefight"', "title = 1944-06-06")
    with pytest.raises(ConfigError) as refused:
        scenarios.validate(model, text, Path("mine.toml"), game.load_data(None))
    assert str(refused.value) == "mine.toml, line 4: title: a date or time is not a value this file takes " \
                                 "(text goes in quotes)"
