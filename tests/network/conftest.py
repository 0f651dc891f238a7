"""A real mosquitto on a free loopback port (started, stopped and restarted by the test), and helpers."""

import getpass
import shutil
import socket
import subprocess
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.network.link_state import TableLinkState, TableLinkStatus
from companion.network.settings import TableSettings, read_table_settings

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
READY = " running"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Mosquitto:
    """One broker process on 127.0.0.1; persistence in its own folder, so a restart keeps retained
    messages, sessions and queued QoS 1 messages (mosquitto saves them when it is stopped)."""

    def __init__(self, folder: Path, port: int, extra: str = "") -> None:
        self.folder = folder
        self.port = port
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {port} 127.0.0.1\n"
            f"allow_anonymous {'false' if 'password_file' in extra else 'true'}\n"
            "persistence true\n"
            f"persistence_location {folder}/\n"
            "log_dest stderr\n"
            "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
            f"user {getpass.getuser()}\n" + extra
        )
        self.process: subprocess.Popen[str] | None = None
        self.log: list[str] = []

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10.0) -> "Mosquitto":
        if not Path(MOSQUITTO).exists():
            pytest.fail("needs Debian's mosquitto: apt-get install mosquitto (.ci/run does)")
        ready = threading.Event()
        process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
        self.process = process

        def read() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                self.log.append(line.rstrip())
                if READY in line:
                    ready.set()
            ready.set()  # it ended: let start() see that

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(timeout) or process.poll() is not None:
            raise RuntimeError("mosquitto did not start:\n" + "\n".join(self.log[-20:]))
        return self

    def stop(self) -> None:
        """SIGTERM: mosquitto writes its persistence file, then exits. Under load, mosquitto 2.0.11
        has taken over 10 s to end after it (seen in the TLS tests' teardown); such a broker is
        killed, so the teardown never fails a test that passed (its persistence is lost, which a
        restart's test would then show)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    folder = tmp_path / "broker"
    folder.mkdir()
    server = Mosquitto(folder, free_port())
    yield server.start()
    server.stop()


@pytest.fixture
def stopped_broker(tmp_path: Path) -> Iterator[Mosquitto]:
    """A broker not started yet: the test starts it when it wants."""
    folder = tmp_path / "broker"
    folder.mkdir()
    server = Mosquitto(folder, free_port())
    yield server
    server.stop()


def retained(broker: Mosquitto, topic: str, timeout: float = 10.0) -> bytes | None:
    """The message the broker retains on `topic`, or None when it retains none. The broker sends a
    retained message right after the subscription, so a marker published once subscribed comes
    after it: the marker's arrival ends the wait."""
    import paho.mqtt.client as paho
    from paho.mqtt.enums import CallbackAPIVersion

    marker = f"{topic}/marker-{uuid.uuid4().hex}"
    got: dict[str, bytes] = {}
    done = threading.Event()
    client = paho.Client(CallbackAPIVersion.VERSION2)

    def on_message(_client: Any, _userdata: Any, message: paho.MQTTMessage) -> None:
        if message.topic == marker:
            done.set()
        elif message.retain:
            got["retained"] = message.payload

    client.on_message = on_message
    client.on_subscribe = lambda *_: client.publish(marker, b"1", qos=1)
    client.connect("127.0.0.1", broker.port)
    client.subscribe([(topic, 1), (marker, 1)])
    client.loop_start()
    try:
        if not done.wait(timeout):
            raise AssertionError(f"the broker did not answer on {topic} within {timeout:.0f} s")
    finally:
        client.loop_stop()
        client.disconnect()
    return got.get("retained") or None


def table_settings(broker: Mosquitto, name: str = "club-1", **more: object) -> TableSettings:
    return read_table_settings({"broker": broker.url, "name": name, **more})


class Recorder:
    """Collects what a callback was given, on any thread, and waits for it with a timeout."""

    def __init__(self) -> None:
        self.items: list = []
        self._changed = threading.Condition()

    def __call__(self, item: object) -> None:
        with self._changed:
            self.items.append(item)
            self._changed.notify_all()

    def wait_for(self, done: Callable[[list], bool], timeout: float = 10.0) -> list:
        with self._changed:
            if not self._changed.wait_for(lambda: done(self.items), timeout):
                raise AssertionError(f"not seen within {timeout:.0f} s; got {self.items[-5:]!r}")
            return list(self.items)

    @property
    def last(self) -> Any:
        with self._changed:
            return self.items[-1]

    def wait_for_status(self, status: TableLinkStatus, after: int = 0, timeout: float = 10.0) -> TableLinkState:
        items = self.wait_for(lambda got: any(s.status is status for s in got[after:]), timeout)
        return next(s for s in items[after:] if s.status is status)
