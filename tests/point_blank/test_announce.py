"""What the table hears from Point Blank, as pure functions of the committed records and the state
after them, in English and German."""

from typing import get_args

import pytest

from companion.games.point_blank.aeo.commands import FillAeoRow, KeyAeoDie
from companion.games.point_blank.aeo.table import ACTIONS
from companion.games.point_blank.announce import announce, finding_said
from companion.games.point_blank.checks.base import Effect, Finding, FindingKind, Snapshot
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.checks.fire import InfantryFire
from companion.games.point_blank.commands import (
    AddUnit,
    CancelCheck,
    CorrectDeck,
    EndImpulse,
    EnterPip,
    RollDie,
    StartCheck,
)
from companion.games.rules import Command
from companion.session import GameSession
from companion.speech.announcement import Announcement
from companion.speech.settings import LANGUAGES
from tests.point_blank.playing import GERMAN, SQUAD, draw, set_up
from tests.point_blank.solo import GRENADIERS, solo_game, to_the_roll
from tests.speech.heard import heard, heard_both


def said(session: GameSession, command: Command) -> tuple[list[str], list[str]]:
    """The command committed, and what the table hears of it (English, German)."""
    return heard_both(announce(session.execute(command), session.state))


def test_a_card_drawn_for_a_check_is_said_by_its_pips_and_a_one_card_total_is_not_said_again(session):
    set_up(session)
    session.execute(StartCheck(check=PlainCheck()))
    assert said(session, EnterPip(pip=4)) == (["card 4"], ["Karte 4"])


def test_a_two_card_check_says_each_card_and_then_the_total(session):
    set_up(session)
    session.execute(StartCheck(check=PlainCheck(cards=2)))
    assert said(session, EnterPip(pip=3)) == (["card 3"], ["Karte 3"])
    assert said(session, EnterPip(pip=5)) == (["card 5", "total 8"], ["Karte 5", "Summe 8"])


def test_a_fire_says_the_attack_then_each_damage_check_and_its_effect_naming_the_unit(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1, name="Able"))
    session.execute(AddUnit(template=GERMAN, side=2, name="MG team"))
    lead, target = session.state.unit(1), session.state.unit(2)
    # attack 3 + 4 = 7 against defence 2 + 1 (brush) = 3: damage check 4 + 4 = 8 against morale 6: shaken
    fire = InfantryFire(lead=Snapshot.of(lead), lead_firepower=2, other_firepower=(1, 1),
                        targets=(Snapshot.of(target),), defence=1)
    session.execute(StartCheck(check=fire))
    session.execute(EnterPip(pip=4))
    session.execute(EnterPip(pip=2))
    english, german = said(session, EnterPip(pip=4))
    assert english == ["card 4",
                       "attack 7 against defence 3: damage checks plus 4. MG team: 8 against morale 6. shaken"]
    assert german == ["Karte 4", "Angriff 7 gegen Verteidigung 3: Schadensproben plus 4. "
                                 "MG team: 8 gegen Moral 6. erschüttert"]


def test_a_check_result_goes_stale_as_one_and_apart_from_the_cards(session):
    set_up(session)
    session.execute(StartCheck(check=PlainCheck(cards=2)))
    session.execute(EnterPip(pip=3))
    card, result = announce(session.execute(EnterPip(pip=5)), session.state)
    assert (card.stale_after, result.stale_after) == ("draw", "check")


def test_the_last_card_says_the_deck_is_exhausted_and_the_turn_ends(session):
    set_up(session)  # 18 cards, two hands of five: eight to draw
    draw(session, 1, 1, 1, 2, 2, 2, 3)
    session.execute(StartCheck(check=PlainCheck()))
    english, german = said(session, EnterPip(pip=3))
    assert english == ["card 3", "deck exhausted: turn 1 ends"]
    assert german == ["Karte 3", "Stapel aufgebraucht: Zug 1 endet"]


def test_the_scenarios_last_turn_ending_says_the_game_is_over(session):
    set_up(session, turn_limit=1)
    draw(session, 1, 1, 1, 2, 2, 2, 3)
    session.execute(StartCheck(check=PlainCheck()))
    assert said(session, EnterPip(pip=3))[0] == ["card 3", "deck exhausted: turn 1 ends", "game over"]


def test_the_impulse_passes_to_the_side_by_the_nationality_it_plays(session):
    set_up(session, nationalities=("us", "german"))
    assert said(session, EndImpulse()) == (["German to act"], ["Deutschland am Zug"])
    assert said(session, EndImpulse()) == (["US to act"], ["USA am Zug"])


def test_a_side_with_no_nationality_is_said_by_its_number(session):
    set_up(session)
    assert said(session, EndImpulse()) == (["side 2 to act"], ["Seite 2 am Zug"])


def test_a_corrected_deck_says_how_many_cards_are_left_to_draw(session):
    set_up(session)
    assert said(session, CorrectDeck(pile=(1, 1, 1, 1, 1, 0))) == (
        ["deck corrected: 5 cards to draw"], ["Stapel korrigiert: 5 Karten zum Ziehen"])
    assert said(session, CorrectDeck(pile=(1, 0, 0, 0, 0, 0)))[0] == ["deck corrected: one card to draw"]


def test_an_abandoned_check_is_said_and_its_cards_were_said_as_they_came(session):
    set_up(session)
    session.execute(StartCheck(check=PlainCheck(cards=2)))
    session.execute(EnterPip(pip=6))
    assert said(session, CancelCheck()) == (["check abandoned"], ["Probe abgebrochen"])


def test_a_die_thrown_in_dice_mode_is_said_as_a_die(session):
    set_up(session, dice_mode=True)
    english, german = said(session, RollDie(plain=True))
    face = session.state.log[-1].pips[-1]
    assert (english, german) == ([f"die {face}"], [f"Würfel {face}"])


def test_setting_up_and_adding_units_say_nothing(session):
    set_up(session)
    assert said(session, AddUnit(template=SQUAD, side=1)) == ([], [])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", get_args(FindingKind))
def test_every_finding_and_every_effect_has_words_in_every_pack(kind, language):
    effects: tuple[Effect, ...] = get_args(Effect)
    finding = Finding(kind=kind, unit=3, numbers=(9, 4, 2), effects=effects, sector="Woods")
    sentence, *after = heard(finding_said(finding, {3: "Baker"}), language)
    assert sentence and "{" not in sentence
    assert len(after) == len(effects)


def test_a_sector_is_said_by_its_area_and_row_never_by_its_key():
    """The key `C2/1` was read out as it is written."""
    assert heard_both(finding_said(Finding(kind="smoke_placed", sector="C2/1"), {})) == (
        ["smoke placed in C2"], ["Nebel in C2"])


def test_the_aeos_dice_are_said_with_the_actions_its_table_reads_and_a_missing_row_asks_for_it(session):
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (SQUAD, 1, "B2", "clear"))
    to_the_roll(session)
    session.execute(KeyAeoDie(face=1))
    assert said(session, KeyAeoDie(face=2)) == (
        ["the AEO rolls 1 and 2. move. recon. a cover marker"],
        ["der Solo-Gegner würfelt 1 und 2. Bewegung. Aufklärung. ein Deckungsmarker"])
    session.execute(EndImpulse(force=True))
    session.execute(EndImpulse())
    to_the_roll(session)
    session.execute(KeyAeoDie(face=6))
    assert said(session, KeyAeoDie(face=6)) == (
        ["the AEO rolls 6 and 6. that row is missing from the table: fill it in"],
        ["der Solo-Gegner würfelt 6 und 6. diese Zeile fehlt in der Tabelle: bitte eintragen"])
    assert said(session, FillAeoRow(actions=("flush", "sniper"))) == (["hand flush. sniper"],
                                                                      ["Hand abwerfen. Scharfschütze"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_aeo_action_has_words_in_every_pack(language):
    for action in ACTIONS:
        assert heard([Announcement(phrase=f"pb.aeo.action.{action}")], language)
