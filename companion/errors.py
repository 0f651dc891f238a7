"""The exceptions the companion raises on purpose; each carries a message fit for a player."""


class CompanionError(Exception):
    """Root of every error the companion raises deliberately."""


class BadSpec(CompanionError, ValueError):
    """A dice spec that cannot be read, such as `2d` or `d1`."""


class BadFace(CompanionError, ValueError):
    """A die face that the die does not have."""


class RuleViolation(CompanionError):
    """A command the rules forbid; the message names the rule where there is one."""


class NothingToDo(CompanionError):
    """A command that has nothing to act on, such as undo with no decisions made."""


class ConfigError(CompanionError):
    """A config or data file that cannot be used; the message names the file, line and key."""


class GameNotFound(CompanionError, LookupError):
    """A saved game that does not exist."""


class StorageError(CompanionError):
    """The games file cannot be read or written: the message names the file and the cause."""


class UnreadableGame(CompanionError):
    """A saved game this version cannot read, such as one a newer companion wrote."""


class NotSaved(StorageError):
    """A press whose events could not be committed: nothing of it is shown, and nothing changed."""


class Overridable(RuleViolation):
    """A refusal the players may overrule (a miscounted deck): `override` is the command that does."""

    def __init__(self, message: str, override: object) -> None:
        super().__init__(message)
        self.override = override


class DataDirInUse(StorageError):
    """Another companion holds the data dir."""


class DeviceError(CompanionError):
    """A device that cannot be used: a serial port that is not there, a board that does not
    answer, no sound."""


class GameInUse(CompanionError):
    """A game open in the companion that a command would break (deleting it)."""


class ReadOnlyView(CompanionError):
    """A view of a game played elsewhere (a follower of the table network): nothing is decided here."""


class BadName(CompanionError, ValueError):
    """A name a game cannot take: empty, more than one line, digits only, too long, or another game's."""
