"""Take Cover's data files as models: the deck by type, and the cards that attach to a squad."""

from pydantic import BaseModel, ConfigDict, Field, RootModel, model_validator

from companion.games.take_cover.cards import CARD_TYPES, AttachKind, CardType, misprinted


class CardCount(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    label: str
    count: int = Field(ge=0, le=99)


class DeckFile(RootModel[dict[CardType, CardCount]]):
    """Every card type with its count; the four squad cards sit on the table, not in the deck."""

    @model_validator(mode="after")
    def every_type(self) -> "DeckFile":
        missing = [kind for kind in CARD_TYPES if kind not in self.root]
        if missing:
            raise ValueError(f"the deck needs every card type; missing: {', '.join(missing)}")
        if self.root["squad"].count != 4:
            raise ValueError("squad: the game has four squads (count = 4)")
        if sum(card.count for card in self.root.values()) - 4 < 12:
            raise ValueError("the deck is too small to deal two hands of five")
        return self

    def counts(self) -> dict[str, int]:
        return {kind: card.count for kind, card in self.root.items()}

    def label(self, kind: str) -> str:
        found = self.root.get(kind)  # type: ignore[call-overload]
        return found.label if found is not None else kind


class AttachableCard(BaseModel):
    """A kind of weapon, leader or terrain card, with the modifier it usually prints."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: AttachKind
    label: str = Field(min_length=1, max_length=24)
    modifier: int = Field(ge=-9, le=9)

    @model_validator(mode="after")
    def printed_as_its_kind(self) -> "AttachableCard":
        if misprinted(self.kind, self.modifier):
            raise ValueError(misprinted(self.kind, self.modifier))
        return self
