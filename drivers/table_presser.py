"""A remote button box or phone on the table network: sends presses to the table's authority.

Each press gets an id and is sent (QoS 1) again on every new connection until the broker has
acknowledged it, so a lost link or a broker restart loses none; the authority's record of
applied ids makes a resend harmless. A press the broker has not passed on within `expiry`
seconds is dropped by the broker: a stale press is worse than a lost one at a game table.
"""

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable

import paho.mqtt.client as paho
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from companion.hardware.controls import Control
from companion.network.messages import PayloadCheck, PressMessage, VerdictMessage
from companion.network.settings import TableSettings
from companion.network.topics import TableTopics
from drivers.mqtt_loop import LinkListener, MqttLoop, new_client_id

PRESS_EXPIRY = 60
SESSION_EXPIRY = 600

VerdictListener = Callable[[VerdictMessage], None]


class RemotePresser(MqttLoop):
    """Presses for the table named in `settings`, carrying `settings.press_token`."""

    def __init__(
        self,
        settings: TableSettings,
        origin: str,
        on_verdict: VerdictListener = lambda verdict: None,
        on_link_state: LinkListener = lambda state: None,
        *,
        client_id: str | None = None,
        expiry: int = PRESS_EXPIRY,
        retry_interval: float = 0.5,
        max_retry_interval: float = 5.0,
    ) -> None:
        if settings.name is None:
            raise ValueError("name the table to press for")
        super().__init__(
            settings, settings.name, client_id or new_client_id("presser"), on_link_state,
            clean_start=False, session_expiry=SESSION_EXPIRY,
            retry_interval=retry_interval, max_retry_interval=max_retry_interval,
        )
        self.origin = origin
        self.topics = TableTopics(settings.name)
        self.expiry = expiry
        self._on_verdict = on_verdict
        self._run_id = uuid.uuid4().hex[:12]
        self._count = 0
        self._lock = threading.Lock()
        self._unsent: OrderedDict[str, PressMessage] = OrderedDict()
        self._in_flight: dict[int, str] = {}
        self._mine: set[str] = set()
        self._check = PayloadCheck()

    def press(self, control: Control, value: int | None = None, *, press_id: str | None = None) -> str:
        """Queues one press and returns its id; from any thread, never blocking.

        `press_id` sends a press again under the id it had (a box that restarted mid-press).
        """
        with self._lock:
            self._count += 1
            press_id = press_id or f"{self._run_id}:{self._count}"
            message = PressMessage(id=press_id, control=control, value=value, origin=self.origin,
                                   token=self.settings.press_token)
            self._unsent[press_id] = message
            self._mine.add(press_id)
        self.wake()
        return press_id

    @property
    def unacknowledged(self) -> int:
        with self._lock:
            return len(self._unsent)

    def _on_connected(self, client: paho.Client, session_present: bool, receive_maximum: int) -> None:
        if not session_present:
            self._subscribe(client, [self.topics.verdicts])

    def _on_lost(self) -> None:
        self._in_flight.clear()

    def _pump(self, client: paho.Client) -> None:
        with self._lock:
            due = [m for press_id, m in self._unsent.items() if press_id not in self._in_flight.values()]
        properties = Properties(PacketTypes.PUBLISH)
        properties.MessageExpiryInterval = self.expiry
        for message in due:
            info = client.publish(self.topics.presses, message.encode(), qos=1, properties=properties)
            self._in_flight[info.mid] = message.id

    def _on_published(self, mid: int) -> None:
        press_id = self._in_flight.pop(mid, None)
        if press_id is not None:
            with self._lock:
                self._unsent.pop(press_id, None)

    def _on_message(self, client: paho.Client, message: paho.MQTTMessage) -> None:
        verdict = self._check.decode(VerdictMessage, message.payload, message.topic)
        with self._lock:
            mine = verdict is not None and verdict.id in self._mine
        if verdict is not None and mine:
            self._on_verdict(verdict)
