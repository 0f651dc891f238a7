"""The Point Blank screen: the deck and its odds, the check in progress, the units, the checklists.

Players draw their real cards and key in the pips (face keys on GPIO, the serial board, the
on-screen panel or 1-6 on the keyboard); Next ends the impulse; Confirm confirms the deck at
the start, or enters a pip the deck count refused (the override for a miscounted deck).
"""

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Digits, Label, Static

from companion.errors import CompanionError, ConfigError
from companion.games.point_blank import builders
from companion.games.point_blank.catalog import Catalog, load_catalog, save_deck
from companion.games.point_blank.checks.base import Check
from companion.games.point_blank.checks.battlefield import PlainCheck
from companion.games.point_blank.rules import (
    AddUnit,
    AdjustUnit,
    CancelCheck,
    DiscardCard,
    EndImpulse,
    EnterPip,
    FlushHand,
    Order,
    PlayEventCard,
    PointBlankState,
    ReduceFatigue,
    RollDie,
    SetMarker,
    SetUpGame,
    StartCheck,
)
from companion.games.point_blank.view import (
    check_lines,
    checklist_lines,
    deck_lines,
    key_help,
    odds_lines,
    situation,
)
from companion.games.rules import Command, Redo, Undo
from companion.hardware.controls import Control, ControlPressed
from companion.tui.point_blank.forms import (
    CSS,
    AddUnitForm,
    CheckForm,
    DeckForm,
    EditUnitForm,
    MarkerForm,
    OrderForm,
    ReadyForm,
)
from companion.tui.screens.game_screen import GameScreen


class PointBlankScreen(GameScreen):
    CSS_PATH = CSS
    # The footer keeps the keys of every impulse; the help line under the units names the rest
    # (and the command palette lists them all).
    BINDINGS = [
        *(Binding(str(pip), f"face({pip})", show=False) for pip in range(1, 7)),
        Binding("space", "press('roll')", "Roll (dice mode)", show=False, priority=True),
        Binding("n", "press('next')", "End impulse"),
        Binding("c", "press('confirm')", "Confirm"),
        Binding("f", "order('fire')", "Fire"),
        Binding("k", "check", "Check"),
        Binding("i", "add_unit", "Add unit"),
        Binding("m", "order('move')", "Move", show=False),
        Binding("a", "order('assault')", "Assault", show=False),
        Binding("l", "order('melee')", "Melee", show=False),
        Binding("r", "order('rally')", "Rally", show=False),
        Binding("d", "order('ready')", "Ready a spent unit", show=False),
        Binding("o", "order('other')", "Other order", show=False),
        Binding("t", "edit_unit", "Edit unit", show=False),
        Binding("p", "marker", "Marker card", show=False),
        Binding("z", "fatigue('discard')", "Discard: -fatigue", show=False),
        Binding("w", "ready_fatigue", "Ready action: -fatigue", show=False),
        Binding("b", "fatigue('bonus')", "Odd bonus -fatigue", show=False),
        Binding("h", "flush", "Hand flush", show=False),
        Binding("v", "discard", "Discard card", show=False),
        Binding("e", "event_card", "Event card", show=False),
        Binding("x", "cancel_check", "Cancel check", show=False),
        Binding("g", "app.show_games", "Saved games", show=False),
    ]
    # Below 130 columns the side column narrows so the units' markers stay in view.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (130, "-wide")]

    def __init__(self, companion, session) -> None:
        super().__init__(companion, session)
        # A refused pip waits for Confirm only while nothing else is committed: it is a question
        # on screen, like a half-filled form, and a restart simply asks for the pip again.
        self.refused: tuple[int, int] | None = None
        self.catalog_error: str | None = None
        # The user's files sit in the data dir beside the saved games (see the README).
        self.user_dir = companion.store.path.parent / "point_blank"
        try:
            self.catalog: Catalog = load_catalog(self.user_dir)
        except ConfigError as error:
            self.catalog_error = str(error)
            self.catalog = load_catalog()

    @property
    def state(self) -> PointBlankState:
        return self.session.state

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="pb-top"):
            with Vertical(id="pb-deck"):
                yield Label("cards left", classes="pb-caption")
                yield Digits("", id="pb-left")
            with Vertical(id="pb-middle"):
                # Plain text: these lines carry unit, terrain and card names from data files and players.
                yield Label("", id="pb-situation", markup=False)
                yield Static("", id="pb-cards", markup=False)
                yield Static("", id="pb-odds", markup=False)
                yield Static("", id="pb-check", markup=False)
        with Horizontal(id="pb-bottom"):
            yield DataTable(id="pb-units", cursor_type="row", zebra_stripes=True)
            with Vertical(id="pb-side"):
                yield Static("", id="pb-checklist", markup=False)
                yield Static("", id="pb-log", markup=False)
        yield Static("", id="pb-help", markup=False)

    def on_mount(self) -> None:
        table = self.query_one("#pb-units", DataTable)
        table.add_columns("#", "side", "unit", "markers", "morale", "FP", "terrain", "sector")
        # No super().on_mount(): Textual calls GameScreen.on_mount itself, after this one.
        if self.catalog_error:
            self.notify(f"{self.catalog_error}; using the shipped data", severity="error", timeout=8)
        if self.state.settings is None:
            self.action_setup()

    # input

    def on_control(self, press: ControlPressed) -> None:
        match press.control:
            case Control.FACE if press.value is not None:
                self.enter_pip(press.value)
            case Control.ROLL:
                if not self.state.dice_mode:
                    self.notify("This game reads checks from card pips: draw the top card and key its pips", timeout=3)
                elif self._set_up():
                    self._after(self.run_command(RollDie()))
            case Control.UNDO:
                self.run_command(Undo())
            case Control.REDO:
                self.run_command(Redo())
            case Control.NEXT:
                self.run_command(EndImpulse())
            case Control.CONFIRM:
                if self.state.settings is None:
                    self.action_setup()
                elif self.refused is not None and self.refused[1] == len(self.session.records):
                    pip, self.refused = self.refused[0], None
                    self._after(self.run_command(EnterPip(pip=pip, force=True)))
                else:
                    self.refused = None
                    self.notify("Nothing to confirm", timeout=2)
            case _:
                self.notify(f"{press} does nothing in Point Blank", timeout=2)

    def enter_pip(self, pip: int) -> None:
        """A refused pip starts nothing and records nothing; Confirm then enters it anyway."""
        state = self.state
        deck = state.deck.reshuffled() if state.deck.exhausted else state.deck
        if state.settings is not None and not state.dice_mode and 1 <= pip <= 6 and not deck.could_draw(pip):
            self.refused = (pip, len(self.session.records))
            self.notify(
                f"The deck cannot hold another {pip}: every {pip} is drawn since the shuffle. "
                "Press Confirm (c) to enter it anyway if the deck was miscounted",
                severity="error", timeout=6,
            )
            return
        self.refused = None
        if self._set_up():
            self._after(self.run_command(EnterPip(pip=pip)))

    def _set_up(self) -> bool:
        if self.state.settings is None:
            self.notify("Confirm the deck first (c)", severity="warning", timeout=3)
            return False
        return True

    def _after(self, records) -> None:
        if records and self.state.check is None:
            self.companion.flash_roll_led()

    def action_face(self, pip: int) -> None:
        self.on_control(ControlPressed(Control.FACE, pip, source="keyboard"))

    def action_press(self, control: str) -> None:
        self.on_control(ControlPressed(Control(control), source="keyboard"))

    def selected(self) -> int | None:
        table = self.query_one("#pb-units", DataTable)
        if not table.row_count:
            return None
        return int(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    # forms

    def action_setup(self) -> None:
        def chosen(values: dict[str, Any] | None) -> None:
            if values is None:
                return
            save = values.pop("save")
            self.run_command_safely(lambda: SetUpGame(**values))
            if save and self.state.settings is not None:
                try:
                    path = save_deck(self.user_dir, values["cards_per_pip"])
                except ConfigError as error:
                    self.notify(str(error), severity="error", timeout=6)
                    return
                self.catalog = load_catalog(self.user_dir)
                self.notify(f"Deck counts saved in {path}", timeout=4)

        self.app.push_screen(DeckForm(self.catalog), chosen)

    def action_add_unit(self) -> None:
        def chosen(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.run_command_safely(lambda: AddUnit(**values))

        self.app.push_screen(AddUnitForm(self.catalog, self.state.units, self.state.side), chosen)

    def action_edit_unit(self) -> None:
        if (unit_id := self.selected()) is None:
            self.notify("Add a unit first (i)", timeout=2)
            return

        def chosen(changes: dict[str, Any] | None) -> None:
            if changes:
                self.run_command(AdjustUnit(unit=unit_id, changes=changes))

        self.app.push_screen(EditUnitForm(self.catalog, self.state.unit(unit_id)), chosen)

    def action_marker(self) -> None:
        def chosen(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.run_command(SetMarker(**values))

        self.app.push_screen(MarkerForm(), chosen)

    def action_order(self, action: str) -> None:
        self.app.push_screen(OrderForm(action, self.selected()), self.give_order)

    def give_order(self, values: dict[str, Any] | None) -> None:
        if values is None:
            return
        try:
            check = self.follow_up_check(values)
        except (CompanionError, ValueError) as refusal:
            self.notify(str(refusal), severity="error", timeout=5)
            return
        # The order and the check it starts are one commit: a restart never finds one without the other.
        # A melee names its defenders in the order, so they carry the In Melee marker until Upkeep (7.10).
        targets = tuple(values["targets"]) if values["action"] == "melee" else ()
        self.run_command(Order(units=tuple(values["units"]), action=values["action"], via=values["via"],
                               leader=values["leader"], targets=targets, check=check))

    def leadership(self, leader: int | None) -> int:
        if leader is None:
            return 0
        unit = self.state.unit(leader)
        return unit.leadership if unit.leader and unit.good_order else 0

    def follow_up_check(self, values: dict[str, Any]) -> Check | None:
        """Fire and assault resolve at once (8.4, 8.1); rally too (8.8); melee waits for Upkeep (7.10)."""
        action, lead = values["action"], self.leadership(values["leader"])
        if action in ("fire", "assault"):
            return builders.fire(
                self.state, self.catalog, values["units"], values["targets"], modifier=values["modifier"],
                leadership=lead, cover=values["cover"], degraded_los=values["degraded"], range_one=values["range1"],
                assault=action == "assault", flanking=values["flanking"], support_weapon=values["support"],
                flamethrower=values["flamethrower"], flamethrower_only=values["flame_only"], blaze=values["blaze"],
            )
        if action == "rally":
            return builders.rally(self.state, self.catalog, values["units"], lead)
        return None

    def action_check(self) -> None:
        due = self.state.melees_due
        melee = None
        if due:
            # Upkeep starts with the melees (6.1.1): the form opens on the first one still to resolve.
            first = due[0]
            overrun = self.state.unit(first.attackers[0]).vehicle
            melee = ("overrun" if overrun else "melee", first.attackers, first.defenders)
        self.app.push_screen(CheckForm(self.selected(), melee), self.start_check)

    def start_check(self, values: dict[str, Any] | None) -> None:
        if values is None:
            return
        try:
            check = self.build_check(values)
        except (CompanionError, ValueError, IndexError) as refusal:
            self.notify(str(refusal) or "name the units the check is for", severity="error", timeout=5)
            return
        self.run_command(StartCheck(check=check))

    def build_check(self, v: dict[str, Any]) -> Check:
        state, catalog, units, targets = self.state, self.catalog, v["units"], v["targets"]
        match v["kind"]:
            case "d6" | "2d6":
                return PlainCheck(cards=2 if v["kind"] == "2d6" else 1, label=f"{v['kind']} check")
            case "spotting":
                return builders.spotting(state, catalog, targets or units, v["leadership"])
            case "concealment":
                return builders.concealment(state, catalog, units, v["number"] + v["leadership"])
            case "smoke" | "mortar_smoke":
                return builders.smoke(state, v["sector"], v["leadership"], mortar=v["kind"] == "mortar_smoke")
            case "blaze":
                return builders.blaze(v["sector"])
            case "bog":
                return builders.bog(state, catalog, units[0], wire=v["flag"], leadership=v["leadership"])
            case "unbog":
                return builders.unbog(state, units[0])
            case "repair":
                return builders.repair(state, units[0], v["leadership"])
            case "morale":
                return builders.morale(state, catalog, units, leadership=v["leadership"])
            case "sniper":
                return builders.sniper(state, catalog, (targets or units)[0], v["number"])
            case "ordnance":
                return builders.ordnance(state, catalog, units[0], targets, v["to_hit"], v["penetration"], v["he"],
                                         v["number"], v["leadership"], flank=v["flag"])
            case "barrage":
                return builders.barrage(state, catalog, units[0], targets, v["strengths"], v["leadership"])
            case "melee":
                return builders.melee(state, catalog, units, targets, v["leadership"], v["number"])
            case "overrun":
                return builders.overrun(state, catalog, units[0], targets, v["number"], v["he"])
        raise ValueError(f"no check called {v['kind']}")

    def run_command_safely(self, build) -> None:
        try:
            command: Command = build()
        except ValueError as error:
            self.notify(str(error).splitlines()[0], severity="error", timeout=5)
            return
        self.run_command(command)

    def action_fatigue(self, via: str) -> None:
        if (unit := self.selected()) is not None:
            self.run_command(ReduceFatigue(unit=unit, via=via))

    def action_ready_fatigue(self) -> None:
        """A Ready card or a leader's Ready action removes a fatigue level (8.9)."""
        if (unit_id := self.selected()) is None:
            self.notify("Add a unit first (i)", timeout=2)
            return
        unit = self.state.unit(unit_id)
        leaders = [u.id for u in self.state.units if u.leader and u.side == unit.side and u.good_order
                   and (not unit.sector or u.sector == unit.sector)]

        def chosen(values: dict[str, Any] | None) -> None:
            if values is not None:
                self.run_command(ReduceFatigue(unit=unit_id, **values))

        self.app.push_screen(ReadyForm(unit, leaders[0] if leaders else None), chosen)

    def action_flush(self) -> None:
        self.run_command(FlushHand())

    def action_discard(self) -> None:
        self.run_command(DiscardCard())

    def action_event_card(self) -> None:
        self.run_command(PlayEventCard(name="event card"))

    def action_cancel_check(self) -> None:
        self.run_command(CancelCheck())

    # drawing

    def show_state(self) -> None:
        state = self.state
        self.query_one("#pb-left", Digits).update(str(state.deck.left).rjust(2))
        self.query_one("#pb-situation", Label).update(situation(state))
        self.query_one("#pb-cards", Static).update("\n".join(deck_lines(state)))
        self.query_one("#pb-odds", Static).update("\n".join(odds_lines(state)))
        self.query_one("#pb-check", Static).update("\n".join(check_lines(state)))
        self.query_one("#pb-checklist", Static).update("\n".join(checklist_lines(state)))
        self.query_one("#pb-log", Static).update("\n".join(state.log[-6:]))
        self.query_one("#pb-help", Static).update(key_help(state))
        self._show_units()
        self.companion.show_side(state.side if state.settings is not None and not state.game_over else None)

    def _show_units(self) -> None:
        table = self.query_one("#pb-units", DataTable)
        cursor = table.cursor_row
        table.clear()
        for unit in self.state.units:
            cells = (str(unit.id), str(unit.side), unit.name, unit.status, str(unit.morale),
                     str(unit.firepower), unit.terrain, unit.sector)
            table.add_row(*map(Text, cells), key=str(unit.id))  # a str cell would be read as markup
        if table.row_count:
            table.move_cursor(row=min(cursor, table.row_count - 1), animate=False)
