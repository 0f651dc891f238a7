"""A follower of one table, or of every table on the broker (a club view): read-only, updated live.

It subscribes to the events, the retained state and the authority's status, feeds a
`FollowerLog` per table, and hands each changed table to `on_table` once per turn of the loop.
Its session is kept by the broker across a lost link or a broker restart, so events published
meanwhile still arrive, in order; when the log reports a gap anyway, it subscribes to the state
again, which makes the broker send the retained state that closes it.
"""

from collections.abc import Callable
from dataclasses import replace

import paho.mqtt.client as paho

from companion.network.follower_log import FollowedTable, FollowerLog, Need
from companion.network.messages import EventMessage, PayloadCheck, StateMessage, StatusMessage
from companion.network.settings import TableSettings
from companion.network.topics import CLUB, Channel, TableTopics, every_table, parse_topic
from drivers.mqtt_loop import LinkListener, MqttLoop, new_client_id

SESSION_EXPIRY = 600
"""Seconds the broker keeps a follower's subscriptions and queued events while it is away."""

TableListener = Callable[[FollowedTable], None]


class TableFollower(MqttLoop):
    """Follows `table` (by default the settings' name), or every table when `table` is `CLUB`."""

    def __init__(
        self,
        settings: TableSettings,
        on_table: TableListener,
        on_link_state: LinkListener = lambda state: None,
        *,
        table: str | None = None,
        client_id: str | None = None,
        retry_interval: float = 0.5,
        max_retry_interval: float = 5.0,
    ) -> None:
        followed = table or settings.name
        if followed is None:
            raise ValueError("name the table to follow")
        super().__init__(
            settings, followed, client_id or new_client_id("follower"), on_link_state,
            clean_start=False, session_expiry=SESSION_EXPIRY,
            retry_interval=retry_interval, max_retry_interval=max_retry_interval,
        )
        self.table = followed
        self._on_table = on_table
        self.logs: dict[str, FollowerLog] = {}
        self._online: dict[str, bool] = {}
        self._changed: set[str] = set()
        self._asked: dict[str, Need] = {}
        self._check = PayloadCheck()

    def _topics(self, channel: Channel) -> str:
        return every_table(channel) if self.table == CLUB else TableTopics(self.table)[channel]

    def _on_connected(self, client: paho.Client, session_present: bool, receive_maximum: int) -> None:
        if not session_present:  # a kept session has its subscriptions, and its queue ahead of any retained copy
            channels = (Channel.STATUS, Channel.STATE, Channel.EVENTS)
            self._subscribe(client, [self._topics(channel) for channel in channels])
        self._asked.clear()

    def _on_message(self, client: paho.Client, message: paho.MQTTMessage) -> None:
        where = parse_topic(message.topic)
        if where is None or (self.table != CLUB and where[0] != self.table):
            return
        table, channel = where
        log = self.logs.setdefault(table, FollowerLog())
        changed = False
        if channel is Channel.EVENTS:
            event = self._check.decode(EventMessage, message.payload, message.topic)
            changed = event is not None and log.accept_event(event)
        elif channel is Channel.STATE and not message.payload:  # the retained state cleared: the game deleted
            changed = log.accept_deleted()
        elif channel is Channel.STATE:
            state = self._check.decode(StateMessage, message.payload, message.topic)
            changed = state is not None and log.accept_state(state)
        elif channel is Channel.STATUS:
            status = self._check.decode(StatusMessage, message.payload, message.topic)
            if status is not None and self._online.get(table) != status.online:
                self._online[table] = status.online
                changed = True
        if changed:
            self._changed.add(table)
        if self._check.refused != self.state.bad_payloads:
            self._set_state(replace(self.state, bad_payloads=self._check.refused,
                                    last_problem=self._check.last_problem))
        self._ask_for_state(client, table, log)

    def _ask_for_state(self, client: paho.Client, table: str, log: FollowerLog) -> None:
        """Subscribing again makes the broker send the retained state, which closes a gap."""
        need = log.need
        if need is not None and self._asked.get(table) != need:
            self._asked[table] = need
            client.subscribe(self._topics(Channel.STATE) if self.table == CLUB else TableTopics(table).state, qos=1)

    def _pump(self, client: paho.Client) -> None:
        changed, self._changed = self._changed, set()
        for table in sorted(changed):
            self._on_table(FollowedTable(table, self._online.get(table), self.logs[table].view()))

