"""Conflict of Heroes' dice as `companion stats` reads them: initiative is two 2d6, one per side."""

from collections import Counter

from companion.dice.journal_dice import UNDO_EVENTS, tally_journal, voided_decisions
from companion.dice.statistics import Throw
from companion.games.conflict_of_heroes.commands import AnnounceInitiative, Roll, StartRound
from companion.games.conflict_of_heroes.dice_thrown import DICE_EVENTS, TWO_D6
from companion.games.conflict_of_heroes.events import AttackRolled, InitiativeRolled, RallyRolled
from tests.conflict_of_heroes.conftest import enter


def announce(game) -> None:
    for side in game.state.initiative.order:
        game.execute(AnnounceInitiative(side=side, caps=0))


def test_physical_and_generated_initiative_rolls_count_every_face_by_source(game, store):
    game.execute(StartRound())
    announce(game)
    enter(game, 3, 3, 3, 3)  # a tie: initiative is rolled again
    while game.state.phase == "initiative":
        announce(game)
        game.execute(Roll())

    voided = voided_decisions(store.raw_records(game.game.id, types=UNDO_EVENTS))
    statistics = tally_journal(store.raw_records(game.game.id), DICE_EVENTS, voided)

    rolls = [r.event for r in game.records if isinstance(r.event, InitiativeRolled)]
    for source in ("physical", "generated"):
        faces = Counter(face for roll in rolls if roll.source == source for pair in roll.faces for face in pair)
        tally = statistics.faces_of(6, source)
        assert tally.counts == tuple(faces[face] for face in range(1, 7))
        assert tally.rolls == 2 * sum(roll.source == source for roll in rolls)
    assert statistics.faces_of(6, "physical").counts == (0, 0, 4, 0, 0, 0)
    assert statistics.faces_of(6, "generated").rolls >= 2
    assert statistics.sides() == [6]


def test_an_attack_roll_and_a_rally_roll_each_throw_one_2d6():
    attack = AttackRolled(attacker=1, attacker_label="A", target=2, target_label="B", aps=2, caps=0, modifier=1,
                          firepower=5, defence=12, faces=(2, 5), hits=0, last=True, source="physical")
    rally = RallyRolled(unit=1, label="A", aps=2, caps=0, modifier=0, bonus=1, rally=9, counter="Pinned",
                        faces=(6, 4), source="generated")
    for event, thrown in ((attack, Throw(TWO_D6, (2, 5), "physical")), (rally, Throw(TWO_D6, (6, 4), "generated"))):
        carrier = DICE_EVENTS[event.type]
        assert carrier.throws(carrier.read(event.model_dump_json())) == (thrown,)
