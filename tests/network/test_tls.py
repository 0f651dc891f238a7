"""The table link over TLS to a real mosquitto: a broker certificate checked against the configured CA."""

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.network.link_state import TableLinkStatus
from companion.network.settings import TableSettings
from drivers.table_follower import TableFollower
from drivers.table_link import TableLink
from tests.network.conftest import Mosquitto, Recorder, free_port
from tests.network.fake_table import FakeTable
from tests.network.test_table_link import FAST, GAME, Running

NEW_KEY = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout")


def openssl(folder: Path, *args: str) -> None:
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)


@pytest.fixture
def tls_broker(tmp_path: Path) -> Iterator[Mosquitto]:
    """A broker whose certificate for 127.0.0.1 is signed by a CA made for this test."""
    folder = tmp_path / "broker"
    folder.mkdir()
    openssl(folder, "req", "-x509", *NEW_KEY, "ca.key", "-out", "ca.pem", "-days", "1", "-subj", "/CN=test CA")
    openssl(folder, "req", *NEW_KEY, "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1")
    (folder / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
    openssl(folder, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "1", "-extfile", "san.ext")
    server = Mosquitto(folder, free_port(), extra=f"certfile {folder}/server.pem\nkeyfile {folder}/server.key\n")
    yield server.start()
    server.stop()


@pytest.fixture
def running() -> Iterator[Running]:
    keeper = Running()
    yield keeper
    for loop in reversed(keeper.started):
        loop.stop()


def tls_settings(broker: Mosquitto, ca_file: Path | None) -> TableSettings:
    return TableSettings(broker=f"mqtts://127.0.0.1:{broker.port}", name="club-1", ca_file=ca_file)


def test_a_table_link_over_tls_publishes_to_a_follower_that_checks_the_same_ca(tls_broker, tmp_path, running):
    ca = tls_broker.folder / "ca.pem"
    table = FakeTable(tmp_path / "games.sqlite3")
    views, link_states = Recorder(), Recorder()
    link = running(TableLink(tls_settings(tls_broker, ca), table, table.presses.put, link_states, **FAST))
    link_states.wait_for_status(TableLinkStatus.CONNECTED)
    link.game_changed(GAME, table.roll(GAME, 5))
    running(TableFollower(tls_settings(tls_broker, ca), views, **FAST))
    seen = views.wait_for(lambda got: bool(got) and got[-1].view.seq == 1)[-1]
    assert seen.view.base is not None and seen.view.base.state == {"events": 1, "total": 5}


def test_a_broker_certificate_no_trusted_ca_signed_keeps_the_link_down_and_says_why(tls_broker, tmp_path, running):
    table = FakeTable(tmp_path / "games.sqlite3")
    link_states = Recorder()
    running(TableLink(tls_settings(tls_broker, None), table, table.presses.put, link_states, **FAST))
    down = link_states.wait_for_status(TableLinkStatus.DOWN)
    assert down.reason.startswith("TLS: ") and "CERTIFICATE_VERIFY_FAILED" in down.reason


def test_a_ca_file_that_is_not_a_certificate_keeps_the_link_down_and_says_why(tls_broker, tmp_path, running):
    table = FakeTable(tmp_path / "games.sqlite3")
    link_states = Recorder()
    running(TableLink(tls_settings(tls_broker, Path("/etc/hosts")), table, table.presses.put, link_states, **FAST))
    down = link_states.wait_for_status(TableLinkStatus.DOWN)
    assert down.reason == "TLS: ca_file /etc/hosts is not a CA certificate file (NO_CERTIFICATE_OR_CRL_FOUND)"
    assert "table club-1: broker down (TLS: ca_file /etc/hosts is not" in str(down)


def test_a_ca_file_gone_since_the_config_was_read_keeps_the_follower_down_and_says_why(tls_broker, tmp_path, running):
    ca = tmp_path / "ca.pem"
    ca.write_bytes((tls_broker.folder / "ca.pem").read_bytes())
    settings = tls_settings(tls_broker, ca)
    ca.unlink()
    link_states = Recorder()
    running(TableFollower(settings, Recorder(), link_states, **FAST))
    down = link_states.wait_for_status(TableLinkStatus.DOWN)
    assert down.reason == f"TLS: ca_file {ca} cannot be read: No such file or directory"
