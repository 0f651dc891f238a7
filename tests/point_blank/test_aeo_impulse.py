"""An AEO impulse step by step (12.3.3): its Upkeep, the top card discarded, 2d6 rolled with
physical dice and read from the table, its action, its end; what the players see at each step;
undo that never rolls or draws again; the players' fire meeting its cover markers."""

import pytest

from companion.errors import NothingToDo, Overridable, RuleViolation
from companion.games.kit.faces import EraseFace
from companion.games.kit.intents import Ask, Run, Tell
from companion.games.point_blank.aeo.commands import (
    DiscardAeoCards,
    FinishAeoUpkeep,
    KeyAeoDie,
    ResolveAeoAction,
    RollAeoDice,
    SpendAeoCover,
)
from companion.games.point_blank.aeo.events import AeoCardsDiscarded, AeoRolled
from companion.games.point_blank.aeo.models import ChartAnswer
from companion.games.point_blank.aeo.progress import stage
from companion.games.point_blank.aeo.view import panel_lines, summary
from companion.games.point_blank.commands import AdjustUnit, EndImpulse, EnterPip, Order
from companion.games.point_blank.controller import PointBlankController
from companion.games.point_blank.events import CheckResolved, DeckReshuffled, TurnEnded, UnitsOrdered
from companion.games.point_blank.view import UPKEEP, checklist_lines, deck_lines, side_name
from companion.games.rules import Redo, Undo
from companion.journal.events import DecisionUndone
from tests.point_blank.playing import CATALOG, DATA, SQUAD, answer, draw
from tests.point_blank.solo import GRENADIERS, PANZER, named, rolled, solo_game, to_the_roll
from tests.point_blank.solo import acting as acting_on_row

TABLE = ((PANZER, 2, "B2", "woods"), (GRENADIERS, 2, "C2", "woods"), (SQUAD, 1, "B2", "clear"))
CONTROLLER = PointBlankController(DATA)


def press(session, action: str, value: int | None = None):
    intent = CONTROLLER.press(session.state, action, value, None)
    if isinstance(intent, Run):
        for command in intent.commands:
            session.execute(command)
    return intent


def test_an_impulse_goes_upkeep_discard_roll_action_end_each_step_with_its_rule(session):
    solo_game(session, *TABLE)
    session.execute(AdjustUnit(unit=named(session.state, "Panzer IV"), changes={"spent": True}))
    shown = lambda: panel_lines(session.state, CATALOG)  # noqa: E731
    assert shown()[1].startswith("▶ Its Upkeep (12.3.1)")
    press(session, "confirm")
    assert shown()[1] == "▶ Discard the top Action card (12.3.3): draw it and key its pips"
    press(session, "face", 4)
    assert "✓ Discarded a 4-pip card (12.3.3)" in shown()
    press(session, "face", 3)
    assert shown()[1].endswith("(first die: 3; u or ⌫ erases it)")
    press(session, "face", 1)
    assert shown()[2:] == ["✓ Rolled 3+1 (4) → Recon / Ready (12.2.3)", "✓ Discarded a 4-pip card (12.3.3)",
                           "✓ Upkeep with the AEO Upkeep flowchart (12.3.1)"], "newest first, under what it waits for"
    assert shown()[1].startswith("▶ Recon: consult the defensive Recon flowchart (green")
    asked = CONTROLLER.press(session.state, "confirm", None, None)
    assert isinstance(asked, Ask) and "Recon flowchart" in asked.form.note
    intent = answer(asked, sector="-")
    for command in intent.commands:
        session.execute(command)
    press(session, "confirm")
    turn = session.state.aeo.impulse
    assert summary(session.state, CATALOG, turn) == (
        "Ready: Panzer IV (spent) is readied · Recon: cannot be carried out, the flowchart gives it nothing to do · "
        "rolled 3+1 (4) → Recon / Ready · discarded a 4-pip card"), "newest first, as during the impulse"
    assert shown()[1] == "▶ The AEO's impulse is over: Confirm (or n) passes play to you"
    press(session, "confirm")
    assert session.state.side == 1 and session.state.deck.hands == (5, 0)


def test_the_checklist_shows_the_aeos_upkeep_done_once_it_is_rather_than_as_a_step_still_to_do(session):
    solo_game(session, *TABLE)
    upkeep = f"Upkeep for {side_name(session.state, CATALOG, session.state.side)} (6.1)"
    assert checklist_lines(session.state, CATALOG)[:2] == [f"{upkeep}:", "- " + UPKEEP[0]]
    press(session, "confirm")
    assert stage(session.state).kind == "discard"
    lines = checklist_lines(session.state, CATALOG)
    assert lines[0] == f"{upkeep}: done, with the AEO Upkeep flowchart (12.3.1)"
    assert not any(item in line for line in lines for item in UPKEEP)


def test_the_roll_is_two_physical_dice_never_the_action_deck(session):
    solo_game(session, *TABLE)
    to_the_roll(session)
    left, seen = session.state.deck.left, session.state.deck.seen
    session.execute(RollAeoDice())
    (rolled_dice,) = [r.event for r in session.records if isinstance(r.event, AeoRolled)]
    assert rolled_dice.generated and all(1 <= face <= 6 for face in rolled_dice.faces)
    assert (session.state.deck.left, session.state.deck.seen) == (left, seen)


def test_with_real_dice_the_impulses_card_goes_unseen_on_confirm(session):
    solo_game(session, *TABLE, dice=True)
    session.execute(FinishAeoUpkeep())
    left = session.state.deck.left
    assert isinstance(CONTROLLER.press(session.state, "face", 3, None), Run)  # not the AEO's: a plain check
    press(session, "confirm")
    assert session.state.deck.left == left - 1 and stage(session.state).kind == "roll"


def test_a_face_keyed_with_no_step_for_it_draws_nothing(session):
    solo_game(session, *TABLE)
    with pytest.raises(RuleViolation, match="it waits for its Upkeep"):
        session.execute(KeyAeoDie(face=3))


def test_undo_never_rolls_or_draws_again(session):
    solo_game(session, *TABLE)
    session.execute(AdjustUnit(unit=named(session.state, "Panzer IV"), changes={"spent": True}))
    to_the_roll(session, pip=5)
    rolled(session, 2, 2)  # defensive "4 (2,2 Pips)": Recon
    session.execute(ResolveAeoAction(answer=ChartAnswer()))
    discarded = [r.event for r in session.records if isinstance(r.event, AeoCardsDiscarded)]
    session.execute(Undo())  # the latest decision: the Panzer IV marked spent, before all of it
    state = session.state
    assert state.aeo.impulse.roll == (2, 2) and state.aeo.impulse.pip == 5 and state.aeo.impulse.acts
    assert [r.event for r in session.records if isinstance(r.event, AeoCardsDiscarded)] == discarded
    assert not state.unit(named(state, "Panzer IV")).spent
    session.execute(Redo())
    assert session.state.unit(named(session.state, "Panzer IV")).spent
    assert next(r.event for r in session.records if isinstance(r.event, AeoRolled)).faces == (2, 2)


def test_undoing_the_aeos_order_leaves_its_choice_and_its_dice(session):
    solo_game(session, *TABLE)
    session.execute(AdjustUnit(unit=named(session.state, "Grenadiers"), changes={"spent": True}))
    to_the_roll(session)
    rolled(session, 1, 3)
    session.execute(ResolveAeoAction(answer=ChartAnswer()))
    session.execute(ResolveAeoAction())
    grenadiers = named(session.state, "Grenadiers")
    assert not session.state.unit(grenadiers).spent
    session.execute(Undo())
    state = session.state
    assert state.unit(grenadiers).spent and [a.outcome for a in state.aeo.impulse.acts] == ["impossible", "readied"]
    assert stage(state).kind == "done"


def test_ending_the_aeos_impulse_before_it_is_done_is_offered_on_confirm(session):
    solo_game(session, *TABLE)
    with pytest.raises(Overridable) as refused:
        session.execute(EndImpulse())
    assert refused.value.override == EndImpulse(force=True)
    session.execute(refused.value.override)
    assert session.state.side == 1


def test_an_aeo_action_sets_off_the_usual_check_flow(session):
    solo_game(session, *TABLE)
    grenadiers = named(session.state, "Grenadiers")
    session.execute(AdjustUnit(unit=grenadiers, changes={"shaken": 1}))
    to_the_roll(session)
    session.execute(KeyAeoDie(face=2))
    session.execute(KeyAeoDie(face=3))
    intent = CONTROLLER.press(session.state, "confirm", None, None)
    intent = answer(intent, first="rally", save=False)
    for command in intent.commands:
        session.execute(command)
    session.execute(ResolveAeoAction())
    assert session.state.check is not None and session.state.check.check.kind == "rally"
    assert CONTROLLER.available(session.state)[:1] == ("face",)
    press(session, "face", 2)
    press(session, "face", 2)
    assert session.state.check is None and session.state.unit(grenadiers).shaken == 0


def test_the_players_fire_at_the_aeo_spends_a_cover_marker_when_the_cover_flowchart_plays_one(session):
    solo_game(session, *TABLE, first=1)
    session.execute(EndImpulse(force=True))
    to_the_roll(session)
    rolled(session, 1, 2)  # "Move / Recon (Acquire Cover)"
    session.execute(ResolveAeoAction(answer=ChartAnswer()))
    session.execute(ResolveAeoAction(answer=ChartAnswer()))
    session.execute(EndImpulse(force=True))
    assert session.state.aeo.cover == 1 and session.state.side == 1
    asked = CONTROLLER.press(session.state, "fire", None, named(session.state, "US Rifle squad"))
    assert "The AEO holds 1 cover marker" in asked.form.note
    intent = answer(asked, targets=(named(session.state, "Grenadiers"),), cover=True)
    assert [type(c) for c in intent.commands] == [Order, SpendAeoCover]
    for command in intent.commands:
        session.execute(command)
    assert session.state.aeo.cover == 0 and session.state.check.check.defence >= 2


def test_an_order_for_the_aeos_units_by_its_table_is_refused_outside_its_impulse(session):
    solo_game(session, *TABLE, first=1)
    session.execute(EndImpulse())
    session.execute(EndImpulse(force=True))
    assert session.state.side == 1
    with pytest.raises(RuleViolation, match="only the AEO's units act by the AEO's table"):
        session.execute(Order(units=(named(session.state, "US Rifle squad"),), action="move", via="aeo"))
    assert not any(isinstance(r.event, UnitsOrdered) for r in session.records)


def test_free_play_chooses_the_aeos_side_and_posture_on_the_deck_form(session):
    intent = answer(CONTROLLER.press(session.state, "confirm", None, None), aeo=1, posture="offensive")
    for command in intent.commands:
        session.execute(command)
    state = session.state
    assert (state.aeo.side, state.aeo.posture) == (1, "offensive") and state.deck.hands == (0, 5)
    assert stage(state).kind == "start"
    # Before those discards, a form would only be refused once answered: it does not open.
    for action in ("check", "fire", "add_unit"):
        with pytest.raises(RuleViolation, match=r"the AEO discards the top 4 Action cards before play \(12.3\)"):
            CONTROLLER.press(state, action, None, None)



def test_in_the_aeos_impulse_the_bar_offers_its_step_first_and_the_players_orders_after(session):
    # The players tap what the AEO's panel asks for (its Upkeep's Confirm, its card's pips, its
    # dice) without looking for it behind More….
    offered = lambda: [(action.name, action.value) for action in CONTROLLER.tappable(session.state)]  # noqa: E731
    solo_game(session, *TABLE)
    assert offered()[:2] == [("confirm", None), ("fire", None)]
    press(session, "confirm")
    # Confirm would only say to key the card's pips, or to roll: what does it comes first.
    assert offered()[:7] == [*(("face", pip) for pip in range(1, 7)), ("confirm", None)], "the card's pips"
    press(session, "face", 4)
    assert offered()[:8] == [("roll", None), *(("face", face) for face in range(1, 7)), ("confirm", None)]
    assert ("fire", None) in offered()[8:]


def test_undo_and_backspace_erase_the_aeos_first_die_before_anything_is_taken_back(session):
    solo_game(session, *TABLE)
    to_the_roll(session)
    assert isinstance(press(session, "erase"), Tell), "nothing keyed: nothing to erase"
    press(session, "face", 2)
    assert "erase" in CONTROLLER.available(session.state)
    assert press(session, "undo") == Run.one(EraseFace())
    assert session.state.aeo.impulse.face is None and stage(session.state).kind == "roll"
    press(session, "face", 5)
    assert press(session, "erase") == Run.one(EraseFace())
    press(session, "face", 3)
    press(session, "face", 1)
    assert session.state.aeo.impulse.roll == (3, 1), "the dice as keyed again"
    with pytest.raises(NothingToDo):
        session.execute(EraseFace())


def test_undo_right_after_the_aeos_discards_names_them_and_how_to_correct_the_count(session):
    """A refusal names the fact the players just saw (the discards before play), not the decision
    behind it that undo would have reached (the setup's last unit)."""
    solo_game(session, *TABLE)
    session.execute(EndImpulse(force=True))
    session.execute(EndImpulse())  # the players' impulse: nothing decided in it
    to_the_roll(session, pip=5)
    with pytest.raises(RuleViolation) as refused:
        session.execute(Undo())
    assert str(refused.value) == ("cannot undo “AEO discards 1 card (5 pips): impulse”: undo never un-draws a card "
                                  "(a miscount: Correct deck, s)")


def test_undoing_the_smoke_attempts_result_is_refused_once_the_aeos_d6_was_rolled_on_it(session):
    """12.3.4.5: the physical d6 that cancels the move is rolled because the smoke attempt failed:
    the result stands with it (undo never re-rolls), and the refusal names the die."""
    solo_game(session, (GRENADIERS, 2, "B2", "woods"), (SQUAD, 1, "B2", "clear"))
    acting_on_row(session, "move")
    session.execute(ResolveAeoAction(answer=ChartAnswer(sector="B2/2", to="B1/2")))
    session.execute(EnterPip(pip=1))  # no smoke
    (result,) = [r for r in session.records if isinstance(r.event, CheckResolved)]
    session.execute(ResolveAeoAction())
    session.execute(KeyAeoDie(face=2))
    with pytest.raises(RuleViolation) as refused:
        session.execute(Undo())
    said = str(refused.value)
    assert said == ("cannot undo “Smoke in B1 German”: the AEO went on from it, “AEO smoke d6: 2, the move is "
                    "cancelled”: undo never re-rolls (13.0: adapt its play, t, p)")
    assert not any(isinstance(r.event, DecisionUndone) for r in session.records)
    assert result.event.outcome is not None and stage(session.state).kind == "done"


def test_the_aeos_impulse_card_as_the_last_one_ends_the_turn_only_once_its_action_is_completed(session):
    """4.13: "once the last card is drawn from the Action Card deck and the action is completed (all
    checks are resolved), it triggers the turn end". The AEO rolls and acts in the turn its card
    ended; a Discard action it owes then takes its card from the new deck, which keeps it out."""
    solo_game(session, *TABLE)
    draw(session, 5, 5, 5, 6, 6, 6, 1, 1)
    to_the_roll(session, pip=2)  # the last card
    assert session.state.deck.exhausted and session.state.turn == 1
    assert "the turn ends when the AEO's action is completed (4.13)" in " ".join(deck_lines(session.state, CATALOG))
    rolled(session, 2, 2)  # defensive 4 on 2 and 2: Recon
    session.execute(ResolveAeoAction(answer=ChartAnswer()))  # the flowchart gives it nothing: a Discard action
    assert stage(session.state).kind == "discard_action" and session.state.turn == 1
    session.execute(DiscardAeoCards(pips=(6,)))
    assert [type(r.event) for r in session.records[-3:]] == [DeckReshuffled, AeoCardsDiscarded, TurnEnded]
    assert session.state.turn == 2 and session.state.deck.left == 18 - 5 - 1
