"""A new game's start: free play, or one of the game's scenarios (shipped, or the players' own)."""

from collections.abc import Mapping
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from companion.errors import CompanionError
from companion.games.descriptor import GameDescriptor
from companion.games.kit.scenarios import Scenario, reference
from companion.hardware.controls import Control, ControlPressed
from companion.paths import readable
from companion.tui.buttons import MENU_HINT, does_nothing, on_menu
from companion.tui.widgets.mock_panel import PanelModal

FREE_PLAY = ""
"""The answer for a game started with no scenario, as before scenarios existed."""

Found = Mapping[str, Scenario | str]
"""Each scenario by name, or why it cannot be used."""


def read_scenarios(game: GameDescriptor, data_dir: Path) -> dict[str, Scenario | str]:
    """Every scenario of the game, read and checked; a file that cannot be used stays listed with why."""
    files = game.scenario_files(data_dir)
    if not files:
        return {}
    try:
        data = game.load_data(data_dir)
    except CompanionError as error:
        return {file.name: str(error) for file in files}
    found: dict[str, Scenario | str] = {}
    for file in files:
        try:
            found[file.name] = game.read_scenario(file, data)
        except CompanionError as error:
            found[file.name] = str(error)
    return found


class ScenarioChooser(PanelModal[str | None]):
    """Answers the scenario's name, `FREE_PLAY`, or None when cancelled."""

    BINDINGS = [("escape", "dismiss(None)", "Cancel")]

    def __init__(self, kind: str, title: str, found: Found) -> None:
        super().__init__()
        self._kind = kind
        self._title = title
        self._found = found

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(Text(f"New game of {self._title}"))
            yield OptionList(Option("Free play: no scenario", id="free"),
                             *(Option(Text(words(self._kind, name, scenario)), id=f"scenario:{name}")
                               for name, scenario in self._found.items()), id="scenarios")

    def on_control(self, press: ControlPressed) -> str:
        """Next and Confirm choose, as on the home screen; Undo cancels; returns why any other press
        does nothing."""
        if on_menu(self.query_one(OptionList), press):
            return ""
        if press.control == Control.UNDO:
            self.dismiss(None)
            return ""
        return does_nothing(press, f"{MENU_HINT}, Undo cancels")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or ""
        self.dismiss(chosen.removeprefix("scenario:") if chosen.startswith("scenario:") else FREE_PLAY)


def words(kind: str, name: str, scenario: Scenario | str) -> str:
    """A scenario's line: its title and name, or its name and the command that says why it cannot be used."""
    if isinstance(scenario, str):
        return f"{readable(name)} (cannot be used: companion scenarios show {reference(kind, name)})"
    return f"{scenario.title} ({name})"
