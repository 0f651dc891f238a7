"""What every companion app shares, the one at the table and a follower's: the stylesheet and the
sides' colours, notifications as plain text and one at a time (kept whole for Messages), one line
for a crash, the palette (with a Screenshot into the data dir, where the app may write), the status line."""

import weakref
from collections import deque
from collections.abc import Iterable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen
from textual.signal import Signal

from companion import paths
from companion.tui import textual_patches
from companion.tui.messages import FormAnswered
from companion.tui.screens.messages import KEPT, Messages, Said
from companion.tui.sides import theme_variables
from companion.tui.widgets.status_line import Status

textual_patches.apply()

KEYS_REMEMBERED = 64
"""Keys typed recently, with the screen each was sent to: more than a burst of typing holds."""
SCREENSHOTS = "screenshots"
"""The data dir's folder for the palette's Screenshot."""


class TableApp(App[int]):
    CSS_PATH = Path(__file__).parent / "companion.tcss"
    TITLE = "companion"
    WRITES_FILES = True
    """False for an app that must write no file, such as a follower served to browsers: its palette
    has no Screenshot, and a screenshot asked for anyway is refused (`refuse_writing`)."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__()
        self.show_tracebacks = debug
        self.crash: Exception | None = None
        """The first unexpected error, for the command to report in one line after the app has exited."""
        self.status = Status()
        self.status_signal: Signal[Status] = Signal(self, "status")
        self.shown_signal: Signal[None] = Signal(self, "shown")
        """Published whenever the screen shows something new: a commit settled, a table's news."""
        self._keys_sent: deque[tuple[events.Key, weakref.ref[Screen], bool]] = deque(maxlen=KEYS_REMEMBERED)
        """Weakly: a screen closed since is not kept alive by the keys typed on it."""
        self._keys_held: list[events.Key] | None = None
        """Keys typed after a form's Enter, until the form has taken its answer (`FormAnswered`)."""
        self.said: deque[Said] = deque(maxlen=KEPT)
        """Every notification of late, whole, newest first (Messages, in the palette)."""

    async def on_event(self, event: events.Event) -> None:
        """Keys typed in a burst (a quick hand, a paste, a keyboard on a slow Pi) each go where the
        focus is as they arrive. When one of them opens a form, the keys after it have gone to the
        screen below, or to the form before its first field had the focus: they come back unused,
        and Textual would drop them. They are typed again, in their order, where the focus is now.
        The keys after a form's Enter wait until its answer is taken, then go where the focus is."""
        if isinstance(event, events.Key):
            if not event.is_forwarded and self._keys_held is not None:
                self._keys_held.append(event)
                return
            if not event.is_forwarded:
                self._keys_sent.append((event, weakref.ref(self.screen), self.focused is None))
            elif any(key is event and (screen() is not self.screen or (unfocused and self.focused is not None))
                     for key, screen, unfocused in self._keys_sent):
                self.post_message(events.Key(event.key, event.character))
                return
        in_front = self.screen if isinstance(event, events.Key) else None
        await super().on_event(event)
        if getattr(in_front, "answering", False) and self._keys_held is None:
            self._keys_held = []  # Enter was taken: the form reads its answer in its field's turn

    def push_screen(self, screen: Screen[Any] | str, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, Screen):
            self._read_stylesheets(screen)
        return super().push_screen(screen, *args, **kwargs)

    def _read_stylesheets(self, screen: Screen) -> None:
        """Adds the screen's own stylesheets (`CSS_PATH`) the app has not read yet, parsed on their own.
        Textual, finding a screen's file new, parses every stylesheet of the app again in a new
        stylesheet (all the widgets' and the app's, some 15 KB: a game's start parsed them twice);
        read here first, it finds the file known, and only the new file is parsed."""
        for path in screen.css_path:
            if not self.stylesheet.has_source(str(path), ""):
                self.stylesheet.read(path)

    async def on_form_answered(self, _: FormAnswered) -> None:
        """Here, not posted again: a key still in the queue must not overtake them."""
        held, self._keys_held = self._keys_held, None
        for key in held or ():
            await self.on_event(key)

    def show_status(self, status: Status) -> None:
        if status != self.status:
            # A status line that changes is laid out again, with the whole screen: not on every roll.
            self.status = status
            self.status_signal.publish(status)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification is plain text, whatever the caller asked: they carry refusals and file
        errors that quote names and paths from players, files and devices (see ARCHITECTURE.md).
        Each is kept whole for Messages; a screen that keeps its notifications short (a game's, above
        its action bar) fits a long one to its room."""
        self.said.appendleft(Said(message, severity))
        fitted = getattr(self.screen_stack[-1], "fit_notification", None) if self.screen_stack else None
        if fitted is not None:
            message = fitted(message)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def withdraw(self, said: Said) -> None:
        """Takes `said` off the screen while it is still the latest thing said: what it answered is
        over (a refusal, once a later command is accepted). Queued behind the notification itself,
        so one still on its way (keys typed in a burst) is withdrawn too."""
        self.call_later(self._withdraw, said)

    def _withdraw(self, said: Said) -> None:
        if self.said and self.said[0] is said:
            self.clear_notifications()

    def on_notify(self, _: Notify) -> None:
        """One notification at a time: a new one replaces the one on screen, so a burst (ten undos,
        a refusal after an undo) never stacks up over the game. Textual adds the new one after this
        handler (a base class's handler runs after its subclass's)."""
        self.clear_notifications()

    def _handle_exception(self, error: Exception) -> None:
        # Textual prints a full traceback, local variables and all, once the app has exited; the
        # `companion` command says it in one line instead, unless --debug.
        if self.crash is None:
            self.crash = error
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        if self.crash is None or self.show_tracebacks:
            super()._print_error_renderables()  # also what Textual has to say without a crash
        else:
            self._exit_renderables.clear()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own (its Screenshot saves into ~/Downloads, which Raspberry Pi OS Lite has not:
        ours saves into the data dir), and every action of the screen in front (a game's from its
        keymap)."""
        for command in super().get_system_commands(screen):
            if command.title != "Screenshot":
                yield command
        if self.WRITES_FILES:
            yield SystemCommand("Screenshot", f"Save a picture of the screen (SVG) in {self.screenshot_folder()}",
                                self.take_screenshot)
        yield SystemCommand("Messages", "What the companion said lately, whole, newest first", self.show_messages)
        palette = getattr(screen, "palette", None)
        if palette is not None:
            for label, help_text, name, value in palette():
                yield SystemCommand(label, help_text, partial(screen.act, name, value))  # type: ignore[attr-defined]

    def show_messages(self) -> None:
        self.push_screen(Messages(self.said))

    def screenshot_folder(self) -> Path:
        """Where Screenshot saves: the screenshots folder of the data dir, made when first used."""
        return paths.data_dir() / SCREENSHOTS

    def take_screenshot(self) -> None:
        if not self.WRITES_FILES:
            self.refuse_writing()
            return
        # Once the palette has gone: the picture is of what the players see.
        self.call_after_refresh(self._save_screenshot)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Textual's own screenshot (its `screenshot` action), which saves into the folder it runs in:
        refused as ours is by an app that writes no files."""
        if not self.WRITES_FILES:
            self.refuse_writing()
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def refuse_writing(self) -> None:
        self.notify("read-only: this view saves no files", severity="error", timeout=5)

    def _save_screenshot(self) -> None:
        folder = self.screenshot_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            name = unused_name(folder, f"{datetime.now():%Y-%m-%d_%H-%M-%S}", ".svg")
            saved = self.save_screenshot(name, str(folder))
        except OSError as error:
            self.notify(f"screenshot not saved: {folder}: {error.strerror or error}", severity="error", timeout=8)
            return
        self.notify(f"screenshot saved: {paths.shorter_path(Path(saved))}", timeout=8)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The sides' colours as `$side-1` … for every stylesheet (see `companion.tui.sides`)."""
        return {**super().get_theme_variable_defaults(), **theme_variables()}


def unused_name(folder: Path, stem: str, suffix: str) -> str:
    """`stem` and `suffix`, with `_2`, `_3` … between them while a file of that name is in `folder`."""
    name, taken = stem + suffix, 1
    while (folder / name).exists():
        taken += 1
        name = f"{stem}_{taken}{suffix}"
    return name
