"""A scenario's guided setup, over its game's screen: the step on screen with what the companion
drew, every step's title, Confirm to go on and Back to go back (keys, buttons and the action bar
alike). It is the game's screen for as long as the players set up (presses and commits come to it)
and closes itself when play starts."""

from collections.abc import Iterable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Label, Static

from companion.games.kit.keymap import keyed
from companion.tui.screens.game_screen import GameScreen
from companion.tui.widgets.action_bar import ActionBar, Tap

BACK = Tap("undo", "Back", "u")


class GuideScreen(GameScreen):
    CSS_PATH = Path(__file__).parent / "guide.tcss"
    BINDINGS = [
        *GameScreen.BINDINGS,
        Binding("c", "act('confirm')", "Confirm"),
        Binding("u", "act('undo')", "Back"),
        Binding("y", "act('redo')", "Forward", show=False),
    ]
    OPENS_GUIDE = False
    # Below 100 columns the step on screen takes the whole width; it says its number itself.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    def compose_body(self) -> ComposeResult:
        yield Label("", id="guide-title", markup=False)
        with Horizontal(id="guide"):
            yield Static("", id="guide-steps", markup=False)
            with VerticalScroll(id="guide-step-box"):
                yield Static("", id="guide-step", markup=False)

    def redraw(self) -> None:
        # The action bar offers the guide's steps (`show_state`), not the game's actions.
        self.show_state()
        self.refresh_bindings()

    def show_state(self) -> None:
        view = self.game.controller.guide(self.state)
        if view is None:
            # Play has started: the game's own screen, below, takes over.
            if self.app.screen is self:
                self.app.pop_screen()
                below = self.app.screen
                if isinstance(below, GameScreen):
                    below.redraw()
            return
        self.query_one("#guide-title", Label).update(Text(f"Setting up: {view.title}"))
        self.query_one("#guide-steps", Static).update(Text("\n".join(view.progress())))
        self.query_one("#guide-step", Static).update(Text("\n".join(view.lines(steerable=not self.read_only))))
        confirm = Tap("confirm", "Start play" if view.at == len(view.titles) - 1 else "Confirm", "c", primary=True)
        back = "undo" in self.game.controller.available(self.state)  # from the second step on
        offered = () if self.read_only else (*((BACK,) if back else ()), confirm)
        self.query_one("#action-bar", ActionBar).show(offered)

    def palette(self) -> Iterable[tuple[str, str, str, int | None]]:
        if self.offers("confirm"):
            yield keyed("Confirm", "c"), "Done with this step: on to the next (the last starts play)", "confirm", None
        if self.offers("undo"):
            yield keyed(BACK.label, BACK.key), "Back to the step before", "undo", None
