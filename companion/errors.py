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
