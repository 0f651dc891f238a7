"""Take Cover's controller and lights without Textual: each press and button at each step of a turn."""

from dataclasses import replace

import pytest

from companion.errors import RuleViolation
from companion.games.kit.faces import EnterFace
from companion.games.kit.forms import FormError
from companion.games.kit.intents import Ask, Run, Tell
from companion.games.registry import descriptor
from companion.games.take_cover.commands import (
    Attach,
    CorrectSquad,
    DeclineReaction,
    DigIn,
    Discard,
    EndTurn,
    OpenFire,
    PlayEvent,
    ReactionFire,
    ReadChart,
    RollDie,
    SetUpGame,
)
from companion.games.take_cover.controller import KEYMAP, TakeCoverController
from companion.games.take_cover.lights import lights
from companion.hardware.controls import Control
from tests.take_cover.conftest import DATA, LEADER, LMG, OPENING, WOODS, folded, rules

controller = TakeCoverController(DATA)


def press(state, action, value=None):
    return controller.press(state, action, value, None)


def answer(intent, **answers):
    """Fill the form the way a player would: the defaults, with these answers typed over them."""
    assert isinstance(intent, Ask), intent
    return intent.then(intent.form.read({**intent.form.defaults(), **answers}))


def test_the_buttons_roll_key_faces_confirm_and_go_next():
    assert KEYMAP.for_control(Control.ROLL, None)[0].name == "roll"
    action, value = KEYMAP.for_control(Control.FACE, 10)
    assert (action.name, value) == ("face", 10)
    assert KEYMAP.for_control(Control.CONFIRM, None)[0].name == "confirm"
    assert KEYMAP.for_control(Control.NEXT, None)[0].name == "next"
    state = folded(*OPENING)
    assert press(state, "roll") == Run.one(RollDie())
    assert press(state, "face", 0) == Run.one(EnterFace(entered=0))


def test_the_bar_offers_last_the_actions_whose_every_card_is_out_since_the_last_reshuffle():
    """No hand holds a Fire card once all of them are face up on the discard pile: Fire, offered
    first, would only be refused."""
    state = folded(*OPENING)
    names = lambda state: [action.name for action in controller.tappable(state)][:8]  # noqa: E731
    assert names(state) == ["fire", "attach", "discard", "advance", "event", "smoke", "detach", "medic"], (
        "no card attached to detach, no hit to heal")
    hit = folded(*OPENING, CorrectSquad(squad="A", hits=1, advance=0))
    assert names(hit) == ["fire", "attach", "discard", "advance", "event", "medic", "smoke", "detach"]
    every = hit.deck.composition
    out = replace(hit, deck=replace(hit.deck, seen={"fire": every["fire"], "medic": every["medic"]}))
    assert names(out) == ["attach", "discard", "advance", "event", "smoke", "fire", "detach", "medic"]
    attached = folded(*OPENING, Attach(squad="A", card=LMG), EndTurn(), Discard(count=1), EndTurn())
    assert names(attached)[:3] == ["fire", "attach", "detach"]


def test_the_attach_form_starts_at_a_card_a_squad_has_room_for_and_attach_goes_last_when_none_has():
    """Taken as offered, it attaches: not a second weapon to a squad that has one."""
    state = folded(*OPENING, Attach(squad="A", card=LMG), EndTurn(), Discard(count=1), EndTurn())
    attached = answer(press(state, "attach")).commands[0]
    assert isinstance(attached, Attach) and (attached.squad, attached.card.kind) == ("A", "leader")
    full = {"weapon": LMG, "leader": LEADER, "terrain": WOODS}
    squads = tuple(replace(squad, **full) if squad.side == "German" else squad for squad in state.squads)
    names = [action.name for action in controller.tappable(replace(state, squads=squads))]
    assert names.index("attach") > names.index("smoke")


def test_an_action_whose_every_card_is_out_is_refused_before_its_form_opens_and_a_card_kind_in_it():
    state = folded(*OPENING)
    every = state.deck.composition
    out = replace(state, deck=replace(state.deck, seen={"fire": every["fire"], "leader": every["leader"]}))
    with pytest.raises(RuleViolation, match="14 Fire cards, and all are out since the last reshuffle"):
        press(out, "fire")
    with pytest.raises(RuleViolation, match="Leader cards, and all are out"):
        answer(press(out, "attach"), card="leader")


def test_the_event_form_starts_at_a_card_some_hand_may_hold():
    state = folded(*OPENING)
    assert answer(press(state, "event"), target="C").commands[0].card == "sniper"
    out = replace(state, deck=replace(state.deck, seen={"sniper": state.deck.composition["sniper"]}))
    assert answer(press(out, "event"), target="C").commands[0].card == "mine"


def test_confirm_at_a_new_game_asks_for_the_optional_rules_and_deals():
    intent = press(folded(), "confirm")
    assert answer(intent) == Run.one(SetUpGame())
    assert answer(intent, set_aside=True) == Run.one(SetUpGame(set_aside=True))


def test_the_fire_form_offers_only_legal_shots_and_a_flank_shot_carries_its_card():
    state = folded(*OPENING, Attach(squad="B", card=LEADER), EndTurn(), Discard(count=1), EndTurn(),
                   CorrectSquad(squad="C", hits=1, advance=0), CorrectSquad(squad="D", hits=2, advance=0))
    intent = press(state, "fire")
    assert isinstance(intent, Ask)
    shots = dict(intent.form.fields[0].options)
    assert list(shots) == ["A:C", "B:D:flank"]
    assert answer(intent, shot="B:D:flank") == Run.one(OpenFire(squad="B", target="D", flank=True))


def test_a_shot_the_rules_refuse_is_refused_inside_the_form():
    intent = press(folded(*OPENING), "fire")
    with pytest.raises(RuleViolation, match="one Grenade per advance marker: A has 0"):
        answer(intent, shot="A:C", grenades="1")


def test_the_attach_form_takes_the_cards_usual_modifier_or_the_one_printed():
    state = folded(*OPENING)
    assert answer(press(state, "attach"), squad="A", card="lmg") == Run.one(Attach(squad="A", card=LMG))
    run = answer(press(state, "attach"), squad="B", card="woods", modifier="−2", dot="white")
    assert run.commands[0].card.model_dump() == {"kind": "terrain", "name": "Woods", "modifier": -2, "dot": "white"}
    with pytest.raises(ValueError, match="not a whole number"):
        answer(press(state, "attach"), modifier="+x")


@pytest.mark.parametrize(("card", "modifier", "refused"), [
    ("woods", "5", "a terrain card prints 0 to -9 (Woods -3, taken off the attacker's FP), not +5"),
    ("woods", "-10", "a terrain card prints 0 to -9 (Woods -3, taken off the attacker's FP), not -10"),
    ("lmg", "-1", "a weapon card prints 0 to +9 (LMG +1, added to the firing squad's FP), not -1"),
    ("leader", "−2", "a leader card prints 0 to +9 (Leader +1, added to the firing squad's FP), not -2"),
])
def test_the_attach_form_refuses_a_modifier_of_the_wrong_sign_for_the_card_naming_the_field(card, modifier, refused):
    """A Woods keyed as +5 was attached and helped the German fire at it: MFP 8 from FP 3."""
    with pytest.raises(FormError) as refusal:
        answer(press(folded(*OPENING), "attach"), squad="A", card=card, modifier=modifier)
    assert (refusal.value.field, str(refusal.value)) == ("modifier", f"Modifier printed on it: {refused}")


def test_no_card_off_the_attach_form_goes_on_with_the_wrong_sign_either():
    state = folded(*OPENING)
    with pytest.raises(RuleViolation, match=r"a terrain card prints 0 to -9 \(Woods -3, .*\), not \+5"):
        rules().decide(state, Attach(squad="A", card=WOODS.model_copy(update={"modifier": 5})))
    assert rules().decide(state, Attach(squad="A", card=WOODS.model_copy(update={"modifier": 0})))


def test_next_plays_no_dig_in_declines_reaction_fire_and_never_passes_a_turn():
    state = folded(*OPENING, OpenFire(squad="A", target="C"))
    assert press(state, "next") == Run.one(DigIn(count=0))
    reacting = folded(*OPENING, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=0))
    assert press(reacting, "next") == Run.one(DeclineReaction())
    assert press(reacting, "confirm") == Run.one(ReactionFire())
    assert press(folded(*OPENING), "next") == Run.one(EndTurn())
    acted = folded(*OPENING, Attach(squad="A", card=LMG))
    assert press(acted, "next") == Run.one(EndTurn())
    assert controller.available(acted) == ("next", "correct", "undo", "redo")


def test_confirm_asks_the_defender_for_dig_in_cards_with_the_odds_of_each_count():
    state = folded(*OPENING, OpenFire(squad="A", target="C"))
    intent = press(state, "confirm")
    assert isinstance(intent, Ask)
    assert intent.form.title == "Russian: Dig In against A's fire at C"
    assert intent.form.note == "MFP by Dig In: 0 → 2 (20%) · 1 → 0 (10%) · 2 → −2 (10%) · 3 → −4 (10%)"
    assert answer(intent, count="2") == Run.one(DigIn(count=2))


def test_confirm_asks_what_the_card_says_for_a_face_the_chart_does_not_hold():
    state = folded(*OPENING, PlayEvent(card="strafe", target="C"), EnterFace(entered=4))
    intent = press(state, "confirm")
    assert isinstance(intent, Ask) and intent.form.title == "Strafe: what does the card say for 4?"
    assert answer(intent, effect="weapon") == Run.one(ReadChart(effect="weapon"))


def test_an_action_while_a_fire_waits_is_refused_with_what_it_waits_for():
    state = folded(*OPENING, OpenFire(squad="A", target="C"))
    with pytest.raises(RuleViolation, match="finish what is in progress first: C's Dig In cards against A's fire"):
        press(state, "attach")


def test_the_event_form_says_which_charts_the_rulebook_does_not_print():
    intent = press(folded(*OPENING), "event")
    assert isinstance(intent, Ask)
    assert dict(intent.form.fields[0].options) == {
        "sniper": "Sniper", "mine": "Mine (chart not printed: you read the card)",
        "artillery": "Artillery Round (chart holds 6–7: you read the other faces)",
        "strafe": "Strafe (chart not printed: you read the card)"}


def test_the_event_form_names_the_faces_the_players_filled_in_not_a_printed_chart(tmp_path):
    """A Mine chart the players filled in from their card was labelled "chart partly printed"."""
    (tmp_path / "take_cover").mkdir()
    (tmp_path / "take_cover" / "charts.toml").write_text(
        '[mine.results]\n1 = "hit"\n2 = "hit"\n3 = "hit"\n0 = "backfire"\n\n'
        '[strafe.results]\n' + "".join(f'{face} = "none"\n' for face in range(10)))
    filled_in = TakeCoverController(descriptor("take_cover").load_data(tmp_path))  # type: ignore[union-attr]
    intent = filled_in.press(folded(*OPENING), "event", None, None)
    assert isinstance(intent, Ask)
    options = dict(intent.form.fields[0].options)
    assert (options["mine"], options["strafe"]) == ("Mine (chart holds 1–3, 0: you read the other faces)", "Strafe")


def test_nothing_to_detach_or_heal_is_told_not_asked():
    state = folded(*OPENING)
    assert press(state, "detach") == Tell("no card is attached to a German squad", "warning")
    assert press(state, "medic") == Tell("no German squad has a hit to heal", "warning")


def test_confirm_after_the_game_says_who_won_and_why():
    state = folded(*OPENING, CorrectSquad(squad="C", hits=3, advance=0), CorrectSquad(squad="D", hits=3, advance=0))
    assert press(state, "confirm") == Tell("the game is over: German won (both Russian squads are eliminated)")


def test_the_help_line_names_the_keys_of_the_moment():
    assert controller.available(folded()) == ("confirm",)
    assert controller.available(folded(*OPENING[:2])) == ("roll", "face", "undo", "redo")
    assert "fire" in controller.available(folded(*OPENING))
    firing = folded(*OPENING, OpenFire(squad="A", target="C"))
    assert controller.available(firing) == ("confirm", "next", "undo", "redo")


def test_the_lights_show_the_side_to_answer_flash_on_each_roll_and_show_the_mfp():
    start = folded(*OPENING)
    assert (lights(start).side, lights(start).number) == (1, 65)
    firing = folded(*OPENING, OpenFire(squad="A", target="C"))
    assert (lights(firing).side, lights(firing).number) == (2, 2)
    dug = folded(*OPENING, OpenFire(squad="A", target="C"), DigIn(count=1))
    assert (lights(dug).side, lights(dug).number) == (1, 0)
    rolled = folded(*OPENING, OpenFire(squad="A", target="C"), DigIn(count=1), EnterFace(entered=5))
    assert lights(rolled).roll != lights(dug).roll
    assert lights(folded()) == lights(folded()).__class__()


def test_correcting_a_squad_starts_from_its_markers_so_changing_one_keeps_the_other():
    """The play-tester's miscount: A has 1 hit and 2 advance markers; only the advance box is changed."""
    state = folded(*OPENING, CorrectSquad(squad="A", hits=1, advance=2))
    which = press(state, "correct")
    assert isinstance(which, Ask) and which.form.fields[0].initial == "A", "the squad last acted on"
    markers = answer(which)
    assert isinstance(markers, Ask) and markers.form.defaults() == {"hits": "1", "advance": "2"}
    assert answer(markers, advance="3") == Run.one(CorrectSquad(squad="A", hits=1, advance=3))
    other = answer(which, squad="C")
    assert isinstance(other, Ask) and other.form.defaults() == {"hits": "0", "advance": "0"}
    assert answer(markers) == Tell("squad A: nothing changed")


def test_the_correction_starts_at_the_squad_the_latest_play_was_aimed_at():
    state = folded(*OPENING, OpenFire(squad="A", target="C"), DigIn(count=0), EnterFace(entered=9))
    assert press(state, "correct").form.fields[0].initial == "C"
    russian = folded(*OPENING, Discard(count=1), EndTurn())
    assert press(russian, "correct").form.fields[0].initial == "C", "a discard names no squad: the side to act's first"


def test_one_dig_in_too_many_is_refused_inside_the_form_saying_how_many_can_still_be_in_a_hand():
    """Four of the six Dig In cards are out since the shuffle: three cannot be played, two can."""
    state = folded(*OPENING, OpenFire(squad="A", target="C"))
    four_out = replace(state, deck=replace(state.deck, seen={**state.deck.seen, "dig_in": 4}))
    form = press(four_out, "confirm")
    said = "the deck has 6 Dig In cards and 4 are out since the last reshuffle: at most 2 can still be in a hand"
    with pytest.raises(RuleViolation, match=said):
        answer(form, count="3")
    with pytest.raises(RuleViolation, match=said):
        rules().decide(four_out, DigIn(count=3))
    assert answer(form, count="2") == Run.one(DigIn(count=2))


def test_grenades_beyond_those_unseen_are_refused_inside_the_fire_form():
    state = folded(*OPENING, CorrectSquad(squad="A", hits=0, advance=3))
    out = replace(state, deck=replace(state.deck, seen={"grenade": state.deck.composition["grenade"] - 1}))
    with pytest.raises(RuleViolation, match="7 Grenade cards and 6 are out since the last reshuffle: at most 1"):
        answer(press(out, "fire"), shot="A:C", grenades="2")


def test_the_fire_form_says_the_targeting_restriction_only_while_all_four_squads_stand():
    assert press(folded(*OPENING), "fire").form.note == (
        "All four standing: only directly opposite, at the enemy squad with fewer hits.")
    fallen = folded(*OPENING, CorrectSquad(squad="C", hits=3, advance=0))
    intent = press(fallen, "fire")
    assert [value for value, _ in intent.form.fields[0].options] == ["A:D", "B:D"]
    assert intent.form.note == "Squad C has fallen: any enemy squad still standing may be fired on."
