"""The `[table]` keys in the config file: off by default, checked like every other key."""

from pathlib import Path

import pytest

from companion.config import Config, load_config
from companion.errors import ConfigError
from companion.network.settings import BrokerAddress, TableSettings, follower_settings
from companion.network.topics import CLUB


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_the_table_network_is_off_unless_a_broker_is_configured(tmp_path):
    assert not load_config(tmp_path / "missing.toml").table.enabled
    assert Config().table.broker is None


def test_a_table_section_names_the_broker_the_table_and_the_credentials(tmp_path):
    ca = tmp_path / "ca.pem"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    config = load_config(write(tmp_path, '[table]\nbroker = "mqtts://pi.local"\nname = "club-1"\n'
                                         f'username = "table"\npassword = "pw"\nca_file = "{ca}"\n'))
    assert config.table.enabled
    assert config.table.address == BrokerAddress("pi.local", 8883, tls=True)
    assert config.table.ca_file == ca
    assert "pw" not in repr(config.table)


def test_a_relative_ca_file_is_read_from_the_config_files_folder_wherever_the_app_runs(tmp_path, monkeypatch):
    folder = tmp_path / "etc"
    folder.mkdir()
    (folder / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    config = folder / "config.toml"
    config.write_text('[table]\nbroker = "mqtts://pi.local"\nname = "club-1"\nca_file = "ca.pem"\n')
    monkeypatch.chdir(tmp_path)
    assert load_config(config).table.ca_file == folder / "ca.pem"
    assert load_config(Path("etc/config.toml")).table.ca_file == folder / "ca.pem"


def test_a_relative_ca_file_that_is_missing_is_named_whole_with_where_it_was_looked_for(tmp_path, monkeypatch):
    (tmp_path / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    folder = tmp_path / "etc"
    folder.mkdir()
    config = folder / "config.toml"
    config.write_text('[table]\nbroker = "mqtts://pi.local"\nname = "club-1"\nca_file = "ca.pem"\n')
    monkeypatch.chdir(tmp_path)  # the app's folder has a ca.pem: it is not the one the config means
    with pytest.raises(ConfigError) as refused:
        load_config(config)
    assert str(refused.value) == (f"{config}, line 4: table.ca_file: no such file: {folder / 'ca.pem'} "
                                  "(a relative ca_file is read from the config file's folder)")


def test_a_plain_broker_url_defaults_to_port_1883(tmp_path):
    config = load_config(write(tmp_path, '[table]\nbroker = "mqtt://10.0.0.2"\nname = "t"\n'))
    assert str(config.table.address) == "mqtt://10.0.0.2:1883"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[table]\nbroker = "http://pi:1883"\nname = "t"\n',
         "line 2: table.broker: 'http://pi:1883' is not a broker URL"),
        ('[table]\nbroker = "mqtt://pi:99999"\nname = "t"\n', "table.broker: 'mqtt://pi:99999' has a port that is not"),
        ('[table]\nbroker = "mqtt://u:p@pi"\nname = "t"\n', "put the username and password in their own keys"),
        ('[table]\nbroker = "mqtt://pi"\n', "table: a broker needs the table's name too"),
        ('[table]\nname = "a/b"\n', "line 2: table.name: 'a/b' cannot name a table"),
        ('[table]\nbroker = "mqtt://pi"\nname = "t"\npassword = "x"\n', "a password needs a username"),
        ('[table]\nbroker = "mqtt://pi"\nname = "t"\nca_file = "/etc/hosts"\n', "ca_file is for TLS"),
        ('[table]\nbroker = "mqtts://pi"\nname = "t"\nca_file = "/nonexistent.pem"\n',
         "line 4: table.ca_file: no such file: /nonexistent.pem"),
        ('[table]\nbroker = "mqtts://pi"\nname = "t"\nca_file = "/etc"\n', "line 4: table.ca_file: /etc is a folder"),
        ('[table]\nbroker = "mqtt://pi"\nname = "t"\npress_token = "short"\n',
         "table.press_token: Input should be a string of at least 8 characters"),
        ('[table]\nbrokr = "mqtt://pi"\n', "line 2: table.brokr: unknown key"),
    ],
)
def test_a_bad_table_section_names_the_line_the_key_and_the_problem(tmp_path, text, expected):
    with pytest.raises(ConfigError) as refused:
        load_config(write(tmp_path, text))
    assert expected in str(refused.value)


def test_a_follower_follows_the_table_named_or_every_table_with_the_configs_credentials():
    configured = TableSettings(broker="mqtt://pi.local:1883", name="club-1", username="table", password="pw")
    settings, table = follower_settings(configured, None, "club-2")
    assert (table, settings.name, settings.username) == ("club-2", "club-2", "table")
    assert settings.broker == configured.broker
    settings, table = follower_settings(configured, "mqtts://club.example", None)
    assert table == CLUB and settings.address == BrokerAddress("club.example", 8883, tls=True)
    assert follower_settings(TableSettings(), "mqtt://pi.local", "*")[1] == CLUB


def test_a_follower_keeps_the_configs_ca_file_read_from_its_folder(tmp_path):
    (tmp_path / "ca.pem").write_text("-----BEGIN CERTIFICATE-----\n")
    configured = load_config(write(tmp_path, '[table]\nbroker = "mqtts://pi.local"\nname = "club-1"\n'
                                             'ca_file = "ca.pem"\n'))
    settings, _ = follower_settings(configured.table, None, "club-2")
    assert settings.ca_file == tmp_path / "ca.pem"


def test_a_follower_without_a_broker_or_with_a_bad_one_or_a_bad_table_is_told_in_one_line():
    with pytest.raises(ConfigError, match="no broker to follow: give --broker"):
        follower_settings(TableSettings(), None, "club-1")
    with pytest.raises(ConfigError, match="--broker: 'http://pi' is not a broker URL"):
        follower_settings(TableSettings(), "http://pi", None)
    with pytest.raises(ConfigError, match="--table: 'club/1' cannot name a table"):
        follower_settings(TableSettings(), "mqtt://pi.local", "club/1")
