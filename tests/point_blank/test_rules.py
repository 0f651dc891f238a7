"""The rules through a real GameSession on SQLite: deck counting, turn end, checks, fatigue."""

import contextlib
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, Overridable, RuleViolation
from companion.games.point_blank.checks.base import Snapshot
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.checks.fire import Sniper
from companion.games.point_blank.commands import (
    AddUnit,
    AdjustUnit,
    CancelCheck,
    DiscardCard,
    EndImpulse,
    EnterPip,
    FlushHand,
    Order,
    ReduceFatigue,
    RollDie,
    StartCheck,
)
from companion.games.point_blank.events import CheckResolved, DeckReshuffled, FatigueReduced, PipDrawn, TurnEnded
from companion.games.point_blank.view import checklist_lines
from companion.games.rules import Redo, Undo
from companion.journal.store import GameStore
from companion.session import GameSession
from tests.point_blank.playing import CATALOG, LIEUTENANT, SQUAD, deploy, draw, rules, set_up


def test_nothing_is_drawn_before_the_players_confirm_the_deck(session):
    with pytest.raises(RuleViolation, match=re.escape("4.11")):
        session.execute(StartCheck(check=PlainCheck()))


def test_setup_deals_both_hands_and_counts_them_out_of_the_deck(session):
    set_up(session)
    assert session.state.deck.left == 8 and session.state.deck.hands == (5, 5)


def test_the_turn_ends_exactly_at_the_last_card(session):
    set_up(session)
    draw(session, 1, 2, 3, 4, 5, 6, 1)
    assert session.state.turn == 1 and session.state.deck.left == 1
    draw(session, 2)
    assert session.state.turn == 2
    assert session.state.deck.left == 18 - 10
    assert session.state.deck.unseen == (3, 3, 3, 3, 3, 3)
    assert any("Smoke" in line for line in checklist_lines(session.state, CATALOG))


def test_a_pending_check_finishes_from_the_new_deck_before_the_turn_ends(session):
    set_up(session)
    draw(session, 1, 2, 3, 4, 5, 6, 1)
    session.execute(StartCheck(check=PlainCheck(cards=2)))
    session.execute(EnterPip(pip=6))  # the last card
    assert session.state.turn == 1 and session.state.check is not None
    session.execute(EnterPip(pip=6))  # from the new deck
    types = [type(r.event) for r in session.records[-4:]]
    assert types == [DeckReshuffled, PipDrawn, CheckResolved, TurnEnded]
    assert session.state.turn == 2
    # The new deck lacks the hands and the two cards of the pending check; the one drawn from
    # it is not shuffled back (4.13).
    assert session.state.deck.left == 18 - 10 - 1 - 1


def test_an_impossible_pip_is_refused_and_the_override_records_a_miscount(session):
    set_up(session, cards=(3, 3, 3, 3, 3, 3))
    draw(session, 6, 6, 6)
    session.execute(StartCheck(check=PlainCheck()))
    with pytest.raises(Overridable, match="cannot hold another 6") as refused:
        session.execute(EnterPip(pip=6))
    assert refused.value.override == EnterPip(pip=6, force=True)
    assert session.state.deck.left == 5
    session.execute(EnterPip(pip=6, force=True))
    assert session.state.deck.miscounts == 1 and session.state.deck.left == 4


def test_dice_mode_discards_one_card_per_die_and_is_locked(session):
    set_up(session, dice_mode=True)
    session.execute(StartCheck(check=PlainCheck(cards=2)))
    session.execute(RollDie())
    session.execute(EnterPip(pip=6))
    assert session.state.deck.left == 6 and session.state.deck.seen == (0, 0, 0, 0, 0, 0)
    with pytest.raises(RuleViolation, match="locked"):
        set_up(session)


def test_the_removed_sniper_leaves_a_blank_one_pip_card_in_the_discard(session):
    set_up(session, cards=(3, 3, 3, 3, 3, 3))
    session.execute(AddUnit(template=SQUAD, side=2))
    target = Snapshot.of(session.state.unit(1))
    session.execute(StartCheck(check=Sniper(target=target, card_pips=5)))
    for pip in (1, 1, 6, 2):  # attack 2 vs defence 6: no effect; fate 2: removed
        session.execute(EnterPip(pip=pip))
    assert session.state.deck.composition == (4, 3, 3, 3, 2, 3)
    assert session.state.deck.unseen[0] == 1  # the two 1s seen, and the blank is in the discard pile


def test_one_action_card_per_impulse_and_the_hand_flush_once_per_turn(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(Order(units=(1,), action="fire"))
    with pytest.raises(RuleViolation, match=re.escape("(6.2)")):
        session.execute(Order(units=(2,), action="move"))
    session.execute(EndImpulse())
    session.execute(DiscardCard())
    session.execute(EndImpulse())
    session.execute(FlushHand())
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    with pytest.raises(RuleViolation, match=re.escape("6.2.1.5")):
        session.execute(FlushHand())


def test_a_cancelled_check_keeps_its_cards_drawn(session):
    set_up(session)
    session.execute(StartCheck(check=PlainCheck(cards=2)))
    session.execute(EnterPip(pip=3))
    session.execute(CancelCheck())
    assert session.state.check is None and session.state.deck.left == 7


def test_the_scenario_turn_limit_ends_the_game(session):
    set_up(session, turn_limit=1)
    draw(session, 1, 2, 3, 4, 5, 6, 1, 2)
    assert session.state.game_over
    with pytest.raises(RuleViolation, match="game over: turn 1 was the last"):
        session.execute(StartCheck(check=PlainCheck()))


def test_drawing_up_to_hand_size_past_the_last_card_ends_the_turn_and_deals_on_from_the_new_deck(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    draw(session, 1, 2, 3, 4, 5, 6, 1)  # one card left
    session.execute(FlushHand())  # side 1 discards 5 and draws 5: one from this deck, four from the next
    assert session.state.turn == 2
    assert session.state.deck.hands == (5, 5)
    # The new deck: 18 cards less side 2's hand and the one card side 1 drew before the shuffle.
    assert session.state.deck.left == 18 - 5 - 1 - 4
    types = [type(r.event).__name__ for r in session.records[-5:]]
    assert types == ["HandFlushed", "CardsDealt", "TurnEnded", "DeckReshuffled", "CardsDealt"]


point_blank_commands = st.one_of(
    st.builds(EnterPip, pip=st.integers(1, 6), plain=st.booleans()),
    st.just(StartCheck(check=PlainCheck(cards=2))),
    st.builds(Order, units=st.tuples(st.integers(1, 2)), action=st.sampled_from(["fire", "move", "melee", "ready"]),
              via=st.sampled_from(["card", "spend"]), targets=st.sampled_from([(), (1,), (2,)])),
    st.just(EndImpulse()),
    st.just(FlushHand()),
    st.just(Undo()),
    st.just(Redo()),
)


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(commands=st.lists(point_blank_commands, max_size=40))
def test_the_journal_folds_back_to_the_same_state_and_never_loses_a_card(tmp_path_factory, commands):
    store = GameStore(tmp_path_factory.mktemp("pb") / "games.sqlite3")
    session = GameSession(store, store.create_game("point_blank"), rules())
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=SQUAD, side=2))
    for command in commands:
        with contextlib.suppress(CompanionError):
            session.execute(command)
        deck = session.state.deck
        assert deck.left >= 0 and min(deck.hands) >= 0
        assert deck.left + sum(deck.hands) + len(deck.held) <= deck.size
    again = GameSession(store, session.game, rules())
    assert again.state == session.state
    assert rules().state.validate_json(rules().state.dump_json(session.state)) == session.state
    again.close()
    session.close()
    store.close()


def test_the_fatigue_example_a_leader_cannot_ready_away_fatigue_gained_this_impulse(session):
    """7.6: a unit fires; the leader with it may not remove that fatigue in the same impulse."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=LIEUTENANT, side=1))
    session.execute(Order(units=(1,), action="fire"))
    with pytest.raises(RuleViolation, match=re.escape("7.6")):
        session.execute(ReduceFatigue(unit=1, via="leader", leader=2))
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    session.execute(ReduceFatigue(unit=1, via="leader", leader=2))
    assert session.state.unit(1).fatigue == 0 and session.state.unit(2).spent
    assert session.state.check is None  # no fatigue left anywhere: no odd d6 to draw a card for (8.9)


def test_the_odd_d6_for_a_second_level_is_drawn_only_while_another_unit_has_fatigue_left(session):
    """8.9: "a chance to reduce the fatigue of one other unit"; the level unit 1 keeps is not one."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=1, changes={"fatigue": 2}))
    session.execute(ReduceFatigue(unit=1, via="discard"))
    assert session.state.unit(1).fatigue == 1 and session.state.check is None
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    session.execute(AdjustUnit(unit=2, changes={"fatigue": 1}))
    session.execute(ReduceFatigue(unit=1, via="discard"))
    assert session.state.unit(1).fatigue == 0 and session.state.check is not None


def test_the_odd_d6s_second_fatigue_level_comes_off_another_unit_never_the_one_that_lost_the_first(session):
    """6.2.1.3 "one more unit's fatigue", 8.9 "one other unit": not the unit the discard reduced."""
    set_up(session)
    for _ in range(2):
        session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=1, changes={"fatigue": 2}))
    session.execute(AdjustUnit(unit=2, changes={"fatigue": 2}))
    session.execute(ReduceFatigue(unit=1, via="discard"))
    session.execute(EnterPip(pip=3))
    assert session.state.fatigue_bonus_owed
    with pytest.raises(RuleViolation, match=re.escape("6.2.1.3")):
        session.execute(ReduceFatigue(unit=1, via="bonus"))
    session.execute(ReduceFatigue(unit=2, via="bonus"))
    assert [u.fatigue for u in session.state.units] == [1, 1] and not session.state.fatigue_bonus_owed


def test_a_unit_that_fires_spots_every_unit_of_its_side_in_its_sector(session):
    set_up(session)
    for sector in ("B2", "B2", "C2"):
        deploy(session, SQUAD, 1, sector, "woods")
    session.execute(Order(units=(1,), action="fire"))
    assert [u.spotted for u in session.state.units] == [True, True, False]


def test_an_order_and_the_check_it_starts_are_one_commit_that_a_restart_finds_whole(session, reopen):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    deploy(session, SQUAD, 2, "B2", "brush")
    records = session.execute(Order(units=(1,), action="rally", check=PlainCheck(cards=2)))
    assert [r.event.type for r in records] == ["pb_units_ordered", "pb_check_started"]
    session.execute(EnterPip(pip=5))
    resumed = reopen(session).state
    assert resumed.check is not None and resumed.check.check == PlainCheck(cards=2)
    assert resumed.check.pips == (5,) and resumed.card_used == "card"


def test_a_stray_face_key_with_no_check_in_progress_draws_nothing_until_confirmed(session, reopen):
    """Issue 11: a face key pressed by mistake must not put the count a card away from the deck."""
    set_up(session)
    before = len(session.records)
    with pytest.raises(Overridable, match="no check in progress") as refused:
        session.execute(EnterPip(pip=4))
    assert len(reopen(session).records) == before and session.state.deck.left == 8
    records = session.execute(refused.value.override)
    assert [r.event.type for r in records] == ["pb_check_started", "pb_pip_drawn", "pb_check_resolved"]
    assert session.state.deck.left == 7 and session.state.check is None
    with pytest.raises(CompanionError):
        session.execute(EnterPip(pip=7, plain=True))
    assert session.state.check is None


def test_after_the_last_turn_a_face_key_draws_nothing_and_offers_nothing(session):
    set_up(session, turn_limit=1)
    draw(session, 1, 2, 3, 4, 5, 6, 1, 2)
    assert session.state.game_over and rules().finished(session.state)
    with pytest.raises(RuleViolation, match="game over: turn 1 was the last") as refused:
        session.execute(EnterPip(pip=3))
    assert not isinstance(refused.value, Overridable)


def test_a_leaders_ready_action_removes_fatigue_only_in_his_sector_and_spends_him(session):
    set_up(session)
    lieutenant = LIEUTENANT
    session.execute(AddUnit(template=SQUAD, side=1, sector="B1"))
    session.execute(AddUnit(template=SQUAD, side=1, sector="C1"))
    session.execute(AddUnit(template=lieutenant, side=1, sector="B1"))
    session.execute(Order(units=(1,), action="move"))
    session.execute(AdjustUnit(unit=2, changes={"fatigue": 1}))
    session.execute(EndImpulse())
    session.execute(EndImpulse())
    assert session.state.unit(1).fatigue == 1
    with pytest.raises(RuleViolation, match=re.escape("8.9")):
        session.execute(ReduceFatigue(unit=2, via="leader", leader=3))
    session.execute(ReduceFatigue(unit=1, via="leader", leader=3))
    state = session.state
    assert state.unit(1).fatigue == 0 and state.unit(3).spent
    assert state.check is None  # C1's fatigued unit is outside his Sector: no odd d6 to draw for it (8.9)


def test_the_odd_d6_after_a_leaders_ready_action_takes_its_level_only_in_his_sector(session):
    """8.9: leaders "may also attempt to remove a fatigue level but only within the same Sector"."""
    set_up(session)
    for sector in ("B1", "B1", "C1"):
        session.execute(AddUnit(template=SQUAD, side=1, sector=sector))
    session.execute(AddUnit(template=LIEUTENANT, side=1, sector="B1"))
    for unit in (1, 2, 3):
        session.execute(AdjustUnit(unit=unit, changes={"fatigue": 1}))
    session.execute(ReduceFatigue(unit=1, via="leader", leader=4))
    session.execute(EnterPip(pip=3))
    assert session.state.fatigue_bonus_owed
    with pytest.raises(RuleViolation, match=r"only in his Sector, B1 US \(8\.9\)"):
        session.execute(ReduceFatigue(unit=3, via="bonus"))
    session.execute(ReduceFatigue(unit=2, via="bonus"))
    assert [u.fatigue for u in session.state.units] == [0, 0, 1, 0] and not session.state.fatigue_bonus_owed


def test_the_turn_end_checklist_stays_until_the_impulse_ends(session):
    set_up(session)
    draw(session, 1, 2, 3, 4, 5, 6, 1, 2)
    assert session.state.turn == 2 and session.state.turn_over is not None
    session.execute(EndImpulse())
    assert session.state.turn_over is None


def test_an_odd_d6_on_the_last_card_lets_its_second_fatigue_level_be_taken_before_the_turn_ends(session):
    """4.13: the turn ends once the last card is drawn "and the action is completed": the discard's
    odd d6 earned a second level (6.2.1.3), which is part of that action."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AdjustUnit(unit=1, changes={"fatigue": 1}))
    session.execute(AdjustUnit(unit=2, changes={"fatigue": 1}))
    draw(session, 1, 2, 3, 4, 5, 6, 2)  # one card left
    session.execute(ReduceFatigue(unit=1, via="discard"))
    session.execute(EnterPip(pip=1))  # the last card, odd
    assert session.state.turn == 1 and session.state.fatigue_bonus_owed
    session.execute(ReduceFatigue(unit=2, via="bonus"))
    assert [type(r.event) for r in session.records[-3:]] == [FatigueReduced, TurnEnded, DeckReshuffled]
    assert session.state.turn == 2 and session.state.unit(2).fatigue == 0
