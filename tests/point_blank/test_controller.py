"""Point Blank's controller without a screen: what each key asks for, the forms with their labels
and defaults from the table, and the commands their answers make, committed on a real session."""

import pytest

from companion.errors import Overridable, RuleViolation
from companion.games.kit.forms import Choice, FormError, Pick, Tick
from companion.games.kit.intents import Run, SaveFile, Tell
from companion.games.point_blank import check_forms
from companion.games.point_blank.checks.fire import InfantryFire
from companion.games.point_blank.commands import (
    AddUnit,
    AdjustUnit,
    CorrectDeck,
    EndImpulse,
    EnterPip,
    Order,
    SetUpGame,
    StartCheck,
)
from companion.games.point_blank.controller import KEYMAP
from companion.games.point_blank.lights import lights
from companion.games.rules import Undo
from companion.hardware.controls import Control
from tests.point_blank.playing import (
    CONTROLLER,
    GERMAN,
    LIEUTENANT,
    SQUAD,
    UnitTemplate,
    answer,
    asked,
    bar,
    deploy,
    deploying,
    field,
    played,
    press,
    ran,
    set_up,
)

HALFTRACK = UnitTemplate(name="M3", kind="afv", morale=7, firepower=1, front_armour=1, flank_armour=1,
                         nationality="us")
OLD_KEYS = "123456 nckfimalrdotpzwbhvexuy"
"""Every key the Point Blank screen had before the game kit (and space, g and escape)."""


def test_every_key_of_the_old_screen_is_in_the_keymap_with_its_help():
    keys = {key for action in KEYMAP for key in (action.keys or "").split(",")}
    assert set(OLD_KEYS.replace(" ", "")) | {"space"} <= keys
    assert all(action.help for action in KEYMAP if action.keys and action.name != "face")
    wired = {control: KEYMAP.for_control(control, value) for control, value in
             ((Control.FACE, 4), (Control.NEXT, None), (Control.CONFIRM, None), (Control.ROLL, None))}
    assert {control: found[0].name for control, found in wired.items() if found} == {
        Control.FACE: "face", Control.NEXT: "end_impulse", Control.CONFIRM: "confirm", Control.ROLL: "roll"}


@pytest.mark.parametrize("action", ["face", "confirm", "fire", "end_impulse"])
def test_before_setup_every_key_asks_for_the_deck(action):
    assert asked(CONTROLLER.press(played(), action, 3, None)).form.title.startswith("Action deck")
    assert CONTROLLER.available(played()) == ("confirm",)


def test_the_deck_is_saved_only_when_ticked_and_the_form_says_it_replaces_the_players_file():
    intent = CONTROLLER.press(played(), "confirm", None, None)
    save = field(intent, "save")
    assert isinstance(save, Tick) and save.default is False and "replacing" not in save.label
    assert isinstance(answer(intent), Run)
    saved = answer(intent, save=True, pip6="8")
    assert isinstance(saved, SaveFile) and saved.name == "deck.toml" and "[9, 9, 9, 9, 9, 8]" in saved.text
    set_up_game = ran(saved.then).commands[0]
    assert isinstance(set_up_game, SetUpGame) and set_up_game.cards_per_pip == (9, 9, 9, 9, 9, 8)
    theirs = type(CONTROLLER)(CONTROLLER.data, frozenset({"deck.toml"}))
    assert "replacing your deck.toml" in field(theirs.press(played(), "confirm", None, None), "save").label


def test_a_deck_too_small_for_both_hands_is_refused_in_the_form():
    with pytest.raises(ValueError, match="both hands"):
        answer(CONTROLLER.press(played(), "confirm", None, None), pip1="0", pip2="0", pip3="0", pip4="0", pip5="1",
               pip6="1")


def test_a_stray_face_key_is_refused_and_confirm_draws_it(session):
    set_up(session)
    with pytest.raises(Overridable) as refused:
        press(session, "face", 4)
    assert refused.value.override == EnterPip(pip=4, plain=True)
    assert session.state.deck.left == 8


def test_a_fire_order_fills_in_the_selected_unit_the_only_target_and_the_leaders_modifier(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=LIEUTENANT, side=1))
    deploy(session, GERMAN, 2, "B2", "brush")
    form = CONTROLLER.press(session.state, "fire", None, 1)
    lead, targets, leader = field(form, "lead"), field(form, "targets"), field(form, "leader")
    assert isinstance(lead, Choice) and lead.initial == 1
    assert isinstance(targets, Pick) and targets.default == (3,)
    assert isinstance(leader, Choice) and [label for _, label in leader.options] == ["No leader", "Lt (+1)"]
    assert all(field.label for field in asked(form).form.fields)
    order = ran(answer(form, leader="2")).commands[0]
    assert isinstance(order, Order) and order.units == (1,)
    assert isinstance(order.check, InfantryFire) and order.check.modifier == 1  # the lieutenant's +1 (2.11)
    session.execute(order)
    assert session.state.check is not None


def test_the_fire_group_lists_only_the_units_other_than_the_lead(session):
    """It listed the lead unit too (`1 · 1st squad · US`) under "Other units of the fire group"."""
    set_up(session)
    for _ in range(3):
        session.execute(AddUnit(template=SQUAD, side=1))
    deploy(session, GERMAN, 2, "B2", "brush")
    intent = CONTROLLER.press(session.state, "fire", None, 1)
    form, group = asked(intent).form, field(intent, "group")
    assert isinstance(group, Pick)
    assert [value for value, _ in group.shown(form.defaults())] == [2, 3]
    assert [value for value, _ in group.shown({**form.defaults(), "lead": 2})] == [1, 3]
    assert form.read({**form.defaults(), "lead": 2, "group": [1, 2]})["group"] == (1,), "the lead is not ticked"


def test_an_order_form_starts_at_a_unit_the_order_would_do_something_for(session):
    """A spent squad may not fire (4.8): the form starts at the one that may, and Ready at the spent one."""
    set_up(session)
    for _ in range(2):
        session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=GERMAN, side=2))
    session.execute(AdjustUnit(unit=1, changes={"spent": True}))
    for selected in (None, 1):
        lead = field(CONTROLLER.press(session.state, "fire", None, selected), "lead")
        assert isinstance(lead, Choice) and lead.initial == 2
        units = field(CONTROLLER.press(session.state, "ready", None, selected), "units")
        assert isinstance(units, Pick) and units.default == (1,)
    lead = field(CONTROLLER.press(session.state, "fire", None, 2), "lead")
    assert isinstance(lead, Choice) and lead.initial == 2


def test_an_order_the_rules_refuse_is_refused_inside_its_form_which_stays_open(session):
    """Not once the form has closed, with every answer to give again (8.3, 4.8)."""
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=GERMAN, side=2))
    session.execute(AdjustUnit(unit=1, changes={"spent": True}))
    with pytest.raises(RuleViolation, match="is spent: it may only rally or be readied"):
        answer(CONTROLLER.press(session.state, "move", None, 1), units=(1,))
    with pytest.raises(RuleViolation, match="only a Cover card is played out of turn"):
        answer(CONTROLLER.press(session.state, "other", None, 2), action="recon")
    assert ran(answer(CONTROLLER.press(session.state, "ready", None, 1))).commands[0].units == (1,)


def test_while_a_check_is_in_progress_an_order_is_refused_at_once(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(EnterPip(pip=2, plain=True))
    session.execute(AddUnit(template=GERMAN, side=2))
    press(session, "check", kind="plain", cards="2")
    intent = CONTROLLER.press(session.state, "fire", None, 1)
    assert isinstance(intent, Tell) and "Finish the check in progress first: 2d6 check" in intent.text
    assert CONTROLLER.available(session.state) == ("face", "cancel_check", "undo", "redo", "edit_unit", "battlefield")


def table():
    return played(
        SetUpGame(cards_per_pip=(9, 9, 9, 9, 9, 9), nationalities=("us", "german")),
        *deploying((SQUAD, 1, "B1", "woods"), (HALFTRACK, 1, "B1", "woods"), (LIEUTENANT, 1, "B1", "woods"),
                   (GERMAN, 2, "B2", "brush")),
        AdjustUnit(unit=2, changes={"bogged": True, "weapon_broken": True}),
    )


ANSWERS = {"targets": [4], "units": [1], "firer": "2", "radio": "1", "on4": "4", "attackers": [1], "defenders": [4],
           "afv": "2", "unit": "2", "sector": "B2/2", "target": "4"}


@pytest.mark.parametrize(("kind", "checked"), [
    ("plain", "plain"), ("spotting", "spotting"), ("concealment", "concealment"), ("smoke", "smoke"),
    ("mortar_smoke", "smoke"), ("blaze", "blaze"), ("bog", "bog"), ("unbog", "unbog"), ("repair", "repair"),
    ("morale", "morale"), ("sniper", "sniper"), ("ordnance", "ordnance"), ("barrage", "barrage"),
    ("melee", "melee"), ("overrun", "melee"), ("mines", "mines"),
])
def test_each_check_kind_has_its_own_labelled_form_that_builds_that_check(kind, checked):
    form = asked(answer(CONTROLLER.press(table(), "check", None, None), kind=kind))
    assert all(field.label for field in form.form.fields)
    assert len({field.name for field in form.form.fields}) == len(form.form.fields)
    started = ran(answer(form, **ANSWERS)).commands[0]
    assert isinstance(started, StartCheck) and started.check.kind == checked
    assert len(check_forms.KINDS) == 16


def test_in_an_upkeep_with_a_melee_due_the_check_form_opens_on_it():
    state = played(SetUpGame(cards_per_pip=(9, 9, 9, 9, 9, 9)), AddUnit(template=SQUAD, side=1),
                   AddUnit(template=SQUAD, side=1), AddUnit(template=GERMAN, side=2),
                   Order(units=(2,), action="melee", targets=(3,)), EndImpulse(), EndImpulse())
    which = CONTROLLER.press(state, "check", None, 1)
    kind = field(which, "kind")
    assert isinstance(kind, Choice) and kind.initial == "melee"
    attackers, defenders = field(answer(which), "attackers"), field(answer(which), "defenders")
    assert isinstance(attackers, Pick) and isinstance(defenders, Pick)
    assert (attackers.default, defenders.default) == ((2,), (3,))


def test_a_unit_is_added_to_the_side_playing_its_nationality():
    state = played(SetUpGame(cards_per_pip=(9, 9, 9, 9, 9, 9), nationalities=("us", "german")))
    added = ran(answer(CONTROLLER.press(state, "add_unit", None, None), template="german_ss")).commands[0]
    assert isinstance(added, AddUnit) and added.side == 2 and added.template.name == "German SS"
    chosen = ran(answer(CONTROLLER.press(state, "add_unit", None, None), template="german_ss", side="1")).commands[0]
    assert isinstance(chosen, AddUnit) and chosen.side == 1


def test_the_add_unit_form_starts_at_a_unit_of_the_side_to_act():
    """Taken as offered, it gives the side to act, which has no unit yet, one: not another for the
    side playing the library's first nationality."""
    state = played(SetUpGame(cards_per_pip=(9, 9, 9, 9, 9, 9), nationalities=("us", "german")),
                   AddUnit(template=SQUAD, side=1), EndImpulse())
    assert state.side == 2 and bar(state)[0] == "add_unit"
    added = ran(answer(CONTROLLER.press(state, "add_unit", None, None))).commands[0]
    assert isinstance(added, AddUnit) and added.side == 2 and added.template.nationality == "german"


def test_editing_a_unit_sends_only_what_changed():
    state = table()
    form = CONTROLLER.press(state, "edit_unit", None, 1)
    assert isinstance(answer(form), Tell)
    adjusted = ran(answer(form, spotted=True, fatigue="1")).commands[0]
    assert isinstance(adjusted, AdjustUnit)
    assert adjusted.changes == {"spotted": True, "fatigue": 1}
    assert {"sector", "terrain"}.isdisjoint(f.name for f in asked(form).form.fields), "a move is M, a card is T"


def test_the_ready_action_offers_the_good_order_leaders_in_the_units_sector(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1, sector="B1"))
    session.execute(AddUnit(template=LIEUTENANT, side=1, sector="B1"))
    session.execute(AddUnit(template=LIEUTENANT, side=1, sector="C1"))
    session.execute(AddUnit(template=SQUAD, side=1, sector="B1"))
    session.execute(AdjustUnit(unit=1, changes={"fatigue": 2}))
    session.execute(AdjustUnit(unit=4, changes={"fatigue": 1}))  # another unit for the odd d6 (8.9)
    by = field(CONTROLLER.press(session.state, "ready_fatigue", None, 1), "by")
    assert isinstance(by, Choice) and [value for value, _ in by.options] == [2, "card"]
    press(session, "ready_fatigue", selected=1)
    state = session.state
    assert state.unit(1).fatigue == 1 and state.unit(2).spent
    assert state.check is not None and state.check.check.kind == "fatigue_bonus"


def test_the_odd_d6s_key_opens_a_form_of_the_other_fatigued_units_and_takes_the_level_off_the_one_chosen(session):
    """6.2.1.3, 8.9: the second level comes off another unit, whichever unit the table has selected."""
    set_up(session)
    for _ in range(3):
        session.execute(AddUnit(template=SQUAD, side=1))
    session.execute(AddUnit(template=GERMAN, side=2))
    for unit in (1, 2, 4):
        session.execute(AdjustUnit(unit=unit, changes={"fatigue": 1}))
    press(session, "discard_fatigue", selected=1)
    session.execute(EnterPip(pip=5))
    form = CONTROLLER.press(session.state, "bonus_fatigue", None, 1)
    unit = field(form, "unit")
    assert isinstance(unit, Choice) and [value for value, _ in unit.options] == [2]
    assert "6.2.1.3" in asked(form).form.note and "US Rifle squad" in asked(form).form.note
    press(session, "bonus_fatigue", selected=1)
    assert [u.fatigue for u in session.state.units] == [0, 0, 0, 1] and not session.state.fatigue_bonus_owed


def test_after_a_leaders_ready_action_the_odd_d6s_form_lists_only_the_units_in_his_sector(session):
    """8.9: a leader's Ready action removes fatigue "only within the same Sector", the odd d6's level too."""
    set_up(session)
    for sector in ("B1", "C1", "B1"):
        session.execute(AddUnit(template=SQUAD, side=1, sector=sector))
    session.execute(AddUnit(template=LIEUTENANT, side=1, sector="B1"))
    for unit in (1, 2, 3):
        session.execute(AdjustUnit(unit=unit, changes={"fatigue": 1}))
    press(session, "ready_fatigue", selected=1, by=4)
    session.execute(EnterPip(pip=1))
    form = CONTROLLER.press(session.state, "bonus_fatigue", None, 2)
    unit = field(form, "unit")
    assert isinstance(unit, Choice) and [value for value, _ in unit.options] == [3]
    assert "8.9" in asked(form).form.note and "B1 US" in asked(form).form.note


def test_a_ready_action_the_rules_refuse_is_refused_before_its_form_opens(session):
    set_up(session)
    session.execute(AddUnit(template=SQUAD, side=1, sector="B1"))
    session.execute(AddUnit(template=GERMAN, side=2, sector="B1"))
    session.execute(AdjustUnit(unit=2, changes={"fatigue": 1}))
    with pytest.raises(RuleViolation, match="has no fatigue to remove"):
        CONTROLLER.press(session.state, "ready_fatigue", None, 1)
    with pytest.raises(RuleViolation, match="is not the phasing side's unit"):
        CONTROLLER.press(session.state, "ready_fatigue", None, 2)


def test_correcting_the_deck_sets_the_cards_left_per_pip_and_undo_takes_it_back(session):
    set_up(session)
    session.execute(EnterPip(pip=6, plain=True))
    session.execute(EnterPip(pip=6, plain=True, force=False))
    assert asked(CONTROLLER.press(session.state, "correct_deck", None, None)).form.submit == "Replace the count"
    press(session, "correct_deck", pip1="1", pip2="1", pip3="1", pip4="1", pip5="1", pip6="0")
    deck = session.state.deck
    assert deck.left == 5 and deck.unseen == (1, 1, 1, 1, 1, 0) and deck.miscounts == 0
    session.execute(Undo())
    assert session.state.deck.left == 6


def test_correct_deck_offers_no_count_by_pips_and_taken_as_offered_changes_nothing(session):
    set_up(session, cards=(9, 9, 9, 9, 9, 9), nationalities=("us", "german"))
    for pip in (6, 1, 3, 6):
        session.execute(EnterPip(pip=pip, plain=True))
    session.execute(EndImpulse())
    deck = session.state.deck
    assert (deck.left, deck.hands, sum(deck.unseen)) == (40, (5, 5), 50), "the hands are unseen, not in the pile"
    form = asked(CONTROLLER.press(session.state, "correct_deck", None, None))
    assert form.form.defaults() == {f"pip{pip}": "" for pip in range(1, 7)}
    counted = "it holds 40 of the deck's 54 cards; 10 are in the hands (US 5 · German 5) and 4 in the discard pile"
    assert counted in form.form.note
    assert form.form.fields[0].label == "Cards with 1 pip in the draw pile"
    with pytest.raises(FormError, match="Cards with 1 pip in the draw pile: empty; enter a number from 0 to 99"):
        answer(form)
    assert session.state.deck == deck


def test_a_draw_pile_that_cannot_fit_beside_the_hands_is_refused_in_the_form_and_by_the_rules(session):
    set_up(session, cards=(9, 9, 9, 9, 9, 9))
    for pip in (6, 1, 3, 6):
        session.execute(EnterPip(pip=pip, plain=True))
    deck = session.state.deck
    unseen = {f"pip{pip}": str(count) for pip, count in enumerate(deck.unseen, 1)}  # what the form offered
    form = CONTROLLER.press(session.state, "correct_deck", None, None)
    refusal = "50 cards in the draw pile and 10 in the hands make 60, more than the deck's 54: the draw pile holds 44"
    with pytest.raises(RuleViolation, match=refusal):
        answer(form, **unseen)
    with pytest.raises(RuleViolation, match=refusal):
        session.execute(CorrectDeck(pile=deck.unseen))
    assert session.state.deck == deck
    press(session, "correct_deck", pip1="8", pip2="7", pip3="7", pip4="7", pip5="8", pip6="7")
    deck = session.state.deck
    assert (deck.left, deck.hands, deck.size, deck.discarded) == (44, (5, 5), 54, 0), "a pip keyed for no card"


def test_the_lights_follow_the_side_to_act_the_cards_left_and_each_resolved_check(session):
    assert lights(session.state).side is None and lights(session.state).number is None
    set_up(session)
    first = lights(session.state)
    assert (first.side, first.number) == (1, 8)
    session.execute(EnterPip(pip=3, plain=True))
    resolved = lights(session.state)
    assert resolved.roll != first.roll and resolved.number == 7
    session.execute(Undo())
    assert lights(session.state).roll == resolved.roll, "an undo does not flash the roll LED"
    session.execute(EndImpulse())
    assert lights(session.state).side == 2
