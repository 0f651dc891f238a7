"""The line at the foot of every screen: the hardware, the board, the table network, speech, the game
and its file, on one line shared by what the player must act on."""

import re
from collections.abc import Iterable
from itertools import pairwise
from typing import NamedTuple

from rich.text import Text
from textual.widgets import Static

from companion.status_part import StatusPart

WIDE, NARROW = "  │  ", " │ "
PATH = re.compile(r"(?:~|/)[^\s:│]*/([^/\s:│]+)")
VERSIONS = re.compile(r" \(firmware [^()]*\)")
BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
"""Line breaks and control characters, as a board, a file or a player may send them."""
UNSAID = StatusPart()
"""A part with nothing to say (no table network, before speech has started)."""
CUT_SHOWS_AT_LEAST = 8
"""A text cut short with "…" must show this many characters more than the part's next shorter form,
or that form is shown instead: "speech unavailable: n…" says no more than "speech unavailable"."""
COMING_IN = (("game", -1), ("table", -1), ("board", -1), ("speech", -1), ("hardware", 0), ("games_file", -1))
"""The parts brought in while they fit, left out in the reverse order, each in the form given: its
shortest (-1), or, for the hardware (always shown), its whole text (0): cut to "MOCK HARDWARE (n…"
later, the warning would no longer say why the pins are not real."""


class Status(NamedTuple):
    """One snapshot of what the status line says, replaced whole on every change. The hardware, the
    board, the table network and speech each say whether the player must act on them; a storage
    fault or wait always has its place."""

    hardware: StatusPart = UNSAID
    board: StatusPart = UNSAID
    game: str = ""
    mock: bool = False
    storage: str = ""
    """A storage fault or wait, said until it clears."""
    speech: StatusPart = UNSAID
    games_file: str = ""
    table: StatusPart = UNSAID
    """The table network's link, when there is one."""


class Form(NamedTuple):
    """One way to say a part. `cut`: it may be shown cut short, down to the next form's length.
    `detail`: it adds only what needs no acting on (a board's versions, a fault's folders), so it
    waits until every part has had its room."""

    text: str
    cut: bool = True
    detail: bool = False


def shortened(text: str, most: int) -> str:
    return text if len(text) <= most else text[: max(0, most - 1)] + "…"


def one_line(text: str) -> str:
    """The text with each run of line breaks and control characters as one space."""
    return BREAKS.sub(" ", text).strip()


def part_on_one_line(part: StatusPart) -> StatusPart:
    return part._replace(text=one_line(part.text))


def on_one_line(status: Status) -> Status:
    return status._replace(hardware=part_on_one_line(status.hardware), board=part_on_one_line(status.board),
                           game=one_line(status.game), storage=one_line(status.storage),
                           speech=part_on_one_line(status.speech), games_file=one_line(status.games_file),
                           table=part_on_one_line(status.table))


def without_folders(text: str) -> str:
    """Every path in the text as its file name: `not saved: games.sqlite3: the disk is full`."""
    return PATH.sub(r"\1", text)


def short_hardware(hardware: str) -> str:
    """`MOCK HW` for mock pins, `GPIO` for real ones, `READ-ONLY` for a view."""
    if hardware.startswith("MOCK"):
        return "MOCK HW"
    return hardware.partition(":")[0]


def short_board(board: str) -> str:
    """`board connected`, `board lost`, `board refused`, `board: searching`: the link without its details."""
    head = re.split(r" \(|;", board)[0]
    state = head.partition(": ")[0]
    return state if " " in state else head


def short_table(table: str) -> str:
    """`table club-1: connected`, `table club-1: connecting`, `table club-1: broker down`."""
    return re.split(r" \(|;| to ", table)[0]


def short_speech(speech: str) -> str:
    """`speech on`, `speech off` or `speech unavailable`: without the language or the reason."""
    return speech.partition(" (")[0].partition(":")[0]


def steps(*forms: Form) -> list[Form]:
    """The forms from the longest, each kept only where it says something the next does not."""
    return [form for form, shorter in pairwise(forms) if form.text != shorter.text] + [forms[-1]]


def fitted(forms: list[Form], room: int) -> str:
    """The longest form that fits `room` columns, or one cut short to fit; else the shortest form."""
    for form, shorter in pairwise(forms):
        if len(form.text) <= room:
            return form.text
        if form.cut and room - 1 >= len(shorter.text) + CUT_SHOWS_AT_LEAST:
            return form.text[: room - 1].rstrip(" ,;:(") + "…"
    return forms[-1].text


def forms_of(status: Status) -> dict[str, list[Form]]:
    """Each part's ways of saying it from the longest, the parts left to right as shown."""
    hardware, board, table, speech = status.hardware.text, status.board.text, status.table.text, status.speech.text
    return {
        "storage": steps(Form(status.storage, cut=False, detail=True), Form(without_folders(status.storage))),
        "hardware": steps(Form(hardware), Form(short_hardware(hardware))),
        "board": steps(Form(board, cut=False, detail=True), Form(VERSIONS.sub("", board)), Form(short_board(board))),
        "table": steps(Form(table), Form(short_table(table))),
        "speech": steps(Form(speech), Form(short_speech(speech))),
        "game": steps(Form(status.game), Form(shortened(status.game, 16))),
        "games_file": steps(Form(status.games_file, cut=False), Form(status.games_file.rpartition("/")[2])),
    }


def status_text(status: Status, width: int) -> str:
    """The line at `width` columns: every part as it is where it all fits. Else each part starts from
    its shortest form (a storage fault's paths as file names, `MOCK HW`, `board refused`,
    `table club-1: broker down`, `speech on`, `speech off` or `speech unavailable`, the game's name to
    16 characters, the games file's name) and the parts share what is left, in turn, each taking as
    much as it can: first those the player must act on (as their sources say: a board lost, refused
    or sending bad data; a table link down, refused or skipping messages; speech unavailable; a
    read-only view), then the rest come in
    while they fit (the game, the table network, the board, speech, the hardware's whole text, the
    games file: left out in the reverse order), then grow (a storage fault's paths, the game, the
    hardware, the table network, the board, speech, the games file's path). A storage fault, the
    hardware and the parts in trouble are never left out; a text cut short ends in "…". Every part is
    on one line."""
    parts = forms_of(on_one_line(status))
    present = [name for name, forms in parts.items() if forms[0].text]
    if len(line := WIDE.join(parts[name][0].text for name in present)) <= width:
        return line
    links = {"hardware": status.hardware, "board": status.board, "table": status.table, "speech": status.speech}
    troubled = [name for name, part in links.items() if name in present and part.must_act]
    shown = {name: parts[name][-1].text for name in present if name in ("storage", "hardware", *troubled)}

    def line_shown() -> str:
        return NARROW.join(shown[name] for name in parts if name in shown)

    def grow(names: Iterable[str], details: bool) -> None:
        for name in names:
            if name in shown:
                forms = [form for form in parts[name] if details or not form.detail]
                grown = fitted(forms, len(shown[name]) + width - len(line_shown()))
                shown[name] = max(shown[name], grown, key=len)

    if len(line_shown()) > width:
        return shortened(line_shown(), width)
    grow(troubled, details=False)
    for name, form in COMING_IN:
        if name not in present or (name in shown and form == -1):
            continue  # absent, or already in (a part in trouble)
        before = shown.get(name)
        shown[name] = parts[name][form].text
        if len(line_shown()) > width:
            if before is None:
                del shown[name]
            else:
                shown[name] = before
            break
    grow(("storage", "game", "hardware", "table", "board", "speech", "games_file"), details=True)
    return line_shown()


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
