"""Take Cover's forms, as data: what each action asks the players, and the commands their answers make."""

from collections.abc import Mapping
from typing import cast

from companion.games.kit.forms import Choice, FormError, FormSpec, Number, Option, Text, Tick
from companion.games.kit.intents import Ask, Intent, Run, Tell
from companion.games.take_cover.cardplay import check_event_target, check_medic, enemy_targets
from companion.games.take_cover.cards import (
    EVENT_CARDS,
    MAX_DIG_IN,
    SQUAD_MARKERS,
    SQUAD_NAMES,
    SQUADS_OF,
    AttachKind,
    Attachment,
    Dot,
    EventCard,
    Side,
    SquadName,
    enemy,
    misprinted,
    owner,
)
from companion.games.take_cover.charts import EFFECT_WORDS, Charts, EventEffect
from companion.games.take_cover.combat import check_dig_in, check_fire, check_grenades
from companion.games.take_cover.commands import (
    Advance,
    Attach,
    CorrectSquad,
    Detach,
    DigIn,
    Discard,
    OpenFire,
    PlayEvent,
    PlayMedic,
    ReactionFire,
    ReadChart,
    RedirectEvent,
    SetUpGame,
)
from companion.games.take_cover.deck import check_unseen, unseen
from companion.games.take_cover.fire import (
    chance_to_hit,
    firepower,
    legal_targets,
    modified_firepower,
    percent,
    plural,
)
from companion.games.take_cover.library import AttachableCard
from companion.games.take_cover.state import TakeCoverState
from companion.games.take_cover.turns import attachable, check_advance, check_attach, check_discard
from companion.games.take_cover.view import event_label, number

MODIFIER = "Modifier printed on it"
DOTS: tuple[Option, ...] = (("none", "no dot"), ("black", "black dot"), ("white", "white dot"))


def squad_options(state: TakeCoverState, side: Side) -> tuple[Option, ...]:
    return tuple((squad.name, f"{squad.name} ({plural(squad.hits, 'hit')}, {squad.advance} advance)")
                 for squad in state.standing(side))


def setup_form() -> Ask:
    form = FormSpec("New game of Take Cover", (
        Tick("advance_victory", "Optional: two squads with three advance markers each win"),
        Tick("set_aside", "Optional: four cards set aside face down, cycled at each reshuffle"),
    ), note="German A, B face Russian C, D. Deal five each; then the high d10 goes first.", submit="Deal")

    def then(answers: Mapping[str, object]) -> Intent:
        return Run.one(SetUpGame(advance_victory=bool(answers["advance_victory"]),
                                 set_aside=bool(answers["set_aside"])))

    return Ask(form, then)


def attach_form(state: TakeCoverState, side: Side, cards: Mapping[str, AttachableCard]) -> Ask:
    """Starts at the first squad and card the squad may take, of a kind some hand may hold."""
    squad, kind = next(iter(attachable(state, side)), (None, None))
    form = FormSpec(f"{side}: attach a card", (
        Choice("squad", "Squad", squad_options(state, side), squad),
        Choice("card", "Card", tuple((key, f"{card.label} ({card.kind}, {card.modifier:+d})")
                                     for key, card in cards.items()),
               next((key for key, card in cards.items() if card.kind == kind), None)),
        Choice("dot", "Dot on the card", DOTS),
        Text("modifier", f"{MODIFIER} (blank: the usual)", required=False, max_length=3),
    ), note="At most one weapon, one leader and one terrain card per squad.", submit="Attach")

    def then(answers: Mapping[str, object]) -> Intent:
        kind = cards[str(answers["card"])]
        written = str(answers["modifier"]).strip().replace("−", "-")
        try:
            modifier = int(written) if written else kind.modifier
        except ValueError:
            raise FormError("modifier", f"{MODIFIER}: {written!r} is not a whole number, such as +1 or -3") from None
        if misprinted(kind.kind, modifier):
            raise FormError("modifier", f"{MODIFIER}: {misprinted(kind.kind, modifier)}")
        card = Attachment(kind=kind.kind, name=kind.label, modifier=modifier, dot=cast(Dot, answers["dot"]))
        squad = cast(SquadName, answers["squad"])
        check_attach(state, side, squad, card.kind)
        check_unseen(state.deck, state.squads, card.kind)
        return Run.one(Attach(squad=squad, card=card))

    return Ask(form, then)


def detach_form(state: TakeCoverState, side: Side) -> Ask | None:
    options = tuple((f"{squad.name}:{card.kind}", f"{squad.name}: {card.describe()}")
                    for squad in state.standing(side) for card in squad.attached)
    if not options:
        return None
    form = FormSpec(f"{side}: detach a card", (Choice("card", "Card", options),),
                    note="The card is discarded.", submit="Detach")

    def then(answers: Mapping[str, object]) -> Intent:
        squad, _, kind = str(answers["card"]).partition(":")
        return Run.one(Detach(squad=cast(SquadName, squad), kind=cast(AttachKind, kind)))

    return Ask(form, then)


def discard_form(state: TakeCoverState, side: Side) -> Ask:
    held = state.deck.hand(side)
    form = FormSpec(f"{side}: discard and draw up", (
        Number("count", "Cards discarded face down", 1 if held >= 5 else 0, 0, held),
    ), note=f"{side} holds {held}; then draws up to five.", submit="Discard")

    def then(answers: Mapping[str, object]) -> Intent:
        count = cast(int, answers["count"])
        check_discard(state, side, count)
        return Run.one(Discard(count=count))

    return Ask(form, then)


def advance_form(state: TakeCoverState, side: Side) -> Ask:
    form = FormSpec(f"{side}: Advance", (Choice("squad", "Squad", squad_options(state, side)),),
                    note="Needs a leader on the squad; at most three advance markers.", submit="Advance")

    def then(answers: Mapping[str, object]) -> Intent:
        squad = cast(SquadName, answers["squad"])
        check_advance(state, side, squad)
        return Run.one(Advance(squad=squad))

    return Ask(form, then)


def fire_form(state: TakeCoverState, side: Side) -> Ask | None:
    shots: list[Option] = []
    for squad in state.standing(side):
        plain = legal_targets(state, squad.name, flank=False)
        flanked = legal_targets(state, squad.name, flank=True) if squad.leader is not None else ()
        shots += [(f"{squad.name}:{target}", f"{squad.name} at {target} (FP {firepower(squad, 0)} before grenades)")
                  for target in plain]
        shots += [(f"{squad.name}:{target}:flank", f"{squad.name} at {target}, with a Flank card")
                  for target in flanked if target not in plain]
    if not shots:
        return None
    form = FormSpec(f"{side}: play a Fire card", (
        Choice("shot", "Who fires at whom", tuple(shots)),
        Number("grenades", "Grenade cards (+2 each, one per advance marker)", 0, 0, 3),
        Tick("flank", "Flank card (needs a leader; fire on the directly opposite squad)"),
    ), note=targeting_note(state), submit="Fire")

    def then(answers: Mapping[str, object]) -> Intent:
        firer, target, *flank = str(answers["shot"]).split(":")
        shot = OpenFire(squad=cast(SquadName, firer), target=cast(SquadName, target),
                        grenades=cast(int, answers["grenades"]), flank=bool(answers["flank"]) or bool(flank))
        check_fire(state, side, shot.squad, shot.target, shot.grenades, shot.flank)
        return Run.one(shot)

    return Ask(form, then)


def targeting_note(state: TakeCoverState) -> str:
    """The targeting restriction while it holds; once a squad has fallen, that it no longer does."""
    if state.all_standing:
        return "All four standing: only directly opposite, at the enemy squad with fewer hits."
    fallen = [squad.name for squad in state.squads if squad.eliminated]
    named = f"Squad {fallen[0]} has" if len(fallen) == 1 else f"Squads {' and '.join(fallen)} have"
    return f"{named} fallen: any enemy squad still standing may be fired on."


def dig_in_form(state: TakeCoverState) -> Ask:
    fire = state.fire
    assert fire is not None
    defender = owner(fire.target)
    most = min(MAX_DIG_IN, state.deck.hand(defender))
    firer, target = state.squad(fire.firer), state.squad(fire.target)
    odds = "MFP by Dig In: " + " · ".join(
        f"{count} → {number(mfp)} ({percent(chance_to_hit(mfp))})"
        for count in range(most + 1) for mfp in [modified_firepower(firer, fire.grenades, target, count)])
    form = FormSpec(f"{defender}: Dig In against {fire.firer}'s fire at {fire.target}", (
        Number("count", "Dig In cards (−2 each)", 0, 0, most),
    ), note=odds, submit="Dig in")

    def then(answers: Mapping[str, object]) -> Intent:
        count = cast(int, answers["count"])
        check_dig_in(state, defender, count)
        return Run.one(DigIn(count=count))

    return Ask(form, then)


def reaction_form(state: TakeCoverState) -> Ask | None:
    """Grenades for reaction fire; None when there is nothing to ask (no advance marker, no card)."""
    reaction = state.reaction
    assert reaction is not None
    most = min(state.squad(reaction.squad).advance, state.deck.hand(owner(reaction.squad)), 3)
    if most == 0:
        return None
    form = FormSpec(f"{reaction.squad} fires back at {reaction.target}", (
        Number("grenades", "Grenade cards (+2 each, one per advance marker)", 0, 0, most),
    ), note="No Fire card is played; Flank cards cannot be.", submit="Fire back")

    def then(answers: Mapping[str, object]) -> Intent:
        grenades = cast(int, answers["grenades"])
        check_grenades(state, reaction.squad, grenades)
        return Run.one(ReactionFire(grenades=grenades))

    return Ask(form, then)


def event_form(state: TakeCoverState, side: Side, charts: Charts) -> Ask:
    # The form starts at a card some hand may hold: not the Sniper once it is face up on the discard pile.
    left = unseen(state.deck, state.squads)
    first = next((card for card in EVENT_CARDS if left.get(card, 0)), EVENT_CARDS[0])
    form = FormSpec(f"{side}: play an Event card", (
        Choice("card", "Card", tuple((card, event_label(charts, card)) for card in EVENT_CARDS), first),
        Choice("target", "On the enemy squad", squad_options(state, enemy(side))),
    ), note="Then roll the d10 on the card's chart.", submit="Play")

    def then(answers: Mapping[str, object]) -> Intent:
        target = cast(SquadName, answers["target"])
        check_event_target(state, side, target)
        return Run.one(PlayEvent(card=cast(EventCard, answers["card"]), target=target))

    return Ask(form, then)


def medic_form(state: TakeCoverState, side: Side) -> Ask | None:
    wounded = tuple(option for option in squad_options(state, side) if state.squad(cast(SquadName, option[0])).hits)
    if not wounded:
        return None
    form = FormSpec(f"{side}: play a Medic", (Choice("squad", "Squad", wounded),),
                    note="1–5 removes one hit marker; the card is set aside for the game.", submit="Play")

    def then(answers: Mapping[str, object]) -> Intent:
        squad = cast(SquadName, answers["squad"])
        check_medic(state, side, squad)
        return Run.one(PlayMedic(squad=squad))

    return Ask(form, then)


def chart_form(state: TakeCoverState, charts: Charts) -> Ask:
    play = state.play
    assert play is not None and play.face is not None and play.card != "medic"
    label = charts.event(play.card).label
    form = FormSpec(f"{label}: what does the card say for {play.face}?", (
        Choice("effect", "Result", tuple((effect, EFFECT_WORDS[effect]) for effect in
                                         ("hit", "cover", "advance", "leader", "weapon", "backfire", "none"))),
    ), note=f"Not printed in the rulebook: read face {play.face} on your {label} card.", submit="Apply")

    def then(answers: Mapping[str, object]) -> Intent:
        return Run.one(ReadChart(effect=cast(EventEffect, answers["effect"])))

    return Ask(form, then)


def redirect_form(state: TakeCoverState) -> Ask:
    play = state.play
    assert play is not None
    targets = tuple((name, f"squad {name}") for name in enemy_targets(state, play.holder))
    form = FormSpec(f"Backfire: {play.holder} plays the {play.card.capitalize()}", (
        Choice("target", "On the enemy squad", targets),
    ), note="Then roll on the chart again.", submit="Play")

    def then(answers: Mapping[str, object]) -> Intent:
        return Run.one(RedirectEvent(target=cast(SquadName, answers["target"])))

    return Ask(form, then)


def correct_form(state: TakeCoverState) -> Ask:
    """First which squad, starting at the one the latest play concerned; then its markers."""
    standing = [squad for side in SQUADS_OF for squad in state.standing(side)]
    now = " · ".join(f"{squad.name} {squad.hits}/{squad.advance}" for squad in standing)
    form = FormSpec("Correct a squad to what the table shows", (
        Choice("squad", "Squad", tuple((squad.name, f"squad {squad.name}") for squad in standing),
               squad_in_view(state)),
    ), note=f"Now (hits/advance): {now}", submit="Next")

    def then(answers: Mapping[str, object]) -> Intent:
        return markers_form(state, cast(SquadName, answers["squad"]))

    return Ask(form, then)


def markers_form(state: TakeCoverState, name: SquadName) -> Ask:
    """The squad's markers, starting from what the companion counts: a box left alone keeps its count."""
    squad = state.squad(name)
    form = FormSpec(f"Correct squad {name} to what the table shows", SQUAD_MARKERS.fields(squad),
                    note=f"Now: {plural(squad.hits, 'hit')}, {plural(squad.advance, 'advance marker')}",
                    submit="Correct")

    def then(answers: Mapping[str, object]) -> Intent:
        if not SQUAD_MARKERS.changes(squad, answers):
            return Tell(f"squad {name}: nothing changed")
        return Run.one(CorrectSquad(squad=name, hits=cast(int, answers["hits"]), advance=cast(int, answers["advance"])))

    return Ask(form, then)


def squad_in_view(state: TakeCoverState) -> SquadName | None:
    """The standing squad the newest log line naming one concerns, its target before the squad
    making the play (a play changes its target's markers); else the first standing squad of the
    side whose answer the game waits for."""
    for entry in state.log:
        for name in (getattr(entry, "target", None), getattr(entry, "squad", None)):
            if name in SQUAD_NAMES and not state.squad(name).eliminated:
                return cast(SquadName, name)
    side = state.deciding
    return next((squad.name for squad in state.standing(side)), None) if side is not None else None
