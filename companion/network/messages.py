"""The payloads on the table's topics, one JSON object each, and the checks every received one passes.

A payload that fails its check changes nothing: it is counted, the last reason is kept for the
status line, and nothing is raised into the app.
"""

import json
import re
from enum import StrEnum
from typing import Annotated, Literal, Self, TypeVar

from pydantic import (
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from companion.hardware.controls import Control

VERSION: Literal[1] = 1
MAX_PAYLOAD = 1 << 20
"""Bytes: a state bigger than this is not something our games make; refuse it unread."""

PRESS_ID = r"^[A-Za-z0-9._:-]{1,80}$"
PressId = Annotated[str, StringConstraints(pattern=PRESS_ID)]
Origin = Annotated[str, StringConstraints(min_length=1, max_length=80)]


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    v: Literal[1] = VERSION

    def encode(self) -> bytes:
        return self.model_dump_json().encode()


class EventMessage(_Message):
    """One committed event of a game, as the public may see it (hidden information left out)."""

    game: int = Field(ge=1)
    kind: str = Field(min_length=1)
    seq: int = Field(ge=1)
    type: str = Field(min_length=1)
    at: AwareDatetime
    event: dict[str, JsonValue]
    """The event's own fields, as the game's public projection gives them."""


class StateMessage(_Message):
    """A game's public state as of `seq` (0: before its first event); retained on the broker."""

    game: int = Field(ge=1)
    kind: str = Field(min_length=1)
    name: str = ""
    seq: int = Field(ge=0)
    at: AwareDatetime
    state: JsonValue


class PressMessage(_Message):
    """A press made away from the authority: another button box, a phone."""

    id: PressId
    """Unique for the table; a press sent again (after a lost link) keeps its id."""
    control: Control
    value: int | None = None
    origin: Origin
    """Who pressed: a box's or a phone's name, shown with a refusal."""
    token: str | None = Field(default=None, max_length=200, repr=False)

    @model_validator(mode="after")
    def _a_value_the_control_takes(self) -> Self:
        if self.control is Control.FACE:
            if self.value is None or not 0 <= self.value <= 10:
                raise ValueError("a face press needs a face from 0 to 10")
        elif self.control is Control.SIDE:
            if self.value not in (1, 2):
                raise ValueError("a side press needs side 1 or 2")
        elif self.value is not None:
            raise ValueError(f"a {self.control} press takes no value")
        return self


class Outcome(StrEnum):
    APPLIED = "applied"
    ALREADY_APPLIED = "already_applied"
    """The same id came again (a resend): nothing more was done."""
    REFUSED = "refused"


class VerdictMessage(_Message):
    """What the authority did with one press."""

    id: PressId
    outcome: Outcome
    reason: str = ""


class StatusMessage(_Message):
    """Whether the table's authority is connected; the broker sends `online: false` for it when it dies."""

    online: bool


M = TypeVar("M", EventMessage, StateMessage, PressMessage, VerdictMessage, StatusMessage)

_ADAPTERS: dict[type, TypeAdapter] = {
    model: TypeAdapter(model)
    for model in (EventMessage, StateMessage, PressMessage, VerdictMessage, StatusMessage)
}


class PayloadCheck:
    """Decodes payloads of one expected kind, counting the ones that are refused."""

    def __init__(self) -> None:
        self.refused = 0
        self.last_problem = ""

    def decode(self, model: type[M], payload: bytes | bytearray, topic: str = "") -> M | None:
        """The message, or None (counted, the reason kept) when the payload is not one."""
        if len(payload) > MAX_PAYLOAD:
            problem = f"{len(payload)} bytes is more than {MAX_PAYLOAD}"
        else:
            try:
                return _ADAPTERS[model].validate_json(payload)
            except ValidationError as error:
                problem = describe(error)
        self.refused += 1
        self.last_problem = f"{topic}: {problem}" if topic else problem
        return None


def describe(error: ValidationError) -> str:
    """The first problem, short: `seq: Input should be greater than or equal to 1`."""
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"])
    message = re.sub(r"^Value error, ", "", problem["msg"])
    if problem["type"] == "extra_forbidden":
        message = "unknown key"
    return f"{where}: {message}" if where else message



ID_HEAD = 4096
"""Bytes of a payload over `MAX_PAYLOAD` looked through for its id: the rest is never read."""
_DECODER = json.JSONDecoder()
_BLANK = re.compile(r"[ \t\n\r]*")


def press_id_of(payload: bytes | bytearray) -> str | None:
    """The id of a press that failed its check, so that it can be answered `refused`; None when it
    has none that can be read. The object's members are read in order up to `id`: a payload over
    `MAX_PAYLOAD` only within its first `ID_HEAD` bytes (a presser writes `v` and `id` first)."""
    text = bytes(payload[:ID_HEAD] if len(payload) > MAX_PAYLOAD else payload).decode("utf-8", "replace")
    found = _member(text, "id")
    return found if isinstance(found, str) and re.match(PRESS_ID, found) else None


def _member(text: str, wanted: str) -> object:
    """The value of the top-level member `wanted` of the JSON object `text` begins with, read member
    by member, so that whatever follows it (too much, or not JSON) is never parsed."""
    at = _skip(text, 0)
    if not text.startswith("{", at):
        return None
    at += 1
    while True:
        try:
            key, at = _DECODER.raw_decode(text, _skip(text, at))
            at = _skip(text, at)
            if not isinstance(key, str) or not text.startswith(":", at):
                return None
            value, at = _DECODER.raw_decode(text, _skip(text, at + 1))
        except ValueError:
            return None
        if key == wanted:
            return value
        at = _skip(text, at)
        if not text.startswith(",", at):
            return None
        at += 1


def _skip(text: str, at: int) -> int:
    """Past the JSON whitespace at `at`."""
    blank = _BLANK.match(text, at)
    return blank.end() if blank else at
