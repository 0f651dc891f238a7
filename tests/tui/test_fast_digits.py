"""FastDigits draws what Textual's Digits draws: the same cells, colours and weight."""

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Digits

from companion.tui.widgets.fast_digits import FastDigits

CSS = """
.wide { width: auto; min-width: 12; color: $success; text-style: bold; }
.right { width: 20; text-align: right; color: $text-muted; }
.plain { width: auto; }
"""


class Pairs(App[None]):
    CSS = CSS

    def compose(self) -> ComposeResult:
        for kind in ("wide", "right", "plain"):
            yield Digits("", id=f"textual-{kind}", classes=kind)
            yield FastDigits("", id=f"fast-{kind}")

    def on_mount(self) -> None:
        for kind in ("wide", "right", "plain"):
            self.query_one(f"#fast-{kind}").add_class(kind)


def cells(widget: Digits) -> list[list[tuple[str, object, object]]]:
    return [[(segment.text, segment.style and segment.style.color, segment.style and segment.style.bold)
             for segment in widget.render_line(y)] for y in range(widget.size.height)]


def flattened(lines: list[list[tuple[str, object, object]]]) -> list[tuple[str, set, set]]:
    return [("".join(text for text, _, _ in line), {colour for text, colour, _ in line if text.strip()},
             {bold for text, _, bold in line if text.strip()}) for line in lines]


@pytest.mark.parametrize("value", ["", " 7", "12", "3 4", "10  -", "1.5+x", "-"])
async def test_fast_digits_draw_the_same_cells_as_textuals_digits(value):
    app = Pairs()
    async with app.run_test(size=(80, 30)) as pilot:
        for kind in ("wide", "right", "plain"):
            app.query_one(f"#textual-{kind}", Digits).update(value)
            app.query_one(f"#fast-{kind}", FastDigits).update(value)
        await pilot.pause()
        for kind in ("wide", "right", "plain"):
            theirs, ours = app.query_one(f"#textual-{kind}", Digits), app.query_one(f"#fast-{kind}", FastDigits)
            assert ours.size == theirs.size
            assert flattened(cells(ours)) == flattened(cells(theirs))
