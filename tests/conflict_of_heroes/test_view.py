"""What the screen reads off the state: the situation line, the pending roll's odds, unit cells."""

from dataclasses import replace

import pytest

from companion.games.conflict_of_heroes import view
from companion.games.conflict_of_heroes.amounts import caps_count
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AnnounceInitiative,
    DeclareAttack,
    DeclareRally,
    MarkSpent,
    Move,
    NameSide,
    Pass,
    Pivot,
    RevealCounter,
    SetStartingCaps,
    SpendCaps,
    Stall,
    StartRound,
    Target,
)
from companion.games.conflict_of_heroes.events import VictoryPointsChanged
from companion.games.conflict_of_heroes.hit_counters import HitCounterPools
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, only, start_with_turn


def test_the_situation_says_who_announces_who_rolls_and_who_acts(game):
    assert "Set up" in view.situation(game.state)
    squad = add(game, SOVIET, "Squad D", "soviet_mmg")
    target = add(game, GERMAN, "Squad C", "german_rifle_squad")
    start_with_turn(game, SOVIET)
    assert view.situation(game.state) == "Round 1 · Soviet to act"
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target),)))
    assert "Soviet rolls" in view.situation(game.state)


def test_once_a_side_has_passed_the_situation_says_the_other_side_s_pass_ends_the_round(game):
    squad = add(game, GERMAN, "Squad A", "german_rifle_squad")
    add(game, SOVIET, "Squad B", "soviet_rifle_squad")  # a side with no unit in play passes by itself
    start_with_turn(game, SOVIET)
    game.execute(Pass(side=SOVIET))
    assert view.situation(game.state) == "Round 1 · German to act · a pass now ends the round"
    game.execute(Activate(unit=squad))
    game.execute(Move(unit=squad))
    assert view.situation(game.state) == "Round 1 · Soviet to act", "a move in between: two passes more"
    game.execute(Pass(side=SOVIET))
    assert view.situation(game.state) == "Round 1 · German to act · a pass now ends the round"
    game.execute(Pass(side=GERMAN))
    assert view.situation(game.state).startswith("Round 1 is over: both sides passed")


def test_the_pending_attack_shows_the_odds_for_each_cap_spend_as_figure_10_has_them(game):
    mmg = add(game, SOVIET, "MMG A", "soviet_mmg")
    squad = add(game, GERMAN, "Squad C", "german_rifle_squad")
    start_with_turn(game, SOVIET)
    game.execute(Activate(unit=mmg))
    game.execute(DeclareAttack(attacker=mmg, targets=(Target(unit=squad),)))
    lines = view.pending_lines(game.state)
    assert lines[1] == "▶ Squad C: 3 FP + 2d6 vs DV 12 (in range, front)"
    assert " ".join(lines[2].split()) == "hit / destroyed: +0 CAP 28% / 0% · +1 CAP 42% / 3% · +2 CAP 58% / 8%"


def test_a_hidden_hit_shows_only_that_there_is_one(new_game):
    game = new_game(only("pinned"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    assert view.unit_cells(game.state, game.state.unit(squad))[5] == "hit (hidden)"
    assert "Pinned" not in " ".join(view.roll_lines(game.state))


def test_a_rally_from_a_hidden_counter_keeps_its_rally_number_off_the_screen_until_it_is_shown(new_game):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    game.execute(Activate(unit=squad))
    game.execute(DeclareRally(unit=squad, cover_dm=2))
    hidden = view.pending_lines(game.state)[1]
    assert "7" not in hidden and "Suppressed" not in hidden and "hidden counter" in hidden
    game.execute(RevealCounter(unit=squad))
    shown = view.pending_lines(game.state)[1]
    assert shown == "Squad rallies on 2d6 +1 ≥ 7 (Suppressed): +0 CAP: 72%  +1 CAP: 83%  +2 CAP: 92%"


def test_a_hidden_counter_under_the_attacker_leaves_its_firepower_as_printed_until_it_is_shown(new_game):
    """7.4: a counter is shown only when its changed stats are used: the fire shows it as it is
    rolled; before that the screen shows the printed firepower and the odds from it."""
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)  # 12 against 12: a Suppressed counter (red FP 3 → 1), face down under Squad
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=hmg),)))
    hidden = view.pending_lines(game.state)
    assert hidden[1] == "▶ HMG: 3 FP + 2d6 vs DV 12 (in range, front)"
    assert " ".join(hidden[2].split()) == "hit / destroyed: +0 CAP 28% / 0% · +1 CAP 42% / 3% · +2 CAP 58% / 8%"
    assert hidden[3] == "Squad's hidden hit counter is left out until it is shown (7.4)"
    assert "Suppressed" not in "\n".join(hidden)
    game.execute(RevealCounter(unit=squad))
    assert view.pending_lines(game.state)[1:] == [
        "▶ HMG: 1 FP + 2d6 vs DV 12 (in range, front)",
        "    hit / destroyed: +0 CAP 8% / 0% · +1 CAP 17% / 0% · +2 CAP 28% / 0%",
    ]


def test_a_rally_without_cover_or_friends_reads_without_a_plus_zero_and_says_what_it_paid(new_game):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    game.execute(Activate(unit=squad))
    (declared,) = game.execute(DeclareRally(unit=squad))
    assert view.describe(game.state, declared.event) == "Squad tries to rally (5 AP)"
    (rolled,) = enter(game, 3, 3)
    assert view.describe(game.state, rolled.event) == "Squad rally: 6 (3+3), not rallied, physical"


def test_the_initiative_roll_shows_each_side_s_announced_spend(game):
    game.execute(StartRound())
    game.execute(AnnounceInitiative(side=SOVIET, caps=1))
    game.execute(AnnounceInitiative(side=GERMAN, caps=0))
    assert view.pending_lines(game.state) == ["Dice: _ _ _ _   (Soviet +1 CAP, German +0 CAPs)"]


def test_the_initiative_roll_is_told_with_the_sides_names(game):
    game.execute(StartRound())
    game.execute(AnnounceInitiative(side=SOVIET, caps=1))
    game.execute(AnnounceInitiative(side=GERMAN, caps=0))
    enter(game, 2, 2, 3, 3)
    assert view.roll_lines(game.state) == ["initiative: German 6 (3+3), Soviet 5 (2+2 +1 CAP), physical"]


def test_on_a_cap_tie_the_screen_says_the_soviet_side_announces_first_as_3_24_decides(game):
    game.execute(StartRound())
    assert view.situation(game.state) == "Round 1 · initiative (3.24): Soviet announces 0–2 CAPs (0 counted)"
    assert view.pending_lines(game.state) == ["CAPs tie at 7: Soviet announces first (3.24), then German"]
    game.execute(AnnounceInitiative(side=SOVIET, caps=1))
    assert view.pending_lines(game.state) == ["CAPs tie at 7: Soviet announces first (3.24), then German"]


def test_the_side_with_more_caps_is_said_to_announce_first(game):
    game.execute(SetStartingCaps(side=GERMAN, caps=9))
    game.execute(StartRound())
    assert view.pending_lines(game.state) == [
        "German has more CAPs (9 to 7): German announces first (3.24), then Soviet"]


def test_a_tied_initiative_roll_says_it_is_re_rolled_without_the_caps_spent_and_who_announces_first_now(game):
    game.execute(StartRound())
    game.execute(AnnounceInitiative(side=SOVIET, caps=1))
    game.execute(AnnounceInitiative(side=GERMAN, caps=0))
    enter(game, 3, 3, 3, 4)  # Soviet 3+3 +1 CAP, German 3+4: 7 each
    assert view.roll_lines(game.state) == ["initiative: German 7 (3+4), Soviet 7 (3+3 +1 CAP), physical: tie, re-roll"]
    assert view.pending_lines(game.state) == [
        "The roll tied at 7: re-roll (3.24); the CAPs spent on it do not count again",
        "German has more CAPs (7 to 6): German announces first (3.24), then Soviet",
    ]


def test_the_highlight_goes_to_the_active_unit_while_it_can_act_else_to_a_fresh_unit_to_activate(game):
    start_with_turn(game, GERMAN)
    first = add(game, GERMAN, "Squad A", "german_rifle_squad")
    second = add(game, GERMAN, "Squad B", "german_rifle_squad")
    enemy = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    assert view.acting_unit(game.state, enemy) == first, "the German's first fresh unit"
    assert view.acting_unit(game.state, second) == second, "a fresh German unit highlighted stays"
    game.execute(Activate(unit=first))
    assert view.acting_unit(game.state, second) == first, "the activated unit, while its APs pay"
    spent = replace(game.state.unit(first), aps=0)
    assert view.acting_unit(game.state.with_unit(spent), first) == second, "it can do no more: the next to activate"
    others = replace(game.state.unit(second), status="spent")
    assert view.acting_unit(game.state.with_unit(spent).with_unit(others), enemy) == first


@pytest.mark.parametrize("shown", [False, True], ids=["hidden counter", "revealed counter"])
def test_a_unit_with_a_hit_counter_is_destroyed_by_any_hit_so_its_destroyed_odds_are_its_hit_odds(new_game, shown):
    game = new_game(only("pinned"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "S1", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)  # 12 against 12: one hit, a Pinned counter under S1
    if shown:
        game.execute(RevealCounter(unit=squad))
    game.execute(Pass(side=SOVIET))
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    lines = view.pending_lines(game.state)
    assert lines[1] == "▶ S1: 4 FP + 2d6 vs DV 12 (in range, front)"
    assert " ".join(lines[2].split()) == "hit / destroyed: +0 CAP 42% / 42% · +1 CAP 58% / 58% · +2 CAP 72% / 72%"


def test_close_combat_odds_name_the_flank_rating_they_use(game):
    """7.63: "CC is resolved against the flank DRs of all enemy units in the hex"."""
    squad = add(game, GERMAN, "B", "german_rifle_squad")
    target = add(game, SOVIET, "D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target, facing="front"),), band="close_combat"))
    assert view.pending_lines(game.state)[1] == "▶ D: 8 FP + 2d6 vs DV 11 (close combat, flank)"


def test_every_line_of_the_owners_peek_fits_the_smallest_screen_even_for_a_counter_that_changes_everything(new_game):
    loaded = only("suppressed").foot["suppressed"].model_copy(update={
        "name": "Suppressed and shaken to the bone", "move_cost": 1, "front_dr": -1, "flank_dr": -1,
        "no_move": True, "shown_when_attacked": True,
    })
    game = new_game(HitCounterPools(foot={"loaded": loaded}, vehicle={"loaded": loaded}))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Guards rifle squad of the 3rd", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    _, lines = view.peek(game.state, game.state.unit(squad))
    assert max(map(len, lines)) <= view.PEEK_WIDTH
    assert "shown when attacked" in " ".join(lines) and lines[-1].startswith("+0 CAP: ")


@pytest.mark.parametrize(("pile", "attacks", "why"), [("pinned", 2, ""), ("killed", 1, "Killed counter drawn: ")],
                         ids=["hit again", "Killed drawn"])
def test_the_last_action_says_a_unit_its_one_hit_destroyed_was_destroyed_and_names_a_killed_counter_drawn(
        new_game, pile, attacks, why):
    """7.3: a Killed counter is revealed at once, so the screen says why one hit destroyed the unit."""
    game = new_game(only(pile))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "S2", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    for attack in range(attacks):
        if attack:
            game.execute(Pass(side=SOVIET))
        game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
        enter(game, 4, 4)  # 12 against 12: one hit
    assert game.state.unit(squad).status == "destroyed"
    assert view.roll_lines(game.state) == [f"HMG → S2: AV 12 (4 FP + 4+4) vs DV 12: one hit: {why}destroyed, physical",
                                           "Soviet passes: no unit in play"], "the companion passed for it, as said"


def test_a_move_pivot_or_stall_is_the_last_action_said_in_place_of_the_attack_before_it(game):
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN, caps=(9, 9))
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target),)))
    enter(game, 1, 1)
    assert view.roll_lines(game.state)[0].startswith("Squad B → Squad D")
    game.execute(Pass(side=SOVIET))
    cost = game.state.unit(squad).profile.move_cost
    game.execute(Move(unit=squad, extra_aps=1))
    assert view.roll_lines(game.state) == [f"Squad B moves ({cost + 1} AP)"]
    game.execute(Pass(side=SOVIET))
    game.execute(Pivot(unit=squad, caps_paid=1))
    assert view.roll_lines(game.state) == ["Squad B pivots (1 CAP)"]
    game.execute(Pass(side=SOVIET))
    game.execute(Stall(unit=squad))
    assert view.roll_lines(game.state) == ["Squad B stalls (1 AP)"]

def test_an_activation_a_unit_marked_spent_a_pass_and_caps_spent_are_the_last_action_said_in_place_of_the_one_before(
        game):
    """They used to leave the roll or move before them on screen, as if nothing had been done since."""
    squad = add(game, GERMAN, "Squad B", "german_rifle_squad")
    target = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    game.execute(NameSide(side=SOVIET, name="Red Army"))
    start_with_turn(game, GERMAN, caps=(9, 9))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=target),), caps_paid=3))
    enter(game, 1, 1)
    game.execute(Activate(unit=target))
    assert view.roll_lines(game.state) == ["Squad D activates (7 AP)"]
    game.execute(MarkSpent(unit=target))
    assert view.roll_lines(game.state) == ["Squad D is spent"]
    game.execute(SpendCaps(side=SOVIET, caps=1, use="side_button", ends_turn=False))
    assert view.roll_lines(game.state) == ["Red Army spends 1 CAP on the CAP button"]
    game.execute(Pass(side=SOVIET))
    assert view.roll_lines(game.state) == ["Red Army passes"]


def test_the_track_shows_this_rounds_allowance_after_a_loss_and_the_next_rounds_apart(game):
    """7.3: "At the beginning of each round, the total number of CAPs a player receives permanently
    decreases by 1 for each unit lost during the game." """
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    add(game, SOVIET, "Other", "soviet_rifle_squad")
    start_with_turn(game, GERMAN, caps=(9, 9))
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 6, 6)  # 16 against 12: two hits, destroyed
    assert view.track_text(game.state, SOVIET) == "of 9 this round\nstart 9 · VP 0\nlost units on 9\nnext round 8"
    game.execute(Pass(side=SOVIET))
    game.execute(Pass(side=GERMAN))
    game.execute(StartRound())
    assert view.track_text(game.state, SOVIET) == "of 8 this round\nstart 9 · VP 0\nlost units on 9"


def test_lost_victory_points_and_negative_cap_modifiers_read_with_a_minus_sign_not_a_hyphen():
    assert VictoryPointsChanged(side=2, change=-2).describe() == "side 2: −2 VP"
    assert caps_count(-1, sign=True) == "−1 CAP"
