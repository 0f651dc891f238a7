"""An announcement: what to say, in no language yet."""

from pydantic import BaseModel, ConfigDict

Argument = int | str | tuple[int, ...]
"""A number, a list of numbers (spoken as "2, 3 and 5"), or a word: a term the phrase pack
translates when it knows it (a hit counter's key), else spoken as it is (a side's name)."""


class Announcement(BaseModel):
    """A phrase id from the phrase packs and its arguments.

    Announcements say only what everyone at the table may know: the speaker is heard by both sides.
    A newer announcement of the same `channel` makes an older one stale (a roll after a roll);
    the channel defaults to the phrase's family, the part of its id before the first dot. Games
    name their phrases `<game>.<what>` and give each announcement a channel of its kind.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    phrase: str
    args: dict[str, Argument] = {}
    channel: str | None = None
    then: tuple["Announcement", ...] = ()
    """Sentences said straight after this one as part of it (a check's findings, one by one): they
    go stale with it, so a newer announcement of the channel never leaves half of them behind."""

    @property
    def stale_after(self) -> str:
        """The channel: a newer announcement with the same one replaces this one."""
        return self.channel if self.channel is not None else self.phrase.split(".", 1)[0]
