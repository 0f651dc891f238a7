"""What each key and button asks for at each moment of a game, and the forms behind them: the
controller answered as the screen, a remote view or the CLI would ask it, with no screen."""

from dataclasses import replace

import pytest

from companion.errors import CompanionError, NothingToDo, RuleViolation
from companion.games.conflict_of_heroes.commands import (
    AddUnit,
    AnnounceInitiative,
    ChangeVictoryPoints,
    CountInitiativeSpend,
    DeclareAttack,
    DeclareModifier,
    DeclareRally,
    NameSide,
    RevealCounter,
    SpendCaps,
    StartRound,
)
from companion.games.conflict_of_heroes.controller import KEYMAP, ConflictOfHeroesController
from companion.games.conflict_of_heroes.data import HIT_COUNTERS, UNITS
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from companion.games.conflict_of_heroes.library import shipped
from companion.games.kit.faces import EnterFace, EraseFace
from companion.games.kit.forms import Choice, Number, Pick, Text, Tick
from companion.games.kit.intents import Ask, Intent, Reveal, Run, Select, Tell
from companion.games.rules import Undo
from companion.hardware.controls import Control
from companion.session import GameSession
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, only, start_with_turn

CONTROLLER = ConflictOfHeroesController()

KEYS_BEFORE_THE_KIT = {
    "space": "roll", "c": "confirm", "n": "next", "a": "activate", "f": "fire", "p": "pass", "backspace": "erase",
    "s": "sides", "i": "add_unit", "m": "move", "v": "pivot", "t": "stall", "r": "rally", "x": "spent",
    "plus,equals_sign": "modifier", "minus": "modifier", "left_square_bracket": "side", "right_square_bracket": "side",
    "comma": "vp_up", "full_stop": "vp_up", "less_than_sign": "vp_down", "greater_than_sign": "vp_down",
    "h": "peek", "w": "reveal", "u": "undo", "y": "redo", **{str(digit): "face" for digit in range(10)},
}


def press(game: GameSession, action: str, value: int | None = None, selected: int | None = None) -> Intent:
    return CONTROLLER.press(game.state, action, value, selected)


def run(game: GameSession, intent: Intent) -> None:
    assert isinstance(intent, Run), intent
    for command in intent.commands:
        game.execute(command)


def answer(intent: Intent, **values: object) -> Intent:
    """The form filled in as a player would: its defaults, with `values` changed."""
    assert isinstance(intent, Ask), intent
    return intent.then(intent.form.read({**intent.form.defaults(), **values}))


def test_every_key_of_the_screen_before_the_kit_does_the_same_thing():
    keyed = {action.keys: action.name for action in KEYMAP if action.keys}
    assert keyed == KEYS_BEFORE_THE_KIT


def test_the_side_buttons_are_wired_to_sides_1_and_2_and_a_third_side_is_refused_cleanly(game):
    assert KEYMAP.for_control(Control.SIDE, 1)[0].name == "side"  # type: ignore[index]
    assert KEYMAP.for_control(Control.SIDE, 2)[1] == 2  # type: ignore[index]
    assert KEYMAP.for_control(Control.SIDE, 3) is None
    for action in ("side", "vp_up", "vp_down"):
        with pytest.raises(CompanionError, match="there is no side 3"):
            press(game, action, 3)


def test_a_face_key_announces_initiative_caps_while_a_side_announces_and_keys_dice_once_the_roll_waits(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "next"))
    assert press(game, "face", 1) == Run.one(AnnounceInitiative(side=SOVIET, caps=1))
    run(game, press(game, "face", 1))
    run(game, press(game, "face", 0))
    assert press(game, "face", 4) == Run.one(EnterFace(entered=4))


def test_a_side_button_counts_the_announcing_sides_spend_and_confirm_announces_the_count(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "next"))
    assert press(game, "side", SOVIET) == Run.one(CountInitiativeSpend(side=SOVIET))
    run(game, press(game, "side", SOVIET))
    run(game, press(game, "side", SOVIET))
    with pytest.raises(RuleViolation, match="Soviet announces its initiative spend now"):
        press(game, "side", GERMAN)
    assert press(game, "confirm") == Run.one(AnnounceInitiative(side=SOVIET, caps=2))


def test_the_side_button_of_the_rolling_side_steps_its_caps_on_the_roll_and_the_other_sides_is_refused(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, press(game, "activate", selected=squad))
    run(game, answer(press(game, "fire", selected=squad)))
    steps = []
    for _ in range(3):
        intent = press(game, "side", GERMAN)
        steps.append(intent)
        run(game, intent)
    assert steps == [Run.one(DeclareModifier(caps=caps)) for caps in (1, 2, 0)]
    with pytest.raises(RuleViolation, match=r"German rolls now: no side changes its opponent's roll \(3.23\)"):
        press(game, "side", SOVIET)
    assert game.state.side(SOVIET).caps.current == 7
    assert [value for name, value in buttons(game) if name == "side"] == [GERMAN], "only the roller's CAP button"
    assert press(game, "modifier", -1) == Run.one(DeclareModifier(caps=-1))
    assert game.state.pending.attack.targets[0].unit == target


def test_a_cap_button_pressed_during_the_initiative_roll_is_refused_the_spends_were_announced(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "next"))
    run(game, press(game, "face", 1))
    run(game, press(game, "face", 0))
    for side in (GERMAN, SOVIET):
        with pytest.raises(RuleViolation, match=r"the initiative roll counts only the CAPs announced \(3.24\)"):
            press(game, "side", side)
    assert [side.caps.current for side in game.state.sides] == [7, 6]
    assert not [value for name, value in buttons(game) if name == "side"]


def test_outside_a_roll_a_side_button_spends_one_of_its_caps_for_a_card_without_ending_the_turn(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    assert [value for name, value in buttons(game) if name == "side"] == [GERMAN, SOVIET]
    intent = press(game, "side", SOVIET)
    assert intent == Run.one(SpendCaps(side=SOVIET, caps=1, use="side_button", ends_turn=False))
    run(game, intent)
    assert (game.state.side(SOVIET).caps.current, game.state.turn) == (6, GERMAN)


def test_the_undo_button_erases_a_keyed_face_before_it_takes_back_a_decision(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, answer(press(game, "fire", selected=squad), caps=3))
    assert press(game, "undo") == Run.one(Undo())
    enter(game, 3)
    assert press(game, "undo") == Run.one(EraseFace())


def test_next_starts_a_round_before_play_and_moves_the_highlight_in_play(game):
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    assert press(game, "next") == Run.one(StartRound())
    start_with_turn(game, GERMAN)
    assert press(game, "next") == Select(1)


def test_in_free_play_set_up_next_is_neither_offered_nor_taken_before_a_unit_is_on_the_map(game):
    assert "next" not in CONTROLLER.available(game.state)
    assert next(iter(buttons(game))) == ("add_unit", None)
    with pytest.raises(NothingToDo, match=r"add the firefight's units first \(i\)"):
        press(game, "next")
    assert game.records == []
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")  # the other side may enter later, as reinforcements
    assert "next" in CONTROLLER.available(game.state)
    assert press(game, "next") == Run.one(StartRound())


def test_confirm_activates_the_highlighted_unit_in_play_and_says_when_it_has_nothing_to_confirm(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    assert isinstance(press(game, "confirm", selected=squad), Tell)
    start_with_turn(game, GERMAN)
    run(game, press(game, "confirm", selected=squad))
    assert game.state.unit(squad).status == "active"


def test_a_unit_action_with_no_unit_on_the_table_says_to_add_one(game):
    start_with_turn(game, GERMAN)
    with pytest.raises(NothingToDo, match=r"add a unit first \(i\)"):
        press(game, "activate")
    assert isinstance(press(game, "pass"), Run)


def test_a_form_for_a_unit_of_the_side_not_to_act_is_refused_before_it_opens(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    soviet = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    for action in ("move", "fire", "activate"):
        with pytest.raises(RuleViolation, match=r"it is German's turn: highlight one of its units \(↑ ↓ or Next\)"):
            press(game, action, selected=soviet)


def test_a_unit_action_on_a_destroyed_unit_says_to_highlight_another(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    start_with_turn(game, GERMAN)
    destroyed = game.state.with_unit(replace(game.state.unit(squad), status="destroyed"))
    for action in ("activate", "fire", "peek"):
        with pytest.raises(RuleViolation, match=r"Squad B is destroyed: highlight another unit"):
            CONTROLLER.press(destroyed, action, None, squad)


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


def test_pass_with_nobody_to_act_says_so(game):
    assert isinstance(press(game, "pass"), Tell)


@pytest.mark.parametrize("phase", ["setup", "announcing", "rolling", "acting"])
def test_the_help_line_names_only_actions_of_the_keymap(game, phase):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    if phase != "setup":
        game.execute(StartRound())
    if phase in ("rolling", "acting"):
        run(game, press(game, "face", 0))
        run(game, press(game, "face", 0))
    if phase == "acting":
        enter(game, 1, 1, 6, 6)
        assert game.state.turn == GERMAN
    available = CONTROLLER.available(game.state)
    assert set(available) <= set(KEYMAP.names)
    expected = {"setup": "next", "announcing": "confirm", "rolling": "roll", "acting": "fire"}[phase]
    assert expected in available


def test_a_press_that_carries_no_number_is_refused_cleanly(game):
    for action in ("face", "modifier"):
        with pytest.raises(NothingToDo, match="carries no number"):
            press(game, action)


def test_a_unit_named_longer_than_a_label_may_be_is_labelled_with_its_name_cut_to_fit(game):
    mg = shipped().units["german_hmg"].model_copy(update={"name": "Schweres Maschinengewehr 34 auf Lafette"})
    controller = ConflictOfHeroesController({UNITS.name: {"mg34": mg}, HIT_COUNTERS.name: shipped().pools})
    run(game, answer(controller.press(game.state, "add_unit", None, None)))
    assert game.state.units[0].label == "Schweres Maschinengewehr 34 au"


def buttons(game: GameSession) -> dict[tuple[str, int | None], str]:
    """The action bar's buttons now: each action and value, with its label."""
    return {(action.name, action.value): action.label for action in CONTROLLER.tappable(game.state)}


def test_the_buttons_of_a_side_name_it_and_only_digits_that_mean_something_are_offered(game):
    game.execute(NameSide(side=1, name="Grenadier-Regiment 192"))
    game.execute(ChangeVictoryPoints(side=2, change=1))
    offered = buttons(game)
    assert offered[("vp_up", 1)] == "Grenadier-R… +1 VP" and offered[("vp_down", 2)] == "Soviet −1 VP"
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    game.execute(StartRound())
    assert [value for name, value in buttons(game) if name == "face"] == [0, 1, 2]  # 0 to 2 CAPs announced
    assert buttons(game)[("side", 2)] == "Soviet CAP"
    run(game, press(game, "face", 0))
    run(game, press(game, "face", 0))
    assert [value for name, value in buttons(game) if name == "face"] == [1, 2, 3, 4, 5, 6]  # a die's faces


def test_the_bar_offers_what_is_done_most_at_the_moment_first(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    game.execute(StartRound())
    assert list(buttons(game))[:4] == [("face", 0), ("face", 1), ("face", 2), ("side", SOVIET)]
    run(game, press(game, "face", 0))
    run(game, press(game, "face", 0))
    assert next(iter(buttons(game))) == ("roll", None), "a tie: the roll that breaks it"


def test_in_a_turn_the_bar_offers_a_unit_to_add_with_none_in_play_and_the_active_units_fire_and_move_first(game):
    start_with_turn(game, GERMAN)
    assert next(iter(buttons(game))) == ("add_unit", None), "Activate would only ask for a unit"
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    assert next(iter(buttons(game))) == ("activate", None)
    run(game, press(game, "activate", selected=squad))
    assert list(buttons(game))[:3] == [("fire", None), ("move", None), ("pass", None)], "no other unit to activate"


def test_setup_offers_a_unit_for_each_side_in_turn_then_the_first_round(game):
    """Taken as offered, a free game gets a German unit, a Soviet one, and starts."""
    assert next(iter(buttons(game))) == ("add_unit", None)
    run(game, answer(press(game, "add_unit")))
    assert next(iter(buttons(game))) == ("add_unit", None)
    run(game, answer(press(game, "add_unit")))
    assert [(unit.side, unit.profile.nationality) for unit in game.state.units] == [(1, "German"), (2, "Soviet")]
    assert next(iter(buttons(game))) == ("next", None)


def test_a_side_to_act_with_no_unit_of_its_own_is_offered_adding_one_and_with_none_fresh_passing(game):
    """With no unit on the map at all (a side with none while the other has one passes at once)."""
    start_with_turn(game, GERMAN)
    assert next(iter(buttons(game))) == ("add_unit", None), "Activate would be refused: no German unit"
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    assert next(iter(buttons(game))) == ("activate", None)
    run(game, press(game, "activate", selected=squad))
    run(game, press(game, "spent", selected=squad))
    assert next(iter(buttons(game))) == ("pass", None), "no fresh German unit to activate"


def test_an_active_unit_with_no_enemy_in_play_is_offered_its_move_first_not_a_fire_that_is_refused(game):
    start_with_turn(game, GERMAN)
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    run(game, press(game, "activate", selected=squad))
    assert next(iter(buttons(game))) == ("move", None)
    with pytest.raises(NothingToDo, match="no enemy unit"):
        press(game, "fire", selected=squad)


def test_an_active_unit_is_offered_first_only_what_its_aps_pay_for_and_with_none_fresh_left_passing(game):
    start_with_turn(game, GERMAN)
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    run(game, press(game, "activate", selected=squad))
    active = game.state.unit(squad)
    first = lambda state: [action.name for action in CONTROLLER.tappable(state)][:2]  # noqa: E731
    assert first(game.state.with_unit(replace(active, aps=active.profile.fire_cost))) == ["fire", "move"]
    assert first(game.state.with_unit(replace(active, aps=1))) == ["move", "pass"]
    assert first(game.state.with_unit(replace(active, aps=0))) == ["pass", "fire"], "no fresh unit: a command fire"


def test_once_a_die_of_a_roll_is_keyed_the_bar_offers_its_faces_erase_and_undo_not_the_roll_or_caps_refused(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    run(game, answer(press(game, "fire", selected=squad), caps="3"))
    assert next(iter(buttons(game))) == ("roll", None)
    assert "erase" not in CONTROLLER.available(game.state), "no face keyed yet: nothing to erase"
    with pytest.raises(NothingToDo):
        run(game, press(game, "erase"))
    run(game, press(game, "face", 4))
    assert list(buttons(game))[:2] == [("face", 1), ("face", 2)]
    assert CONTROLLER.available(game.state) == ("face", "erase", "undo")
    assert {name for name, _ in buttons(game)} == {"face", "erase", "undo"}
    with pytest.raises(CompanionError, match="1 of 2 dice are in"):
        run(game, press(game, "roll"))
    for action, value in (("modifier", 1), ("modifier", -1), ("side", GERMAN)):
        with pytest.raises(RuleViolation, match=r"declared before rolling \(3.23\)"):
            run(game, press(game, action, value))


def test_the_initiative_roll_offers_roll_and_its_faces_with_no_caps_and_erase_once_a_face_is_keyed(game):
    add(game, GERMAN, "Squad B", "german_rifle_squad")
    add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    run(game, press(game, "next"))
    run(game, press(game, "face", 1))
    run(game, press(game, "face", 0))
    assert CONTROLLER.available(game.state) == ("roll", "face", "undo", "redo")
    run(game, press(game, "face", 3))
    assert CONTROLLER.available(game.state) == ("face", "erase", "undo")
