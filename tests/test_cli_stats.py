"""`companion stats`: the faces of saved games counted by die type and source, with a test of their fairness."""

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from companion.bootstrap import bootstrap
from companion.dice.rules import ChooseSpec, RollDice
from companion.dice.spec import DiceSpec
from tests.command_line import companion, played_dice_game


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


def test_a_d2s_test_has_one_degree_of_freedom_in_the_singular(tmp_path):
    wired = bootstrap(data_dir=tmp_path, config_file=Path(os.devnull), seed=1, env={})
    _, session = wired.open_game(wired.store.create_game("dice"))
    session.execute(ChooseSpec(spec=DiceSpec.parse("d2")))
    for _ in range(10):
        session.execute(RollDice())
    wired.close()
    said = companion("stats", data_dir=tmp_path).stdout
    assert ", 1 degree of freedom, " in said and "degrees" not in said
