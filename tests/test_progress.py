"""How far a saved game has come, as home and the saved games read it, and which games are resumed."""

from companion.dice.rules import RollDice
from companion.games.kit.words import count_of
from companion.games.point_blank.commands import EndImpulse, SetUpGame
from companion.games.rules import Redo, Undo
from companion.session import SNAPSHOT_EVERY
from tests.tui import game_positions
from tests.tui.short_game import PlayTurn


def test_a_games_progress_is_its_rules_summary_read_without_opening_it_for_play(companion):
    _, session = companion.resume_or_start("dice")
    for _ in range(3):
        session.execute(RollDice())
    session.close()
    progress = companion.progress(companion.store.last_game("dice"))
    assert progress is not None
    assert (progress.summary, progress.finished) == (count_of(3, "roll"), False)


def test_an_undone_roll_does_not_count_in_a_games_progress(companion):
    _, session = companion.resume_or_start("dice")
    for _ in range(3):
        session.execute(RollDice())
    session.execute(Undo())
    session.execute(Undo())
    game = companion.store.last_game("dice")
    assert companion.progress(game).summary == "1 roll"
    session.execute(Redo())
    assert companion.progress(game).summary == "2 rolls"
    session.close()


def test_a_long_games_progress_counts_the_rolls_in_force_from_its_snapshot(companion):
    _, session = companion.resume_or_start("dice")
    for _ in range(SNAPSHOT_EVERY + 10):
        session.execute(RollDice())
    session.execute(Undo())
    session.close()
    assert companion.progress(companion.store.last_game("dice")).summary == f"{SNAPSHOT_EVERY + 9} rolls"


def summaries(companion, kinds: tuple[str, ...]) -> dict[str, str]:
    read = {kind: companion.progress(companion.store.last_game(kind)) for kind in kinds}
    return {kind: progress.summary for kind, progress in read.items() if progress is not None}


def test_each_game_says_how_far_it_has_come_in_a_few_words(companion):
    kinds = ("conflict_of_heroes", "take_cover", "deckung", "point_blank")
    for kind in kinds:
        companion.store.create_game(kind)
    assert summaries(companion, kinds) == {
        "conflict_of_heroes": "setting up", "take_cover": "setting up", "deckung": "light cover",
        "point_blank": "setting up"}
    game_positions.conflict_of_heroes(companion)
    game_positions.take_cover(companion)
    game_positions.deckung(companion)
    game_positions.played(companion, "point_blank", SetUpGame(cards_per_pip=(3,) * 6, hand_size=5), EndImpulse())
    assert summaries(companion, kinds) == {
        "conflict_of_heroes": "round 1", "take_cover": "turn 7", "deckung": "massive cover, destroyed, 2 models",
        "point_blank": "turn 1, impulse 2"}


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
