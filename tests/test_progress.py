"""How far a saved game has come, as home and the saved games read it, and which games are resumed."""

from companion.dice.rules import RollDice
from companion.games.kit.words import count_of
from tests.tui.short_game import PlayTurn


def test_a_games_progress_is_its_rules_summary_read_without_opening_it_for_play(companion):
    _, session = companion.resume_or_start("dice")
    for _ in range(3):
        session.execute(RollDice())
    session.close()
    progress = companion.progress(companion.store.last_game("dice"))
    assert progress is not None
    assert (progress.summary, progress.finished) == (count_of(3, "roll"), False)


def test_a_game_of_a_kind_this_version_does_not_know_has_no_progress(companion):
    assert companion.progress(companion.store.create_game("chess")) is None


def test_a_kind_whose_latest_game_is_over_starts_a_new_one(companion, short_game):
    _, session = companion.resume_or_start("short")
    for _ in range(3):
        session.execute(PlayTurn())
    session.close()
    over = companion.store.last_game("short")
    progress = companion.progress(over)
    assert progress is not None and progress.finished
    _, session = companion.resume_or_start("short")
    assert session.game.id != over.id
