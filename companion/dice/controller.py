"""The dice roller's keys and buttons, and what each press asks for."""

from collections.abc import Mapping

from companion.dice.rules import ChooseSpec, RollDice
from companion.dice.spec import DiceSpec
from companion.dice.state import DiceState
from companion.games.kit.controller import Controller
from companion.games.kit.faces import EnterFace, EraseFace
from companion.games.kit.forms import FormSpec, Text
from companion.games.kit.intents import Ask, Intent, Run, SwitchView, Tell
from companion.games.kit.keymap import UNDO_REDO, KeyAction, Keymap, face_keys
from companion.games.rules import Undo
from companion.hardware.controls import Control

QUICK_SPECS = tuple(DiceSpec.parse(text) for text in ("d6", "2d6", "d10"))

KEYMAP = Keymap((
    KeyAction("roll", "Roll", keys="space", control=Control.ROLL, footer=True, help="Roll the dice (the big button)"),
    *face_keys("face", "Face", digits="1234567890", shown="0–9"),
    KeyAction("erase", "Erase face", keys="backspace", help="Erase the last face keyed in"),
    *UNDO_REDO,
    KeyAction("next", "Next dice", keys="n", control=Control.NEXT, footer=True, help="Next dice: d6 → 2d6 → d10"),
    KeyAction("spec", "Dice…", keys="e", footer=True, help="Type any dice, such as 3d6+1"),
    KeyAction("fairness", "Fair dice?", keys="f", view_only=True,
              help="Are my dice fair? Each die's faces against a fair die, this game and all games"),
    KeyAction("confirm", "Confirm", control=Control.CONFIRM),
))


def next_quick_spec(current: DiceSpec) -> DiceSpec:
    """d6 → 2d6 → d10 → d6; any other spec goes to d6."""
    if current in QUICK_SPECS:
        return QUICK_SPECS[(QUICK_SPECS.index(current) + 1) % len(QUICK_SPECS)]
    return QUICK_SPECS[0]


def spec_form(current: DiceSpec) -> FormSpec:
    return FormSpec("Dice to roll", (Text("spec", "Dice (d6, 2d6, d10, 3d6+1, …)", default=str(current)),))


def chosen_spec(answers: Mapping[str, object]) -> Intent:
    return Run.one(ChooseSpec(spec=DiceSpec.parse(str(answers["spec"]))))


class DiceController(Controller[DiceState]):
    keymap = KEYMAP

    def press(self, state: DiceState, action: str, value: int | None, selected: int | None) -> Intent:
        match action:
            case "roll":
                return Run.one(RollDice())
            case "face" if value is not None:
                return Run.one(EnterFace(entered=value))
            case "erase":
                return Run.one(EraseFace())
            case "undo":
                # A half-entered physical roll is corrected face by face before any roll is undone.
                return Run.one(EraseFace() if state.pending else Undo())
            case "next":
                return Run.one(ChooseSpec(spec=next_quick_spec(state.spec)))
            case "spec":
                return Ask(spec_form(state.spec), chosen_spec)
            case "fairness":
                return SwitchView("fairness")
            case "confirm":
                return Tell("Confirm has nothing to confirm on the dice roller")
        return super().press(state, action, value, selected)

    def tappable(self, state: DiceState) -> tuple[KeyAction, ...]:
        """Face buttons only for the faces these dice have (0 stands for a d10's 10); none for dice
        of more than ten sides, which are keyed one key per die and so cannot be keyed in."""
        spec = state.spec
        faces = {*range(1, min(spec.sides, 9) + 1), *((0,) if spec.sides == 10 else ())} if spec.keyable else set()
        return tuple(action for action in super().tappable(state) if action.name != "face" or action.value in faces)

    def available(self, state: DiceState) -> tuple[str, ...]:
        if state.pending:
            return ("face", "erase", "undo")
        return ("roll", "face", "undo", "redo", "next", "spec", "fairness")
