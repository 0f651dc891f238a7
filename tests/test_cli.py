"""The `companion` command line, run as a person would run it."""

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.bootstrap import bootstrap
from companion.cli import internal_error
from companion.dice.rules import RollDice, SpecChosen
from companion.dice.spec import DiceSpec
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
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    session = wired.resume_or_start("dice")
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
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), env={})
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


@pytest.mark.parametrize("named_by", ["option", "environment"])
def test_a_config_file_that_was_named_but_does_not_exist_stops_the_command(tmp_path, named_by):
    missing = tmp_path / "confg.toml"
    args = ("--config", str(missing), "games") if named_by == "option" else ("games",)
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_DATA_DIR": str(tmp_path)}
    if named_by == "environment":
        env["COMPANION_CONFIG"] = str(missing)
    result = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env)
    assert result.returncode == 1
    assert result.stderr == f"companion: {missing}: no such config file\n"


def test_board_status_also_refuses_a_named_config_file_that_does_not_exist(tmp_path):
    result = companion("board", "status", "--config", str(tmp_path / "nope.toml"), data_dir=tmp_path)
    assert result.returncode == 1
    assert result.stderr == f"companion: {tmp_path / 'nope.toml'}: no such config file\n"


def test_a_log_piped_into_head_ends_quietly(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    game = wired.store.create_game("dice")
    # Far more than a pipe holds, so the log is still writing when head has gone.
    wired.store.append(game.id, [SpecChosen(spec=DiceSpec.parse(spec)) for spec in ["d6", "d10"] * 3000],
                       datetime.now(UTC))
    wired.close()
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_DATA_DIR": str(tmp_path)}
    log = subprocess.Popen([sys.executable, "-m", "companion", "log"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, env=env)
    head = subprocess.Popen(["head", "-1"], stdin=log.stdout, stdout=subprocess.PIPE)
    assert log.stdout is not None and log.stderr is not None
    log.stdout.close()  # head holds the read end now
    first, _ = head.communicate(timeout=30)
    errors = log.stderr.read()
    log.wait(timeout=30)
    assert first == b"# Game 1 (dice), 6000 events\n"
    assert errors == b""


def test_an_unexpected_error_is_one_line_and_debug_shows_the_traceback(tmp_path):
    # A games file that is not SQLite stands in for any fault nobody planned a message for.
    (tmp_path / "games.sqlite3").write_bytes(b"this is not a database, just some text" * 100)
    plain = companion("games", data_dir=tmp_path)
    assert plain.returncode == 1
    (line,) = plain.stderr.splitlines()
    assert line.startswith("companion: internal error: DatabaseError: ")
    assert line.endswith(" (run with --debug for the traceback)")
    debugged = companion("games", "--debug", data_dir=tmp_path)
    assert debugged.returncode == 1
    assert "Traceback (most recent call last)" in debugged.stderr


def test_a_game_name_that_is_not_utf8_is_refused_as_an_argument(tmp_path):
    result = subprocess.run([sys.executable, "-m", "companion", "games", "rename", "1", b"Ark\xffhem"],
                            capture_output=True, text=True,
                            env={**os.environ, "COMPANION_DATA_DIR": str(tmp_path)})
    assert result.returncode == 2
    assert "argument name: 'Ark\\xffhem' is not UTF-8 text" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_message_of_an_internal_error_is_its_type_and_first_line():
    assert internal_error(ValueError("first\nsecond")) == "internal error: ValueError: first"
    assert internal_error(RuntimeError()) == "internal error: RuntimeError"


@pytest.mark.parametrize(("command", "spec"), [("dice", "d6+" + "9" * 400), ("dice", "d6-" + "9" * 5000),
                                               ("roll", "d6+" + "9" * 5000), ("roll", "200d6")])
def test_a_spec_beyond_the_limits_is_one_line_and_stores_nothing(tmp_path, command, spec):
    result = companion(command, spec, data_dir=tmp_path)
    assert result.returncode == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("companion: '") and len(line) < 120
    assert "Game" not in companion("games", data_dir=tmp_path).stdout
