"""Events as games saved before the game kit wrote them: the words they kept read as the kinds they meant.

Those versions stored a reason in words where events now keep a kind (`CapsSpent.use`,
`CounterRevealed.cause`); the events read either shape (a `model_validator(mode="before")` calls
these), so every saved game opens as it was played. The words below are exactly what those
versions wrote, and never change.
"""

from collections.abc import Mapping
from typing import Any

CAPS_REASONS = {"command action": "command_action", "card": "card", "CAP button": "side_button"}
REVEAL_REASONS = {
    "its fire is changed (7.4)": "fires", "its move cost is changed (7.4)": "moves",
    "attacked (7.4)": "attacked", "shown to the opponent": "asked",
}


def caps_use(data: Any) -> Any:
    return _kind_for_words(data, "reason", "use", CAPS_REASONS, unknown="other")


def reveal_cause(data: Any) -> Any:
    return _kind_for_words(data, "reason", "cause", REVEAL_REASONS, unknown="asked")


def _kind_for_words(data: Any, old: str, new: str, kinds: Mapping[str, str], unknown: str) -> Any:
    if isinstance(data, dict) and old in data and new not in data:
        data = {key: value for key, value in data.items() if key != old} | {new: kinds.get(data[old], unknown)}
    return data
