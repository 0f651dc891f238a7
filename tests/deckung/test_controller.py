"""The Deckung helper's keys, buttons and lights without Textual."""

from datetime import UTC, datetime

import pytest

from companion.errors import RuleViolation
from companion.games.deckung import view
from companion.games.deckung.commands import ChooseCover, ChoosePosition, ClearCover, PlaceModels, RollDie, ShootCover
from companion.games.deckung.controller import KEYMAP, DeckungController
from companion.games.deckung.lights import lights
from companion.games.deckung.state import DeckungState
from companion.games.kit.faces import EnterFace
from companion.games.kit.intents import Ask, Run, Tell
from companion.hardware.controls import Control
from companion.journal.record import Record
from tests.deckung.conftest import DATA, rules

controller = DeckungController(DATA)


def folded(*commands) -> DeckungState:
    game = rules()
    state = game.initial()
    for seq, command in enumerate(commands, 1):
        for event in game.decide(state, command):
            state = game.evolve(state, Record(seq, datetime.now(UTC), event), False)
    return state


def answer(intent, **answers):
    assert isinstance(intent, Ask), intent
    return intent.then(intent.form.read({**intent.form.defaults(), **answers}))


def test_the_big_button_rolls_the_face_keys_key_and_next_steps_through_positions():
    state = folded()
    assert controller.press(state, "roll", None, None) == Run.one(RollDie())
    assert controller.press(state, "face", 0, None) == Run.one(EnterFace(entered=0))
    assert KEYMAP.for_control(Control.NEXT, None)[0].name == "position"
    assert controller.press(state, "position", None, None) == Run.one(ChoosePosition(position="near"))
    assert controller.press(folded(ChoosePosition(position="behind")), "position", None, None) == Run.one(
        ChoosePosition(position="contact"))
    assert controller.press(state, "massive", None, None) == Run.one(ChooseCover(cover="massive"))


def test_confirm_shoots_at_standing_cover_then_asks_for_the_models_in_contact():
    intent = controller.press(folded(), "confirm", None, None)
    assert answer(intent, penetration="3", hardness="2") == Run.one(ShootCover(penetration=3, hardness=2))
    destroyed = folded(ShootCover(penetration=3, hardness=2))
    intent = controller.press(destroyed, "confirm", None, None)
    assert isinstance(intent, Ask)
    assert dict(intent.form.fields[1].options) == {"rekrut": "Rekrut (recruit), survives on ≤ 4"}
    assert answer(intent, count="3") == Run.one(PlaceModels(count=3, rank="rekrut"))


def test_the_bar_offers_the_shot_at_the_cover_first_and_choosing_the_kind_it_has_changes_nothing():
    assert [action.name for action in controller.tappable(folded())][:4] == ["shoot", "light", "massive", "position"]
    assert controller.press(folded(), "light", None, None) == Tell("The cover is light already")
    destroyed = folded(ShootCover(penetration=3, hardness=2))
    assert [action.name for action in controller.tappable(destroyed)][:2] == ["models", "clear"]


def test_models_before_the_cover_falls_and_a_shot_after_are_refused_before_their_forms_open():
    with pytest.raises(RuleViolation, match="the cover stands"):
        controller.press(folded(), "models", None, None)
    with pytest.raises(RuleViolation, match="already destroyed"):
        controller.press(folded(ShootCover(penetration=3, hardness=2)), "shoot", None, None)


def test_the_board_shows_the_attackers_modifier_and_the_roll_led_flashes_on_each_w10():
    assert lights(folded(ChooseCover(cover="massive"))).number == -2
    assert lights(folded(ChooseCover(cover="massive"), ChoosePosition(position="near"))).number == -1
    placed = folded(ShootCover(penetration=3, hardness=2), PlaceModels(count=1, rank="rekrut"))
    assert lights(placed).roll == 0
    assert lights(folded(ShootCover(penetration=3, hardness=2), PlaceModels(count=1, rank="rekrut"),
                         EnterFace(entered=4))).roll == 3
    assert controller.available(placed) == ("roll", "face", "undo", "redo")


def test_destroyed_cover_gives_no_modifier_and_no_heads_down_until_the_next_cover():
    """The tester's wall: massive cover, the model in direct contact, Durchschlag 3 against Härtegrad 3."""
    standing = folded(ChooseCover(cover="massive"))
    destroyed = folded(ChooseCover(cover="massive"), ShootCover(penetration=3, hardness=3))
    assert lights(destroyed).number == 0
    assert view.modifier_digits(destroyed) == "0"
    assert (standing.attacker_modifier, standing.heads_down) == (-2, True)
    assert (destroyed.attacker_modifier, destroyed.heads_down) == (0, False)
    assert view.modifier_note(destroyed) == "no cover: destroyed"
    assert view.cover_lines(destroyed) == [
        "Deckung (cover): Massive Deckung (massive cover)",
        "Model: in direktem Kontakt (in direct contact)",
        "Waffe abfeuern (fire weapon): attacker ±0 (destroyed)",
        "Köpfe runter! (heads down!): not at destroyed cover",
    ]
    held = folded(ChooseCover(cover="massive"), ShootCover(penetration=2, hardness=3))
    assert (held.attacker_modifier, held.heads_down) == (-2, True)
    cleared = folded(ChooseCover(cover="massive"), ShootCover(penetration=3, hardness=3), ClearCover())
    assert (cleared.attacker_modifier, cleared.heads_down) == (-2, True)
