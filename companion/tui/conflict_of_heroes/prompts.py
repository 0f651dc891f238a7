"""Modal forms for Conflict of Heroes: set-up, adding a unit, moving, attacking, rallying, a counter's peek."""

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, RadioButton, RadioSet, Select, SelectionList

from companion.games.conflict_of_heroes.attack import RANGE_NAMES
from companion.games.conflict_of_heroes.commands import (
    AddUnit,
    DeclareAttack,
    DeclareRally,
    Move,
    NameSide,
    SetStartingCaps,
    Target,
)
from companion.games.conflict_of_heroes.odds import percent, rally_odds
from companion.games.conflict_of_heroes.state import CohState, UnitState
from companion.games.conflict_of_heroes.units import UnitProfile
from companion.games.rules import Command
from companion.tui.widgets.form import Form as BaseForm
from companion.tui.widgets.form import Tick


def number(form: ModalScreen, selector: str) -> int:
    text = form.query_one(selector, Input).value.strip() or "0"
    return int(text)


class Choices(SelectionList[int], inherit_bindings=False):
    """A list Space ticks in, for the same reason: Enter submits the form."""

    BINDINGS = [
        Binding("down", "cursor_down", show=False), Binding("up", "cursor_up", show=False),
        Binding("home", "first", show=False), Binding("end", "last", show=False),
        Binding("pagedown", "page_down", show=False), Binding("pageup", "page_up", show=False),
        Binding("space", "select", "Tick", show=False),
    ]


class Form(BaseForm[list[Command]]):
    CSS_PATH = Path(__file__).parent / "conflict_of_heroes.tcss"
    FORM_CLASS = "coh-form"


class SetupForm(Form):
    def __init__(self, state: CohState) -> None:
        super().__init__()
        self._state = state

    def fields(self) -> ComposeResult:
        yield Label("Each side's name and its starting CAPs (from the firefight)")
        yield Label("Side 2 announces first when the CAPs tie: make it the Soviet side (3.24)", classes="coh-hint")
        for side in (1, 2):
            current = self._state.side(side)
            with Horizontal(classes="coh-row"):
                yield Input(current.name, id=f"name-{side}", placeholder=f"side {side}")
                yield Input(str(current.caps.start), id=f"caps-{side}", type="integer",
                            disabled=self._state.phase != "setup")

    def answer(self) -> list[Command]:
        commands: list[Command] = []
        for side in (1, 2):
            commands.append(NameSide(side=side, name=self.query_one(f"#name-{side}", Input).value.strip()))
            caps = number(self, f"#caps-{side}")
            if self._state.phase == "setup" and caps != self._state.side(side).caps.start:
                commands.append(SetStartingCaps(side=side, caps=caps))
        return commands


class AddUnitForm(Form):
    def __init__(self, state: CohState, library: dict[str, UnitProfile], side: int) -> None:
        super().__init__()
        self._state = state
        self._library = library
        self._side = side

    def fields(self) -> ComposeResult:
        yield Label("Add a unit")
        options = [(Text(profile.name), key) for key, profile in self._library.items()]
        yield Select(options, id="unit-kind", allow_blank=False)
        with RadioSet(id="unit-side"):
            for side in (1, 2):
                yield RadioButton(Text(self._state.side(side).name), value=side == self._side)
        yield Input(placeholder="label on the map, e.g. Squad C", id="unit-label")

    def answer(self) -> list[Command]:
        profile = self._library[self.query_one("#unit-kind", Select).value]
        side = self.query_one("#unit-side", RadioSet).pressed_index + 1
        label = self.query_one("#unit-label", Input).value.strip() or profile.name
        return [AddUnit(side=side, label=label, profile=profile)]


class MoveForm(Form):
    def __init__(self, unit: UnitState) -> None:
        super().__init__()
        self._unit = unit

    def fields(self) -> ComposeResult:
        yield Label(f"{self._unit.label} moves ({self._unit.profile.move_cost} AP)", markup=False)
        yield Label("extra APs (terrain, backwards)")
        yield Input("0", id="extra", type="integer")
        yield Label("paid in CAPs")
        yield Input("0", id="caps", type="integer")

    def answer(self) -> list[Command]:
        return [Move(unit=self._unit.number, extra_aps=number(self, "#extra"), caps_paid=number(self, "#caps"))]


class AttackForm(Form):
    def __init__(self, state: CohState, attacker: UnitState) -> None:
        super().__init__()
        self._state = state
        self._attacker = attacker

    def targets(self) -> list[UnitState]:
        return [u for u in self._state.units if u.in_play and u.side != self._attacker.side]

    def fields(self) -> ComposeResult:
        yield Label(f"{self._attacker.label} fires at every enemy unit in the target hex (one roll each; Space ticks):",
                    markup=False)
        lone = len(self.targets()) == 1
        yield Choices(*[(Text(u.label), u.number, lone) for u in self.targets()], id="targets")
        yield Label("hit in the flank (fire from outside their arc; close combat is always flank):")
        yield Choices(*[(Text(u.label), u.number) for u in self.targets()], id="flanks")
        yield Label("terrain DM of the target hex")
        yield Input("0", id="terrain", type="integer")
        with RadioSet(id="band"):
            for band, name in RANGE_NAMES.items():
                yield RadioButton(name, value=band == "normal")
        yield Label(f"fire cost paid in CAPs (a command action); cost {self._attacker.profile.fire_cost}")
        yield Input("0", id="caps", type="integer")

    def answer(self) -> list[Command]:
        chosen = self.query_one("#targets", SelectionList).selected
        if not chosen:
            raise ValueError("choose the units in the target hex")
        flanks = set(self.query_one("#flanks", SelectionList).selected)
        terrain = number(self, "#terrain")
        band = list(RANGE_NAMES)[self.query_one("#band", RadioSet).pressed_index]
        targets = tuple(Target(unit=n, facing="flank" if n in flanks else "front", terrain_dm=terrain) for n in chosen)
        return [DeclareAttack(attacker=self._attacker.number, targets=targets, band=band, caps_paid=number(self, "#caps"))]


class RallyForm(Form):
    def __init__(self, unit: UnitState) -> None:
        super().__init__()
        self._unit = unit

    def fields(self) -> ComposeResult:
        yield Label(f"{self._unit.label} tries to rally (5 AP)", markup=False)
        yield Tick("in cover (+1 DM or more, not a hill)", id="cover")
        yield Tick("enemy units in the hex (no rally then, 7.5)", id="enemy")
        yield Label("un-hit friendly units in the hex")
        yield Input("0", id="friends", type="integer")
        yield Label("paid in CAPs")
        yield Input("0", id="caps", type="integer")

    def answer(self) -> list[Command]:
        return [DeclareRally(
            unit=self._unit.number,
            in_cover=self.query_one("#cover", Tick).value,
            enemy_in_hex=self.query_one("#enemy", Tick).value,
            friends=number(self, "#friends"),
            caps_paid=number(self, "#caps"),
        )]


class CounterPeek(ModalScreen[None]):
    """The owner's look at a face-down counter: the screen says who may look."""

    CSS_PATH = Path(__file__).parent / "conflict_of_heroes.tcss"
    BINDINGS = [("escape,enter,space", "dismiss(None)", "Hide")]

    def __init__(self, owner: str, unit: UnitState) -> None:
        super().__init__()
        self._owner = owner
        self._unit = unit

    def compose(self) -> ComposeResult:
        counter = self._unit.counter
        with Vertical(classes="coh-form"):
            yield Label(f"For the {self._owner} player only", classes="coh-warning", markup=False)
            yield Label(f"{self._unit.label}: {counter.name}", markup=False)
            yield Label(counter.effects(), markup=False)
            if counter.rally is not None:
                chances = "  ".join(f"{caps:+d} CAP: {percent(chance)}" for caps, chance in rally_odds(counter.rally, 0))
                yield Label(f"Rally (5 AP) on 2d6 ≥ {counter.rally}, before cover and friends: {chances}")
            yield Label("Enter hides it again")
