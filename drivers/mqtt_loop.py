"""One MQTT connection kept up on its own thread with paho-mqtt: connect, serve, lose, retry.

Each connection gets a fresh paho client, so nothing of a lost connection is sent again behind
our back: what must be resent, the subclass sends again itself, in its own order. The thread
runs paho's network calls inside its own `select`, which also listens to a wake-up socket, so
calls from other threads only note what is wanted and wake it: they never block and never
touch paho. paho's callbacks only record what happened; the work is done after they return.
"""

import contextlib
import logging
import select
import socket
import ssl
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Self

import paho.mqtt.client as paho
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode, MQTTProtocolVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from companion.network.link_state import TableLinkState, TableLinkStatus
from companion.network.settings import TableSettings

log = logging.getLogger(__name__)

LinkListener = Callable[[TableLinkState], None]

KEEPALIVE = 10
"""Seconds: a silent network is noticed within about 1.5 × this."""
CONNECT_TIMEOUT = 3.0
SELECT_TIMEOUT = 1.0


def new_client_id(role: str) -> str:
    return f"companion-{role}-{uuid.uuid4().hex[:12]}"


class MqttLoop:
    """The connection thread; subclasses say what to do when connected, on a message, on an ack."""

    def __init__(
        self,
        settings: TableSettings,
        table: str,
        client_id: str,
        on_link_state: LinkListener,
        *,
        clean_start: bool,
        session_expiry: int,
        retry_interval: float = 0.5,
        max_retry_interval: float = 5.0,
        manual_ack: bool = False,
    ) -> None:
        self.settings = settings
        self.address = settings.address
        self.client_id = client_id
        self.clean_start = clean_start
        self.session_expiry = session_expiry
        self.retry_interval = retry_interval
        self.max_retry_interval = max_retry_interval
        self.manual_ack = manual_ack
        self.state = TableLinkState(TableLinkStatus.CONNECTING, table, str(self.address))
        self._on_link_state = on_link_state
        self._stopping = threading.Event()
        self._nudged = threading.Event()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._thread: threading.Thread | None = None
        self._happenings: list[tuple[str, Any]] = []
        self._connected = False
        self._awaiting_suback: set[int] = set()

    def start(self) -> Self:
        self._on_link_state(self.state)
        self._thread = threading.Thread(target=self._run, name=f"mqtt-{self.client_id}", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Says goodbye to the broker if connected, and waits at most `timeout` for the thread."""
        self._stopping.set()
        self.wake()
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                return  # still in a blocking connect: it sees `_stopping` when that returns
        self._wake_read.close()
        self._wake_write.close()

    @property
    def connected(self) -> bool:
        return self._connected

    def wake(self) -> None:
        """Makes the thread look at what is wanted now; from any thread, never blocking."""
        self._nudged.set()
        with contextlib.suppress(OSError):  # full (it is awake anyway) or closed (stopped)
            self._wake_write.send(b"\0")

    # Hooks, called on the link's thread.

    def _will(self) -> tuple[str, bytes] | None:
        """A retained message the broker publishes if this client dies without saying goodbye."""
        return None

    def _on_connected(self, client: paho.Client, session_present: bool, receive_maximum: int) -> None:
        """Subscribe (with `_subscribe`), announce, and start (again) what must be sent."""

    def _on_ready(self, client: paho.Client) -> None:
        """Connected and every subscription confirmed: what is sent to this client's topics now reaches it."""

    def _on_message(self, client: paho.Client, message: paho.MQTTMessage) -> None:
        """One received message; with `manual_ack` the subclass acknowledges it."""

    def _on_published(self, mid: int) -> None:
        """The broker acknowledged our message `mid`."""

    def _pump(self, client: paho.Client) -> None:
        """Sends what is due now that the connection is up."""

    def _idle(self) -> None:
        """Work that needs no connection, done whenever the thread wakes."""

    def _on_lost(self) -> None:
        """The connection is gone: forget what cannot be acknowledged on it any more."""

    # Link state.

    def _set_state(self, state: TableLinkState) -> None:
        if state == self.state:
            return
        self.state = state
        try:
            self._on_link_state(state)
        except Exception:  # a bug in a listener must not take the link down with it
            log.exception("table link listener failed on %s", state)

    def _set_status(self, status: TableLinkStatus, reason: str = "") -> None:
        self._set_state(replace(self.state, status=status, reason=reason))

    # The thread.

    def _run(self) -> None:
        delay = self.retry_interval
        while not self._stopping.is_set():
            try:
                served = self._connection()
            except Exception as error:  # a bug must not leave the link dead and its state "connecting" for ever
                log.exception("table link failed")
                self._set_status(TableLinkStatus.DOWN, f"the link failed: {error}")
                served = False
            if self._stopping.is_set():
                break
            refused = self.state.status is TableLinkStatus.REFUSED
            delay = self.retry_interval if served else min(delay * 2, self.max_retry_interval)
            # A broker that refused us will not change its mind soon: ask less often.
            self._pause(self.max_retry_interval if refused else delay)

    def _pause(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self._stopping.is_set() and (left := deadline - time.monotonic()) > 0:
            if self._nudged.wait(left):
                self._nudged.clear()
                self._drain_wake()
                self._guarded(self._idle)

    def _connection(self) -> bool:
        """One connection from connect to loss; True if it got as far as being connected."""
        try:
            client = self._client()
        except (OSError, ssl.SSLError) as error:  # only TLS reads a file: the CA file went or is no certificate
            self._set_status(TableLinkStatus.DOWN, _unusable_ca(self.settings.ca_file, error))
            return False
        try:
            properties = Properties(PacketTypes.CONNECT)
            properties.SessionExpiryInterval = self.session_expiry
            client.connect(self.address.host, self.address.port, KEEPALIVE,
                           clean_start=self.clean_start, properties=properties)
        except (OSError, ssl.SSLError, ValueError) as error:
            self._set_status(TableLinkStatus.DOWN, _why(error))
            return False
        served = False
        connack_deadline = time.monotonic() + KEEPALIVE
        try:
            while not self._stopping.is_set():
                sock = client.socket()
                if sock is None:
                    break
                if not self._connected and time.monotonic() > connack_deadline:
                    self._set_status(TableLinkStatus.DOWN, "the broker did not answer")
                    break
                if not self._step(client, sock):
                    break
                served = served or self._connected
            if self._stopping.is_set() and self._connected:
                self._say_goodbye(client)
        finally:
            self._awaiting_suback.clear()
            if self._connected:
                self._connected = False
                self._on_lost()
            sock = client.socket()
            if sock is not None:
                sock.close()  # the client is dropped with its socket; the next connection gets new ones
        return served

    def _step(self, client: paho.Client, sock: Any) -> bool:
        """One turn of the loop; False once the connection is over."""
        pending = sock.pending() if isinstance(sock, ssl.SSLSocket) else 0
        writers = [sock] if client.want_write() else []
        readable, writable, _ = select.select([sock, self._wake_read], writers, [], 0 if pending else SELECT_TIMEOUT)
        if self._wake_read in readable:
            self._drain_wake()
        self._nudged.clear()
        status = MQTTErrorCode.MQTT_ERR_SUCCESS
        if sock in readable or pending:
            status = client.loop_read()
        if status == MQTTErrorCode.MQTT_ERR_SUCCESS and sock in writable:
            status = client.loop_write()
        if status == MQTTErrorCode.MQTT_ERR_SUCCESS:
            status = client.loop_misc()
        keep_going = self._handle(client) and status == MQTTErrorCode.MQTT_ERR_SUCCESS
        if keep_going and self._connected:
            self._guarded(self._pump, client)
        self._guarded(self._idle)
        if not keep_going and self.state.status is TableLinkStatus.CONNECTED:
            self._set_status(TableLinkStatus.DOWN, "connection lost")
        return keep_going

    def _handle(self, client: paho.Client) -> bool:
        """Acts on what paho's callbacks recorded; False when the connection is over."""
        happenings, self._happenings = self._happenings, []
        for kind, detail in happenings:
            if kind == "connected":
                reason, session_present, receive_maximum = detail
                if reason.is_failure:
                    self._set_status(TableLinkStatus.REFUSED, str(reason))
                    return False
                self._connected = True
                self._on_connected(client, session_present, receive_maximum)
                if not self._awaiting_suback:
                    self._ready(client)
            elif kind == "subscribed":
                mid, reasons = detail
                self._awaiting_suback.discard(mid)
                if refused := [str(reason) for reason in reasons if reason.is_failure]:
                    self._set_status(TableLinkStatus.REFUSED, f"the broker refused a subscription: {refused[0]}")
                    return False
                if not self._awaiting_suback:
                    self._ready(client)
            elif kind == "message":
                self._guarded(self._on_message, client, detail)
            elif kind == "published":
                mid, reason = detail
                if reason is not None and reason.is_failure:
                    self._set_status(TableLinkStatus.REFUSED, f"the broker refused a message: {reason}")
                    return False
                self._guarded(self._on_published, mid)
            elif kind == "disconnected":
                if self.state.status is not TableLinkStatus.REFUSED:
                    self._set_status(TableLinkStatus.DOWN, detail)
                return False
        return True

    def _ready(self, client: paho.Client) -> None:
        self._set_status(TableLinkStatus.CONNECTED)
        self._guarded(self._on_ready, client)

    def _subscribe(self, client: paho.Client, topics: list[str], qos: int = 1) -> None:
        """Subscribes; the link counts as connected once the broker has confirmed it."""
        _, mid = client.subscribe([(topic, qos) for topic in topics])
        if mid is not None:
            self._awaiting_suback.add(mid)

    def _guarded(self, hook: Callable[..., None], *args: Any) -> None:
        try:
            hook(*args)
        except Exception:  # one bad message or a bug in a port must not end the link
            log.exception("table link failed in %s", hook.__name__)

    def _say_goodbye(self, client: paho.Client) -> None:
        """A deliberate disconnect; one with a will asks the broker to publish it (the authority's `offline`)."""
        client.disconnect(ReasonCode(PacketTypes.DISCONNECT, "Disconnect with will message")
                          if self._will() else None)
        client.loop_write()

    def _drain_wake(self) -> None:
        try:
            while self._wake_read.recv(4096):
                pass
        except (BlockingIOError, OSError):
            pass

    def _client(self) -> paho.Client:
        client = paho.Client(CallbackAPIVersion.VERSION2, client_id=self.client_id,
                             protocol=MQTTProtocolVersion.MQTTv5, manual_ack=self.manual_ack)
        client.connect_timeout = CONNECT_TIMEOUT
        if self.settings.username is not None:
            client.username_pw_set(self.settings.username, self.settings.password)
        if self.address.tls:
            ca = str(self.settings.ca_file) if self.settings.ca_file else None
            client.tls_set(ca_certs=ca)
        will = self._will()
        if will is not None:
            client.will_set(will[0], will[1], qos=1, retain=True)
        client.on_connect = self._record_connect
        client.on_message = lambda _c, _u, message: self._happenings.append(("message", message))
        client.on_publish = lambda _c, _u, mid, reason, _p: self._happenings.append(("published", (mid, reason)))
        client.on_subscribe = lambda _c, _u, mid, reasons, _p: self._happenings.append(("subscribed", (mid, reasons)))
        client.on_disconnect = self._record_disconnect
        return client

    def _record_connect(self, _client: Any, _userdata: Any, flags: Any, reason: ReasonCode, properties: Any) -> None:
        receive_maximum = getattr(properties, "ReceiveMaximum", 65535)
        self._happenings.append(("connected", (reason, bool(flags.session_present), receive_maximum)))

    def _record_disconnect(self, _client: Any, _userdata: Any, _flags: Any, reason: ReasonCode, _p: Any) -> None:
        said = str(reason)
        self._happenings.append(("disconnected", "connection lost" if said in ("Unspecified error", "Success")
                                 else f"the broker closed the link: {said}"))


def _unusable_ca(ca_file: Path | None, error: OSError | ssl.SSLError) -> str:
    """Why TLS cannot start with these CA certificates: the configured file, or the system's."""
    which = f"ca_file {ca_file}" if ca_file is not None else "the system's CA certificates"
    if isinstance(error, ssl.SSLError):
        return f"TLS: {which} is not a CA certificate file ({error.reason or error})"
    return f"TLS: {which} cannot be read: {error.strerror or error}"


def _why(error: Exception) -> str:
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, socket.gaierror):
        return "no such host"
    if isinstance(error, TimeoutError | socket.timeout):
        return "no answer"
    if isinstance(error, ssl.SSLError):
        return f"TLS: {error.reason or error}"
    return error.strerror or str(error) if isinstance(error, OSError) else str(error)
