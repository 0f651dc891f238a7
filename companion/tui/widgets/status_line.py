"""The line at the foot of every screen: the hardware in use, the board, the table network, speech,
the game and its file.

It always fits one line: the parts are shortened first (a storage fault's paths to their file
names, speech to `speech on`, `speech off` or `speech unavailable`), then left out, in this order:
the games file, speech, the board, the table network, the game's name. A storage fault, a speech
fault and the hardware (mock pins above all) are said to the last.
"""

import re
from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

WIDE, NARROW = "  │  ", " │ "
PATH = re.compile(r"(?:~|/)[^\s:│]*/([^/\s:│]+)")


@dataclass(frozen=True, slots=True)
class Status:
    """One snapshot of what the status line says, replaced whole on every change."""

    hardware: str = ""
    board: str = ""
    game: str = ""
    mock: bool = False
    storage: str = ""
    """A storage fault or wait, said until it clears."""
    speech: str = ""
    games_file: str = ""
    table: str = ""
    """The table network's link, when there is one."""


def shortened(text: str, most: int) -> str:
    return text if len(text) <= most else text[: max(0, most - 1)] + "…"


def without_folders(text: str) -> str:
    """Every path in the text as its file name: `not saved: games.sqlite3: the disk is full`."""
    return PATH.sub(r"\1", text)


def short_hardware(hardware: str) -> str:
    """`MOCK HW` for mock pins, `GPIO` for real ones."""
    if hardware.startswith("MOCK"):
        return "MOCK HW"
    return hardware.partition(":")[0]


def short_speech(speech: str) -> str:
    """`speech on`, `speech off` or `speech unavailable`: without the language or the reason."""
    return speech.partition(" (")[0].partition(":")[0]


def speech_fault(speech: str) -> bool:
    return speech.startswith("speech unavailable")


def status_text(status: Status, width: int) -> str:
    """The line at `width` columns, shortened and thinned out as it must be (see the module)."""
    # Left to right as shown; each with its short form, listed from the first to go.
    parts = {
        "storage": [status.storage, without_folders(status.storage)],
        "hardware": [status.hardware, short_hardware(status.hardware)],
        "board": [status.board, shortened(status.board, 18)],
        "table": [status.table, shortened(status.table, 24)],
        "speech": [status.speech, short_speech(status.speech)],
        "game": [status.game, shortened(status.game, 16)],
        "games_file": [status.games_file, status.games_file.rpartition("/")[2]],
    }
    giving_way = ["storage", "games_file", "speech", "board", "table", "game"]

    def line(separator: str) -> str:
        return separator.join(full for full, _ in parts.values() if full)

    if len(text := line(WIDE)) <= width:
        return text
    for name in giving_way:
        if len(text := line(NARROW)) <= width:
            return text
        parts[name][0] = parts[name][1]
    parts["hardware"][0] = parts["hardware"][1]
    kept = {"storage", "speech"} if speech_fault(status.speech) else {"storage"}
    for name in giving_way:
        if name in kept:
            continue
        if len(text := line(NARROW)) <= width:
            return text
        parts[name][0] = ""
    return shortened(line(NARROW), width)


class StatusLine(Static):
    """Takes its text down from the app's status signal; knows nothing of hardware or games."""

    def __init__(self) -> None:
        super().__init__()
        self.status = Status()

    def on_mount(self) -> None:
        signal = getattr(self.app, "status_signal", None)
        if signal is not None:
            signal.subscribe(self, self.show)
            self.show(self.app.status)  # type: ignore[attr-defined]

    def show(self, status: Status) -> None:
        self.status = status
        self.set_class(status.mock, "-mock")
        self.set_class(bool(status.storage), "-fault")
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        # Paths, game names and board texts are shown as written, never read as markup.
        width = self.content_size.width or self.app.size.width - 2
        self.update(Text(status_text(self.status, width)))
