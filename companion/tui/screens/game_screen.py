"""The base of every game screen: presses become the controller's intents, refusals are shown,
and the screen redraws only from what the journal has committed.

A game's screen composes its body and renders the durable state in `show_state`; everything a
press means comes from the game's controller and keymap (its core), never from the screen.
"""

from collections.abc import Iterable
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from companion.errors import CompanionError, NotSaved, Overridable
from companion.games.descriptor import Game
from companion.games.kit.intents import Ask, Intent, Reveal, Run, Select, Tell
from companion.games.rules import Command
from companion.hardware.controls import Control, ControlPressed
from companion.journal.events import DecisionRedone, DecisionUndone
from companion.journal.store import Origin
from companion.session import GameSession, Settled
from companion.tui.messages import Refused
from companion.tui.widgets.mock_panel import MockPanel
from companion.tui.widgets.spec_form import RevealPanel, SpecForm
from companion.tui.widgets.status_line import StatusLine

Wired = tuple[tuple[Control, int | None], ...]


class GameScreen(Screen[None]):
    """Subclasses compose their body, render in `show_state`, and may offer a selected row."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.go_home", "Home")]

    def __init__(self, game: Game, session: GameSession, mock_controls: Wired | None = None) -> None:
        super().__init__()
        self.game = game
        self.session = session
        self.mock_controls = mock_controls
        self.sub_title = session.game.name
        self._override: tuple[Command, int] | None = None
        """A refusal the players may overrule, with the journal head it was refused at: it stands
        only while nothing else is committed, like a question on screen."""

    @property
    def state(self) -> Any:
        return self.session.state

    def compose(self) -> ComposeResult:
        yield Header()
        yield from self.compose_body()
        yield Static("", id="help-line", markup=False)
        if self.mock_controls is not None:
            yield MockPanel(list(self.mock_controls), classes="mock-panel")
        yield StatusLine()
        yield Footer()

    def compose_body(self) -> ComposeResult:
        raise NotImplementedError

    def on_mount(self) -> None:
        # Textual calls every `on_mount` along the MRO, a subclass's first: no super() call needed.
        self.redraw()

    # Presses in

    def on_control(self, press: ControlPressed, origin: Origin | None = None) -> None:
        """Every press from GPIO, the board or the mock panel, through the keymap."""
        found = self.game.controller.keymap.for_control(press.control, press.value)
        if found is None:
            self.notify(f"{press} does nothing here", timeout=2, markup=False)
            if origin is not None:
                self.session.note_input(origin)
            return
        action, value = found
        self.act(action.name, value, origin)

    def action_act(self, name: str, value: int | None = None) -> None:
        """A key, a palette entry or a tap on the action bar."""
        self.act(name, value)

    def act(self, name: str, value: int | None = None, origin: Origin | None = None) -> None:
        if name == "confirm" and self._override is not None:
            command, head = self._override
            self._override = None
            if head == self.session.head:
                self.carry_out(Run.one(command), origin)
                return
        try:
            # Decided on every press before this one, committed or not: a face keyed a moment ago
            # counts, though the screen may not show it yet.
            intent = self.game.controller.press(self.session.latest, name, value, self.selected())
        except CompanionError as refusal:
            self.refuse(str(refusal))
            return
        self.carry_out(intent, origin)

    def carry_out(self, intent: Intent, origin: Origin | None = None) -> None:
        match intent:
            case Run(commands=commands):
                for command in commands:
                    if not self.submit(command, origin):
                        break
                    origin = None  # the input is recorded with the first command it caused
            case Ask(form=form, then=then):
                self.app.push_screen(SpecForm(form, then), self.carry_out)
            case Tell(text=text, severity=severity):
                self.notify(text, severity=severity, timeout=4 if severity == "error" else 3, markup=False)
            case Reveal(title=title, lines=lines):
                self.app.push_screen(RevealPanel(title, lines))
            case Select(step=step):
                self.move_selection(step)
        if origin is not None:
            self.session.note_input(origin)

    def submit(self, command: Command, origin: Origin | None = None) -> bool:
        """Hands the command to the session; the screen redraws when it is committed."""
        try:
            self.session.submit(command, origin)
        except Overridable as refusal:
            self._override = (refusal.override, self.session.head)  # type: ignore[assignment]
            self.refuse(str(refusal), timeout=8)
            return False
        except CompanionError as refusal:
            self.refuse(str(refusal))
            return False
        return True

    def refuse(self, message: str, timeout: float = 5) -> None:
        self.notify(message, severity="error", timeout=timeout, markup=False)
        self.post_message(Refused())

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
        self.show_state()
        available = self.game.controller.available(self.state)
        help_line = self.query_one("#help-line", Static)
        text = self.game.controller.keymap.help_line(available)
        if help_line.content != text:  # an update lays out the whole screen again: not on every press
            help_line.update(text)

    def show_state(self) -> None:
        raise NotImplementedError

    # Selection: a game with a table of units overrides these.

    def selected(self) -> int | None:
        return None

    def move_selection(self, step: int) -> None:
        """No rows to move through on this screen."""

    def palette(self) -> Iterable[tuple[str, str, str, int | None]]:
        """(label, help, action name, value) for every action of this screen, for the command palette."""
        for action in self.game.controller.keymap:
            if action.keys or action.control is None:
                yield action.title, action.help or action.title, action.name, action.value
