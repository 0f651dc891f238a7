"""The `companion` command line, run as a person would run it."""

import gc
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import companion.cli as cli
from companion.bootstrap import bootstrap
from companion.cli import internal_error
from companion.dice.rules import ChooseSpec, EnterFace, RollDice
from companion.dice.spec import DiceSpec
from companion.games.conflict_of_heroes import commands as coh
from companion.games.point_blank import commands as pb
from companion.games.rules import Undo
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, start_with_turn


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


def played_dice_game(data_dir, seed: int, rolls: int, keyed: tuple[int, ...] = ()):
    """A new dice game of generated 2d6 rolls, keyed-in physical faces, and one roll undone; its rolls in force."""
    wired = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), seed=seed, env={})
    _, session = wired.open_game(wired.store.create_game("dice"))
    for _ in range(rolls):
        session.execute(RollDice())
    for face in keyed:
        session.execute(EnterFace(entered=face))
    session.execute(RollDice())
    session.execute(Undo())
    in_force = [entry.roll for entry in session.state.recent if not entry.voided]
    wired.close()
    return in_force


def face_counts(rolls, source: str) -> list[int]:
    counts = Counter(face for roll in rolls if roll.source == source for face in roll.faces)
    return [counts[face] for face in range(1, 7)]


def test_stats_json_counts_the_faces_of_the_latest_game_by_source_with_scipys_p_value(tmp_path):
    from scipy.stats import chisquare  # most of a second to import: only where it is used

    rolls = played_dice_game(tmp_path, seed=1, rolls=40, keyed=(6, 6, 5, 6, 1, 6, 6, 6))

    result = companion("stats", "--json", data_dir=tmp_path)

    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == [{"id": 1, "name": "Game 1", "kind": "dice"}]
    d6 = report["dice"]["d6"]
    assert list(report["dice"]) == ["d6"] and d6["rolls"] == 44 and d6["faces"] == 88
    for source in ("generated", "physical"):
        counts = face_counts(rolls, source)
        figures = d6["sources"][source]
        assert list(figures["counts"].values()) == counts
        assert figures["p_value"] == pytest.approx(chisquare(counts).pvalue, rel=1e-10)
    assert d6["sources"]["physical"]["counts"] == {"1": 1, "2": 0, "3": 0, "4": 0, "5": 1, "6": 6}
    both = [g + p for g, p in zip(face_counts(rolls, "generated"), face_counts(rolls, "physical"), strict=True)]
    assert d6["p_value"] == pytest.approx(chisquare(both).pvalue, rel=1e-10)


def test_stats_prints_each_die_type_and_source_with_counts_expected_p_and_verdict(tmp_path):
    played_dice_game(tmp_path, seed=1, rolls=20, keyed=(6, 6))

    lines = companion("stats", "1", data_dir=tmp_path).stdout.splitlines()

    assert lines[0] == "# Game 1 (Dice roller)"
    assert lines[1] == "d6, generated: 20 rolls, 40 faces"
    assert lines[2].split() == ["face", "1", "2", "3", "4", "5", "6"]
    assert lines[4].split() == ["expected", *["6.7"] * 6]
    assert "degrees of freedom" in lines[5] and lines[5].split(": ")[-1] in (
        "consistent with a fair die", "suspicious: a fair die seldom comes up this unevenly",
        "very unlikely to be a fair die")
    assert lines[6] == "d6, physical: 1 roll, 2 faces"
    assert lines[10].endswith("too few rolls to tell: a d6 needs 30 faces for the test, 28 more")


def test_stats_all_adds_up_every_saved_game(tmp_path):
    played_dice_game(tmp_path, seed=1, rolls=3)
    played_dice_game(tmp_path, seed=2, rolls=4)

    report = json.loads(companion("stats", "--all", "--json", data_dir=tmp_path).stdout)

    assert {game["id"] for game in report["games"]} == {1, 2}
    assert report["dice"]["d6"]["rolls"] == 7
    assert companion("stats", "--all", data_dir=tmp_path).stdout.startswith("# all 2 saved games\n")


def test_stats_with_no_saved_games_says_so_and_a_game_with_all_is_refused(tmp_path):
    result = companion("stats", data_dir=tmp_path)
    assert result.returncode == 1 and result.stderr == "companion: there are no saved games yet\n"
    refused = companion("stats", "1", "--all", data_dir=tmp_path)
    assert refused.returncode == 2 and "not allowed with argument" in refused.stderr


def a_row_this_version_cannot_read(data_dir, event_type: str) -> int:
    """The seq of a row of a known type whose JSON does not match it, added to the latest game."""
    wired = bootstrap(data_dir=data_dir, config_file=Path(os.devnull), seed=1, env={})
    game = wired.store.last_game()
    seq = wired.store.last_seq(game.id) + 1
    with wired.store._db:
        wired.store._db.execute("INSERT INTO events VALUES (?, ?, '2026-11-30T10:00:00+00:00', ?, ?)",
                                (game.id, seq, event_type, f'{{"type": "{event_type}", "faces": "six"}}'))
    wired.close()
    return seq


@pytest.mark.parametrize("event_type", ["dice_rolled", "decision_undone"])
@pytest.mark.parametrize("which", [(), ("--all",), ("--json",)], ids=["latest", "all", "json"])
def test_stats_of_a_game_with_an_event_this_version_cannot_read_names_the_game_and_the_event(tmp_path, which,
                                                                                            event_type):
    played_dice_game(tmp_path, seed=1, rolls=3)
    seq = a_row_this_version_cannot_read(tmp_path, event_type)
    result = companion("stats", *which, data_dir=tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"companion: Game 1: event {seq} ({event_type}) cannot be read by this version")
    assert line.endswith("was the game saved by a newer one?")


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


def test_a_d2s_test_has_one_degree_of_freedom_in_the_singular(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("dice"))
    session.execute(ChooseSpec(spec=DiceSpec.parse("d2")))
    for _ in range(10):
        session.execute(RollDice())
    wired.close()
    said = companion("stats", data_dir=tmp_path).stdout
    assert ", 1 degree of freedom, " in said and "degrees" not in said


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

    spy("build_parser", cli.build_parser)
    spy(what_runs_it, getattr(cli, what_runs_it))
    with pytest.raises(SystemExit):
        cli.main(["--data-dir", str(tmp_path), *command])
    assert seen == {"build_parser": False, what_runs_it: collecting_while_it_runs}
    assert gc.isenabled()
