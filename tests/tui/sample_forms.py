"""Sample forms: a long one of every field kind, to see the generic form keep its buttons on a small
screen, and three cards' pips around a text field, to answer with the table's buttons."""

from companion.games.kit.forms import Choice, FormSpec, Number, Pick, Text, Tick
from companion.games.kit.intents import Intent, Tell

EVERY_FIELD = FormSpec(
    "Fire at a unit",
    (
        Choice("firer", "Firing unit", ((1, "Rifle squad A"), (2, "Rifle squad B"), (3, "MG team"))),
        Pick("targets", "Targets", ((4, "Grenadiers 1"), (5, "Grenadiers 2"), (6, "Panzer IV")), default=(4,), least=1,
             help="Tick one or more with space"),
        Number("range", "Range in hexes", 3, 1, 20),
        Number("firepower", "Firepower", 6, 0, 30, help="Printed firepower, before modifiers"),
        Choice("terrain", "Target's terrain", (("open", "Open ground"), ("woods", "Woods"),
                                               ("stone_building", "Stone building"))),
        Tick("moving", "The target moved this impulse"),
        Tick("leader", "A leader directs the fire"),
        Text("note", "Note for the log", default="ambush", required=False),
    ),
    note="Enter fires; Escape cancels",
    submit="Fire",
)


def told(answers: object) -> Intent:
    return Tell(f"answers: {answers}")


THREE_CARDS = FormSpec("The top three cards", (
    Number("first", "First card: its pips", 1, 1, 6), Text("name", "A name", "as typed"),
    Number("second", "Second card: its pips", 1, 1, 6), Number("third", "Third card: its pips", 1, 1, 6)))


def said(answers) -> Intent:
    return Tell(" ".join(str(answers[name]) for name in ("first", "name", "second", "third")))
