"""The AEO Action Selection Table (12.1, 12.2.3) as a data file: each row's actions by posture and
pip combination, the look-up, and the players' own rows written back as a file of theirs.

The rulebook's text prints only the table's first rows (2d6 totals 2 to 4, and 5 on 1 and 4); the
shipped file keeps those as printed and marks every other row `missing`. A look-up that lands on
a missing row finds nothing: the companion asks the players to fill it in from their player aid,
and never guesses.

Decisions (the text is silent or garbled):
- The text's table lost its empty notes cells: a row printed with two action cells and no notes
  reads as the defensive posture's action, then the attack posture's (row 3, which has notes,
  shows the columns in that order).
- The text splits totals 4 and 5 by pip combination; for the rows it does not print, the file
  has one row per combination (a player may fill all of a total's rows at once).
- "A / B" is a double action result, like an Action card with two icons (6.2.1.1): both actions
  are carried out, each one that can be; when none can, the AEO conducts a Discard action
  (12.3.3.3 says so of Rally / Ready). A Wind action goes first (7.24).
"""

from collections.abc import Iterable, Mapping
from typing import Annotated, Literal, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from companion.games.kit.data import DataFile, load

Posture = Literal["defensive", "offensive"]
POSTURES: tuple[Posture, ...] = ("defensive", "offensive")
AeoAction = Literal["sniper", "move", "recon", "ready", "fire", "wind", "rally", "assault", "melee", "smoke",
                    "conceal", "reinforcement", "flush", "discard"]
ACTIONS: tuple[AeoAction, ...] = ("sniper", "move", "recon", "ready", "fire", "wind", "rally", "assault", "melee",
                                  "smoke", "conceal", "reinforcement", "flush", "discard")
WORDS: dict[str, AeoAction] = {
    **{action: action for action in ACTIONS}, "reinforcements": "reinforcement", "hand flush": "flush",
    "flush hand": "flush", "discard action": "discard",
}
"""How a row's text names each action (lower case)."""
NAMES: dict[AeoAction, str] = {
    "sniper": "Sniper", "move": "Move", "recon": "Recon", "ready": "Ready", "fire": "Fire", "wind": "Wind",
    "rally": "Rally", "assault": "Assault", "melee": "Melee", "smoke": "Smoke", "conceal": "Conceal",
    "reinforcement": "Reinforcement", "flush": "Hand Flush", "discard": "Discard",
}
MISSING = "missing"
COVER = "(acquire cover)"
COMBOS: tuple[str, ...] = tuple(sorted((f"{a}+{b}" for a in range(1, 7) for b in range(a, 7)),
                                       key=lambda combo: (sum(map(int, combo.split("+"))), combo)))
"""Every pip combination of 2d6, the lower face first, in the table's order: `1+1` ... `6+6`."""
PACKAGE = "companion.games.point_blank.data"
FILE = "aeo_table.toml"


def combo(faces: Iterable[int]) -> str:
    """The row a roll lands on: its two faces, the lower first (`3+1` is `1+3`)."""
    low, high = sorted(faces)
    return f"{low}+{high}"


def total(row: str) -> int:
    return sum(int(face) for face in row.split("+"))


class AeoRead(BaseModel):
    """What a row says: its actions in the order printed, and whether it also acquires cover."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    actions: tuple[AeoAction, ...] = Field(min_length=1, max_length=3)
    cover: bool = False

    @property
    def order(self) -> tuple[AeoAction, ...]:
        """The order they are carried out in: a Wind first, "before the resolution of any other
        action printed on the card" (7.24), then as printed."""
        return tuple(sorted(self.actions, key=lambda action: action != "wind"))

    def words(self) -> str:
        """`Move / Recon (Acquire Cover)`, as the table prints it."""
        return " / ".join(NAMES[action] for action in self.actions) + (" (Acquire Cover)" if self.cover else "")


def parse_row(text: str) -> AeoRead | None:
    """A row's text read into its actions, None for a missing row; `ValueError` names a word that is
    no AEO action."""
    said = " ".join(text.lower().split())
    if said == MISSING:
        return None
    cover = COVER in said
    said = said.replace(COVER, "").replace("acquire cover", "")
    parts = [part.strip() for part in said.split("/") if part.strip()]
    unknown = [part for part in parts if part not in WORDS]
    if unknown or not parts:
        known = ", ".join(NAMES.values())
        raise ValueError(f"{text!r}: {unknown[0] if unknown else 'no action'!r} is not an AEO action "
                         f"(write actions between slashes: {known}; \"(Acquire Cover)\" after them; or \"missing\")")
    return AeoRead(actions=tuple(WORDS[part] for part in parts), cover=cover)


def checked_combo(row: str) -> str:
    if row not in COMBOS:
        raise ValueError(f"{row!r} is not a pip combination (the lower face first: 1+3, 6+6)")
    return row


def checked_row(text: str) -> str:
    parse_row(text)
    return text


Combo = Annotated[str, AfterValidator(checked_combo)]
Row = Annotated[str, AfterValidator(checked_row)]


class AeoTableFile(BaseModel):
    """The table's rows for each posture: pip combination (`1+3`) → the row as printed, or `missing`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    defensive: dict[Combo, Row]
    offensive: dict[Combo, Row]

    @model_validator(mode="after")
    def _rows(self) -> Self:
        for posture in POSTURES:
            rows = self.column(posture)
            if lacking := [row for row in COMBOS if row not in rows]:
                raise ValueError(f"{posture}: no row {lacking[0]} (write \"missing\" for a row you do not have)")
        return self

    def column(self, posture: Posture) -> dict[str, str]:
        return self.defensive if posture == "defensive" else self.offensive

    def read(self, posture: Posture, row: str) -> AeoRead | None:
        return parse_row(self.column(posture)[row])

    def missing(self, posture: Posture) -> tuple[str, ...]:
        return tuple(row for row in COMBOS if self.read(posture, row) is None)


Filled = Mapping[tuple[str, str], AeoRead]
"""Rows the players filled in during this game, by (posture, pip combination)."""


def look_up(table: AeoTableFile | None, posture: Posture, faces: tuple[int, int], filled: Filled) -> AeoRead | None:
    """The row for a roll: one filled in during this game first, then the table's; None when missing."""
    row = combo(faces)
    if (posture, row) in filled:
        return filled[(posture, row)]
    return table.read(posture, row) if table is not None else None


def same_total(row: str) -> tuple[str, ...]:
    """The rows of every pip combination with this row's total."""
    return tuple(other for other in COMBOS if total(other) == total(row))


TABLE = DataFile(FILE, TypeAdapter(AeoTableFile), depth=1)
"""A row of the players' AEO table replaces the shipped row (a missing one, mostly)."""


def shipped() -> AeoTableFile:
    table: AeoTableFile = load(PACKAGE, None, TABLE)
    return table


def players_file(table: AeoTableFile, added: Filled) -> str:
    """The players' own `aeo_table.toml`: every row of theirs (where the table in use differs from
    the shipped one) and the rows `added`, which the companion lays over its own row by row."""
    own = shipped()
    lines = ["# Your rows of the AEO Action Selection Table (12.1), as your player aid prints them.",
             "# The companion lays them over its own table row by row; a row written \"missing\" asks again."]
    for posture in POSTURES:
        rows = {row: text for row, text in table.column(posture).items() if text != own.column(posture).get(row)}
        rows.update({row: read.words() for (column, row), read in added.items() if column == posture})
        if rows:
            lines += ["", f"[{posture}]", *(f'"{row}" = "{rows[row]}"' for row in COMBOS if row in rows)]
    return "\n".join(lines) + "\n"
