"""`companion scenarios`, run as a person would run it: list, show, check and new."""

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import companion
from companion.bootstrap import bootstrap
from companion.games.kit.guide import ChooseScenario, ConfirmStep
from companion.paths import readable
from tests.scenarios.conftest import scenario

SHIPPED = sorted(Path(companion.__file__).parent.glob("games/*/data/scenarios/*.toml"))
TUTORIAL = Path(companion.__file__).parent / "games/point_blank/data/scenarios/tutorial.toml"


def run(*args: str, data_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_DATA_DIR": str(data_dir)}
    return subprocess.run([sys.executable, "-m", "companion", "scenarios", *args], capture_output=True, text=True,
                          env=env)


@pytest.mark.parametrize("path", SHIPPED, ids=[f"{path.parent.parent.parent.name}/{path.stem}" for path in SHIPPED])
def test_every_shipped_scenario_passes_the_check(path, tmp_path):
    result = run("check", str(path), data_dir=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "ok\n", "")


def test_there_is_a_shipped_scenario_for_every_game_that_has_scenarios():
    assert {path.parent.parent.parent.name for path in SHIPPED} == {"point_blank", "conflict_of_heroes", "take_cover"}


def test_a_bad_file_exits_1_with_its_file_line_key_and_reason(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "take_cover"\ntitle = "Short"\nvictory = "Win."\nturns = 0\n')
    result = run("check", str(bad), data_dir=tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == f"companion: {bad}, line 4: turns: Input should be greater than or equal to 1\n"


def test_a_missing_file_is_said_in_one_line(tmp_path):
    result = run("check", str(tmp_path / "none.toml"), data_dir=tmp_path)
    assert (result.returncode, result.stderr) == (1, f"companion: {tmp_path / 'none.toml'}: no such file\n")


def test_new_writes_a_template_that_checks_and_never_overwrites_it(tmp_path):
    result = run("new", "point_blank", "river", data_dir=tmp_path)
    path = tmp_path / "point_blank" / "scenarios" / "river.toml"
    assert result.returncode == 0 and str(path) in result.stdout
    assert path.read_text().startswith("# A Point Blank scenario for the companion")
    assert run("check", str(path), data_dir=tmp_path).stdout == "ok\n"
    path.write_text(path.read_text().replace("My scenario", "River crossing"))
    again = run("new", "point_blank", "river", data_dir=tmp_path)
    assert again.returncode == 1 and "already exists; it is left as it is" in again.stderr
    assert "River crossing" in path.read_text()


def test_list_shows_each_scenario_with_its_game_title_and_whose_it_is(tmp_path):
    run("new", "take_cover", "mine", data_dir=tmp_path)
    lines = run("list", data_dir=tmp_path).stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [
        ["point_blank", "tutorial"], ["conflict_of_heroes", "hmg_and_the_woods"],
        ["take_cover", "mine"], ["take_cover", "standard"]]
    assert lines[2].endswith("My Take Cover game                           yours")
    assert lines[3].split(maxsplit=2)[2].startswith("Take Cover: the standard game") and lines[3].endswith("shipped")
    only = run("list", "take_cover", data_dir=tmp_path).stdout.splitlines()
    assert only == lines[2:]


def test_a_broken_file_of_the_players_is_listed_with_a_command_that_says_why(tmp_path):
    run("new", "take_cover", "mine", data_dir=tmp_path)
    path = tmp_path / "take_cover" / "scenarios" / "mine.toml"
    path.write_text(path.read_text().replace("turns = 30", "turns = -1"))
    listed = run("list", "take_cover", data_dir=tmp_path)
    (line,) = [line for line in listed.stdout.splitlines() if " mine " in line]
    hint = line.partition("(cannot be used: companion scenarios ")[2].partition(")")[0]
    assert listed.returncode == 0 and hint == "show take_cover/mine"
    said = run(*hint.split(), data_dir=tmp_path)
    assert said.returncode == 1 and said.stderr.startswith(f"companion: {path}, line ")
    assert "turns: Input should be greater than or equal to 1" in said.stderr


@pytest.mark.parametrize(("name", "shown", "instead"),
                         [("t\udcff", "t\\xff", "t.toml"), ("Big Name", "Big Name", "big_name.toml")])
def test_a_file_named_against_the_rule_is_listed_as_read_and_show_and_check_say_to_rename_it(tmp_path, name, shown,
                                                                                             instead):
    folder = tmp_path / "point_blank" / "scenarios"
    folder.mkdir(parents=True)
    path = folder / f"{name}.toml"
    path.write_bytes(TUTORIAL.read_bytes())
    listed = run("list", "point_blank", data_dir=tmp_path)
    (line,) = [line for line in listed.stdout.splitlines() if line.endswith(" yours")]
    assert line.split(maxsplit=1)[1].startswith(f"{shown} ")
    hint = line.partition("(cannot be used: companion scenarios ")[2].rpartition(")")[0]
    why = (f"companion: {readable(path)}: a scenario's file name is 1 to 40 lower-case letters, digits, - and _, "
           f"starting with a letter or digit: rename it ({instead} would do)\n")
    said = run(*shlex.split(hint), data_dir=tmp_path)
    assert (said.returncode, said.stdout, said.stderr) == (1, "", why), "the command the list names says why"
    checked = run("check", str(path), data_dir=tmp_path)
    assert (checked.returncode, checked.stdout, checked.stderr) == (1, "", why)


def test_a_broken_data_file_of_the_players_is_named_beside_each_scenario_it_keeps_from_use(tmp_path):
    units = tmp_path / "point_blank" / "units.toml"
    units.parent.mkdir()
    units.write_text("[rifle\n")
    listed = run("list", data_dir=tmp_path)
    (line,) = [line for line in listed.stdout.splitlines() if " tutorial " in line]
    assert listed.returncode == 0
    assert f"(cannot be used: {units}: not valid TOML: Expected ']' at the end of a table declaration" in line
    assert run("show", "tutorial", data_dir=tmp_path).stderr.startswith(f"companion: {units}: not valid TOML")
    assert all("cannot be used" not in line for line in listed.stdout.splitlines() if "point_blank" not in line)


def test_show_prints_a_scenario_and_asks_which_game_when_a_name_is_shared(tmp_path):
    shown = run("show", "tutorial", data_dir=tmp_path)
    assert shown.returncode == 0
    assert shown.stdout.startswith("Tutorial: the bridge\n")
    assert "  B0: bridge" in shown.stdout and "  Late squad (german_rifle_squad) in A4 German, arrives in turn 2" in \
        shown.stdout
    assert "Gap: Forces: 3.1 gives only the battlefield; the units and where they deploy are ours." in shown.stdout
    run("new", "take_cover", "tutorial", data_dir=tmp_path)
    both = run("show", "tutorial", data_dir=tmp_path)
    assert both.returncode == 1
    assert "say which (point_blank/tutorial, take_cover/tutorial)" in both.stderr
    assert run("show", "take_cover/tutorial", data_dir=tmp_path).stdout.startswith("My Take Cover game\n")
    unknown = run("show", "kursk", data_dir=tmp_path)
    assert (unknown.returncode, unknown.stderr) == (1, "companion: no scenario 'kursk' (companion scenarios list "
                                                       "shows them)\n")


def test_the_log_of_a_game_set_up_from_a_scenario_says_each_step(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("take_cover"))
    session.execute(ChooseScenario(name="standard", scenario=scenario("take_cover", "standard")))
    session.execute(ConfirmStep(step=0))
    wired.close()
    result = subprocess.run([sys.executable, "-m", "companion", "log"], capture_output=True, text=True,
                            env={**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert [line.split("  ")[-1] for line in result.stdout.splitlines()[1:]] == [
        "scenario: Take Cover: the standard game", "setup step 1 done: Sides"]
