"""A Conflict of Heroes game through a real session: attacks, hits, destruction, rally and undo."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, NothingToDo, RuleViolation
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AnnounceInitiative,
    DeclareAttack,
    DeclareModifier,
    DeclareRally,
    Move,
    Pass,
    RevealCounter,
    Roll,
    SpendCaps,
    StartRound,
    Target,
)
from companion.games.conflict_of_heroes.events import (
    AttackRolled,
    CounterRevealed,
    HitCounterDrawn,
    Passed,
    RallyRolled,
    RoundStarted,
    UnitDestroyed,
)
from companion.games.conflict_of_heroes.rules import ConflictOfHeroesRules
from companion.games.conflict_of_heroes.state import CohState
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command, Redo, Undo
from companion.journal.record import Record
from companion.journal.store import GameStore
from companion.session import GameSession
from tests.conflict_of_heroes.conftest import GERMAN, SOVIET, add, enter, event, only, rules, start_with_turn


def kinds(records: list[Record]) -> list[type]:
    return [type(record.event) for record in records]


def test_figure_10_two_caps_on_a_9_hit_squad_c_which_draws_a_hidden_counter_then_8_misses_squad_b(new_game):
    game = new_game(only("suppressed"))
    mmg = add(game, SOVIET, "MMG A", "soviet_mmg")
    squad_b = add(game, GERMAN, "Squad B", "german_rifle_squad")
    squad_c = add(game, GERMAN, "Squad C", "german_rifle_squad")
    start_with_turn(game, SOVIET)
    game.execute(Activate(unit=mmg))
    game.execute(DeclareAttack(attacker=mmg, targets=(Target(unit=squad_c), Target(unit=squad_b))))
    game.execute(DeclareModifier(caps=2))
    first = enter(game, 4, 5)
    assert kinds(first) == [AttackRolled, HitCounterDrawn]
    assert (event(first[0], AttackRolled).attack_value, event(first[0], AttackRolled).defence,
            event(first[0], AttackRolled).hits) == (14, 12, 1)
    assert "hidden" in first[1].event.describe() and "Suppressed" not in first[1].event.describe()
    hit = game.state.unit(squad_c).hit
    assert (hit.counter.name, hit.revealed) == ("Suppressed", False)
    assert game.state.turn == SOVIET  # the same action goes on against the next unit in the hex
    second = enter(game, 2, 3)
    assert (event(second[0], AttackRolled).attack_value, event(second[0], AttackRolled).hits) == (8, 0)
    assert game.state.unit(mmg).aps == 3
    assert game.state.side(SOVIET).caps.current == 5
    assert game.state.turn == GERMAN


def test_figure_13_sixteen_av_against_twelve_dv_destroys_and_lowers_the_owners_cap_track(game):
    squad_b = add(game, GERMAN, "Squad B", "german_rifle_squad")
    squad_d = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN, caps=(7, 9))
    game.execute(SpendCaps(side=SOVIET, caps=1, use="card", ends_turn=False))
    game.execute(Activate(unit=squad_b))
    game.execute(DeclareAttack(attacker=squad_b, targets=(Target(unit=squad_d),)))
    game.execute(DeclareModifier(caps=2))
    records = enter(game, 4, 6)
    assert kinds(records) == [AttackRolled, UnitDestroyed, Passed], "the Soviet's last unit: its turns pass"
    assert event(records[0], AttackRolled).attack_value == 16
    assert game.state.unit(squad_d).status == "destroyed"
    soviet = game.state.side(SOVIET).caps
    assert (soviet.occupied, soviet.current) == ((9,), 8)


def test_the_counter_stands_on_the_space_a_second_loss_takes_and_drops_to_seven(new_game):
    game = new_game(only("killed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    first = add(game, SOVIET, "Squad 1", "soviet_rifle_squad")
    second = add(game, SOVIET, "Squad 2", "soviet_rifle_squad")
    start_with_turn(game, GERMAN, caps=(9, 9))
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=first), Target(unit=second)), caps_paid=2))
    killed = enter(game, 4, 4)  # 12 against 12: one hit, and the counter drawn is Killed
    assert kinds(killed) == [AttackRolled, HitCounterDrawn, UnitDestroyed]
    assert "Killed" in killed[1].event.describe()
    assert game.state.side(SOVIET).caps.current == 8
    enter(game, 6, 6)  # 16 against 12: two hits
    soviet = game.state.side(SOVIET).caps
    assert (soviet.occupied, soviet.current, soviet.allowance) == ((9, 8), 7, 7)
    game.execute(Pass(side=GERMAN))  # the Soviet side, with no unit left in play, passed at once
    game.execute(StartRound())
    assert game.state.side(SOVIET).caps.current == 7


def test_a_second_hit_on_a_hit_unit_destroys_it_and_puts_its_counter_back_in_the_pile(new_game):
    game = new_game(only("pinned", count=1))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    other = add(game, SOVIET, "Other", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)  # 12 vs 12: one hit
    assert game.state.unit(squad).hit.key == "pinned"
    game.execute(Pass(side=SOVIET))
    with pytest.raises(RuleViolation) as short:
        game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=other),), caps_paid=2))
    assert str(short.value) == (
        "the foot hit counter pile has 0 left for 1 un-hit target in the hex: fire at another hex, or wait"
        " for a counter to go back (a hit unit that rallies or is destroyed returns its own);"
        " this game keeps the piles it started with")
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    records = enter(game, 4, 4)
    assert kinds(records) == [AttackRolled, UnitDestroyed]
    assert event(records[1], UnitDestroyed).counter == "Pinned"
    assert game.state.counters_in_play("foot") == []


def test_a_suppressed_squad_shows_its_counter_when_it_fires_and_pays_5_aps(new_game):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    game.execute(Activate(unit=squad))
    game.execute(DeclareAttack(attacker=squad, targets=(Target(unit=hmg),)))
    records = enter(game, 1, 1)
    assert kinds(records)[:2] == [CounterRevealed, AttackRolled]
    assert event(records[1], AttackRolled).firepower == 1
    assert game.state.unit(squad).aps == 2
    assert game.state.unit(squad).hit.revealed


def test_a_panicked_unit_shows_its_counter_to_any_attacker_whatever_the_roll(new_game):
    game = new_game(only("panic"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    assert not game.state.unit(squad).hit.revealed
    game.execute(Pass(side=SOVIET))
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    records = enter(game, 1, 1)
    assert kinds(records) == [CounterRevealed, AttackRolled]
    assert game.state.unit(squad).hit.revealed


def test_figure_13_the_suppressed_mmg_in_cover_rallies_on_6_for_5_aps_and_its_counter_goes_back(new_game):
    game = new_game(only("suppressed", count=1))
    hmg = add(game, GERMAN, "HMG A", "german_hmg")
    mmg = add(game, SOVIET, "MMG C", "soviet_mmg")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=hmg))
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=mmg, terrain_dm=1),)))
    game.execute(DeclareModifier(caps=2))
    enter(game, 4, 4)
    assert game.state.unit(mmg).hit.counter.name == "Suppressed"
    game.execute(Activate(unit=mmg))
    game.execute(DeclareRally(unit=mmg, cover_dm=1))
    (record,) = enter(game, 2, 4)  # a 6 on the dice, +1 for cover
    rally = record.event
    assert isinstance(rally, RallyRolled)
    assert (rally.total, rally.rally, rally.rallied) == (7, 7, True)
    assert game.state.unit(mmg).hit is None
    assert game.state.unit(mmg).aps == 2
    assert game.state.counters_in_play("foot") == []


def test_a_failed_rally_keeps_the_counter_and_does_not_tell_the_opponent_its_rally_number(new_game):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG A", "german_hmg")
    mmg = add(game, SOVIET, "MMG C", "soviet_mmg")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=mmg),), caps_paid=2))
    enter(game, 4, 4)
    game.execute(DeclareRally(unit=mmg, caps_paid=5))
    (record,) = enter(game, 2, 3)
    assert not event(record, RallyRolled).rallied
    assert "7" not in record.event.describe()
    assert game.state.unit(mmg).hit is not None


def test_a_unit_in_a_hex_with_enemy_units_cannot_rally(new_game):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad C", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 4, 4)
    with pytest.raises(RuleViolation, match=r"\(7\.5\)"):
        game.execute(DeclareRally(unit=squad, enemy_in_hex=True, caps_paid=5))


def test_cap_modifiers_are_declared_before_the_roll_and_never_beyond_two(game):
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    with pytest.raises(RuleViolation, match=r"\(3\.23\)"):
        game.execute(DeclareModifier(caps=3))
    game.execute(DeclareModifier(caps=2))
    enter(game, 3)
    with pytest.raises(RuleViolation, match="before rolling"):
        game.execute(DeclareModifier(caps=1))


def test_an_attack_the_side_cannot_pay_for_is_refused_and_nothing_is_recorded(game):
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN, caps=(1, 7))
    before = len(game.records)
    with pytest.raises(RuleViolation, match="only 1 left"):
        game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    assert len(game.records) == before


def test_an_attack_on_a_unit_of_the_attackers_own_side_is_refused_naming_it_and_nothing_is_recorded(game):
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    friend = add(game, GERMAN, "Squad B", "german_rifle_squad")
    enemy = add(game, SOVIET, "Squad D", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    before = len(game.records)
    for targets in ((Target(unit=friend),), (Target(unit=enemy), Target(unit=friend))):
        with pytest.raises(RuleViolation) as refused:
            game.execute(DeclareAttack(attacker=hmg, targets=targets, caps_paid=2))
        assert str(refused.value) == "Squad B is German's own unit: fire only at Soviet's units"
    assert len(game.records) == before
    assert game.state.side(GERMAN).caps.current == 7


def test_a_declared_attack_is_withdrawn_by_undo_before_its_dice_and_its_caps_come_back(game):
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    game.execute(Undo())
    assert game.state.pending is None
    assert game.state.side(GERMAN).caps.current == 7


def test_undo_takes_back_a_decision_before_any_roll(game):
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    start_with_turn(game, GERMAN)
    game.execute(Activate(unit=hmg))
    game.execute(Undo())
    assert game.state.unit(hmg).status == "fresh"
    game.execute(Redo())
    assert game.state.unit(hmg).status == "active"


def test_a_reopened_game_folds_back_to_the_same_state(new_game, store):
    game = new_game(only("suppressed"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    game.execute(Roll())
    reopened = GameSession(store, store.game(game.game.id), rules(seed=99))
    assert reopened.state == game.state


def test_the_first_round_records_the_piles_of_the_players_file_and_the_game_keeps_them(new_game, store):
    game = new_game(only("pinned"))
    assert game.records == []  # nothing is journaled before the game really starts
    records = game.execute(StartRound())
    assert [record.event.type for record in records] == ["coh_counter_pools_chosen", "coh_round_started"]
    reopened = GameSession(store, store.game(game.game.id), rules(only("suppressed")))
    assert reopened.state.pools == only("pinned")
    game.execute(AnnounceInitiative(side=SOVIET, caps=0))
    game.execute(AnnounceInitiative(side=GERMAN, caps=0))
    enter(game, 1, 1, 2, 2)
    game.execute(Pass(side=GERMAN))
    game.execute(Pass(side=SOVIET))
    assert kinds(game.execute(StartRound())) == [RoundStarted]


def test_the_shipped_piles_are_not_recorded_again(game):
    assert kinds(game.execute(StartRound())) == [RoundStarted]


def test_a_counter_is_revealed_on_request_once(new_game):
    game = new_game(only("pinned"))
    hmg = add(game, GERMAN, "HMG", "german_hmg")
    squad = add(game, SOVIET, "Squad", "soviet_rifle_squad")
    start_with_turn(game, GERMAN)
    game.execute(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    enter(game, 5, 5)
    (record,) = game.execute(RevealCounter(unit=squad))
    assert "Pinned" in record.event.describe()
    with pytest.raises(NothingToDo):
        game.execute(RevealCounter(unit=squad))



def a_likely_command(data: st.DataObject, state: CohState) -> Command:
    """A command that fits the moment more often than not, so runs reach attacks, draws and rallies."""
    if data.draw(st.integers(0, 9)) == 0:
        return data.draw(st.sampled_from([Undo(), Redo()]))
    if state.phase in ("setup", "round_over"):
        return StartRound()
    if state.phase == "initiative" and state.pending is None and state.initiative is not None:
        side = 1 if state.initiative.next_side == 1 else 2
        return AnnounceInitiative(side=side, caps=data.draw(st.integers(0, 2)))
    if state.pending is not None:
        return data.draw(st.sampled_from([Roll(), EnterFace(entered=data.draw(st.integers(1, 6))),
                                          DeclareModifier(caps=data.draw(st.integers(-2, 2)))]))
    own = [u.number for u in state.units if u.side == state.turn and u.in_play] or [1]
    enemy = [u.number for u in state.units if u.side != state.turn and u.in_play] or [2]
    unit = data.draw(st.sampled_from(own))
    caps = data.draw(st.integers(0, 4))
    if data.draw(st.booleans()):
        return DeclareAttack(
            attacker=unit,
            targets=tuple(Target(unit=n, terrain_dm=data.draw(st.integers(-1, 2)))
                          for n in enemy[:data.draw(st.integers(1, 2))]),
            band=data.draw(st.sampled_from(["normal", "long", "adjacent", "close_combat"])),
            caps_paid=caps,
        )
    return data.draw(st.sampled_from([
        Activate(unit=unit),
        Move(unit=unit, extra_aps=data.draw(st.integers(0, 2)), caps_paid=min(caps, 1)),
        DeclareRally(unit=unit, cover_dm=data.draw(st.integers(-1, 2)), hill=data.draw(st.booleans()),
                     caps_paid=data.draw(st.integers(0, 5))),
        Pass(side=state.turn),
        SpendCaps(side=state.turn, caps=1),
    ]))


UNITS_OF_BOTH_SIDES = ((GERMAN, "german_hmg"), (GERMAN, "german_rifle_squad"),
                       (SOVIET, "soviet_mmg"), (SOVIET, "soviet_rifle_squad"))


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_run_of_commands_undos_and_redos_keeps_caps_on_the_track_and_refolds_to_the_same_state(
        tmp_path_factory, data):
    store = GameStore(tmp_path_factory.mktemp("coh") / "games.sqlite3")
    game = GameSession(store, store.create_game("conflict_of_heroes"), rules(seed=3))
    try:
        for side, unit_id in UNITS_OF_BOTH_SIDES:
            add(game, side, unit_id, unit_id)
        for _ in range(data.draw(st.integers(0, 80))):
            before = game.head
            try:
                game.execute(a_likely_command(data, game.state))
            except CompanionError:
                assert game.head == before
            for number, side in enumerate(game.state.sides, 1):
                destroyed = sum(1 for u in game.state.units if u.side == number and not u.in_play)
                assert 0 <= side.caps.current <= side.caps.allowance == max(0, side.caps.start - destroyed)
            assert all(0 <= unit.aps <= 7 for unit in game.state.units)
        reopened = GameSession(store, store.game(game.game.id), rules(seed=4))
        assert reopened.state == game.state
        adapter = ConflictOfHeroesRules.state
        assert adapter.validate_json(adapter.dump_json(game.state)) == game.state  # as a snapshot keeps it
    finally:
        game.close()
        store.close()
