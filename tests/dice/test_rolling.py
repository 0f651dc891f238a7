import secrets

from companion.dice.rolling import random_source, roll_faces
from companion.dice.spec import DiceSpec


def test_play_uses_the_system_random_source():
    assert isinstance(random_source(), secrets.SystemRandom)


def test_a_seed_makes_rolls_reproducible():
    spec = DiceSpec.parse("10d10")
    assert roll_faces(spec, random_source(42)) == roll_faces(spec, random_source(42))


def test_rolled_faces_stay_on_the_die():
    faces = roll_faces(DiceSpec.parse("100d6"), random_source(1))
    assert len(faces) == 100
    assert set(faces) == {1, 2, 3, 4, 5, 6}
