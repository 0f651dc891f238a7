"""New round initiative (3.24): announcing order, spends, the roll and re-rolls on a tie."""

import pytest

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes import initiative
from companion.games.conflict_of_heroes.commands import (
    AnnounceInitiative,
    CountInitiativeSpend,
    Roll,
    SetStartingCaps,
    SpendCaps,
    StartRound,
)
from companion.games.conflict_of_heroes.events import InitiativeRolled
from companion.games.rules import Undo
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, enter, event, rules


def test_the_side_with_more_caps_announces_first_and_the_soviet_side_on_a_tie():
    assert initiative.announcing_order((7, 5), first_on_tie=SOVIET) == (GERMAN, SOVIET)
    assert initiative.announcing_order((4, 5), first_on_tie=SOVIET) == (SOVIET, GERMAN)
    assert initiative.announcing_order((6, 6), first_on_tie=SOVIET) == (SOVIET, GERMAN)


def test_the_rulebook_example_german_spends_2_of_7_scores_6_against_7_and_keeps_5(game):
    game.execute(SetStartingCaps(side=GERMAN, caps=7))
    game.execute(SetStartingCaps(side=SOVIET, caps=5))
    game.execute(StartRound())
    assert game.state.initiative.order == (GERMAN, SOVIET)
    game.execute(AnnounceInitiative(side=GERMAN, caps=2))
    game.execute(AnnounceInitiative(side=SOVIET, caps=0))
    (record,) = enter(game, 1, 3, 3, 4)
    assert event(record, InitiativeRolled).totals == (6, 7)
    assert game.state.phase == "play"
    assert game.state.turn == SOVIET
    assert game.state.side(GERMAN).caps.current == 5
    assert game.state.side(SOVIET).caps.current == 5


def test_the_side_with_fewer_caps_cannot_announce_first(game):
    game.execute(SetStartingCaps(side=GERMAN, caps=7))
    game.execute(StartRound())
    with pytest.raises(RuleViolation, match="Soviet announces first"):
        game.execute(AnnounceInitiative(side=GERMAN, caps=1))


def test_more_than_two_caps_on_initiative_is_refused(game):
    game.execute(StartRound())
    with pytest.raises(RuleViolation, match="0 to 2"):
        game.execute(AnnounceInitiative(side=SOVIET, caps=3))


def test_a_tie_is_rerolled_with_fresh_announcements_and_the_earlier_spends_stay_spent(game):
    game.execute(StartRound())
    game.execute(AnnounceInitiative(side=SOVIET, caps=1))
    game.execute(AnnounceInitiative(side=GERMAN, caps=2))
    (tie,) = enter(game, 4, 4, 3, 4)  # Soviet 8 + 1, German 7 + 2
    assert event(tie, InitiativeRolled).totals == (9, 9)
    assert game.state.phase == "initiative"
    assert game.state.initiative.spends == ()
    assert game.state.initiative.order == (SOVIET, GERMAN)  # 6 against 5 CAPs now
    game.execute(AnnounceInitiative(side=SOVIET, caps=0))
    game.execute(AnnounceInitiative(side=GERMAN, caps=1))
    (roll,) = enter(game, 2, 2, 2, 2)
    assert event(roll, InitiativeRolled).spends == (1, 0)  # only this roll's spends count
    assert game.state.turn == GERMAN
    assert (game.state.side(GERMAN).caps.current, game.state.side(SOVIET).caps.current) == (4, 6)


def test_an_announcement_stands_and_undo_does_not_take_it_back(game):
    game.execute(StartRound())
    game.execute(AnnounceInitiative(side=SOVIET, caps=2))
    with pytest.raises(RuleViolation, match="announcement"):
        game.execute(Undo())  # the round start, the latest decision, is settled by the announcement
    assert game.state.side(SOVIET).caps.current == 5


def test_the_generated_initiative_roll_uses_four_dice_and_decides_or_reopens(game):
    game.execute(StartRound())
    game.execute(AnnounceInitiative(side=SOVIET, caps=0))
    game.execute(AnnounceInitiative(side=GERMAN, caps=0))
    (record,) = game.execute(Roll())
    assert record.event.source == "generated"
    assert all(1 <= face <= 6 for pair in record.event.faces for face in pair)
    one, two = event(record, InitiativeRolled).totals
    assert game.state.phase == ("initiative" if one == two else "play")


def test_caps_cannot_be_spent_before_the_first_round(game):
    with pytest.raises(RuleViolation):
        game.execute(SpendCaps(side=GERMAN, caps=1, ends_turn=False))


def test_the_cap_button_count_before_announcing_is_journaled_and_survives_a_restart(game, store, sessions):
    game.execute(SetStartingCaps(side=GERMAN, caps=1))
    game.execute(StartRound())
    game.execute(CountInitiativeSpend(side=SOVIET))
    game.execute(CountInitiativeSpend(side=SOVIET))
    resumed = sessions(store, game.game, rules(seed=1))
    assert resumed.state.initiative.counted == 2
    assert resumed.state.side(SOVIET).caps.current == 7  # counted, not yet announced
    resumed.execute(CountInitiativeSpend(side=SOVIET))
    assert resumed.state.initiative.counted == 0  # a third press goes back to 0
    resumed.execute(Undo())
    assert resumed.state.initiative.counted == 2


def test_the_count_stops_at_the_caps_the_side_has_and_the_other_side_cannot_count_yet(game):
    game.execute(SetStartingCaps(side=GERMAN, caps=1))
    game.execute(SetStartingCaps(side=SOVIET, caps=3))
    game.execute(StartRound())
    with pytest.raises(RuleViolation, match="Soviet announces first"):
        game.execute(CountInitiativeSpend(side=GERMAN))
    game.execute(AnnounceInitiative(side=SOVIET, caps=0))
    game.execute(CountInitiativeSpend(side=GERMAN))
    assert game.state.initiative.counted == 1
    game.execute(CountInitiativeSpend(side=GERMAN))
    assert game.state.initiative.counted == 0  # one CAP is all the German side has


def test_an_announcement_clears_the_count_for_the_side_announcing_next(game):
    game.execute(StartRound())
    game.execute(CountInitiativeSpend(side=SOVIET))
    game.execute(AnnounceInitiative(side=SOVIET, caps=1))
    assert game.state.initiative.counted == 0
    assert game.state.side(SOVIET).caps.current == 6
