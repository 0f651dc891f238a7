"""The Deckung helper's keys and buttons, and what each press asks for."""

from collections.abc import Mapping
from typing import cast

from companion.errors import RuleViolation
from companion.games.deckung.commands import (
    ChooseCover,
    ChoosePosition,
    ClearCover,
    PlaceModels,
    RollDie,
    ShootCover,
)
from companion.games.deckung.cover import ALREADY_DESTROYED, POSITIONS, STILL_STANDING, term
from companion.games.deckung.ranks import Rank
from companion.games.deckung.state import DeckungState
from companion.games.kit.controller import Controller
from companion.games.kit.faces import EnterFace
from companion.games.kit.forms import Choice, FormSpec, Number
from companion.games.kit.intents import Ask, Intent, Run, Tell
from companion.games.kit.keymap import UNDO_REDO, KeyAction, Keymap, face_keys, in_order
from companion.hardware.controls import Control

KEYMAP = Keymap((
    KeyAction("roll", "Roll W10", keys="space", control=Control.ROLL, footer=True,
              help="Roll the W10 (d10) the next model's test waits for (the big button)"),
    *face_keys("face", "Face", digits="1234567890", shown="0–9"),
    # Light and massive are on the action bar whenever they can be chosen: the footer keeps room at
    # 80 columns for the app's own keys.
    KeyAction("light", "Light", keys="l", help="Leichte Deckung (light cover)"),
    KeyAction("massive", "Massive", keys="m", help="Massive Deckung (massive cover)"),
    KeyAction("position", "Position", keys="p", control=Control.NEXT, footer=True,
              help="Where the model stands: in direct contact, 1\" away, further behind"),
    KeyAction("shoot", "Shoot cover", keys="x", help="Deckung zerstören: penetration against hardness"),
    KeyAction("models", "Models", keys="i", help="Models in direct contact with the destroyed cover, by rank"),
    KeyAction("confirm", "Confirm", keys="c", control=Control.CONFIRM,
              help="The next step: shoot at the cover, or add the models in contact"),
    KeyAction("clear", "Next cover", keys="z", help="Done with this cover: start on the next"),
    *UNDO_REDO,
))


def shoot_form(state: DeckungState) -> Ask:
    hardness = state.shot[1] if state.shot else 1
    form = FormSpec(term("destroy"), (
        Number("penetration", f"{term('penetration')} of the weapon", 0, 0, 99),
        Number("hardness", f"{term('hardness')} of the cover", hardness, 0, 99),
    ), note="The cover is destroyed when the penetration is at least the hardness.", submit="Shoot")

    def then(answers: Mapping[str, object]) -> Intent:
        return Run.one(ShootCover(penetration=cast(int, answers["penetration"]),
                                  hardness=cast(int, answers["hardness"])))

    return Ask(form, then)


def models_form(ranks: Mapping[str, Rank]) -> Ask:
    form = FormSpec("Models in direct contact (in direktem Kontakt)", (
        Number("count", "How many", 1, 1, 20),
        Choice("rank", f"{term('rank')}", tuple((key, f"{rank.describe()}, survives on ≤ {rank.survives_on}")
                                              for key, rank in ranks.items())),
    ), note="Ranks: <data dir>/deckung/ranks.toml (the text gives only Rekrut: 4).", submit="Add")

    def then(answers: Mapping[str, object]) -> Intent:
        return Run.one(PlaceModels(count=cast(int, answers["count"]), rank=str(answers["rank"])))

    return Ask(form, then)


class DeckungController(Controller[DeckungState]):
    keymap = KEYMAP

    def press(self, state: DeckungState, action: str, value: int | None, selected: int | None) -> Intent:
        match action:
            case "roll":
                return Run.one(RollDie())
            case "face" if value is not None:
                return Run.one(EnterFace(entered=value))
            case "light" | "massive" if state.cover == action:
                return Tell(f"The cover is {action} already")
            case "light" | "massive":
                return Run.one(ChooseCover(cover="light" if action == "light" else "massive"))
            case "position":
                following = POSITIONS[(POSITIONS.index(state.position) + 1) % len(POSITIONS)]
                return Run.one(ChoosePosition(position=following))
            # Refused before the form opens, not once it is answered.
            case "shoot" if state.destroyed:
                raise RuleViolation(ALREADY_DESTROYED)
            case "shoot":
                return shoot_form(state)
            case "models" if not state.destroyed:
                raise RuleViolation(STILL_STANDING)
            case "models":
                return models_form(self.data["ranks.toml"])
            case "confirm":
                if state.waiting is not None:
                    return Tell("space rolls the W10, or key the face")
                return models_form(self.data["ranks.toml"]) if state.destroyed else shoot_form(state)
            case "clear":
                return Run.one(ClearCover())
        return super().press(state, action, value, selected)

    def tappable(self, state: DeckungState) -> tuple[KeyAction, ...]:
        """The bar's buttons in the order `available` gives them: the shot at the cover first, its
        kind and the attacker's position after (they stay as they are chosen)."""
        return in_order(super().tappable(state), self.available(state))

    def available(self, state: DeckungState) -> tuple[str, ...]:
        if state.waiting is not None:
            return ("roll", "face", "undo", "redo")  # a keyed W10 taken back waits here for redo
        if state.destroyed:
            return ("models", "clear", "light", "massive", "position", "undo", "redo")
        return ("shoot", "light", "massive", "position", "undo", "redo")
