"""The MQTT topic names of one table, and the table a received topic belongs to."""

import re
from dataclasses import dataclass
from enum import StrEnum

ROOT = "companion"
CLUB = "*"
"""Followed instead of a table's name: every table on the broker (a club view)."""
TABLE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
"""Letters, digits, `.`, `_` and `-`: never MQTT's `/`, `+` or `#`, so a name is one topic level."""


class Channel(StrEnum):
    EVENTS = "events"
    """Every committed event of the table's current game, in order (QoS 1)."""
    STATE = "state"
    """The current game's public state, retained, so a late joiner starts from it (QoS 1)."""
    PRESSES = "presses"
    """Presses from other button boxes or phones, for the authority to apply (QoS 1)."""
    VERDICTS = "verdicts"
    """The authority's answer to each press: applied, already applied, or refused (QoS 1)."""
    STATUS = "status"
    """Whether the table's authority is online, retained; the broker publishes `offline` for a dead one."""


def check_table_name(name: str) -> str:
    if not TABLE_NAME.match(name):
        raise ValueError(
            f"{name!r} cannot name a table: use 1 to 64 letters, digits, '.', '_' or '-',"
            " starting with a letter or digit"
        )
    return name


@dataclass(frozen=True, slots=True)
class TableTopics:
    """`companion/<table>/<channel>` for each channel of one table."""

    table: str

    def __post_init__(self) -> None:
        check_table_name(self.table)

    def __getitem__(self, channel: Channel) -> str:
        return f"{ROOT}/{self.table}/{channel}"

    @property
    def events(self) -> str:
        return self[Channel.EVENTS]

    @property
    def state(self) -> str:
        return self[Channel.STATE]

    @property
    def presses(self) -> str:
        return self[Channel.PRESSES]

    @property
    def verdicts(self) -> str:
        return self[Channel.VERDICTS]

    @property
    def status(self) -> str:
        return self[Channel.STATUS]


def every_table(channel: Channel) -> str:
    """The subscription that hears `channel` from every table on the broker (a club view)."""
    return f"{ROOT}/+/{channel}"


def parse_topic(topic: str) -> tuple[str, Channel] | None:
    """(table, channel) for one of our topics, or None for anything else."""
    parts = topic.split("/")
    if len(parts) != 3 or parts[0] != ROOT or not TABLE_NAME.match(parts[1]):
        return None
    try:
        return parts[1], Channel(parts[2])
    except ValueError:
        return None
