"""The solo opponent's panel on the Point Blank screen: its posture and cover markers, each step
of its impulse with the rule it follows, and what it waits for. Hidden in a two-player game."""

from rich.text import Text
from textual.widgets import Static


class AeoPanel(Static):
    DEFAULT_CSS = """
    AeoPanel {
        border: round $warning;
        padding: 0 1;
        height: auto;
        display: none;
    }
    AeoPanel.-solo {
        display: block;
    }
    """

    def __init__(self) -> None:
        # Unit and Sector names come from players and data files: never markup.
        super().__init__("", markup=False, id="pb-aeo")

    def show(self, lines: list[str]) -> None:
        self.set_class(bool(lines), "-solo")
        self.update(Text("\n".join(lines)))
