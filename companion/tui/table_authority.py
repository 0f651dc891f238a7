"""The app as its table's authority on the table network: the link started after the first frame,
the open game published up to its latest commit, remote presses taken once and answered once what
they caused (or their refusal) is committed."""

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING

from textual.message import Message

from companion.bootstrap import Companion
from companion.hardware.controls import ControlPressed, Origin
from companion.status_part import StatusPart
from companion.tui.messages import RemotePress, TableLinkChanged

if TYPE_CHECKING:
    from companion.network.messages import PressMessage
    from companion.network.remote_inputs import RemotePresses
    from companion.tui.screens.game_screen import GameScreen


class TableAuthority:
    """Nothing connects unless the config's `[table]` names a broker (then `remote` is set)."""

    def __init__(self, companion: Companion, post: Callable[[Message], None]) -> None:
        self.companion = companion
        self._post = post
        self.status = StatusPart()
        """What the status line says of the link."""
        self.remote: RemotePresses | None = None

    def connect(self) -> None:
        """Starts the link (on the app's thread, after the first frame); a failure is said, and the game goes on."""
        try:
            link = self.companion.connect_table(lambda press: self._post(RemotePress(press)),
                                                lambda state: self._post(TableLinkChanged(state)))
        except Exception as error:
            self.status = StatusPart(f"table network could not start: {error}", must_act=True)
            return
        if link is not None:
            # The network's modules load only when a table is configured (not for the first frame).
            from companion.network.remote_inputs import PREFIX, RemotePresses

            # Read now: a press the link hands on waits for this thread, which records them all.
            self.remote = RemotePresses(self.companion.store.inputs(PREFIX), link.settle)

    def publish(self, screen: "GameScreen | None") -> None:
        """The open game goes out, up to what is committed of it: call on opening and after each commit."""
        link, published = self.companion.table_link, self.companion.published
        if link is None or published is None or screen is None:
            return
        from companion.session import GameSession  # loaded by then: a game is open

        if not isinstance(screen.session, GameSession):
            return
        published.playing(screen.session.game, screen.game.rules, screen.session)
        link.game_changed(screen.session.game.id, screen.session.committed()[1])

    def renamed(self, game_id: int) -> None:
        """A game has a new name: the table's state carries it, so followers' titles follow."""
        if self.companion.table_link is not None:
            self.companion.table_link.game_renamed(game_id)

    def deleted(self, game_id: int) -> None:
        """A game is gone from the games file: when its state is on the broker, it goes from there too."""
        if self.companion.table_link is not None:
            self.companion.table_link.game_deleted(game_id)

    def take(self, press: "PressMessage") -> ControlPressed | None:
        """The press as a button's, with its origin; None for a resend (answered at once)."""
        return self.remote.take(press) if self.remote is not None else None

    def takes(self, origin: Origin | None) -> bool:
        """An input this authority answers for (a remote press)."""
        return self.remote is not None and origin is not None and self.remote.answers_for(origin)

    def refused(self, origin: Origin | None, reason: str) -> None:
        if self.remote is not None and origin is not None and reason:
            self.remote.refused(origin, reason)

    def done_with(self, origins: Iterable[Origin], dropped: Collection[Origin] = (), failure: str = "") -> None:
        if self.remote is not None:
            self.remote.done_with(origins, dropped, failure)
