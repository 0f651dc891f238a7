"""The `companion` command line, run as a person would run it."""

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import companion.cli as cli
from companion.bootstrap import bootstrap
from companion.cli import internal_error
from companion.dice.rules import ChooseSpec, RollDice
from companion.dice.spec import DiceSpec
from companion.games.conflict_of_heroes import commands as coh
from companion.games.point_blank import commands as pb
from companion.games.rules import Undo
from tests.command_line import companion, played_dice_game
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, start_with_turn


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
    _, session = wired.resume_or_start("dice")
    (roll,) = session.execute(RollDice())
    session.execute(Undo())
    wired.close()

    text = companion("log", data_dir=tmp_path).stdout.splitlines()
    assert text[0] == "# Game 1 (Dice roller), 2 events"
    assert text[1].endswith(f"{roll.event.describe()} (undone)")
    assert text[2].endswith(f"undo: {roll.event.describe()}")

    lines = [json.loads(line) for line in companion("log", "--json", "1", data_dir=tmp_path).stdout.splitlines()]
    assert [line["type"] for line in lines] == ["dice_rolled", "decision_undone"]
    assert lines[0]["payload"]["faces"] == list(roll.event.faces)
    assert {"type", "time", "payload", "seq"} <= lines[0].keys()


def logged(tmp_path: Path, game: str) -> list[str]:
    """The lines `companion log GAME` prints for each event, without their seq and time."""
    result = companion("log", game, data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    return [line.strip().split("  ", 2)[-1] for line in result.stdout.splitlines()[1:]]


def test_log_names_point_blanks_sides_by_the_nationalities_they_play_as_the_screen_does(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("point_blank", "Bastogne"))
    session.execute(pb.SetUpGame(cards_per_pip=(3,) * 6, hand_size=5, nationalities=("us", "german")))
    wired.close()
    assert logged(tmp_path, "Bastogne")[1:] == ["US draws 5 cards", "German draws 5 cards"]


def test_log_names_conflict_of_heroes_sides_as_the_players_named_them_in_undo_lines_too(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("conflict_of_heroes", "Hill 112"))
    session.execute(coh.NameSide(side=2, name="Americans"))
    session.execute(coh.SetStartingCaps(side=2, caps=9))
    session.execute(Undo())
    wired.close()
    assert logged(tmp_path, "Hill 112") == ["the right side is named Americans",
                                            "Americans starts with 9 CAPs (undone)",
                                            "undo: Americans starts with 9 CAPs"]


def test_log_of_a_conflict_of_heroes_game_says_its_title_the_caps_each_round_refills_and_what_each_action_paid(
        tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("conflict_of_heroes", "Hill 112"))
    hmg = add(session, GERMAN, "HMG", "german_hmg")
    squad = add(session, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(session, GERMAN, caps=(7, 9))
    session.execute(coh.DeclareAttack(attacker=hmg, targets=(coh.Target(unit=squad),), caps_paid=2))
    enter(session, 1, 1)
    events = len(session.records)
    wired.close()
    assert companion("log", "Hill 112", data_dir=tmp_path).stdout.startswith(
        f"# Hill 112 (Conflict of Heroes), {events} events\n")
    lines = logged(tmp_path, "Hill 112")
    assert "round 1: CAPs refilled (German 7, Soviet 9), all units fresh" in lines
    assert "HMG attacks 1 unit, in range (2 CAPs)" in lines


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


def test_a_long_name_is_cut_short_in_the_games_table_so_its_columns_stay_in_line(tmp_path):
    long_name = "The third battle of Kharkov, as replayed on the second club evening, the winter war"
    assert len(long_name) == 83
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), env={})
    wired.store.create_game("dice")
    wired.store.rename(wired.store.create_game("point_blank").id, long_name)
    wired.close()
    listed = companion("games", data_dir=tmp_path).stdout.splitlines()
    rows = listed[:2]
    assert rows[0].index("Point Blank") == rows[1].index("Dice roller") == 31
    assert rows[0].index("0 events") == rows[1].index("0 events")
    assert "  The third battle of Kha… Point Blank" in rows[0]
    assert listed[2:] == ["a name ending in … is cut short: `companion games list --full` shows it whole"]
    full = companion("games", "list", "--full", data_dir=tmp_path).stdout.splitlines()
    assert full[0].endswith(f"  {long_name}") and full[1].endswith("  Game 1")
    assert full[0].index("0 events") == full[1].index("0 events")


@pytest.mark.parametrize("command", [["games"], ["log"], ["stats"]])
def test_commands_other_than_the_app_leave_the_gpio_library_unloaded(tmp_path, command):
    """Only the app uses the pins: on a Pi, listing games never touches the GPIO chips."""
    played_dice_game(tmp_path, seed=1, rolls=3)
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys\nfrom companion.cli import main\ntry:\n    main(sys.argv[1:])\n"
         "finally:\n    print('gpiozero' in sys.modules, file=sys.stderr)", "--data-dir", str(tmp_path), *command],
        capture_output=True, text=True, env={**os.environ, "GPIOZERO_PIN_FACTORY": "mock"})
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stderr.splitlines()[-1] == "False"


def test_a_broken_config_file_stops_the_app_with_file_line_and_problem(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[pins]\nroll = 99\n")
    result = companion("--config", str(config), "games", data_dir=tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == f"companion: {config}, line 2: pins.roll: Input should be less than or equal to 27"


@pytest.mark.parametrize("command", [("games",), ("games", "list")])
def test_games_without_a_saved_game_says_so_and_where_it_looked(tmp_path, command):
    result = companion(*command, data_dir=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0, f"no saved games yet in {tmp_path / 'games.sqlite3'}\n", "")


def test_a_count_of_one_is_said_in_the_singular_by_log_games_stats_and_delete(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("dice"))
    session.execute(ChooseSpec(spec=DiceSpec.parse("d2")))
    wired.close()
    assert companion("log", data_dir=tmp_path).stdout.startswith("# Game 1 (Dice roller), 1 event\n")
    (listed,) = companion("games", data_dir=tmp_path).stdout.splitlines()
    assert "      1 event   " in listed and "events" not in listed
    assert companion("stats", "--all", data_dir=tmp_path).stdout.startswith("# the only saved game\n")
    assert companion("games", "delete", "1", data_dir=tmp_path).stdout == "deleted Game 1 (1 event)\n"


def test_a_log_piped_into_head_ends_quietly(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("dice"))
    # Far more than a pipe holds, so the log is still writing when head has gone.
    for spec in ["d6", "d10"] * 3000:
        session.submit(ChooseSpec(spec=DiceSpec.parse(spec)))
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
    assert first == b"# Game 1 (Dice roller), 6000 events\n"
    assert errors == b""


BROKEN_COMMAND = (
    # A bug nobody planned a message for, put in on purpose: every command's work raises.
    "import sys, companion.cli as cli\n"
    "def broken(args): raise ZeroDivisionError('division by zero')\n"
    "cli.run = broken\n"
    "cli.main(sys.argv[1:])\n"
)


def test_an_unexpected_error_is_one_line_and_debug_shows_the_traceback(tmp_path):
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock", "COMPANION_DATA_DIR": str(tmp_path)}
    plain = subprocess.run([sys.executable, "-c", BROKEN_COMMAND, "games"], capture_output=True, text=True, env=env)
    assert plain.returncode == 1
    (line,) = plain.stderr.splitlines()
    assert line == "companion: internal error: ZeroDivisionError: division by zero (run with --debug for the traceback)"
    debugged = subprocess.run([sys.executable, "-c", BROKEN_COMMAND, "games", "--debug"], capture_output=True,
                              text=True, env=env)
    assert debugged.returncode == 1
    assert "Traceback (most recent call last)" in debugged.stderr


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
    assert not any(tmp_path.iterdir()), "refused before the games file was opened"
    assert "Game" not in companion("games", data_dir=tmp_path).stdout


@pytest.mark.parametrize(("command", "what_runs_it", "collecting_while_it_runs"), [
    (["roll", "2d6"], "roll_once", True),
    (["games"], "manage_games", False),
    (["dice", "2x"], "run", False),
])
def test_the_collector_is_off_from_the_first_import_for_the_app_path_and_on_again_after(
        tmp_path, monkeypatch, command, what_runs_it, collecting_while_it_runs):
    """Collecting over what start-up imports cost the app's first frame some 2 %; a command that runs
    on after its imports (`web`, `follow`) collects as usual, and nothing leaves the collector off."""
    seen = {}

    def spy(name, real):
        def recording(*args):
            seen[name] = gc.isenabled()
            return real(*args)
        monkeypatch.setattr(cli, name, recording)

    spy("parse_command_line", cli.parse_command_line)
    spy(what_runs_it, getattr(cli, what_runs_it))
    with pytest.raises(SystemExit):
        cli.main(["--data-dir", str(tmp_path), *command])
    assert seen == {"parse_command_line": False, what_runs_it: collecting_while_it_runs}
    assert gc.isenabled()


LOOKED_FOR_PLUGINS = """
import os, sys
import companion.cli
os.environ.pop("PYDANTIC_DISABLE_PLUGINS", None)
try:
    companion.cli.main(["roll", "2d6"])
except SystemExit:
    pass
from pydantic.plugin import _loader
print(_loader._plugins is not None, file=sys.stderr)
"""


def test_a_command_looks_for_no_pydantic_plugin_which_would_read_every_installed_packages_metadata():
    run = subprocess.run([sys.executable, "-c", LOOKED_FOR_PLUGINS], capture_output=True, text=True)
    assert run.stderr.strip() == "False"


def read_by(parse, argv: list[str], capsys) -> tuple[object, str]:
    """What a parse made of `argv`: its arguments and what it left over, or its exit and the words it printed."""
    try:
        args, rest = parse(argv)
        outcome: object = (vars(args), rest)
    except SystemExit as end:
        outcome = end.code
    printed = capsys.readouterr()
    return outcome, printed.out + printed.err


COMMANDS = [[], ["dice"], ["dice", "2d6"], ["dice", "2d6", "3d6"], ["roll", "2d6"], ["games"], ["log", "1"],
            ["scenarios", "list"]]
OPTIONS = [[], ["--seed", "3"], ["--seed", "x"], ["--seed=-1"], ["--data-dir", ""], ["--data", "games"],
           ["--conf", "c.toml"], ["--debug"], ["--bogus"], ["-h"], ["--"], ["--data-dir"]]
"""Options before or after a command, or alone: right, wrong, abbreviated, unknown, missing their value."""


@pytest.mark.parametrize("argv", [[*options, *command] for command in COMMANDS for options in OPTIONS]
                         + [[*command, *options] for command in COMMANDS[1:] for options in OPTIONS[1:]])
def test_a_start_of_the_app_reads_its_options_as_the_whole_command_line_would(argv, capsys):
    """The app's start skips building the other commands' parsers (2 % of home's start-up, 1 % of the dice
    roller's), saying nothing differently."""
    assert read_by(cli.parse_command_line, argv, capsys) == read_by(
        lambda argv: cli.build_parser().parse_known_args(argv), argv, capsys)
