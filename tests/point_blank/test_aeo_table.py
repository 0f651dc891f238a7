"""The AEO Action Selection Table (12.1): the rows the rulebook's text prints, the rows it misses
marked missing, the look-up by posture, 2d6 total and pip combination, and a missing row filled in
by the players once, never guessed."""

from pathlib import Path

import pytest

from companion.errors import ConfigError, RuleViolation
from companion.games.kit import data
from companion.games.kit.intents import Ask, Run, SaveFile
from companion.games.point_blank.aeo.commands import DiscardAeoCards, FillAeoRow, ResolveAeoAction
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.aeo.table import (
    COMBOS,
    AeoRead,
    AeoTableFile,
    combo,
    look_up,
    parse_row,
    players_file,
    shipped,
)
from companion.games.point_blank.commands import EndImpulse
from companion.games.point_blank.controller import PointBlankController
from companion.games.point_blank.data import FILES
from companion.games.registry import KINDS
from companion.games.rules import Undo
from tests.point_blank.playing import CATALOG, DATA, answer
from tests.point_blank.solo import GRENADIERS, SHERMAN, rolled, solo_game, to_the_roll

TABLE = shipped()
PRINTED = {
    # 12.1, as the text prints it: "| 2 | Sniper | Sniper |", "| 3 | Move / Recon (Acquire Cover) | 2 Covers
    # Max | Move / Recon (Acquire Cover) | 2 Covers Max |", "| 4 (1,3 Pips) | Recon / Ready | Fire / Recon |",
    # "| 4 (2,2 Pips) | Recon | Recon / Ready |", "| 5 (1,4 Pips) | Move / Wind | Move / Wind |".
    "1+1": ("Sniper", "Sniper"),
    "1+2": ("Move / Recon (Acquire Cover)", "Move / Recon (Acquire Cover)"),
    "1+3": ("Recon / Ready", "Fire / Recon"),
    "2+2": ("Recon", "Recon / Ready"),
    "1+4": ("Move / Wind", "Move / Wind"),
}
UNITS = ((GRENADIERS, 2, "B2", "woods"), (SHERMAN, 1, "B2", "clear"))


def test_the_shipped_table_holds_the_rows_the_text_prints_as_printed():
    for row, (defensive, offensive) in PRINTED.items():
        assert TABLE.read("defensive", row).words() == defensive
        assert TABLE.read("offensive", row).words() == offensive


def test_every_other_row_is_marked_missing_in_both_postures():
    missing = [row for row in COMBOS if row not in PRINTED]
    assert len(COMBOS) == 21 and len(missing) == 16 and missing[0] == "2+3" and missing[-1] == "6+6"
    assert TABLE.missing("defensive") == TABLE.missing("offensive") == tuple(missing)


def test_a_row_is_the_rolls_pip_combination_whichever_die_shows_which():
    assert combo((3, 1)) == combo((1, 3)) == "1+3"
    assert look_up(TABLE, "defensive", (3, 1), {}) == AeoRead(actions=("recon", "ready"))
    assert look_up(TABLE, "offensive", (3, 1), {}) == AeoRead(actions=("fire", "recon"))
    # "4 (2,2 Pips)" is another row of the same total: the pips decide.
    assert look_up(TABLE, "defensive", (2, 2), {}) == AeoRead(actions=("recon",))


def test_a_look_up_on_a_missing_row_finds_nothing_and_never_guesses():
    assert look_up(TABLE, "defensive", (2, 3), {}) is None
    assert look_up(TABLE, "offensive", (6, 6), {}) is None


def test_a_row_filled_in_during_the_game_is_read_before_the_table():
    mine = AeoRead(actions=("fire",))
    assert look_up(TABLE, "defensive", (3, 2), {("defensive", "2+3"): mine}) == mine


def test_a_row_reads_its_actions_and_its_acquire_cover():
    read = parse_row("Move / Recon (Acquire Cover)")
    assert read == AeoRead(actions=("move", "recon"), cover=True)
    assert parse_row("Hand Flush / Reinforcements") == AeoRead(actions=("flush", "reinforcement"))
    assert parse_row("missing") is None


def test_a_wind_is_carried_out_before_the_other_action_of_its_row():
    # 7.24: "all Smoke markers are removed from the battlefield before the resolution of any other action".
    assert parse_row("Move / Wind").order == ("wind", "move")


def test_a_word_that_is_no_aeo_action_is_refused_by_name():
    with pytest.raises(ValueError, match="'charge' is not an AEO action"):
        parse_row("Move / Charge")


def test_the_players_rows_lay_over_the_shipped_ones_and_a_bad_one_names_its_line(tmp_path: Path):
    folder = tmp_path / "point_blank"
    folder.mkdir()
    (folder / "aeo_table.toml").write_text('[defensive]\n"2+3" = "Fire / Move"\n')
    loaded = KINDS["point_blank"].load_data(tmp_path)["aeo_table.toml"]
    assert loaded.read("defensive", "2+3") == AeoRead(actions=("fire", "move"))
    assert loaded.read("defensive", "1+1") == AeoRead(actions=("sniper",))
    (folder / "aeo_table.toml").write_text('[defensive]\n"2+3" = "Charge"\n')
    with pytest.raises(ConfigError, match=r"aeo_table.toml, line 2: .*'charge' is not an AEO action"):
        KINDS["point_blank"].load_data(tmp_path)


def test_the_players_file_written_back_keeps_their_rows_and_adds_the_new_one():
    theirs = AeoTableFile.model_validate({
        "defensive": {**TABLE.defensive, "2+3": "Fire"}, "offensive": TABLE.offensive})
    text = players_file(theirs, {("offensive", "6+6"): AeoRead(actions=("assault",), cover=True)})
    (file,) = [file for file in FILES if file.name == "aeo_table.toml"]
    again = data.combine(file, data.shipped_text("companion.games.point_blank.data", file.name), Path("shipped"),
                         text, Path("aeo_table.toml"))
    assert again.read("defensive", "2+3") == AeoRead(actions=("fire",))
    assert again.read("offensive", "6+6") == AeoRead(actions=("assault",), cover=True)
    assert '"1+1"' not in text


def missing_row(session) -> None:
    """An AEO impulse whose roll, 2 and 3, lands on a row the text does not print."""
    solo_game(session, *UNITS)
    to_the_roll(session)
    rolled(session, 2, 3)


def test_a_roll_on_a_missing_row_waits_for_the_players_and_confirm_asks_for_the_row(session):
    missing_row(session)
    state = session.state
    assert stage(state).kind == "missing" and state.aeo.impulse.read is None
    intent = PointBlankController(DATA).press(state, "confirm", None, None)
    assert isinstance(intent, Ask) and "never guesses" in intent.form.note
    with pytest.raises(RuleViolation, match="the missing row"):
        session.execute(ResolveAeoAction())


def test_the_row_filled_in_is_saved_in_the_players_file_and_read_at_once(session):
    missing_row(session)
    asked = PointBlankController(DATA).press(session.state, "confirm", None, None)
    saved = answer(asked, first="fire", second="move", cover=True)
    assert isinstance(saved, SaveFile) and saved.name == "aeo_table.toml"
    assert '[defensive]\n"2+3" = "Fire / Move (Acquire Cover)"' in saved.text
    assert isinstance(saved.then, Run)
    for command in saved.then.commands:
        session.execute(command)
    turn = session.state.aeo.impulse
    assert turn.read == AeoRead(actions=("fire", "move"), cover=True) and turn.filled
    assert session.state.aeo.cover == 1 and stage(session.state).kind == "act"


def test_a_row_filled_in_is_asked_once_a_game_the_next_roll_on_it_reads_it(session):
    missing_row(session)
    session.execute(FillAeoRow(actions=("ready",)))
    session.execute(ResolveAeoAction())  # nothing to ready: a Discard action
    session.execute(DiscardAeoCards(pips=(5,)))
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    to_the_roll(session, pip=5)
    rolled(session, 3, 2)
    assert session.state.aeo.impulse.read == AeoRead(actions=("ready",)) and stage(session.state).kind == "act"


def test_unticked_nothing_is_written_and_a_players_own_file_is_never_rewritten_unasked(session):
    missing_row(session)
    plain = answer(PointBlankController(DATA).press(session.state, "confirm", None, None), save=False)
    assert isinstance(plain, Run)
    theirs = PointBlankController(DATA, own_files=frozenset({"aeo_table.toml"}))
    form = theirs.press(session.state, "confirm", None, None)
    assert isinstance(form, Ask)
    save = next(field for field in form.form.fields if field.name == "save")
    assert save.default is False and "rewrites it" in save.label
    assert isinstance(answer(form), Run)


def test_the_same_row_for_the_whole_total_fills_only_the_rows_the_table_misses(session):
    solo_game(session, *UNITS)
    to_the_roll(session)
    rolled(session, 1, 5)
    session.execute(FillAeoRow(actions=("fire",), whole_total=True))
    filled = {row for _, row, _, _ in session.state.aeo.filled}
    assert filled == {"1+5", "2+4", "3+3"}
    assert CATALOG.aeo_table.read("defensive", "1+4") is not None


def test_a_row_filled_in_may_be_undone_until_the_aeo_acts_on_it(session):
    missing_row(session)
    session.execute(FillAeoRow(actions=("wind",)))
    session.execute(Undo())
    assert stage(session.state).kind == "missing" and session.state.aeo.filled == ()
    session.execute(FillAeoRow(actions=("wind",)))
    session.execute(ResolveAeoAction())
    with pytest.raises(RuleViolation, match="the AEO has acted on it"):
        session.execute(Undo())
