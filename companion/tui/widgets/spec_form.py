"""One modal form for every game: renders a `FormSpec`, Enter submits, Escape cancels; the game's
Confirm key and face keys do what the table's Confirm and face buttons do, except where typed.

The title sits at the top and the buttons at the foot (the stylesheet docks them), the fields
scroll between them, so the buttons stay on screen at any size. A value the spec refuses, or a
refusal from what the answers build, is shown above the buttons and the form stays open.

Keys typed in a burst (a quick hand, a paste, a keyboard on a slow Pi) count as typed: Enter submits
what the keys before it made (and `TableApp` sends keys typed while the form opened to its field);
the keys after it wait in `TableApp` until the screen below has acted on the answer.
"""

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from rich.text import Text as RichText
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static

from companion.errors import CompanionError
from companion.games.kit.forms import Choice, Field, FormError, FormSpec, Number, Pick, Text, Tick
from companion.games.kit.intents import Intent
from companion.hardware.controls import Control, ControlPressed
from companion.tui.buttons import does_nothing
from companion.tui.messages import FormAnswered
from companion.tui.widgets.glance import CLOSED_BY, Glance
from companion.tui.widgets.mock_panel import PanelModal

FORM_HINT = "a form is open: Confirm submits it, Undo cancels it"


class TickBox(Checkbox, inherit_bindings=False):
    """A checkbox that Space ticks, so that Enter submits the form instead of ticking a box by surprise."""

    BINDINGS = [Binding("space", "toggle_button", "Toggle", show=False)]

    def label_lines(self, width: int) -> list[Content]:
        """The label wrapped beside the box (a Checkbox is one row tall: a long label was cut short)."""
        return self.label.wrap(max(width - self._button.cell_length - 2, 1)) or [Content()]

    def render(self) -> Content:
        """The box, then the label, its further lines under the first (a hanging indent)."""
        label_style = self.get_visual_style("toggle--label")
        indent = Content(" " * self._button.cell_length)
        return Content("\n").join(
            Content.assemble(indent if row else self._button, line.rstrip().pad(1, 1).stylize_before(label_style))
            for row, line in enumerate(self.label_lines(self.content_size.width)))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.label_lines(width))


class Picks(SelectionList[str], inherit_bindings=False):
    """A list Space ticks in, for the same reason: Enter submits the form."""

    BINDINGS = [
        Binding("down", "cursor_down", show=False), Binding("up", "cursor_up", show=False),
        Binding("home", "first", show=False), Binding("end", "last", show=False),
        Binding("pagedown", "page_down", show=False), Binding("pageup", "page_up", show=False),
        Binding("space", "select", "Tick", show=False),
    ]


class NumberBox(Input):
    """A number field that lets the form see the game's Confirm and face keys first: Textual hides
    a screen's bindings for every key a focused field could type. The form answers with them, or
    hands a digit back to be typed (a field of more than one digit)."""

    def __init__(self, value: str, passes: frozenset[str], widget_id: str) -> None:
        super().__init__(value, type="integer", id=widget_id)
        self.passes = passes

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return key not in self.passes and super().check_consume_key(key, character)


def _pick_options(field: Pick, answers: Mapping[str, object], ticked: set[str]) -> list[tuple[RichText, str, bool]]:
    """A Pick's list while the form holds `answers` (one kept apart from a Choice leaves its answer out)."""
    return [(RichText(label), str(value), str(value) in ticked) for value, label in field.shown(answers)]


def plain(text: str) -> Label:
    """A label whose text is shown as written: names from files and players are never markup."""
    return Label(RichText(text))


class SpecForm(PanelModal[Intent]):
    CSS_PATH = Path(__file__).parent / "spec_form.tcss"
    # On a screen under 28 rows (80x24) the stylesheet draws the choices and buttons one row tall,
    # so that a form of five questions (Conflict of Heroes' sides) shows them all without scrolling.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (28, "-tall")]
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "submit", "OK", priority=True),
    ]

    def __init__(self, spec: FormSpec, then: Callable[[Mapping[str, object]], Intent],
                 keys: Iterable[tuple[str, int | None]] = ()) -> None:
        """`keys`: the game's keys for its Confirm button (None) and face buttons (each its face),
        which arcade buttons wired as keys send; taken first, so a field in focus that would drop
        them (`c` in a number field) does not, and passed on to a field that types them."""
        super().__init__()
        self.spec = spec
        self._then = then
        self.answering = False
        """From Enter until the answer is taken or refused: the app holds the keys typed meanwhile."""
        keyed = tuple(keys)
        self._keys = frozenset(key for key, _ in keyed)
        for key, face in keyed:
            # The game's keys are known only now: bound on this form alone (Textual has no public
            # call for one screen's own bindings).
            action = "confirm_key" if face is None else f"face_key({face})"
            self._bindings.bind(key, action, show=False, priority=True)

    def compose(self) -> ComposeResult:
        with Vertical(classes="form"):
            yield Label(RichText(self.spec.title), classes="form-title")
            if self.spec.note:
                yield Label(RichText(self.spec.note), classes="form-note")
            # Not focusable itself, so the first field has the focus when the form opens.
            with VerticalScroll(classes="form-fields", can_focus=False):
                for field in self.spec.fields:
                    yield from self._field(field)
            with Vertical(classes="form-foot"):
                yield Static("", id="form-error", markup=False)
                with Horizontal(classes="form-buttons"):
                    yield Button(self.spec.submit, id="ok", variant="primary")
                    yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        # Focusing the first field scrolls it to the top, hiding its label: show the form from its top.
        fields = self.query_one(".form-fields", VerticalScroll)
        self.call_after_refresh(fields.scroll_home, animate=False)
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """A form taller than the screen fills it and scrolls its fields (`-fill` in the stylesheet);
        a shorter one keeps to its own height. Only the stylesheet's `auto` cannot tell them apart:
        the fields' height is either the content's or the room left, never the smaller of the two."""
        form = self.query_one(".form")
        fields = self.query_one(".form-fields", VerticalScroll)
        around = sum(child.outer_size.height for child in form.children if child is not fields)
        self.set_class(form.gutter.height + around + fields.virtual_size.height > self.room, "-fill")

    def _field(self, field: Field) -> ComposeResult:
        widget_id = f"field-{field.name}"
        if isinstance(field, Tick):
            yield TickBox(RichText(field.label), field.default, id=widget_id)
            return
        yield Label(RichText(field.label), classes="form-label")
        widget: Widget
        match field:
            case Number():
                widget = NumberBox(field.initial, self._keys, widget_id)
            case Text():
                widget = Input(field.default, max_length=field.max_length, id=widget_id)
            case Choice():
                options = [(RichText(label), str(value)) for value, label in field.options]
                widget = Select(options, value=str(field.initial), allow_blank=False, id=widget_id)
            case Pick():
                widget = Picks(*_pick_options(field, self.spec.defaults(), set(map(str, field.default))),
                               id=widget_id)
        yield widget
        if field.help:
            yield Label(RichText(field.help), classes="form-help")

    def on_select_changed(self, event: Select.Changed) -> None:
        """A Pick kept apart from the Choice changed lists again without its answer, keeping the
        other ticks."""
        name = (event.select.id or "").removeprefix("field-")
        for field in self.spec.fields:
            if isinstance(field, Pick) and field.apart_from == name:
                picks = self.query_one(f"#field-{field.name}", Picks)
                ticked = set(picks.selected)
                picks.clear_options()
                picks.add_options(_pick_options(field, self.raw_values(), ticked))

    def raw_values(self) -> dict[str, object]:
        values: dict[str, object] = {}
        for field in self.spec.fields:
            widget = self.query_one(f"#field-{field.name}")
            match widget:
                case Input():
                    values[field.name] = widget.value
                case Select():
                    values[field.name] = widget.value
                case Picks():
                    values[field.name] = list(widget.selected)
                case Checkbox():
                    values[field.name] = widget.value
        return values

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter chooses in an open drop-down list; it submits the form only when none is open.
        return action != "submit" or not any(select.expanded for select in self.query(Select))

    def action_submit(self) -> None:
        self.answering = True
        self._submit_in_turn(wait_for_focus=True)

    def _submit_in_turn(self, wait_for_focus: bool = False) -> None:
        """Enter is a priority binding, taken as the key arrives, while the keys typed just before it
        may still wait in the field's queue: the form submits from that queue, behind them and ahead
        of any typed after it. A form opening has no field with the focus yet: once, behind what it
        has queued."""
        if self.focused is not None:
            if not self.focused.call_later(self._submit):  # the field is closing: nothing waits in it
                self._submit()
        elif wait_for_focus:
            self.call_later(self._submit_in_turn)
        else:
            self._submit()

    def _submit(self) -> None:
        if self.app.screen is not self:
            self._answered()  # cancelled meanwhile
            return
        try:
            intent = self._then(self.spec.read(self.raw_values()))
        except (ValueError, CompanionError) as problem:
            self.query_one("#form-error", Static).update(str(problem).splitlines()[0] if str(problem) else "not valid")
            if isinstance(problem, FormError):
                for field in self.query(f"#field-{problem.field}"):
                    field.focus()  # the field to fix, ready for its answer
            self.call_after_refresh(self._fit)
            self._answered()
            return
        self.dismiss(intent)
        # The screen below acts on the answer in its next callback: the keys typed after Enter follow it.
        self.app.screen.call_next(self._answered)

    def _answered(self) -> None:
        if self.answering:
            self.answering = False
            self.app.post_message(FormAnswered())

    def on_unmount(self) -> None:
        self._answered()  # at the latest: should the screen below never say, the held keys go on

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_control(self, press: ControlPressed) -> str:
        """The table's buttons: Confirm submits, Undo cancels, Next goes to the next field, and a face
        key answers the field in focus: its face typed into a number field (a card's pips, a die),
        the option of that number chosen in a list, or ticked or unticked in a list of ticks, a box
        ticked or unticked. A face that answers a field wholly goes on to the next. Returns why a
        press does nothing (Roll, a face no field in focus takes), or ""."""
        match press.control:
            case Control.CONFIRM:
                self.action_submit()
            case Control.UNDO:
                self.action_cancel()
            case Control.NEXT:
                self.focus_next()
            case Control.FACE if press.value is not None:
                return "" if self._face(press.value) else does_nothing(press, FORM_HINT)
            case _:
                return does_nothing(press, FORM_HINT)
        return ""

    def action_confirm_key(self) -> None:
        """The game's Confirm key submits, as the button does; a text field types it, and an open
        drop-down list keeps it, as it keeps Enter."""
        typing = isinstance(self.focused, Input) and self.focused.type != "integer"
        if typing or not self.check_action("submit", ()):
            raise SkipAction()
        self.action_submit()

    def action_face_key(self, face: int) -> None:
        """A face key answers the field in focus as the face button does; a field it does not
        answer so (text, a number of more than one digit) types it."""
        if not self._face(face, typed=True):
            raise SkipAction()

    def _face(self, face: int, typed: bool = False) -> bool:
        """True when the face answered the field in focus. A face `typed` fills a number field only
        when one digit is the whole answer (a field of more digits takes it as typed), and stays in
        the field as typing does: Tab goes on. A face button, with no Tab beside it, goes on itself."""
        focused = self.focused
        field = next((f for f in self.spec.fields if focused is not None and focused.id == f"field-{f.name}"), None)
        match field:
            case Pick():
                options = field.shown(self.raw_values())
            case Choice():
                options = field.options
            case _:
                options = ()
        nth = options[face - 1][0] if 0 < face <= len(options) else None
        one_digit = isinstance(field, Number) and field.high <= 9
        match focused:
            case Input(type="integer") if one_digit or not typed:
                focused.value = str(face)
                if not typed:
                    self.focus_next()
            case Select() if nth is not None and not focused.expanded:
                focused.value = str(nth)
                if not typed:
                    self.focus_next()
            case Picks() if nth is not None:
                focused.toggle(str(nth))
            case TickBox():
                focused.toggle()
            case _:
                return False
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.action_submit()
        else:
            self.action_cancel()


class RevealPanel(Glance):
    """Private information for one player (a face-down counter)."""

    def __init__(self, title: str, lines: tuple[str, ...]) -> None:
        super().__init__()
        self._title = title
        self._lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="form"):
            yield Label(RichText(self._title), classes="form-title")
            for line in self._lines:
                yield plain(line)
            yield Label(CLOSED_BY, classes="form-help")
