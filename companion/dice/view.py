"""What the dice roller's screen says: the roll line, the big digits, the history rows and the statistics."""

from companion.dice.state import DiceState, RollEntry
from companion.dice.stats_view import totals_text
from companion.games.kit.faces import slots

HISTORY_HEADER = f"{'#':>5}  {'time':<8}  {'dice':<6} {'faces':<18} {'mod':>4}  {'total':>5}  source"


def roll_line(state: DiceState) -> str:
    last = state.last
    if last is None:
        return "press Roll, or key in your dice"
    # The roll's number tells a repeat of the same faces from a press that did nothing.
    return f"roll {last.number}: {last.roll.spec}, {last.roll.source}"


def history_line(entry: RollEntry) -> str:
    roll = entry.roll
    faces = " ".join(map(str, roll.faces))
    modifier = f"{roll.spec.modifier:+d}" if roll.spec.modifier else ""
    source = roll.source + (" (undone)" if entry.voided else "")
    return (
        f"{entry.number:>5}  {entry.at.astimezone():%H:%M:%S}  {roll.spec.count}d{roll.spec.sides:<4} "
        f"{faces:<18} {modifier:>4}  {roll.total:>5}  {source}"
    )


def digits_for(state: DiceState) -> tuple[str, str]:
    """Faces and total padded to the widest the dice can show, so a new roll needs no new layout."""
    spec, last = state.spec, state.last
    face_width = len(str(spec.sides))
    total_width = max(len(str(spec.count * spec.sides + spec.modifier)), len(str(spec.count + spec.modifier)))
    if last is None or last.roll.spec != spec:
        return " ".join(" " * face_width for _ in range(spec.count)), "-".rjust(total_width)
    faces = " ".join(str(face).rjust(face_width) for face in last.roll.faces)
    return faces, str(last.roll.total).rjust(total_width)


def pending_text(state: DiceState) -> str:
    if not state.pending:
        zero = ", 0 for 10" if state.spec.sides == 10 else ""
        return f"Physical dice: key the faces (1–{min(state.spec.sides, 9)}{zero})"
    return f"Physical dice: {slots(state.pending, state.spec.count)}  (Undo erases)"


def statistics_text(state: DiceState) -> str:
    if not state.spec.within_limits:
        return f"{state.spec}: beyond the dice limits, no statistics"  # a game saved before the limits
    return totals_text(state.statistics.totals_of(state.spec))
