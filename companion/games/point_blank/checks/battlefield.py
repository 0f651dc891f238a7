"""Single d6 checks about the battlefield and equipment: spotting (7.16), concealment (8.2),
smoke (7.15), blaze (7.1), bogging (7.2), weapon repair (7.17.3), the second fatigue reduction
(6.2.1.3, 8.9), a Reinforcement card's table (8.11), and a plain check for anything else."""

from typing import Any, Literal

from pydantic import Field, model_validator

from companion.games.kit.words import signed
from companion.games.point_blank.checks.base import Check, Draw, MarkerChange, Outcome, change, found


class PlainCheck(Check):
    kind: Literal["plain"] = "plain"
    cards: int = Field(default=1, ge=1, le=2)

    @model_validator(mode="before")
    @classmethod
    def _before_kinds(cls, data: Any) -> Any:
        """Games saved before carried an English label ("d6 check"); the cards say it all."""
        if isinstance(data, dict) and "label" in data:
            data = {key: value for key, value in data.items() if key != "label"}
        return data

    def resolve(self, draw: Draw) -> Outcome:
        pips = draw(f"{self.cards if self.cards > 1 else ''}d6 check", self.cards)
        return Outcome(findings=(found("total", sum(pips)),))


class Spotting(Check):
    """3 or less spots units in degrading terrain, 2 or less in blocking; the leader's
    modifier is subtracted; a buttoned AFV adds 1, open-topped subtracts 1 (7.3, 7.16, 7.19)."""

    kind: Literal["spotting"] = "spotting"
    los: Literal["degrading", "blocking"]
    leadership: int = 0
    modifier: int = 0
    targets: tuple[int, ...] = ()

    def resolve(self, draw: Draw) -> Outcome:
        shift = (self.los == "blocking") - self.leadership + self.modifier
        (pip,) = draw(f"spotting d6 ({signed(shift)}; 3 or less spots)", 1, lambda p: p[0] + shift <= 3)
        if pip + shift <= 3:
            return Outcome(findings=(found("spotted", pip + shift),),
                           changes=tuple(change(t, spotted=True) for t in self.targets))
        return Outcome(findings=(found("not_spotted", pip + shift),))


class Concealment(Check):
    """6 or more (plus the unit's concealment and a leader's modifier): "On a successful check,
    all units in that Sector are considered concealed" (8.2). `units` holds them all."""

    kind: Literal["concealment"] = "concealment"
    modifier: int = 0
    units: tuple[int, ...] = ()

    def resolve(self, draw: Draw) -> Outcome:
        (pip,) = draw(f"concealment d6 ({signed(self.modifier)}; 6+ conceals)", 1, lambda p: p[0] + self.modifier >= 6)
        if pip + self.modifier >= 6:
            return Outcome(findings=(found("concealed", pip + self.modifier),),
                           changes=tuple(change(u, spotted=False) for u in self.units))
        return Outcome(findings=(found("not_concealed", pip + self.modifier),))


class Smoke(Check):
    """4+ places smoke (+1 if smoke is anywhere on the battlefield, + a leader); a mortar draws
    2d6 and succeeds if either card is 4+ (7.15). Never into a Marsh (10.1.6)."""

    kind: Literal["smoke"] = "smoke"
    sector: str
    modifier: int = 0
    smoke_anywhere: bool = False
    mortar: bool = False

    def resolve(self, draw: Draw) -> Outcome:
        if self.mortar:
            pips = draw("mortar smoke 2d6 (any card 4+ succeeds)", 2, lambda p: max(p) >= 4)
            placed, roll = max(pips) >= 4, found("mortar_smoke", *pips)
        else:
            shift = self.modifier + self.smoke_anywhere
            (pip,) = draw(f"smoke d6 ({signed(shift)}; 4+ succeeds)", 1, lambda p: p[0] + shift >= 4)
            placed, roll = pip + shift >= 4, found("smoke", pip + shift)
        if placed:
            return Outcome(findings=(roll, found("smoke_placed", sector=self.sector)),
                           markers=(MarkerChange(marker="smoke", sector=self.sector, present=True),))
        return Outcome(findings=(roll, found("no_smoke")))


class Blaze(Check):
    kind: Literal["blaze"] = "blaze"
    sector: str

    def resolve(self, draw: Draw) -> Outcome:
        (pip,) = draw("blaze d6 (4+ sets the terrain ablaze)", 1, lambda p: p[0] >= 4)
        if pip >= 4:
            return Outcome(findings=(found("blaze", pip), found("ablaze", sector=self.sector)),
                           markers=(MarkerChange(marker="blaze", sector=self.sector, present=True),))
        return Outcome(findings=(found("blaze", pip), found("no_fire")))


BOG_AT = {("blocking", False): 2, ("degrading", False): 1, ("blocking", True): 3, ("degrading", True): 2}


class Bog(Check):
    """Bog table (7.2): tracked bogs on 1-2 in blocking terrain, 1 in degrading; wheeled on 1-3
    and 1-2. Wire is -1 to the check, buttoned -1 (7.3); an armour leader's modifier helps."""

    kind: Literal["bog"] = "bog"
    unit: int
    los: Literal["degrading", "blocking"]
    wheeled: bool = False
    wire: bool = False
    buttoned: bool = False
    leadership: int = 0

    def resolve(self, draw: Draw) -> Outcome:
        limit = BOG_AT[(self.los, self.wheeled)]
        shift = self.leadership - self.wire - self.buttoned
        (pip,) = draw(f"bog d6 ({signed(shift)}; {limit} or less bogs)", 1, lambda p: p[0] + shift <= limit)
        if pip + shift <= limit:
            return Outcome(findings=(found("bogged", pip + shift, unit=self.unit),),
                           changes=(change(self.unit, bogged=True),))
        return Outcome(findings=(found("not_bogged", pip + shift, unit=self.unit),))


class Unbog(Check):
    """A Ready action: 3-6 un-bogs a tracked vehicle, 4-6 a wheeled one (7.2)."""

    kind: Literal["unbog"] = "unbog"
    unit: int
    wheeled: bool = False

    def resolve(self, draw: Draw) -> Outcome:
        need = 4 if self.wheeled else 3
        (pip,) = draw(f"un-bog d6 ({need}+ frees it)", 1, lambda p: p[0] >= need)
        if pip >= need:
            return Outcome(findings=(found("unbogged", pip, unit=self.unit),),
                           changes=(change(self.unit, bogged=False),))
        return Outcome(findings=(found("still_bogged", pip, unit=self.unit),))


class Repair(Check):
    """5-6 (plus an unspent leader's modifier) repairs a broken Support Weapon (7.17.3)."""

    kind: Literal["repair"] = "repair"
    unit: int
    leadership: int = 0

    def resolve(self, draw: Draw) -> Outcome:
        (pip,) = draw(f"repair d6 ({signed(self.leadership)}; 5+ repairs)", 1, lambda p: p[0] + self.leadership >= 5)
        if pip + self.leadership >= 5:
            return Outcome(findings=(found("repaired", pip + self.leadership, unit=self.unit),),
                           changes=(change(self.unit, weapon_broken=False),))
        return Outcome(findings=(found("still_broken", pip + self.leadership, unit=self.unit),))


class Reinforcement(Check):
    """A Reinforcement card (8.11): its d6 on the scenario's Reinforcement Table brings in every unit
    listed with the face shown. `table` is the side's units still to come when the card was played:
    each one's place in the scenario's forces, and its faces."""

    kind: Literal["reinforcement"] = "reinforcement"
    side: int
    table: tuple[tuple[int, tuple[int, ...]], ...]

    def arriving(self, pip: int) -> tuple[int, ...]:
        """The forces a d6 of `pip` brings in."""
        return tuple(force for force, faces in self.table if pip in faces)

    def resolve(self, draw: Draw) -> Outcome:
        (pip,) = draw("reinforcement d6 (8.11: the scenario's table)", 1, lambda p: bool(self.arriving(p[0])))
        return Outcome(findings=(found("reinforced" if self.arriving(pip) else "no_reinforcement", pip),))


class FatigueBonus(Check):
    """After removing a fatigue level by discard or Ready, an odd d6 removes one more level from
    another unit (6.2.1.3, 8.9)."""

    kind: Literal["fatigue_bonus"] = "fatigue_bonus"
    first: int | None = None
    """The unit the first level came off, which the second may not (None in games saved before)."""
    sector: str | None = None
    """The Sector of the leader whose Ready action removed the first level: the second comes off a
    unit in it too (8.9). None after a discard or a Ready card, or in games saved before."""

    def resolve(self, draw: Draw) -> Outcome:
        (pip,) = draw("odd removes one more fatigue level", 1, lambda p: p[0] % 2 == 1)
        return Outcome(findings=(found("odd" if pip % 2 else "even", pip),))
