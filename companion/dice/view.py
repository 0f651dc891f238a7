"""What the dice roller's screen says: the roll line, the newest roll, the history and the statistics."""

from collections.abc import Sequence
from dataclasses import dataclass

from companion.dice.rules import rolled_by_the_companion
from companion.dice.spec import DiceSpec
from companion.dice.state import DiceState, RollEntry
from companion.dice.stats_view import totals_line, totals_text
from companion.games.kit.faces import slots

HISTORY_COLUMNS = ("#", "time", "dice", "faces", "mod", "total", "source")
GIVING_WAY = ("time", "dice")
"""Columns the history leaves out, in this order, when they do not fit: mod, total and source stay."""


def no_roll(spec: DiceSpec) -> str:
    """The caption before any roll: what can be done for these dice; only dice of up to ten sides
    are keyed in, a d12 or d20 is only rolled."""
    return "press Roll, or key in your dice" if spec.keyable else "press Roll"


@dataclass(frozen=True, slots=True)
class ShownRoll:
    """The newest roll of the current dice, as the big digits show it and the line above names it."""

    caption: str
    """Names the roll the digits show, or says there is none: never another roll than theirs."""
    faces: tuple[int, ...]
    """Empty when no roll of the current dice is in force."""
    sides: int
    total: str
    reserve: int
    """Characters the highest (or lowest) total of these dice takes, so a new roll keeps the digits' size."""


def shown_roll(state: DiceState) -> ShownRoll:
    """The latest roll in force when it is of the dice chosen now; none after the dice changed or
    their rolls were undone (the history still lists the rolls of other dice)."""
    spec, last = state.spec, state.last
    reserve = max(len(str(spec.count * spec.sides + spec.modifier)), len(str(spec.count + spec.modifier)))
    if last is None:
        return ShownRoll(no_roll(spec), (), spec.sides, "-", reserve)
    if last.roll.spec != spec:
        return ShownRoll(f"no {spec} roll since chosen", (), spec.sides, "-", reserve)
    # The roll's number tells a repeat of the same faces from a press that did nothing.
    return ShownRoll(f"roll {last.number}: {last.roll.spec}, {last.roll.source}", last.roll.faces, spec.sides,
                     str(last.roll.total), reserve)


def history_cells(entry: RollEntry) -> dict[str, str]:
    """One roll's cells; its time is the record's, shown in the local time zone."""
    roll = entry.roll
    return {
        "#": str(entry.number),
        "time": f"{entry.at.astimezone():%H:%M:%S}",
        "dice": f"{roll.spec.count}d{roll.spec.sides}",
        "faces": " ".join(map(str, roll.faces)),
        "mod": f"{roll.spec.modifier:+d}" if roll.spec.modifier else "",
        "total": str(roll.total),
        "source": roll.source + (" (undone)" if entry.voided else ""),
    }


def history_table(entries: Sequence[RollEntry], width: int) -> list[str]:
    """The header and one line per roll, in columns as wide as the rolls shown need, within `width`:
    the time goes first, then the dice, then the faces are cut short; mod, total and source stay."""
    rows = [history_cells(entry) for entry in entries]
    columns = list(HISTORY_COLUMNS)
    widths = {name: max([len(name), *(len(row[name]) for row in rows)]) for name in columns}
    right = {"#", "mod", "total"}

    def line(cells: dict[str, str], faces_width: int) -> str:
        parts = []
        for name in columns:
            cell = cells[name]
            if name == "faces" and len(cell) > faces_width:
                cell = cell[: max(0, faces_width - 1)] + "…"
            column = faces_width if name == "faces" else widths[name]
            parts.append(cell.rjust(column) if name in right else cell.ljust(column))
        return "  ".join(parts).rstrip()

    def needed() -> int:
        return sum(widths[name] for name in columns) + 2 * (len(columns) - 1)

    for name in GIVING_WAY:
        if needed() <= width:
            break
        columns.remove(name)
    faces_width = max(len("faces"), widths["faces"] - max(0, needed() - width))
    header = {name: name for name in HISTORY_COLUMNS}
    return [line(header, faces_width), *(line(row, faces_width) for row in rows)]


def pending_text(state: DiceState) -> str:
    if not state.spec.keyable:
        reason = rolled_by_the_companion(state.spec)
        return reason[0].upper() + reason[1:]
    if not state.pending:
        zero = ", 0 for 10" if state.spec.sides == 10 else ""
        return f"Physical dice: key the faces (1–{min(state.spec.sides, 9)}{zero})"
    return f"Physical dice: {slots(state.pending, state.spec.count)}  (Undo erases)"


def statistics_text(state: DiceState) -> str:
    """The figures for the current dice, a few lines."""
    if not state.spec.within_limits:
        return f"{state.spec}: beyond the dice limits, no statistics"  # a game saved before the limits
    return totals_text(state.statistics.totals_of(state.spec))


def statistics_line(state: DiceState) -> str:
    """The same in one line, for a narrow screen."""
    if not state.spec.within_limits:
        return f"{state.spec}: beyond the dice limits, no statistics"
    return totals_line(state.statistics.totals_of(state.spec))
