"""A bar chart of how often each face of a die came up, against what a fair die would show.

Drawn with block characters rather than textual-plotext: plotext took ~10 ms a frame here (far more
on a Pi) and drew neighbouring bars as one; eighth blocks give eight levels per row for a few
microseconds.
"""

from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from companion.dice.statistics import FaceTally

BLOCKS = " ▁▂▃▄▅▆▇█"
EXPECTED_MARK = "╌"


class FaceChart(Widget):
    """Set `tally` to draw it; a new tally redraws. The top line is the legend, the bottom the faces."""

    DEFAULT_CSS = """
    FaceChart {
        height: 12;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    FaceChart > .face-chart--bar {
        color: $accent;
    }
    FaceChart > .face-chart--expected {
        color: $warning;
    }
    FaceChart > .face-chart--label {
        color: $text-muted;
    }
    """
    COMPONENT_CLASSES = {"face-chart--bar", "face-chart--expected", "face-chart--label"}

    tally: reactive[FaceTally | None] = reactive(None)

    def render(self) -> Text:
        return Text("\n").join(self.chart_lines())

    def chart_lines(self) -> list[Text]:
        tally, width, height = self.tally, self.size.width, self.size.height
        if tally is None:
            return []
        slot = width // tally.sides
        bar_rows = height - 2
        if slot < 1 or bar_rows < 1:
            return [Text(f"d{tally.sides}: too many faces for a chart this size")]
        style = self.get_component_rich_style
        expected = tally.faces / tally.sides
        legend = Text(f"{tally.faces} face{'s' * (tally.faces != 1)}", style=style("face-chart--label"))
        legend.append(f"  {EXPECTED_MARK} fair die: {expected:.1f} each", style=style("face-chart--expected"))
        bars = _bars(tally, slot, bar_rows, style("face-chart--bar"), style("face-chart--expected"))
        return [legend, *bars, _face_labels(tally.sides, slot, width, style("face-chart--label"))]


def _bars(tally: FaceTally, slot: int, rows: int, bar_style: Style, expected_style: Style) -> list[Text]:
    """One line per row, top first; a bar fills `slot − 1` columns, leaving a gap to the next."""
    expected = tally.faces / tally.sides
    top = max(*tally.counts, expected) or 1
    # In eighths of a row: the height of each bar, and of the fair die's line.
    levels = [round(count / top * rows * 8) for count in tally.counts]
    expected_level = round(expected / top * rows * 8)
    expected_row = rows - 1 - (expected_level - 1) // 8 if expected_level else None
    width = max(1, slot - 1)
    lines = []
    for row in range(rows):
        floor = (rows - 1 - row) * 8
        line = Text()
        for level in levels:
            fill = min(8, max(0, level - floor))
            if row == expected_row and not fill:
                line.append(EXPECTED_MARK * slot, style=expected_style)
                continue
            line.append(BLOCKS[fill] * width, style=bar_style)
            gap = EXPECTED_MARK if row == expected_row else " "
            line.append(gap * (slot - width), style=expected_style)
        lines.append(line)
    return lines


def _face_labels(sides: int, slot: int, width: int, style: Style) -> Text:
    """Each face's number under its bar, where it fits without touching the one before."""
    labels = [" "] * width
    free_from = 0
    for face in range(1, sides + 1):
        label = str(face)
        start = (face - 1) * slot + max(0, (slot - 1 - len(label)) // 2)
        if start >= free_from and start + len(label) <= width:
            labels[start:start + len(label)] = label
            free_from = start + len(label) + 1
    return Text("".join(labels).rstrip(), style=style)
