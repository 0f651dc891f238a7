"""A follower's first screen: the tables it follows (one, or every table on the broker: the club
view), each with its game and whether its companion is online; picking one shows its game."""

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.games.registry import title_of
from companion.network.follower_log import FollowedTable
from companion.tui.messages import OpenTable
from companion.tui.widgets.footer import FittingFooter
from companion.tui.widgets.status_line import StatusLine
from companion.tui.widgets.title_bar import TitleBar


def table_line(followed: FollowedTable) -> Text:
    """`club-1 · Dice roller · Friday night, 41 events · online`; names shown as written (a `Text`)."""
    view = followed.view
    online = {True: "online", False: "offline", None: "not heard from yet"}[followed.online]
    if view.kind is None and view.deleted:
        game = f"its game {view.deleted} was deleted; waiting for the next"
    elif view.kind is None:
        game = "waiting for its game"
    else:
        events = "1 event" if view.seq == 1 else f"{view.seq} events"
        game = f"{title_of(view.kind)} · {view.name or f'Game {view.game}'}, {events}"
    return Text.assemble((followed.table, "bold"), f" · {game} · ", (online, "dim"))


class TablesScreen(Screen[None]):
    """Enter (or a tap) on a table shows its game, read only."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self._title = title

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Label(self._title, id="tables-title", markup=False)
        yield OptionList(id="tables")
        yield StatusLine()
        yield FittingFooter()

    def show(self, tables: Iterable[FollowedTable]) -> None:
        menu = self.query_one("#tables", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option is not None else None
        shown = sorted(tables, key=lambda followed: followed.table)
        menu.set_options(Option(table_line(followed), id=followed.table) for followed in shown)
        ids = [followed.table for followed in shown]
        menu.highlighted = ids.index(highlighted) if highlighted in ids else (0 if ids else None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.post_message(OpenTable(event.option.id))
