"""A game's keymap: every action with its key, its button and its help, as data.

Screen bindings, the footer, the help line, the command palette, the touch action bar and the
hardware controls are all derived from one `Keymap`, so none of them can drift from the others.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from companion.hardware.controls import Control


@dataclass(frozen=True, slots=True)
class KeyAction:
    """One thing a player can ask for, and every way to ask for it."""

    name: str
    """The action as the game's controller knows it: `roll`, `end_impulse`."""
    label: str
    """Short, for the footer, the action bar and the palette: `Roll`."""
    keys: str | None = None
    """Textual key names; commas separate alternatives (`plus,equals_sign`). None: hardware only."""
    value: int | None = None
    """The action's argument: which face, which side, which step."""
    control: Control | None = None
    """The GPIO or board control that asks for this action, with `value` as the control's value.
    A control with no value here matches every value of that control (`Control.FACE` for any face)."""
    help: str = ""
    """A sentence for the palette, under the entry's title; none when empty (a digit key says it all)."""
    footer: bool = False
    """One of the few essential actions the footer shows."""
    shown_key: str | None = None
    """How the key reads in the help line when it differs from `keys` (`1–6` for six face keys)."""
    view_only: bool = False
    """It only shows something (another view of the game, a table to read) and decides nothing: a
    read-only view (a follower, a second companion) offers and takes it, and refuses every other action."""

    @property
    def title(self) -> str:
        """The palette's name for it: `Pip 4` for one of a group of keys, else the label."""
        return f"{self.label} {self.value}" if self.shown_key and self.value is not None else self.label

    @property
    def palette_title(self) -> str:
        """The palette's entry: the title and the key that asks for it, `Redo (y)`, `Dice 4 (4)`;
        the title alone for an action with no key (a hardware control only)."""
        return keyed(self.title, (self.keys or "").split(",")[0])

    @property
    def key_text(self) -> str:
        if self.shown_key is not None:
            return self.shown_key
        return KEY_NAMES.get((self.keys or "").split(",")[0], (self.keys or "").split(",")[0])


KEY_NAMES = {
    "space": "space", "backspace": "⌫", "escape": "esc", "enter": "enter",
    "plus": "+", "equals_sign": "=", "minus": "−", "comma": ",", "full_stop": ".",
    "less_than_sign": "<", "greater_than_sign": ">",
    "left_square_bracket": "[", "right_square_bracket": "]",
}


def keyed(title: str, key: str) -> str:
    """A palette entry's title with the key that asks for it, `Open (enter)`; the title alone for no key.
    `key` is a Textual key name (`backspace` reads `⌫`)."""
    return f"{title} ({KEY_NAMES.get(key, key)})" if key else title


@dataclass(frozen=True, slots=True)
class Keymap:
    """A screen's actions in the order players should read them."""

    actions: tuple[KeyAction, ...]

    def __post_init__(self) -> None:
        keys: dict[str, KeyAction] = {}
        controls: dict[tuple[Control, int | None], KeyAction] = {}
        for action in self.actions:
            for key in (action.keys or "").split(","):
                if key and key in keys:
                    raise ValueError(f"key {key!r} is given to both {keys[key].name} and {action.name}")
                if key:
                    keys[key] = action
            if action.control is not None:
                wired = (action.control, action.value)
                if wired in controls:
                    raise ValueError(f"{action.control} {action.value} is given to both "
                                     f"{controls[wired].name} and {action.name}")
                controls[wired] = action

    def __iter__(self) -> Iterator[KeyAction]:
        return iter(self.actions)

    def __add__(self, other: "Keymap") -> "Keymap":
        return Keymap(self.actions + other.actions)

    @property
    def names(self) -> tuple[str, ...]:
        """Each action's name once, in keymap order."""
        return tuple(dict.fromkeys(action.name for action in self.actions))

    def view_only(self, name: str) -> bool:
        """Whether the action named only shows something, so a read-only view takes it."""
        return any(action.view_only for action in self.actions if action.name == name)

    def first(self, name: str) -> KeyAction:
        for action in self.actions:
            if action.name == name:
                return action
        raise KeyError(name)

    def for_control(self, control: Control, value: int | None) -> tuple[KeyAction, int | None] | None:
        """The action a hardware press asks for, and the value it carries."""
        exact = any_value = None
        for action in self.actions:
            if action.control != control:
                continue
            if action.value == value:
                exact = action
            elif action.value is None:
                any_value = action
        if exact is not None:
            return exact, exact.value
        if any_value is not None:
            return any_value, value
        return None

    def taps(self, names: Iterable[str]) -> tuple[KeyAction, ...]:
        """The buttons of a touch action bar for the actions named, in keymap order: one per action,
        and one per value for an action whose keys carry values (the face keys, a key per side)."""
        wanted = set(names)
        valued = {action.name for action in self.actions if action.value is not None}
        shown: dict[tuple[str, int | None], KeyAction] = {}
        for action in self.actions:
            if action.name in wanted and not (action.name in valued and action.value is None):
                shown.setdefault((action.name, action.value), action)
        return tuple(shown.values())

    def form_keys(self) -> tuple[tuple[str, int | None], ...]:
        """The keys a form takes as the table's buttons, for buttons wired as keys: the Confirm
        control's keys (with None) and the face keys (each with its face)."""
        faces = {action.name for action in self.actions if action.control is Control.FACE}
        keyed: list[tuple[str, int | None]] = []
        for action in self.actions:
            keys = [key for key in (action.keys or "").split(",") if key]
            if action.control is Control.CONFIRM:
                keyed += [(key, None) for key in keys]
            elif action.name in faces and action.value is not None:
                keyed += [(key, action.value) for key in keys]
        return tuple(keyed)

    def help_line(self, names: Iterable[str]) -> str:
        """`m move · a assault`: the actions named, once each, as the help line shows them."""
        wanted = set(names)
        shown = [action for action in self.actions if action.name in wanted]
        seen: set[str] = set()
        parts = []
        for action in shown:
            if action.name in seen:
                continue
            seen.add(action.name)
            parts.append(f"{action.key_text} {action.label.lower() if action.label else action.name}")
        return " · ".join(parts)


def in_order(actions: Iterable[KeyAction], names: Iterable[str]) -> tuple[KeyAction, ...]:
    """The buttons in the order of `names` (a name again later keeps its first place), those of an
    action not named after them; an action's buttons keep their order among themselves (the pips)."""
    rank = {name: index for index, name in enumerate(dict.fromkeys(names))}
    return tuple(sorted(actions, key=lambda action: rank.get(action.name, len(rank))))


def face_keys(name: str, label: str, digits: str = "123456", shown: str = "1–6") -> tuple[KeyAction, ...]:
    """One action per digit key, each carrying its digit, and the face controls (GPIO face keys,
    the board's face events) reaching the same action with the face they report."""
    keyed = tuple(KeyAction(name, label, keys=digit, value=int(digit), shown_key=shown) for digit in digits)
    return (*keyed, KeyAction(name, label, control=Control.FACE, shown_key=shown))


UNDO_REDO = (
    KeyAction("undo", "Undo", keys="u", control=Control.UNDO, help="Take back the latest decision", footer=True),
    KeyAction("redo", "Redo", keys="y", control=Control.REDO, help="Put back what undo took back"),
)
"""Every game's undo and redo; undo never re-rolls and never un-draws."""
