"""The authority's table link (paho-mqtt): publishes the current game in order, takes remote presses.

Every committed event of the current game goes to `companion/<table>/events` (QoS 1), strictly in
seq order with a bounded window in flight, and once the link has caught up the game's public
state goes to `companion/<table>/state` (QoS 1, retained). A lost connection or a broker restart
loses nothing: the next connection starts again after the last event the broker acknowledged,
which the journal port keeps across restarts of the app too. Remote presses arrive on
`companion/<table>/presses` and are handed to the app once each; the broker's copy is
acknowledged only once the app has settled the press (see `PressSink`).

A game deleted at the table leaves the broker too: when the retained state is that game's, the link
clears it (an empty retained `state`), so that followers say it was deleted and a late joiner never
opens it. The link learns which game's state the broker keeps from its own publishing and, at each
connection, from the retained state itself (a game deleted while the app was not running).
"""

import hmac
import logging
import threading
from collections import deque
from dataclasses import replace

import paho.mqtt.client as paho

from companion.network.messages import (
    Outcome,
    PayloadCheck,
    PressMessage,
    StateMessage,
    StatusMessage,
    VerdictMessage,
    press_id_of,
)
from companion.network.ports import PressSink, PublishedJournal
from companion.network.press_inbox import PressInbox
from companion.network.publish_cursor import DEFAULT_WINDOW, PublishCursor
from companion.network.settings import TableSettings
from companion.network.topics import TableTopics
from drivers.mqtt_loop import LinkListener, MqttLoop

log = logging.getLogger(__name__)

SESSION_EXPIRY = 3600
"""Seconds the broker keeps the authority's press subscription (and presses for it) while it is away."""
VERDICT_BACKLOG = 100


class TableLink(MqttLoop):
    """The authority's side of the table network; `start()` it, tell it of commits, `stop()` it."""

    def __init__(
        self,
        settings: TableSettings,
        journal: PublishedJournal,
        on_press: PressSink,
        on_link_state: LinkListener = lambda state: None,
        *,
        client_id: str | None = None,
        window: int = DEFAULT_WINDOW,
        retry_interval: float = 0.5,
        max_retry_interval: float = 5.0,
    ) -> None:
        if settings.name is None:
            raise ValueError("the table link needs the table's name")
        super().__init__(
            settings, settings.name, client_id or f"companion-{settings.name}-authority", on_link_state,
            clean_start=False, session_expiry=SESSION_EXPIRY, manual_ack=True,
            retry_interval=retry_interval, max_retry_interval=max_retry_interval,
        )
        self.topics = TableTopics(settings.name)
        self._journal = journal
        self._on_press = on_press
        self._window = window
        self._lock = threading.Lock()
        self._wanted_game: int | None = None
        self._latest: dict[int, int] = {}
        self._renamed: set[int] = set()
        self._deleted: set[int] = set()
        self._gone: set[int] = set()
        """Games deleted at the table: their state must not stay on the broker."""
        self._on_broker: int | None = None
        """The game whose state the broker retains, as far as this link knows (None: none, or not known)."""
        self._stated = False
        """A state (or its clearing) went out on this connection: the retained one heard since is older."""
        self._settled: list[VerdictMessage] = []
        self._verdicts: deque[VerdictMessage] = deque(maxlen=VERDICT_BACKLOG)
        self._cursor: PublishCursor | None = None
        self._inbox = PressInbox()
        self._check = PayloadCheck()

    # From any thread; none of these block.

    def game_changed(self, game: int, latest_seq: int) -> None:
        """`game` is the table's current game and has committed up to `latest_seq` (call after each commit)."""
        with self._lock:
            self._wanted_game = game
            self._latest[game] = latest_seq
        self.wake()

    def game_renamed(self, game: int) -> None:
        """`game` has a new name in the games file: when it is the one published, its state goes out again."""
        with self._lock:
            self._renamed.add(game)
        self.wake()

    def game_deleted(self, game: int) -> None:
        """`game` was deleted from the games file: it is published no more, and its state leaves the broker."""
        with self._lock:
            self._deleted.add(game)
            if self._wanted_game == game:
                self._wanted_game = None
        self.wake()

    def settle(self, press_id: str, outcome: Outcome, reason: str = "") -> None:
        """The app's answer to a press it was handed; the broker's copy is acknowledged after this."""
        with self._lock:
            self._settled.append(VerdictMessage(id=press_id, outcome=outcome, reason=reason))
        self.wake()

    @property
    def acknowledged(self) -> int | None:
        """The current game's last event the broker acknowledged."""
        cursor = self._cursor
        return cursor.acknowledged if cursor is not None else None

    # The link's thread.

    def _will(self) -> tuple[str, bytes]:
        return self.topics.status, StatusMessage(online=False).encode()

    def _on_connected(self, client: paho.Client, session_present: bool, receive_maximum: int) -> None:
        # Keep a few places free for the status and verdicts within what the broker takes at once.
        self._window = max(1, min(self._window, receive_maximum - 4))
        if self._cursor is not None:
            self._cursor.window = self._window
        self._stated = False
        self._subscribe(client, [self.topics.presses])
        # Every time, so that the broker sends the retained state; QoS 0: nothing to acknowledge.
        self._subscribe(client, [self.topics.state], qos=0)

    def _on_ready(self, client: paho.Client) -> None:
        # Online once the broker keeps presses for us: a presser that sees it may press.
        client.publish(self.topics.status, StatusMessage(online=True).encode(), qos=1, retain=True)

    def _on_lost(self) -> None:
        if self._cursor is not None:
            self._cursor.connection_lost()
        self._inbox.connection_lost()

    def _idle(self) -> None:
        self._take_settled()
        self._forget_deleted()
        self._follow_wanted_game()
        self._report_waiting()

    def _pump(self, client: paho.Client) -> None:
        self._take_settled()
        self._forget_deleted()
        self._follow_wanted_game()
        while self._verdicts:
            client.publish(self.topics.verdicts, self._verdicts.popleft().encode(), qos=1)
        for mid in self._inbox.due_acks():
            client.ack(mid, 1)
        self._clear_gone(client)
        self._publish_game(client)
        self._report_waiting()

    def _on_published(self, mid: int) -> None:
        cursor = self._cursor
        if cursor is not None and (seq := cursor.acked(mid)) is not None:
            self._journal.acknowledged(cursor.game, seq)

    def _on_message(self, client: paho.Client, message: paho.MQTTMessage) -> None:
        if message.topic == self.topics.state:
            self._heard_state(message)
            return
        press = self._check.decode(PressMessage, message.payload, message.topic)
        if press is None:
            self._inbox.arrived(message.mid, None)
            self._set_state(replace(self.state, bad_payloads=self._check.refused,
                                    last_problem=self._check.last_problem))
            # Answered, so a presser does not wait for ever; not recorded, so the id stays free
            # for the press sent again as it should be (as with a wrong token).
            if (press_id := press_id_of(message.payload)) is not None:
                problem = self._check.last_problem.removeprefix(f"{message.topic}: ")
                self._verdicts.append(VerdictMessage(id=press_id, outcome=Outcome.REFUSED, reason=problem))
            return
        refusal = self._refusal(press)
        if refusal:
            # Not tracked by id: a wrong token must not settle a genuine press of the same id.
            self._inbox.arrived(message.mid, None)
            self._verdicts.append(VerdictMessage(id=press.id, outcome=Outcome.REFUSED, reason=refusal))
            self._count_refusal(press.id, refusal)
        elif self._inbox.arrived(message.mid, press.id):
            try:
                self._on_press(press.model_copy(update={"token": None}))
            except Exception:
                log.exception("the press sink failed on %s", press.id)
                self.settle(press.id, Outcome.REFUSED, "the companion failed on it")

    def _heard_state(self, message: paho.MQTTMessage) -> None:
        """The state the broker retained, sent as this connection subscribed; the link's own later
        states come back too (not retained), and are known already."""
        if not message.retain or self._stated:
            return
        if not message.payload:
            self._on_broker = None
            return
        state = self._check.decode(StateMessage, message.payload, message.topic)
        if state is None:
            return
        self._on_broker = state.game
        if not self._journal.has_game(state.game):
            self._gone.add(state.game)  # deleted while the link was away, or never this table's

    def _refusal(self, press: PressMessage) -> str:
        expected = self.settings.press_token
        if expected is None:
            return "remote presses are off at this table (no press_token)"
        if press.token is None or not hmac.compare_digest(press.token.encode(), expected.encode()):
            return "wrong token"
        return ""

    def _count_refusal(self, press_id: str, reason: str) -> None:
        self._set_state(replace(self.state, refused_presses=self.state.refused_presses + 1,
                                last_refusal=f"{press_id}: {reason}"))

    def _take_settled(self) -> None:
        with self._lock:
            settled, self._settled = self._settled, []
        for verdict in settled:
            self._inbox.settle(verdict.id)
            self._verdicts.append(verdict)
            if verdict.outcome is Outcome.REFUSED:
                self._count_refusal(verdict.id, verdict.reason)

    def _follow_wanted_game(self) -> None:
        with self._lock:
            wanted = self._wanted_game
            renamed, self._renamed = self._renamed, set()
        if wanted is not None and (self._cursor is None or self._cursor.game != wanted):
            # A new cursor publishes its game's state first in any case, with the name as it is now.
            self._cursor = PublishCursor(wanted, self._journal.published_until(wanted), self._window)
        elif self._cursor is not None and self._cursor.game in renamed:
            self._cursor.state_changed()

    def _forget_deleted(self) -> None:
        with self._lock:
            deleted, self._deleted = self._deleted, set()
        self._gone |= deleted
        if self._cursor is not None and self._cursor.game in deleted:
            self._cursor = None

    def _clear_gone(self, client: paho.Client) -> None:
        """An empty retained state: followers hear the game is gone, and a late joiner gets none."""
        if self._on_broker is not None and self._on_broker in self._gone:
            client.publish(self.topics.state, b"", qos=1, retain=True)
            self._on_broker, self._stated = None, True

    def _publish_game(self, client: paho.Client) -> None:
        cursor = self._cursor
        if cursor is None:
            return
        with self._lock:
            latest = self._latest.get(cursor.game, 0)
        if cursor.needs_start_state:
            if cursor.room > 0:
                self._publish_state(client, cursor)
            return
        while cursor.room > 0 and (cursor.sent or 0) < latest:
            batch = self._journal.records_after(cursor.game, cursor.sent or 0, cursor.room)
            if not batch:
                break
            for message in batch:
                info = client.publish(self.topics.events, message.encode(), qos=1)
                cursor.sent_event(message.seq, info.mid)
        caught_up = (cursor.sent or 0) >= latest
        if caught_up and cursor.state_due() and cursor.room > 0:
            self._publish_state(client, cursor)

    def _publish_state(self, client: paho.Client, cursor: PublishCursor) -> None:
        state = self._journal.public_state(cursor.game)
        if cursor.sent is not None and state.seq > cursor.sent:
            # Committed since we last heard: its events go first, so no follower jumps past them.
            with self._lock:
                self._latest[cursor.game] = max(self._latest.get(cursor.game, 0), state.seq)
            self.wake()
            return
        if cursor.sent is not None and state.seq < cursor.sent:
            return  # the app's state has not caught up with its own journal yet: ask again next turn
        info = client.publish(self.topics.state, state.encode(), qos=1, retain=True)
        cursor.sent_state(state.seq, info.mid)
        self._on_broker, self._stated = cursor.game, True

    def _report_waiting(self) -> None:
        cursor = self._cursor
        waiting = 0
        if cursor is not None and cursor.acknowledged is not None:
            with self._lock:
                waiting = max(0, self._latest.get(cursor.game, 0) - cursor.acknowledged)
        self._set_state(replace(self.state, waiting=waiting))

