"""Announcements rendered by the shipped phrase packs, as pure functions."""

import string
from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from companion.dice.events import DiceRolled
from companion.dice.spec import DiceSpec
from companion.journal.events import DecisionRedone, DecisionUndone, Event
from companion.journal.record import Record
from companion.speech import common
from companion.speech.announcement import Announcement
from companion.speech.phrases import Counted, PhrasePack, fields_of, phrase_pack
from companion.speech.settings import LANGUAGES


def said(language, announcement):
    return phrase_pack(language).render(announcement)


@pytest.mark.parametrize(
    ("faces", "modifier", "english", "german"),
    [
        ((2, 5), 0, "2 and 5, 7", "2 und 5, 7"),
        ((4,), 0, "4", "4"),
        ((1, 3, 6), 0, "1, 3 and 6, 10", "1, 3 und 6, 10"),
        ((2, 5), 1, "2 and 5 plus 1, 8", "2 und 5 plus 1, 8"),
        ((6,), -2, "6 minus 2, 4", "6 minus 2, 4"),
    ],
)
def test_a_roll_says_its_faces_then_its_total(faces, modifier, english, german):
    assert said("en", common.dice_rolled(faces, modifier)) == english
    assert said("de", common.dice_rolled(faces, modifier)) == german


def test_a_sides_caps_are_counted_in_words_that_fit_the_number():
    assert said("en", common.side_caps("Germans", 8)) == "Germans: 8 CAPs"
    assert said("en", common.side_caps("Germans", 1)) == "Germans: one CAP"
    assert said("de", common.side_caps("Sowjets", 1)) == "Sowjets: ein Kommandopunkt"


def test_the_deck_running_out_says_which_turn_ends():
    assert said("en", common.deck_exhausted(2)) == "deck exhausted: turn 2 ends"
    assert said("de", common.deck_exhausted(2)) == "Stapel aufgebraucht: Zug 2 endet"


def test_a_revealed_hit_counter_is_said_in_the_packs_language_and_an_unknown_one_as_it_is():
    assert said("de", common.hit_revealed("Squad 3", "suppressed")) == "Squad 3: niedergehalten"
    assert said("de", common.hit_revealed("Squad 3", "shell shock")) == "Squad 3: shell shock"


def test_a_hit_taken_never_names_the_hidden_counter():
    taken = common.hit_taken("Squad 3")
    assert set(taken.args) == {"unit"}
    assert said("en", taken) == "Squad 3 hit"


def record(event: Event) -> Record:
    return Record(seq=2, at=datetime(2026, 11, 30, tzinfo=UTC), event=event)


def test_an_undo_or_a_redo_is_said_and_nothing_else_in_the_commit_is():
    rolled = record(DiceRolled(spec=DiceSpec(count=2, sides=6), faces=(2, 5), source="generated"))
    taken = common.taken_back([rolled, record(DecisionUndone(target=1)), record(DecisionRedone(target=1))])
    assert [said("en", announcement) for announcement in taken] == ["undone", "redone"]
    assert [said("de", announcement) for announcement in taken] == ["rückgängig gemacht", "wiederhergestellt"]
    assert common.taken_back([rolled]) == ()


def test_a_refusal_is_said_without_the_english_reason():
    assert said("en", common.refused()) == "not allowed"
    assert said("de", common.refused()) == "nicht erlaubt"


def test_announcements_of_one_family_replace_each_other_unless_a_channel_keeps_them_apart():
    assert common.dice_rolled((1, 2)).stale_after == common.dice_rolled((3,)).stale_after == "dice"
    assert common.side_caps("Germans", 3).stale_after != common.side_caps("Soviets", 3).stale_after
    assert common.deck_exhausted(1).stale_after == common.turn_ended(1).stale_after


def test_an_unknown_phrase_or_a_missing_argument_is_named():
    with pytest.raises(LookupError, match=r"no phrase 'dice\.exploded'"):
        said("en", Announcement(phrase="dice.exploded"))
    with pytest.raises(LookupError, match="needs the argument 'turn'"):
        said("en", Announcement(phrase="turn.ended"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_shipped_pack_is_for_its_language_and_says_every_english_phrase_with_the_same_arguments(language):
    pack, english = phrase_pack(language), phrase_pack("en")
    assert pack.language == language
    assert pack.phrases.keys() == english.phrases.keys()
    assert pack.terms.keys() == english.terms.keys()
    for phrase, template in english.phrases.items():
        assert arguments(pack.phrases[phrase]) == arguments(template), phrase


def arguments(template: str | Counted) -> set[str]:
    if isinstance(template, Counted):
        return fields_of(template.one) | fields_of(template.other) | {template.count}
    return fields_of(template)


@pytest.mark.parametrize("template", ["{side.__class__}", "{caps!r}", "{caps:>10}", "{0}"])
def test_a_phrase_may_only_name_plain_arguments(template):
    with pytest.raises(ValidationError, match="must be a plain name"):
        PhrasePack.model_validate(
            {**phrase_pack("en").model_dump(by_alias=True), "phrases": {"refused": template}}
        )


def test_a_pack_with_an_unknown_key_is_refused():
    with pytest.raises(ValidationError, match="Extra inputs"):
        PhrasePack.model_validate({**phrase_pack("en").model_dump(by_alias=True), "phrasse": {}})


GAMES = ("pb", "coh", "tc", "deckung")
"""The families of the games' own phrases; each game's tests render them."""


def test_the_common_announcements_render_in_every_pack():
    made = [
        common.dice_rolled((2, 5)), common.dice_rolled((3,)), common.dice_rolled((3,), 1), common.refused(),
        common.side_caps("A", 2), common.deck_exhausted(1), common.turn_ended(1), common.hit_taken("B"),
        common.hit_revealed("B", "pinned"), common.unit_destroyed("B"), common.game_over(),
        *common.taken_back([record(DecisionUndone(target=1)), record(DecisionRedone(target=1))]),
    ]
    shared = {phrase for phrase in phrase_pack("en").phrases if phrase.split(".")[0] not in GAMES}
    assert {a.phrase for a in made} == shared
    for language in LANGUAGES:
        for announcement in made:
            text = phrase_pack(language).render(announcement)
            assert text and not any(name for _, name, _, _ in string.Formatter().parse(text))


def test_sentences_said_together_follow_the_first_and_go_stale_with_it():
    said = common.together([common.turn_ended(2), common.game_over()], channel="end")
    assert said is not None and said.stale_after == "end"
    assert [part.phrase for part in said.then] == ["game.over"]
    assert phrase_pack("en").render(said) == "turn 2 ends. game over"
    assert phrase_pack("de").render(said) == "Zug 2 endet. Spiel vorbei"
    assert common.together([], channel="end") is None


def test_side_names_the_games_use_are_said_in_the_packs_language():
    assert said("en", common.side_caps("German", 8)) == "German: 8 CAPs"
    assert said("de", common.side_caps("German", 8)) == "Deutschland: 8 Kommandopunkte"
    assert said("de", common.side_caps("Soviet", 1)) == "Sowjetunion: ein Kommandopunkt"
