"""The `[table]` settings: which broker, the table's name, the credentials and TLS; off when unset."""

from dataclasses import dataclass
from pathlib import Path
from typing import Self
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from companion.errors import ConfigError
from companion.network.topics import CLUB, check_table_name

DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}
CONFIG_FOLDER = "config_folder"
"""The validation context's key for the folder of the config file being read: a relative `ca_file`
is found from there, wherever the app was started."""


@dataclass(frozen=True, slots=True)
class BrokerAddress:
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


class TableSettings(BaseModel):
    """The table network. Nothing connects and nothing listens unless `broker` is set."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    broker: str | None = None
    """`mqtt://HOST:PORT` or `mqtts://HOST:PORT` (TLS)."""
    name: str | None = None
    """The table's name, one MQTT topic level: `companion/<name>/...`."""
    username: str | None = None
    password: str | None = Field(default=None, repr=False)
    ca_file: Path | None = None
    """CA certificate(s) to check the broker's TLS certificate against; the system's when unset. A
    relative path in the config file is read from that file's folder (kept whole once read)."""
    press_token: str | None = Field(default=None, min_length=8, repr=False)
    """Remote presses are applied only when they carry this token; without one they are refused."""

    @field_validator("broker")
    @classmethod
    def _a_broker_url(cls, url: str | None) -> str | None:
        if url is not None:
            parse_broker_url(url)
        return url

    @field_validator("ca_file")
    @classmethod
    def _an_existing_file(cls, path: Path | None, info: ValidationInfo) -> Path | None:
        if path is None:
            return None
        folder: Path | None = (info.context or {}).get(CONFIG_FOLDER)
        read_from = ""
        if folder is not None and not path.is_absolute():
            path, read_from = folder / path, " (a relative ca_file is read from the config file's folder)"
        # Said here, with the config's line, rather than as a link that never connects.
        if path.is_dir():
            raise ValueError(f"{path} is a folder, not a file")
        if not path.is_file():
            raise ValueError(f"no such file: {path}{read_from}")
        return path

    @field_validator("name")
    @classmethod
    def _a_topic_level(cls, name: str | None) -> str | None:
        return None if name is None else check_table_name(name)

    @model_validator(mode="after")
    def _complete(self) -> Self:
        if self.broker is not None and self.name is None:
            raise ValueError("a broker needs the table's name too (name = \"...\")")
        if self.password is not None and self.username is None:
            raise ValueError("a password needs a username")
        if self.ca_file is not None and not self.address.tls:
            raise ValueError("ca_file is for TLS: write the broker as mqtts://HOST:PORT")
        return self

    @property
    def enabled(self) -> bool:
        return self.broker is not None

    @property
    def address(self) -> BrokerAddress:
        if self.broker is None:
            raise ValueError("no broker is configured")
        return parse_broker_url(self.broker)


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
        given = {**configured.model_dump(exclude_none=True), "broker": url, "name": name}
        settings = TableSettings.model_validate(given)
    except ValidationError as error:
        problem = error.errors()[0]
        raise ConfigError(f"--broker: {problem['msg'].removeprefix('Value error, ')}") from None
    return settings, followed
