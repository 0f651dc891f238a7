"""The companion's apps mend Textual bugs: memory held for as long as the app runs, keys typed out of order,
strips left for the collector."""

import gc
import sys

from textual import events
from textual._styles_cache import StylesCache
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.strip import Strip
from textual.widgets import Input, Static

from companion.tui.table_app import TableApp


class Cards(TableApp):
    """Deals fresh cards on demand, as the companion's footer keys, forms and toasts come and go."""

    def compose(self) -> ComposeResult:
        self.cards = Vertical()
        yield self.cards

    async def deal(self, round_: int) -> None:
        await self.cards.remove_children()
        await self.cards.mount_all(Static(f"card {round_}.{number}") for number in range(20))


def style_caches_alive() -> int:
    gc.collect()
    return sum(isinstance(thing, StylesCache) for thing in gc.get_objects())


async def test_cards_dealt_again_and_again_leave_no_drawn_lines_behind() -> None:
    app = Cards()
    async with app.run_test() as pilot:
        await app.deal(0)
        await pilot.pause()
        alive_after_one_deal = style_caches_alive()
        for round_ in range(1, 11):
            await app.deal(round_)
            await pilot.pause()
        # Textual may still hold the last deal or two for a moment; it held all 200 before the mend.
        assert style_caches_alive() - alive_after_one_deal < 100


class Field(TableApp):
    def compose(self) -> ComposeResult:
        yield Input("78")


async def test_a_burst_of_keys_edits_a_field_in_the_order_the_keys_came() -> None:
    app = Field()
    async with app.run_test() as pilot:
        field = app.query_one(Input)
        field.focus()
        await pilot.pause()
        for key, character in (("backspace", None), ("4", "4"), ("ctrl+u", None), ("9", "9"), ("1", "1")):
            app.post_message(events.Key(key, character))  # all at once, as a burst reaches the app
        await pilot.pause()
        assert field.value == "91"


def test_a_strip_cropped_or_divided_at_its_own_length_is_itself_and_keeps_no_reference_to_itself() -> None:
    """Textual cached such a strip in itself, a cycle only the collector frees: each roll's frame left
    some 45 of them, and collecting them stalled presses (bench/press.py)."""
    strip = Strip.blank(5)
    references = sys.getrefcount(strip)
    assert strip.crop_extend(0, 5, None) is strip
    assert list(strip.divide([5, 9])) == [strip]
    assert sys.getrefcount(strip) == references
    assert strip.crop_extend(1, 7, None).cell_length == 6
    assert [part.cell_length for part in strip.divide([2, 5])] == [2, 3]
