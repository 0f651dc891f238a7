"""The `companion` command line read wrong: one line saying why and which help to read, and nothing done."""

import os
import subprocess
import sys

import pytest

from tests.command_line import companion


def test_reveal_without_json_is_refused_rather_than_ignored(tmp_path):
    refused = companion("log", "--reveal", data_dir=tmp_path)
    assert refused.returncode == 2 and "--reveal goes with --json" in refused.stderr


@pytest.mark.parametrize(("args", "said"), [
    (("roll",), "the following arguments are required: spec (companion roll --help)"),
    (("rol", "d6"), "argument COMMAND: invalid choice: 'rol' (choose from "),
    (("games", "rename", "1"), "the following arguments are required: name (companion games rename --help)"),
    (("roll", "d6", "--seed", "x"), "argument --seed: invalid int value: 'x' (companion roll --help)"),
    (("board",), "the following arguments are required: ACTION (companion board --help)"),
    (("roll", "d6", "--bogus"), "unrecognized arguments: --bogus (companion roll --help)"),
    (("log", "--reveal"), "--reveal goes with --json (the text log says what every side may know)"
                          " (companion log --help)"),
])
def test_a_usage_error_is_one_line_naming_the_commands_help_and_exits_2(tmp_path, args, said):
    result = companion(*args, data_dir=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"companion: {said}") and line.endswith(" --help)")


@pytest.mark.parametrize(("words", "problem"), [
    (["--seed", "3", "follow"], "--seed does nothing here: a follower rolls no dice"),
    (["follow", "--seed", "3"], "unrecognized arguments: --seed 3"),
    (["--data-dir", "games", "follow"], "--data-dir does nothing here: a follower reads the table's game from the"
                                        " broker and keeps no games file"),
    (["follow", "--data-dir", "games"], "unrecognized arguments: --data-dir games"),
])
def test_a_seed_or_a_data_dir_for_a_follower_is_a_one_line_usage_error(tmp_path, words, problem):
    result = subprocess.run([sys.executable, "-m", "companion", *words, "--broker", "mqtt://127.0.0.1:9"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"companion: {problem} (companion follow --help)\n"
    assert list(tmp_path.iterdir()) == []


def test_the_followers_help_offers_only_the_options_that_do_something():
    shown = subprocess.run([sys.executable, "-m", "companion", "follow", "--help"], capture_output=True, text=True,
                           timeout=60)
    text = " ".join(shown.stdout.split())
    assert "--config CONFIG the config file whose [table] gives the broker and table" in text
    assert "--seed" not in text and "--data-dir" not in text


WITHOUT_DICE = {
    ("log",): "a log prints the saved rolls as they fell",
    ("stats",): "the statistics count the saved rolls as they fell",
    ("games", "list"): "listing, renaming or deleting saved games rolls no dice",
    ("scenarios", "list"): "scenario files are read and written, no dice rolled",
    ("board", "status"): "the board test rolls no dice",
    ("speech", "test"): "the speech test says the same roll every time",
    ("install-service", "--dry-run"): "the service's app rolls fresh dice at every start (no seed is written into it)",
}
"""Every command but the app, `dice` and `roll` (`web` and `follow` above): what it does, rolling nothing."""


SEEDED = [(words, before) for words in WITHOUT_DICE for before in (True, False)]


@pytest.mark.parametrize(("words", "before"), SEEDED,
                         ids=[f"{' '.join(words)}, {'before' if before else 'after'}" for words, before in SEEDED])
def test_a_seed_for_a_command_that_rolls_no_dice_is_a_usage_error_saying_why(tmp_path, words, before):
    seed = ("--seed", "3")
    result = companion(*(seed + words if before else words + seed), data_dir=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    why = WITHOUT_DICE[words]
    assert result.stderr == f"companion: --seed does nothing here: {why} (companion {words[0]} --help)\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("words", WITHOUT_DICE, ids=" ".join)
def test_the_help_of_a_command_that_rolls_no_dice_offers_no_seed(words):
    shown = companion(*words[:1], "--help")
    assert shown.returncode == 0 and "--config" in shown.stdout and "--seed" not in shown.stdout


def test_the_dice_roller_is_still_offered_a_seed():
    assert "--seed SEED" in companion("dice", "--help").stdout


@pytest.mark.parametrize("command", [("games",), ("log",), ("scenarios", "list")], ids=" ".join)
def test_an_empty_data_dir_is_refused_in_one_line_whether_named_by_option_or_environment(tmp_path, command):
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "HOME": str(tmp_path), "XDG_DATA_HOME": ""}
    by_option = subprocess.run([sys.executable, "-m", "companion", *command, "--data-dir", ""], capture_output=True,
                               text=True, env=env, cwd=tmp_path)
    assert (by_option.returncode, by_option.stdout, by_option.stderr) == (2, "", (
        "companion: argument --data-dir: an empty name is no folder (leave the option out for the default)"
        f" (companion {' '.join(command)} --help)\n"))
    by_environment = subprocess.run([sys.executable, "-m", "companion", *command], capture_output=True, text=True,
                                    env={**env, "COMPANION_DATA_DIR": ""}, cwd=tmp_path)
    assert (by_environment.returncode, by_environment.stdout, by_environment.stderr) == (
        1, "", "companion: COMPANION_DATA_DIR is empty: set it to a folder, or unset it for the default\n")
    assert list(tmp_path.iterdir()) == []  # neither the current directory nor the default data dir was used


COMMANDS_READING_A_CONFIG_OR_NOT = [
    ("games",), ("log",), ("stats",), ("roll", "d6"), ("scenarios", "list"), ("speech", "test"),
    ("board", "status", "--port", os.devnull), ("follow",), ("web",), ("install-service", "--dry-run"),
]


@pytest.mark.parametrize("command", COMMANDS_READING_A_CONFIG_OR_NOT, ids=" ".join)
@pytest.mark.parametrize("named_by", ["option", "environment"])
def test_a_config_file_that_was_named_but_does_not_exist_stops_every_command_the_same_way(tmp_path, named_by,
                                                                                         command):
    missing = tmp_path / "confg.toml"
    args = ("--config", str(missing), *command) if named_by == "option" else command
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_DATA_DIR": str(tmp_path)}
    if named_by == "environment":
        env["COMPANION_CONFIG"] = str(missing)
    result = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, env=env,
                            timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", f"companion: {missing}: no such config file\n")


def test_a_game_name_that_is_not_utf8_is_refused_as_an_argument(tmp_path):
    result = subprocess.run([sys.executable, "-m", "companion", "games", "rename", "1", b"Ark\xffhem"],
                            capture_output=True, text=True,
                            env={**os.environ, "COMPANION_DATA_DIR": str(tmp_path)})
    assert result.returncode == 2
    assert "argument name: 'Ark\\xffhem' is not UTF-8 text" in result.stderr
    assert "Traceback" not in result.stderr
