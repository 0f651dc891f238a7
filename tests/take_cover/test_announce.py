"""What the table hears from Take Cover, as pure functions of the committed records and the state
after them, in English and German."""

from typing import get_args

import pytest

from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.games.take_cover.announce import announce
from companion.games.take_cover.charts import EventEffect, MedicEffect
from companion.games.take_cover.commands import (
    CorrectSquad,
    DigIn,
    EndTurn,
    OpenFire,
    PlayEvent,
    PlayMedic,
    ReadChart,
    SetUpGame,
)
from companion.games.take_cover.events import Outcome
from companion.games.take_cover.notes import WinKind
from companion.session import GameSession
from companion.speech.announcement import Announcement
from companion.speech.settings import LANGUAGES
from tests.speech.heard import heard, heard_both
from tests.take_cover.conftest import play, started


def said(session: GameSession, command: Command) -> tuple[list[str], list[str]]:
    """The command committed, and what the table hears of it (English, German)."""
    return heard_both(announce(session.execute(command), session.state))


def test_each_first_turn_roll_is_said_then_a_tie_or_who_goes_first(session):
    session.execute(SetUpGame())
    assert said(session, EnterFace(entered=4)) == (
        ["German rolls 4 for the first turn"], ["Deutschland würfelt 4 für den ersten Zug"])
    assert said(session, EnterFace(entered=4)) == (
        ["Russian rolls 4 for the first turn", "a tie: both roll again"],
        ["Russland würfelt 4 für den ersten Zug", "Gleichstand: beide würfeln neu"])
    session.execute(EnterFace(entered=3))
    assert said(session, EnterFace(entered=9)) == (
        ["Russian rolls 9 for the first turn", "Russian goes first"],
        ["Russland würfelt 9 für den ersten Zug", "Russland beginnt"])


def test_a_hit_says_the_d10_and_the_targets_hits_now(session):
    started(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0))
    assert said(session, EnterFace(entered=1)) == (
        ["squad A at squad C: 1, hit", "squad C: one hit"],
        ["Trupp A auf Trupp C: 1, Treffer", "Trupp C: ein Treffer"])


def test_a_miss_and_a_ten_that_allows_reaction_fire_are_said(session):
    started(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0))
    assert said(session, EnterFace(entered=0)) == (
        ["squad A at squad C: 10, miss: squad C may fire back"],
        ["Trupp A auf Trupp C: 10, daneben: Trupp C darf zurückschießen"])


def test_the_last_squad_falling_is_said_and_then_the_winner(session):
    started(session)
    assert said(session, CorrectSquad(squad="D", hits=3, advance=0)) == (
        ["squad D eliminated"], ["Trupp D ausgeschaltet"])
    play(session, CorrectSquad(squad="C", hits=2, advance=0), OpenFire(squad="A", target="C"), DigIn(count=0))
    assert said(session, EnterFace(entered=1)) == (
        ["squad A at squad C: 1, hit", "squad C eliminated", "German wins: both enemy squads are eliminated"],
        ["Trupp A auf Trupp C: 1, Treffer", "Trupp C ausgeschaltet",
         "Deutschland gewinnt: beide feindlichen Trupps sind ausgeschaltet"])


def test_the_turn_passing_says_whose_turn_it_is(session):
    started(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=9))
    assert said(session, EndTurn()) == (["turn 2: Russian to act"], ["Zug 2: Russland am Zug"])


def test_an_event_card_says_its_d10_and_what_the_chart_gives(session):
    started(session)
    session.execute(PlayEvent(card="sniper", target="C"))
    assert said(session, EnterFace(entered=1)) == (
        ["sniper on squad C: 1, a hit", "squad C: one hit"],
        ["Scharfschütze auf Trupp C: 1, ein Treffer", "Trupp C: ein Treffer"])


def test_a_face_the_chart_does_not_hold_asks_for_the_card_and_its_reading_is_said_as_it_leads_to(session):
    started(session)
    session.execute(PlayEvent(card="mine", target="C"))
    assert said(session, EnterFace(entered=5)) == (
        ["mine on squad C: 5, read the card"], ["Mine auf Trupp C: 5, bitte die Karte lesen"])
    assert said(session, ReadChart(effect="hit")) == (["squad C: one hit"], ["Trupp C: ein Treffer"])


def test_a_medic_says_its_d10_and_whether_a_hit_came_off(session):
    started(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=1), EndTurn())
    session.execute(PlayMedic(squad="C"))
    assert said(session, EnterFace(entered=2)) == (
        ["medic on squad C: 2, one hit removed"], ["Sanitäter bei Trupp C: 2, ein Treffer entfernt"])


def test_rolls_go_stale_apart_from_what_they_did_to_a_squad(session):
    started(session)
    play(session, OpenFire(squad="A", target="C"), DigIn(count=0))
    roll, hit = announce(session.execute(EnterFace(entered=1)), session.state)
    assert (roll.stale_after, hit.stale_after) == ("roll", "squad:C")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_result_a_game_can_give_has_words_in_every_pack(language):
    squads = {"squad": "A", "target": "C", "face": 4, "card": "strafe", "side": "Russian"}
    phrases = [
        *(f"tc.fire.{result}" for result in get_args(Outcome)),
        *(f"tc.event.{effect}" for effect in (*get_args(EventEffect), "unread")),
        *(f"tc.medic.{effect}" for effect in get_args(MedicEffect)),
        *(f"tc.won.{kind}" for kind in get_args(WinKind)),
    ]
    sentences = heard((Announcement(phrase=phrase, args=squads) for phrase in phrases), language)
    assert len(set(sentences)) == len(phrases)
