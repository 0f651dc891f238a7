"""What the table hears from the Deckung helper, as pure functions of the committed records and the
state after them, in German and English."""

from companion.games.deckung.announce import announce
from companion.games.deckung.commands import ChooseCover, PlaceModels, ShootCover
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.session import GameSession
from tests.speech.heard import heard_both


def said(session: GameSession, command: Command) -> tuple[list[str], list[str]]:
    """The command committed, and what the table hears of it (English, German)."""
    return heard_both(announce(session.execute(command), session.state))


def test_a_shot_says_penetration_against_hardness_and_whether_the_cover_holds(session):
    assert said(session, ShootCover(penetration=3, hardness=5)) == (
        ["penetration 3 against hardness 5: the cover holds"],
        ["Durchschlag 3 gegen Härtegrad 5: die Deckung hält"])
    assert said(session, ShootCover(penetration=5, hardness=5))[1] == [
        "Durchschlag 5 gegen Härtegrad 5: die Deckung ist zerstört"]


def test_each_w10_for_a_splinter_is_said_with_what_it_did_to_the_model(session):
    session.execute(ShootCover(penetration=6, hardness=4))
    session.execute(PlaceModels(count=2, rank="rekrut"))
    assert said(session, EnterFace(entered=5)) == (["model 1: 5, unharmed"], ["Modell 1: 5, nichts passiert"])
    assert said(session, EnterFace(entered=6)) == (
        ["model 2: 6, hit by a splinter"], ["Modell 2: 6, von einem Splitter getroffen"])


def test_the_rank_test_says_the_w10_against_the_ranks_number_and_whether_the_model_survives(session):
    session.execute(ShootCover(penetration=6, hardness=4))
    session.execute(PlaceModels(count=2, rank="rekrut"))
    session.execute(EnterFace(entered=9))
    assert said(session, EnterFace(entered=4)) == (
        ["model 1, rank test: 4 against 4: survives"], ["Modell 1, Rangprobe: 4 gegen 4: überlebt"])
    session.execute(EnterFace(entered=0))
    assert said(session, EnterFace(entered=5)) == (
        ["model 2, rank test: 5 against 4: removed"], ["Modell 2, Rangprobe: 5 gegen 4: entfernt"])


def test_choosing_the_cover_says_nothing_and_each_roll_replaces_a_stale_one(session):
    assert said(session, ChooseCover(cover="massive")) == ([], [])
    session.execute(ShootCover(penetration=6, hardness=4))
    session.execute(PlaceModels(count=1, rank="rekrut"))
    (roll,) = announce(session.execute(EnterFace(entered=7)), session.state)
    assert roll.stale_after == "roll"
