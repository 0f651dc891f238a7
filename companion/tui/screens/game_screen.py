"""The base of every game screen: presses become the controller's intents, refusals are shown,
and the screen redraws only from what the journal has committed.

A game's screen composes its body and renders the durable state in `show_state`; everything a
press means comes from the game's controller and keymap (its core), never from the screen. The
action bar under the body offers what is available now as buttons to tap, each doing what its key does
(those that do not fit behind its More… button).

A read-only view (a second companion on a data dir another one holds, a follower of the table
network, a games file that cannot be written) takes only what shows something: every other key, tap
or press is refused at once with why, before any form opens, and none is offered (no buttons, no
footer key, no palette entry).
"""

from collections.abc import Iterable
from typing import Any, ClassVar

from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.notifications import SeverityLevel
from textual.widgets._toast import ToastRack

from companion.errors import CompanionError, NotSaved, Overridable
from companion.games.descriptor import Game
from companion.games.kit import data as data_files
from companion.games.kit.intents import Ask, Intent, Reveal, Run, SaveFile, Select, SwitchView, Tell
from companion.games.kit.keymap import KEY_NAMES, KeyAction
from companion.games.rules import Command
from companion.hardware.controls import Control, ControlPressed, Origin
from companion.journal.events import DecisionRedone, DecisionUndone
from companion.played_game import PlayedGame, Settled
from companion.tui.buttons import does_nothing
from companion.tui.messages import Refused
from companion.tui.screens.all_actions import ActionBarScreen
from companion.tui.screens.messages import Said, clipped
from companion.tui.table_app import TableApp
from companion.tui.widgets.action_bar import ActionBar, Tap
from companion.tui.widgets.footer import FittingFooter
from companion.tui.widgets.mock_panel import MockPanel, Wired
from companion.tui.widgets.status_line import StatusLine
from companion.tui.widgets.title_bar import TitleBar

NOTIFICATION_LINES = 2
"""A notification on a game's screen takes at most this many lines, just above the action bar."""
TOAST_FRAME = 5
"""Columns of a notification on a game's screen that are not its text: the notification rack's
scrollbar gutter (2), the toast's coloured edge (1) and its padding (2, `companion.tcss`)."""


class GameScreen(ActionBarScreen):
    """Subclasses compose their body, render in `show_state`, and may offer a selected row."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.go_home", "Home")]
    OPENS_GUIDE: ClassVar[bool] = True
    """A game being set up from a scenario opens its guided setup over this screen."""

    def __init__(self, game: Game, session: PlayedGame, mock_controls: Wired | None = None,
                 read_only: str = "") -> None:
        """`read_only`: why nothing can be decided here, as the players read it (`read-only: following
        table club-1`), for a session that is read-only."""
        super().__init__()
        self.game = game
        self.session = session
        self.mock_controls = mock_controls
        self.read_only = read_only or (READ_ONLY if session.read_only else "")
        """Why every action but those that only show something is refused here; "" when it is not."""
        self.sub_title = session.game.name
        self._override: tuple[Command, int] | None = None
        """A refusal the players may overrule, with the journal head it was refused at: it stands
        only while nothing else is committed, like a question on screen."""
        self._answer: Said | None = None
        """What the screen last said instead of doing a press (a refusal, a word): it goes once a
        later command is accepted, since what it said (Confirm counts them, finish the check) may
        no longer hold."""

    @property
    def state(self) -> Any:
        return self.session.state

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield from self.compose_body()
        yield ActionBar(id="action-bar")
        if self.mock_controls is not None:
            yield MockPanel(self.mock_controls, classes="mock-panel")
        yield StatusLine()
        yield FittingFooter()

    def compose_body(self) -> ComposeResult:
        raise NotImplementedError

    def on_mount(self) -> None:
        # Textual calls every `on_mount` along the MRO, a subclass's first: no super() call needed.
        self.redraw()
        if self.OPENS_GUIDE and self.game.controller.guide(self.state) is not None:
            from companion.tui.screens.guide_screen import GuideScreen  # a GameScreen itself

            self.app.push_screen(GuideScreen(self.game, self.session, self.mock_controls, self.read_only))

    # Presses in

    def on_control(self, press: ControlPressed, origin: Origin | None = None) -> str:
        """Every press from GPIO, the board, the mock panel or the table network, through the keymap.

        Returns why it was refused, or "" when it was carried out. An input with an `origin` is
        recorded either way: with the first command it caused, or on its own."""
        found = self.game.controller.keymap.for_control(press.control, press.value)
        if found is None:
            refusal = does_nothing(press)
            self.answer(refusal, timeout=2)
            if origin is not None:
                self.session.note_input(origin)
            return refusal
        action, value = found
        return self.act(action.name, value, origin)

    def action_act(self, name: str, value: int | None = None) -> None:
        """A key or a palette entry."""
        self.act(name, value)


    def act(self, name: str, value: int | None = None, origin: Origin | None = None) -> str:
        """Does what the action means now; returns why it was refused, or ""."""
        if not self.offers(name):
            return self.refuse_here(origin)
        if name == "confirm" and self._override is not None:
            command, head = self._override
            self._override = None
            if head == self.session.head:
                return self.carry_out(Run.one(command), origin)
        try:
            # Decided on every press before this one, committed or not: a face keyed a moment ago
            # counts, though the screen may not show it yet.
            intent = self.game.controller.press(self.session.latest, name, value, self.selected())
        except CompanionError as refusal:
            if origin is not None:
                self.session.note_input(origin)
            return self.refuse(str(refusal))
        if self.read_only and not isinstance(intent, Tell | Reveal | Select | SwitchView):
            return self.refuse_here(origin)  # a view's key that asks a form or a command in this state
        return self.carry_out(intent, origin)

    def offers(self, name: str) -> bool:
        """Whether this screen takes the action: any, but on a read-only view only one that shows
        something (`view_only`), so the view never opens a form whose answer could not be saved."""
        return not self.read_only or self.game.controller.keymap.view_only(name)

    def refuse_here(self, origin: Origin | None) -> str:
        """Refuses a press on a read-only view at once, saying why."""
        if origin is not None:
            self.session.note_input(origin)
        return self.refuse(self.read_only)

    def carry_out(self, intent: Intent, origin: Origin | None = None) -> str:
        """Returns why the first command was refused, or what the players are told instead of doing
        anything (a `Tell`: "Confirm has nothing to confirm"), or "" once something was done."""
        refusal, taken = "", False
        match intent:
            case Run(commands=commands):
                for command in commands:
                    refusal = self.submit(command, origin)
                    if refusal:
                        break
                    origin, taken = None, True  # the input is recorded with the first command it caused
            case Ask(form=form, then=then):
                from companion.tui.widgets.spec_form import SpecForm  # its widgets load with a first form

                keys = self.game.controller.keymap.form_keys()
                self.app.push_screen(SpecForm(form, then, keys), self._answered)
            case Tell(text=text, severity=severity):
                self.answer(text, severity, timeout=4 if severity == "error" else 3)
                refusal = text
            case Reveal(title=title, lines=lines):
                from companion.tui.widgets.spec_form import RevealPanel

                self.app.push_screen(RevealPanel(title, lines))
            case Select(step=step):
                self.move_selection(step)
            case SwitchView(view=view):
                self.switch_view(view)
            case SaveFile(name=name, text=text, then=then):
                self.save_file(name, text)
                return self.carry_out(then, origin)
        if origin is not None:
            self.session.note_input(origin)
        if taken:
            self._withdraw_answer()
        return "" if taken else refusal  # a later command's refusal undoes nothing of the first

    def _answered(self, intent: Intent) -> None:
        """What a form asked for, once the players have answered it (None: they cancelled)."""
        self.carry_out(intent)

    def save_file(self, name: str, text: str) -> None:
        """A data file the players chose to save; a failure is said and changes nothing else."""
        if self.game.folder is None:
            self.notify(f"{name} is not saved: this companion has no data folder", severity="error", markup=False)
            return
        try:
            path = data_files.save(self.game.folder, name, text)
        except CompanionError as error:
            self.notify(str(error), severity="error", timeout=8, markup=False)
            return
        self.notify(f"saved in {path}", timeout=4, markup=False)

    def submit(self, command: Command, origin: Origin | None = None) -> str:
        """Hands the command to the session (the screen redraws when it is committed); returns why
        it was refused, or ""."""
        try:
            self.session.submit(command, origin)
        except Overridable as refusal:
            self._override = (refusal.override, self.session.head)  # type: ignore[assignment]
            self.refresh_bindings()
            return self.refuse(str(refusal), timeout=8)
        except CompanionError as refusal:
            return self.refuse(str(refusal))
        return ""

    def refuse(self, message: str, timeout: float = 5) -> str:
        """Says the refusal on screen (and the table hears its tone); returns it."""
        self.answer(message, "error", timeout)
        self.post_message(Refused())
        return message

    def answer(self, message: str, severity: SeverityLevel = "information", timeout: float = 3) -> None:
        """Says why a press did nothing, until it times out or a later command is accepted."""
        self.notify(message, severity=severity, timeout=timeout, markup=False)
        app = self.app
        self._answer = app.said[0] if isinstance(app, TableApp) and app.said else None

    def _withdraw_answer(self) -> None:
        app = self.app
        if self._answer is not None and isinstance(app, TableApp):
            app.withdraw(self._answer)
        self._answer = None

    # Commits in

    def settled(self, settled: Settled) -> None:
        """The app hands over what the journal committed: say what undo and redo did, then redraw."""
        for failure in settled.failures:
            message = str(failure) if isinstance(failure, NotSaved) else f"not saved: {failure}"
            self.notify(message, severity="error", timeout=8, markup=False)
        for record in settled.records:
            if isinstance(record.event, DecisionUndone | DecisionRedone):
                self.notify(self.session.describe(record), timeout=3, markup=False)
        if settled.records:
            self.redraw()

    def redraw(self) -> None:
        self.sub_title = self.session.game.name  # a followed game's name changes when its table renames it
        self.show_state()
        self.query_one("#action-bar", ActionBar).show(taps(self.tappable()))
        self.refresh_bindings()  # the footer's keys are those of the moment

    def tappable(self) -> tuple[KeyAction, ...]:
        """The action bar's buttons now: the game's, less Redo while there is nothing to redo (which
        only the journal knows), and none on a read-only view."""
        if self.read_only:
            return ()
        return tuple(action for action in self.game.controller.tappable(self.state)
                     if action.name != "redo" or self.session.can_redo)

    def on_resize(self, _: events.Resize) -> None:
        self.call_after_refresh(self._place_notifications)

    def on_action_bar_resized(self, _: ActionBar.Resized) -> None:
        self._place_notifications()

    def fit_notification(self, message: str) -> str:
        """What the app shows of a notification said while this screen is in front: two lines at
        most, clear of the key figure and of the newest rows of a record (Messages keeps it whole)."""
        if self.size.width <= TOAST_FRAME:  # not laid out yet: nothing to fit to
            return message
        return clipped(message, self.size.width - TOAST_FRAME, NOTIFICATION_LINES)

    def _place_notifications(self) -> None:
        """Notifications stand at the bottom right, just above the action bar (whose height changes
        with what is offered), clear of the key figure at the top and of every control."""
        above_the_bar = self.size.height - self.query_one("#action-bar", ActionBar).region.y
        for rack in self.query_children(ToastRack):  # none when the app runs without notifications
            if rack.styles.margin.bottom != above_the_bar:
                rack.styles.margin = (0, 0, above_the_bar, 0)

    def show_state(self) -> None:
        raise NotImplementedError

    # Selection: a game with a table of units overrides these.

    def selected(self) -> int | None:
        return None

    def move_selection(self, step: int) -> None:
        """No rows to move through on this screen."""

    def switch_view(self, view: str) -> None:
        """A screen with more than one view of its game shows `view`, or goes back from it."""

    def palette(self) -> Iterable[tuple[str, str, str, int | None]]:
        """(label, help, action name, value) for every action this screen takes, for the command palette;
        no help for an action with none, whose title would else read twice (`Dice 1`, `Dice 1`)."""
        for action in self.game.controller.keymap:
            if (action.keys or action.control is None) and self.shows(action.name):
                yield action.palette_title, action.help, action.name, action.value

    def shows(self, name: str) -> bool:
        """Whether the palette offers the action: one this screen takes (`offers`) and, once the game
        is over, one its controller still has available (at Point Blank's game over: Edit unit,
        Battlefield, Undo, Redo). The footer and the keys panel follow `available` at every moment."""
        over = self.game.rules.finished(self.state)
        return self.offers(name) and (not over or name in self.game.controller.available(self.state))

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys the footer and the keys panel show: those of the actions that do something now (the
        game's `available`, and Confirm while it overrules the refusal just said), and on a read-only
        view only those it takes. A key not shown still reaches `act`, which says why it is refused."""
        available = {*self.game.controller.available(self.state), *(("confirm",) if self._overruling else ())}
        return {key: bound for key, bound in super().active_bindings.items()
                if self._offered(bound.binding.action, frozenset(available))}

    @property
    def _overruling(self) -> bool:
        """Whether Confirm now carries out the command just refused with an overridable refusal."""
        return self._override is not None and self._override[1] == self.session.head

    def _offered(self, bound: str, available: frozenset[str]) -> bool:
        _, action, arguments = parse(bound)
        return action != "act" or (str(arguments[0]) in available and self.offers(str(arguments[0])))


READ_ONLY = "read-only here: nothing can be saved"
"""Why a read-only session refuses, when the app did not say more."""


def taps(actions: Iterable[KeyAction]) -> tuple[Tap, ...]:
    """The action bar's buttons for a controller's tappable actions: a digit key that carries its
    digit (a face key) reads as the digit; another key with a value as its title (`label value` for
    one of a group of keys, else its label: `German +1 VP`) with its own key beside; any other
    action as its label with its key beside, Redo glued to the Undo its game offers just before it."""
    buttons = []
    for action in actions:
        first_key = (action.keys or "").split(",")[0]
        if action.value is not None and first_key == str(action.value):
            buttons.append(Tap(action.name, first_key, "", action.value))
        elif action.value is not None:
            buttons.append(Tap(action.name, action.title, KEY_NAMES.get(first_key, first_key), action.value))
        else:
            buttons.append(Tap(action.name, action.label, action.key_text if action.keys else "",
                               primary=action.control is Control.ROLL, glued=action.name == "redo"))
    return tuple(buttons)
