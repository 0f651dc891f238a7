"""The `[table]` settings: which broker, the table's name, the credentials and TLS; off when unset."""

from dataclasses import dataclass, field, fields
from functools import partial
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

from companion.errors import ConfigError
from companion.network.topics import CLUB, check_table_name
from companion.settings_check import Check, Refused, also, optional, path, read_table, text

DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}


class BrokerAddress(NamedTuple):
    host: str
    port: int
    tls: bool

    def __str__(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"


def parse_broker_url(url: str) -> BrokerAddress:
    """`mqtt://HOST[:PORT]` (plain, port 1883) or `mqtts://HOST[:PORT]` (TLS, port 8883)."""
    parts = urlsplit(url)
    if parts.scheme not in DEFAULT_PORTS:
        raise ValueError(f"{url!r} is not a broker URL: write mqtt://HOST:PORT or mqtts://HOST:PORT")
    if parts.username or parts.password:
        raise ValueError("put the username and password in their own keys, not in the URL")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"{url!r} has more than a host and a port")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"{url!r} has a port that is not a number from 1 to 65535") from None
    if not parts.hostname:
        raise ValueError(f"{url!r} names no host")
    return BrokerAddress(parts.hostname, port or DEFAULT_PORTS[parts.scheme], parts.scheme == "mqtts")


@dataclass(frozen=True, slots=True)
class TableSettings:
    """The table network. Nothing connects and nothing listens unless `broker` is set."""

    broker: str | None = None
    """`mqtt://HOST:PORT` or `mqtts://HOST:PORT` (TLS)."""
    name: str | None = None
    """The table's name, one MQTT topic level: `companion/<name>/...`."""
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    ca_file: Path | None = None
    """CA certificate(s) to check the broker's TLS certificate against; the system's when unset. A
    relative path in the config file is read from that file's folder (kept whole once read)."""
    press_token: str | None = field(default=None, repr=False)
    """Remote presses are applied only when they carry this token (8 characters or more); without
    one they are refused."""

    @property
    def enabled(self) -> bool:
        return self.broker is not None

    @property
    def address(self) -> BrokerAddress:
        if self.broker is None:
            raise ValueError("no broker is configured")
        return parse_broker_url(self.broker)


def read_table_settings(data: object, config_folder: Path | None = None) -> TableSettings:
    """The `[table]` table's settings; `Refused` names each key that is wrong, or what the table
    lacks. A relative `ca_file` is found in `config_folder` (the config file's), wherever the app
    was started."""
    keys: dict[str, Check] = {
        "broker": optional(also(text(), a_broker_url)),
        "name": optional(also(text(), check_table_name)),
        "username": optional(text()),
        "password": optional(text()),
        "ca_file": optional(also(path, partial(an_existing_file, config_folder))),
        "press_token": optional(text(min_length=8)),
    }
    return read_table(TableSettings, keys, data, whole=_complete)


def a_broker_url(url: str) -> str:
    parse_broker_url(url)
    return url


def an_existing_file(config_folder: Path | None, path: Path) -> Path:
    read_from = ""
    if config_folder is not None and not path.is_absolute():
        path, read_from = config_folder / path, " (a relative ca_file is read from the config file's folder)"
    # Said here, with the config's line, rather than as a link that never connects.
    if path.is_dir():
        raise ValueError(f"{path} is a folder, not a file")
    if not path.is_file():
        raise ValueError(f"no such file: {path}{read_from}")
    return path


def _complete(settings: TableSettings, _written: frozenset[str]) -> None:
    if settings.broker is not None and settings.name is None:
        raise ValueError("a broker needs the table's name too (name = \"...\")")
    if settings.password is not None and settings.username is None:
        raise ValueError("a password needs a username")
    if settings.ca_file is not None and not settings.address.tls:
        raise ValueError("ca_file is for TLS: write the broker as mqtts://HOST:PORT")


def follower_settings(configured: TableSettings, broker: str | None, table: str | None) -> tuple[TableSettings, str]:
    """What `companion follow` connects with, and the table it follows (`CLUB`: every table).

    `broker` and `table` come from the command line and stand before the config's; without a
    table the follower shows every table on the broker. Raises `ConfigError` saying what is wrong.
    """
    followed = table or CLUB
    if followed != CLUB:
        try:
            check_table_name(followed)
        except ValueError as error:
            raise ConfigError(f"--table: {error}") from None
    url = broker or configured.broker
    if url is None:
        raise ConfigError("no broker to follow: give --broker mqtt://HOST:PORT, or set broker in the config's [table]")
    # A club view needs no table of its own; the name only completes the settings.
    name = followed if followed != CLUB else configured.name or "club"
    try:
        given = {key.name: value for key in fields(configured) if (value := getattr(configured, key.name)) is not None}
        settings = read_table_settings({**given, "broker": url, "name": name})
    except Refused as error:
        problem = error.errors()[0]
        raise ConfigError(f"--broker: {problem['msg'].removeprefix('Value error, ')}") from None
    return settings, followed
