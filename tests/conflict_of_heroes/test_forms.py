"""The forms behind Conflict of Heroes' keys: what each asks, its labels and defaults, and what it refuses."""

from dataclasses import replace

import pytest

from companion.errors import NothingToDo, RuleViolation
from companion.games.conflict_of_heroes.commands import AddUnit, DeclareAttack, DeclareRally, Pass, RevealCounter
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.library import shipped
from companion.games.kit.forms import Choice, Number, Pick, Text, Tick
from companion.games.kit.intents import Ask, Reveal, Run
from companion.session import GameSession
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, only, start_with_turn
from tests.conflict_of_heroes.controlling import CONTROLLER, answer, buttons, press, run


def test_the_set_up_form_asks_the_sides_by_name_with_labels_and_the_current_values(game):
    intent = press(game, "sides")
    assert isinstance(intent, Ask)
    fields = {field.name: field for field in intent.form.fields}
    assert [f.label for f in fields.values()] == [
        "Name of the side on the left", "Name of the side on the right", "German's starting CAPs",
        "Soviet's starting CAPs", "Announces first when the CAPs tie (the Soviet side, 3.24)",
    ]
    first_on_tie = fields["first_on_tie"]
    assert isinstance(first_on_tie, Choice) and first_on_tie.options == ((1, "German"), (2, "Soviet"))
    run(game, answer(intent, name_2="Red Army", caps_2="9"))
    assert (game.state.side(SOVIET).name, game.state.side(SOVIET).caps.start) == ("Red Army", 9)
    start_with_turn(game, GERMAN, caps=(7, 9))
    later = press(game, "sides")
    assert isinstance(later, Ask)
    assert [field.name for field in later.form.fields] == ["name_1", "name_2", "first_on_tie"]


def test_the_add_unit_form_puts_a_unit_with_its_nationality_and_asks_before_putting_it_elsewhere(game):
    intent = press(game, "add_unit")
    assert isinstance(intent, Ask)
    assert [type(field) for field in intent.form.fields] == [Choice, Text, Choice]
    added = answer(intent, unit="soviet_rifle_squad", label="Squad D")
    assert added == Run.one(AddUnit(side=SOVIET, label="Squad D", profile=shipped().units["soviet_rifle_squad"]))
    run(game, added)
    misplaced = answer(press(game, "add_unit"), unit="soviet_mmg", side=str(GERMAN))
    assert isinstance(misplaced, Ask)
    assert misplaced.form.title == "Put Soviet MMG on the German side?"
    assert misplaced.form.note == "Soviet units go on the Soviet side."
    run(game, misplaced.then({}))
    assert game.state.unit(2).side == GERMAN  # the players said so


def test_a_unit_goes_with_the_side_already_playing_its_nationality_whatever_the_sides_are_called(game):
    run(game, answer(press(game, "sides"), name_1="Axis", name_2="Allies"))
    run(game, answer(press(game, "add_unit"), unit="german_hmg", side=str(GERMAN)))
    run(game, answer(press(game, "add_unit"), unit="german_rifle_squad"))
    run(game, answer(press(game, "add_unit"), unit="soviet_mmg"))  # opposite the German side
    assert [unit.side for unit in game.state.units] == [GERMAN, GERMAN, SOVIET]


def test_a_payment_the_rules_refuse_is_refused_inside_the_form_which_stays_open_to_change_it(game):
    """A unit not activated has no APs: pay all in CAPs (a command action), or activate it first."""
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN, caps=(9, 9))
    cost = game.state.unit(squad).profile.move_cost
    for action, whole in (("move", cost), ("fire", game.state.unit(squad).profile.fire_cost)):
        with pytest.raises(RuleViolation, match=f"Squad B is not activated: pay its whole {action} cost of {whole}"):
            answer(press(game, action, selected=squad))
    run(game, answer(press(game, "move", selected=squad), caps=str(cost)))
    assert game.state.side(GERMAN).caps.current == 9 - cost


def test_a_spent_unit_is_told_only_to_pay_in_caps_since_it_cannot_activate_again(game):
    squad = add(game, GERMAN, "G1", "german_rifle_squad")
    add(game, SOVIET, "S1", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, press(game, "activate", selected=squad))
    run(game, press(game, "spent", selected=squad))
    with pytest.raises(RuleViolation) as refused:
        answer(press(game, "fire", selected=squad))
    assert str(refused.value) == "G1 is spent: pay its whole fire cost of 3 in CAPs (a command action)"
    run(game, answer(press(game, "fire", selected=squad), caps="3"))
    assert game.state.pending is not None


def test_a_unit_short_of_aps_is_told_to_pay_the_rest_in_caps_in_the_form_when_its_side_has_caps(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, press(game, "activate", selected=squad))
    unit = game.state.unit(squad)
    fire_cost = unit.profile.fire_cost
    run(game, answer(press(game, "move", selected=squad), extra=str(unit.aps - unit.profile.move_cost - 2)))
    game.execute(Pass(side=SOVIET))
    with pytest.raises(RuleViolation) as refused:
        answer(press(game, "fire", selected=squad))
    assert str(refused.value) == f"{fire_cost} APs needed, Squad B has 2 left: pay the rest in CAPs in the form"
    run(game, answer(press(game, "fire", selected=squad), caps=str(fire_cost - 2)))
    assert game.state.pending is not None


def test_a_unit_short_of_aps_whose_side_has_no_cap_left_is_told_only_what_it_lacks(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, press(game, "activate", selected=squad))
    unit = game.state.unit(squad)
    state = game.state.with_unit(replace(unit, aps=2))
    state = state.with_caps(GERMAN, state.side(GERMAN).caps.drain(state.side(GERMAN).caps.current))
    with pytest.raises(RuleViolation) as refused:
        answer(CONTROLLER.press(state, "fire", None, squad))
    assert str(refused.value) == f"{unit.profile.fire_cost} APs needed, Squad B has 2 left"

def test_the_attack_form_offers_the_enemy_units_none_ticked_and_which_of_them_are_hit_in_the_flank(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    first = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    second = add(game, SOVIET, "MMG", "soviet_mmg")
    start_with_turn(game, GERMAN)
    intent = press(game, "fire", selected=squad)
    assert isinstance(intent, Ask)
    targets = intent.form.fields[0]
    assert isinstance(targets, Pick) and targets.options == ((first, "Squad D"), (second, "MMG"))
    assert targets.default == (), "a Space ticks, whichever unit it is on"
    declared = answer(intent, targets=[str(first), str(second)], flank=[str(second)], terrain="2", band="adjacent",
                      caps="3")
    assert isinstance(declared, Run) and isinstance(declared.commands[0], DeclareAttack)
    attack = declared.commands[0]
    assert [(target.unit, target.facing, target.terrain_dm) for target in attack.targets] == [
        (first, "front", 2), (second, "flank", 2)]
    assert (attack.band, attack.caps_paid) == ("adjacent", 3)


def test_the_attack_form_never_offers_the_attackers_own_units_and_one_enemy_among_them_is_the_lone_target(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, GERMAN, "HMG", "german_hmg")
    first = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    lone = press(game, "fire", selected=squad)
    assert isinstance(lone, Ask) and lone.form.title == "Squad B fires at Squad D"
    declared = answer(lone, caps="3")
    assert isinstance(declared, Run) and [t.unit for t in declared.commands[0].targets] == [first]  # type: ignore[attr-defined]
    second = add(game, SOVIET, "MMG", "soviet_mmg")
    intent = press(game, "fire", selected=squad)
    assert isinstance(intent, Ask)
    picks = [field for field in intent.form.fields if isinstance(field, Pick)]
    assert [field.options for field in picks] == [((first, "Squad D"), (second, "MMG"))] * 2


def test_a_lone_enemy_unit_is_the_target_with_no_list_to_tick_or_untick_only_its_facing_to_choose(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    intent = press(game, "fire", selected=squad)
    assert isinstance(intent, Ask)
    assert intent.form.title == "Squad B fires at Squad D" and not any(
        isinstance(field, Pick) for field in intent.form.fields)
    facing = intent.form.fields[0]
    assert isinstance(facing, Choice) and facing.initial == "front"
    declared = answer(intent, facing="flank", terrain="2", band="adjacent", caps="3")
    assert isinstance(declared, Run) and isinstance(declared.commands[0], DeclareAttack)
    attack = declared.commands[0]
    assert [(target.unit, target.facing, target.terrain_dm) for target in attack.targets] == [(target, "flank", 2)]
    as_offered = answer(press(game, "fire", selected=squad), caps="3")
    assert isinstance(as_offered, Run) and as_offered.commands[0].targets[0].facing == "front"  # type: ignore[attr-defined]


def soviet_squad_hit(new_game, counter: str) -> tuple[GameSession, int]:
    """A German HMG's fire hits a Soviet squad, the piles holding only `counter` counters; the
    Soviet side is to act."""
    game = new_game(only(counter))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, answer(press(game, "fire", selected=hmg), caps="2"))
    enter(game, 4, 4)
    return game, squad



def test_a_lone_targets_facing_is_asked_as_front_or_flank_in_words(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    intent = press(game, "fire", selected=squad)
    assert isinstance(intent, Ask)
    assert intent.form.fields[0].label == "Squad D is hit in the front or flank (close combat: always the flank)"

@pytest.mark.parametrize(("cover_dm", "hill", "friends", "bonus"), [
    (1, False, 0, 1), (3, False, 0, 1), (0, False, 0, 0), (-1, False, 0, 0), (2, True, 0, 0), (1, False, 2, 3),
])
def test_7_51_the_cover_bonus_needs_at_least_plus_1_dm_and_hills_do_not_count(new_game, cover_dm, hill, friends, bonus):
    """7.51: "Units in cover add a +1 rally die roll modifier to their rally attempt. The unit must be
    in a hex which provides at least +1DM of cover to receive this bonus. Hills do not count for this
    modifier. Units stacked with other friendly un-hit units receive an additional +1 rally die roll
    modifier per friendly un-hit unit in the same hex." """
    game, squad = soviet_squad_hit(new_game, "suppressed")
    run(game, press(game, "activate", selected=squad))
    rally = answer(press(game, "rally", selected=squad), cover_dm=str(cover_dm), hill=hill, friends=str(friends))
    assert isinstance(rally, Run) and isinstance(rally.commands[0], DeclareRally)
    run(game, rally)
    assert game.state.pending.rally.bonus == bonus


def test_the_rally_form_asks_the_hexs_dm_and_whether_it_is_a_hill(new_game):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    with pytest.raises(NothingToDo, match="no hit counter to rally from"):
        press(game, "rally", selected=hmg)
    run(game, answer(press(game, "fire", selected=hmg), caps="2"))
    enter(game, 4, 4)
    form = press(game, "rally", selected=squad).form  # type: ignore[union-attr]
    assert [(type(field), field.label) for field in form.fields] == [
        (Number, "DM of the unit's hex"),
        (Tick, "That DM is a hill's (hills give no rally bonus, 7.51)"),
        (Number, "Un-hit friendly units in the hex (+1 each, 7.51)"),
        (Tick, "Enemy units in the hex (no rally then, 7.5)"),
        (Number, "Of the 5 AP, paid in CAPs"),
    ]


def test_the_fire_form_states_the_cost_with_a_hit_counters_change_without_naming_a_hidden_counter(new_game):
    """7.4: a Suppressed squad's fire costs 4 +1; firing uses the changed cost, which shows the counter."""
    game, squad = soviet_squad_hit(new_game, "suppressed")
    form = press(game, "fire", selected=squad)
    assert isinstance(form, Ask)
    cost = form.form.fields[-1]
    assert isinstance(cost, Number) and cost.name == "caps"
    assert (cost.label, cost.help) == ("Of the fire cost (5 AP), paid in CAPs (a command action)",
                                       "4 AP +1 from its hit counter, which firing shows (7.4)")
    with pytest.raises(RuleViolation, match=r"Squad is not activated: pay its whole fire cost of 5 in CAPs"):
        answer(form, caps="4")
    game.execute(RevealCounter(unit=squad))
    shown = press(game, "fire", selected=squad)
    assert isinstance(shown, Ask) and shown.form.fields[-1].help == "4 AP +1 from Suppressed"
    declared = answer(shown, caps="5")
    assert isinstance(declared, Run) and declared.commands[0].caps_paid == 5  # type: ignore[attr-defined]


def test_the_move_form_states_the_move_cost_with_a_hit_counters_change(new_game):
    slowed = only("pinned").foot["pinned"].model_copy(update={"no_move": False, "move_cost": 1})
    game = new_game(HitCounterPools(foot={"slowed": slowed}, vehicle={"slowed": slowed}))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, answer(press(game, "fire", selected=hmg), caps="2"))
    enter(game, 4, 4)
    form = press(game, "move", selected=squad)
    assert isinstance(form, Ask)
    assert form.form.note == "A move costs 2 AP before terrain: 1 AP +1 from its hit counter, which moving shows (7.4)"
    with pytest.raises(RuleViolation, match=r"Squad is not activated: pay its whole move cost of 2 in CAPs"):
        answer(form, caps="1")


def test_the_owners_peek_is_a_reveal_for_that_side_and_changes_nothing(new_game):
    game = new_game(only("pinned"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    with pytest.raises(NothingToDo, match="HMG has no hit counter"):
        press(game, "peek", selected=hmg)
    run(game, answer(press(game, "fire", selected=hmg), caps="2"))
    enter(game, 4, 4)
    records = len(game.records)
    peek = press(game, "peek", selected=squad)
    assert isinstance(peek, Reveal)
    assert peek.title == "For the Soviet player only"
    assert peek.lines[0] == "Squad: Pinned" and "no move or pivot" in peek.lines[1]
    assert len(game.records) == records and not game.state.unit(squad).hit.revealed


def test_a_pinned_unit_is_not_offered_a_move_and_its_move_is_refused_before_the_form_opens(new_game):
    """Taken as offered, the move form would only close into the hit counter's refusal (7.4)."""
    game, squad = soviet_squad_hit(new_game, "pinned")
    assert game.state.turn == SOVIET and game.state.unit(squad).hit is not None
    run(game, press(game, "activate", selected=squad))
    assert list(buttons(game))[:2] == [("fire", None), ("pass", None)]
    with pytest.raises(RuleViolation, match="cannot move or pivot"):
        press(game, "move", selected=squad)
