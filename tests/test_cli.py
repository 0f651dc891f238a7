"""The `companion` command line, run as a person would run it."""

import json
import os
import subprocess
import sys

import pytest

from companion.bootstrap import bootstrap
from companion.dice.rules import RollDice
from companion.games.rules import Undo


def companion(*args: str, data_dir=None) -> subprocess.CompletedProcess:
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}
    if data_dir is not None:
        env["COMPANION_DATA_DIR"] = str(data_dir)
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env)


def test_roll_prints_one_roll_as_json():
    result = companion("roll", "3d6+2", "--json")
    assert result.returncode == 0
    roll = json.loads(result.stdout)
    assert roll["spec"] == "3d6+2" and roll["modifier"] == 2
    assert len(roll["faces"]) == 3 and all(1 <= face <= 6 for face in roll["faces"])
    assert roll["total"] == sum(roll["faces"]) + 2


def test_a_seeded_roll_is_the_same_every_time():
    assert companion("roll", "10d10", "--seed", "5").stdout == companion("--seed", "5", "roll", "10d10").stdout


@pytest.mark.parametrize("spec", ["2x", "d1", "0d6"])
def test_a_bad_spec_exits_non_zero_with_one_clear_line(spec):
    result = companion("roll", spec)
    assert result.returncode == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("companion: ") and spec in line


def test_log_prints_the_latest_games_events_readably_and_as_json(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=tmp_path / "none.toml", seed=1, env={})
    _, session = wired.resume_or_start("dice")
    (roll,) = session.execute(RollDice())
    session.execute(Undo())
    wired.close()

    text = companion("log", data_dir=tmp_path).stdout.splitlines()
    assert text[0] == "# Game 1 (dice), 2 events"
    assert text[1].endswith(f"{roll.event.describe()} (undone)")
    assert text[2].endswith(f"undo: {roll.event.describe()}")

    lines = [json.loads(line) for line in companion("log", "--json", "1", data_dir=tmp_path).stdout.splitlines()]
    assert [line["type"] for line in lines] == ["dice_rolled", "decision_undone"]
    assert lines[0]["payload"]["faces"] == list(roll.event.faces)
    assert {"type", "time", "payload", "seq"} <= lines[0].keys()


def test_log_of_a_game_that_does_not_exist_says_so(tmp_path):
    result = companion("log", "Stalingrad", data_dir=tmp_path)
    assert result.returncode == 1
    assert "no saved game called 'Stalingrad'" in result.stderr


def test_games_are_listed_renamed_and_deleted(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=tmp_path / "none.toml", env={})
    wired.resume_or_start("dice")
    wired.close()
    assert "Game 1" in companion("games", data_dir=tmp_path).stdout
    assert companion("games", "rename", "1", "Kursk", data_dir=tmp_path).returncode == 0
    assert "Kursk" in companion("games", "list", data_dir=tmp_path).stdout
    assert companion("games", "delete", "Kursk", data_dir=tmp_path).returncode == 0
    assert "Kursk" not in companion("games", data_dir=tmp_path).stdout


def test_a_broken_config_file_stops_the_app_with_file_line_and_problem(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[pins]\nroll = 99\n")
    result = companion("--config", str(config), "games", data_dir=tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == f"companion: {config}, line 2: pins.roll: Input should be less than or equal to 27"
