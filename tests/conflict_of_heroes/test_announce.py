"""What the table hears from Conflict of Heroes, as pure functions of the committed records and the
state after them, in English and German; a face-down hit counter is never said."""

import pytest

from companion.games.conflict_of_heroes.announce import ATTACK_RESULTS, announce
from companion.games.conflict_of_heroes.commands import (
    Activate,
    AnnounceInitiative,
    DeclareAttack,
    DeclareRally,
    Pass,
    RevealCounter,
    SetStartingCaps,
    StartRound,
    Target,
)
from companion.games.conflict_of_heroes.events import HitCounterDrawn
from companion.games.kit.faces import EnterFace
from companion.games.rules import Command
from companion.session import GameSession
from companion.speech.announcement import Announcement
from companion.speech.phrases import phrase_pack
from companion.speech.settings import LANGUAGES
from tests.conflict_of_heroes.conftest import GERMAN, SHIPPED, SOVIET, add, only, start_with_turn
from tests.speech.heard import heard, heard_both

HIDDEN_COUNTERS = sorted(key for key, counter in SHIPPED.pools.foot.items() if not counter.killed)


class Table:
    """A game whose every commit is heard, as it would be at the table, in both languages."""

    def __init__(self, game: GameSession) -> None:
        self.game = game
        self.everything: list[str] = []

    def said(self, *commands: Command) -> tuple[list[str], list[str]]:
        """What the last command's commit says (English, German); every commit's words are kept."""
        english: list[str] = []
        german: list[str] = []
        for command in commands:
            english, german = heard_both(announce(self.game.execute(command), self.game.state))
            self.everything += english + german
        return english, german

    def keyed(self, *faces: int) -> tuple[list[str], list[str]]:
        return self.said(*(EnterFace(entered=face) for face in faces))


def hit_squad(table: Table) -> tuple[int, int]:
    """The German HMG, 2 CAPs added to its fire cost, hits a Soviet squad once (12 against 12)."""
    hmg = add(table.game, GERMAN, "HMG", "german_hmg")
    squad = add(table.game, SOVIET, "Squad 3", "soviet_rifle_squad")
    start_with_turn(table.game, GERMAN)
    table.said(DeclareAttack(attacker=hmg, targets=(Target(unit=squad),), caps_paid=2))
    return hmg, squad


def test_an_attack_says_the_side_the_target_the_dice_the_values_and_the_result_then_the_caps_left(new_game):
    table = Table(new_game(only("suppressed")))
    hit_squad(table)
    assert table.keyed(4, 4) == (
        ["German attack on Squad 3: 4 and 4, 12 against 12: hit", "German: 5 CAPs"],
        ["Deutschland, Angriff auf Squad 3: 4 und 4, 12 gegen 12: Treffer", "Deutschland: 5 Kommandopunkte"],
    )


def test_a_miss_is_said_and_only_the_last_face_of_a_roll_says_anything(new_game):
    table = Table(new_game(only("suppressed")))
    hit_squad(table)
    assert table.keyed(1) == ([], [])
    english, _ = table.keyed(1)
    assert english[0] == "German attack on Squad 3: 1 and 1, 6 against 12: miss"


@pytest.mark.parametrize("key", HIDDEN_COUNTERS)
def test_a_face_down_counter_is_never_said_until_it_is_shown(new_game, key):
    table = Table(new_game(only(key)))
    _, squad = hit_squad(table)
    records = table.game.execute(EnterFace(entered=4)) + table.game.execute(EnterFace(entered=4))
    english, german = heard_both(announce(records, table.game.state))
    table.everything += english + german
    drawn = next(r.event for r in records if isinstance(r.event, HitCounterDrawn))
    hidden = {name: value for name, value in drawn.model_dump().items() if name not in table.game.rules.public(drawn)}
    assert set(hidden) == {"key", "counter"}
    words = {key, SHIPPED.pools.foot[key].name, *(phrase_pack(language).terms[key] for language in LANGUAGES)}
    assert not [sentence for sentence in table.everything for word in words if word.lower() in sentence.lower()]
    assert table.game.state.unit(squad).hit.revealed is False


def test_a_shown_counter_is_said_in_the_packs_language(new_game):
    table = Table(new_game(only("suppressed")))
    _, squad = hit_squad(table)
    table.keyed(4, 4)
    assert table.said(RevealCounter(unit=squad)) == (["Squad 3: suppressed"], ["Squad 3: niedergehalten"])


def test_a_killed_counter_is_heard_as_the_unit_destroyed(new_game):
    table = Table(new_game(only("killed")))
    hit_squad(table)
    english, german = table.keyed(4, 4)
    assert english[:2] == ["German attack on Squad 3: 4 and 4, 12 against 12: hit", "Squad 3 destroyed"]
    assert german[1] == "Squad 3 vernichtet"


def test_a_failed_rally_leaves_out_the_number_it_needed_a_successful_one_says_it(new_game):
    table = Table(new_game(only("suppressed")))
    _, squad = hit_squad(table)
    table.keyed(4, 4)
    table.said(Activate(unit=squad), DeclareRally(unit=squad))
    failed = announce(table.game.execute(EnterFace(entered=1)) + table.game.execute(EnterFace(entered=2)),
                      table.game.state)
    assert "need" not in failed[0].args
    assert heard(failed) == ["Squad 3 rallies: 1 and 2, 3: not rallied"]
    table.said(Pass(side=GERMAN), DeclareRally(unit=squad, caps_paid=3))
    assert table.keyed(6, 6) == (
        ["Squad 3 rallies: 6 and 6, 12 against 7: rallied", "Soviet: 4 CAPs"],
        ["Squad 3 sammelt sich: 6 und 6, 12 gegen 7: gesammelt", "Sowjetunion: 4 Kommandopunkte"],
    )


def test_the_round_starts_each_side_announces_its_spend_and_initiative_is_said_with_its_winner(game):
    table = Table(game)
    table.said(SetStartingCaps(side=GERMAN, caps=7), SetStartingCaps(side=SOVIET, caps=7))
    assert table.said(StartRound()) == (["round 1"], ["Runde 1"])
    first, second = game.state.initiative.order  # a tie: the Soviet side announces first
    assert table.said(AnnounceInitiative(side=first, caps=1)) == (["Soviet: 6 CAPs"], ["Sowjetunion: 6 Kommandopunkte"])
    assert table.said(AnnounceInitiative(side=second, caps=0)) == ([], [])
    assert table.keyed(2, 3, 4, 1) == (
        ["initiative: German 4 and 1, 5; Soviet 2 and 3, 6: Soviet goes first"],
        ["Initiative: Deutschland 4 und 1, 5; Sowjetunion 2 und 3, 6: Sowjetunion beginnt"],
    )


def test_a_tied_initiative_is_said_as_a_tie_to_announce_again(game):
    table = Table(game)
    table.said(StartRound(), AnnounceInitiative(side=SOVIET, caps=0), AnnounceInitiative(side=GERMAN, caps=0))
    english, german = table.keyed(3, 3, 4, 2)
    assert english == ["initiative: German 4 and 2, 6; Soviet 3 and 3, 6: a tie, announce again"]
    assert german == ["Initiative: Deutschland 4 und 2, 6; Sowjetunion 3 und 3, 6: Gleichstand, neu ansagen"]


def test_two_passes_in_a_row_say_the_pass_and_the_rounds_end(game):
    table = Table(game)
    start_with_turn(game, GERMAN)
    assert table.said(Pass(side=GERMAN)) == (["German passes"], ["Deutschland passt"])
    assert table.said(Pass(side=SOVIET)) == (["Soviet passes", "round 1 ends"], ["Sowjetunion passt", "Runde 1 endet"])


def test_each_sides_caps_and_each_units_hits_go_stale_apart_from_rolls(new_game):
    table = Table(new_game(only("killed")))
    hit_squad(table)
    records = table.game.execute(EnterFace(entered=4)) + table.game.execute(EnterFace(entered=4))
    assert [a.stale_after for a in announce(records, table.game.state)] == [
        "roll", "hit:Squad 3", "turn", "caps:German"], "Squad 3 was the Soviet's last unit: its turn passes"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_attack_result_has_words_in_every_pack(language):
    args = {"side": "German", "target": "Squad 3", "faces": (5, 6), "attack": 17, "defence": 12}
    sentences = heard((Announcement(phrase=phrase, args=args) for phrase in ATTACK_RESULTS), language)
    assert len(set(sentences)) == len(ATTACK_RESULTS)
