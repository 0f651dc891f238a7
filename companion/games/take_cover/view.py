"""What Take Cover's screen says: each squad card, the turn, the step in progress with its odds, the deck."""

from collections.abc import Mapping
from typing import Any

from companion.games.kit.words import MINUS, number
from companion.games.take_cover.cards import (
    ATTACH_KINDS,
    HAND_SIZE,
    HITS_TO_ELIMINATE,
    MAX_ADVANCE,
    MAX_DIG_IN,
    SET_ASIDE,
    EventCard,
    SquadName,
    owner,
)
from companion.games.take_cover.charts import Charts, chart_lines, faces_text
from companion.games.take_cover.deck import Reshuffle, chance_of, unseen
from companion.games.take_cover.fire import (
    chance_to_hit,
    defence_terms,
    firepower,
    firepower_terms,
    modified_firepower,
    needed,
    percent,
)
from companion.games.take_cover.library import DeckFile
from companion.games.take_cover.notes import LastTurnPlayed
from companion.games.take_cover.state import Fire, TakeCoverState
from companion.games.take_cover.table import draw_steps
from companion.games.take_cover.words import game_over, log_line, won_why


def squad_title(state: TakeCoverState, name: SquadName) -> str:
    """`A · German`, and whether the squad is coordinated or eliminated."""
    squad = state.squad(name)
    if squad.eliminated:
        return f"{name} · {squad.side} · eliminated"
    return f"{name} · {squad.side}" + (" · coordinated" if squad.coordinated else "")


def squad_lines(state: TakeCoverState, name: SquadName) -> list[str]:
    """Hits, advance markers and what the squad fires with, then its three attached cards. The
    squad it faces is the one above or below it on the screen."""
    squad = state.squad(name)
    if squad.eliminated:
        return ["out of the game:", "its cards were discarded"]
    hits = "●" * squad.hits + "○" * (HITS_TO_ELIMINATE - squad.hits)
    advance = "▲" * squad.advance + "·" * (MAX_ADVANCE - squad.advance)
    lines = [f"hits {hits}  advance {advance}  FP {number(firepower(squad, 0))}"]
    for kind in ATTACH_KINDS:
        card = squad.card(kind)
        shown = "—" if card is None else card.describe().replace("-", MINUS)
        lines.append(f"{kind:<8}{shown}")
    return lines


def key_number(state: TakeCoverState, deck_file: DeckFile) -> tuple[str, str, str]:
    """The figure the table reads from across it, what it is, and a note: the MFP during a fire
    (with what it hits on), else the cards left in the draw deck."""
    fire = state.fire
    if state.phase == "turn" and fire is not None:
        firer, defender = state.squad(fire.firer), state.squad(fire.target)
        mfp = modified_firepower(firer, fire.grenades, defender, fire.dig_ins or 0)
        if fire.dig_ins is None:
            return "MFP, no Dig In", number(mfp), needed(mfp)
        return "MFP", number(mfp), needed(mfp)
    if state.phase == "setup":
        return "cards", str(sum(deck_file.counts().values())), "in the deck"
    deck = state.deck
    return "draw deck", str(deck.draw), f"discard {deck.discard}"


def turn_line(state: TakeCoverState) -> str:
    match state.phase:
        case "setup":
            return "New game: c sets it up (German A, B opposite Russian C, D; hands of five)"
        case "first":
            german, russian = ("_" if roll is None else str(roll) for roll in state.first_rolls)
            return f"Who goes first: high d10 · German {german} · Russian {russian}"
        case "over":
            if state.won_by == "last_turn":
                return game_over(state).replace("the game is over", "Game over", 1)
            assert state.winner is not None and state.won_by is not None
            return f"Game over: {state.winner} wins ({won_why(state.winner, state.won_by)})"
    smoke = " · Smoke played" if state.smoked else ""
    limit = f" of {state.scenario.turns}" if state.scenario is not None and state.scenario.turns else ""
    hands = f"hands German {state.deck.hands[0]} · Russian {state.deck.hands[1]}"
    return f"Turn {state.turn}{limit} · {state.to_act} to act{smoke} · {hands}"


def step_lines(state: TakeCoverState, charts: Charts) -> list[str]:
    """The step in progress, with its arithmetic and odds; or what the side to act may do."""
    if state.phase == "first":
        rolling = "German" if state.first_rolls[0] is None else "Russian"
        return [f"{rolling} rolls the d10 (a keyed 0 is 10)"]
    if state.phase != "turn":
        return []
    if state.fire is not None:
        return fire_lines(state, state.fire)
    if state.reaction is not None:
        reaction = state.reaction
        return [f"Rolled 10: {reaction.squad} may fire back at {reaction.target} without a Fire card",
                *firepower_lines(state, Fire(firer=reaction.squad, target=reaction.target)),
                f"{owner(reaction.squad)}: c fires back (Grenades allowed, no Flank) · n does not"]
    if state.play is not None:
        return play_lines(state, charts)
    if state.acted:
        victory = [f"Victory check: {state.scenario.victory}"] if state.scenario is not None else []
        return [f"{state.to_act}: {drawing_words(state)}", *victory]
    return [f"{state.to_act}: one action (Smoke may come first; passing is not allowed)"]


def drawing_words(state: TakeCoverState) -> str:
    """`draw 5 to have five: first the last 2 cards of the deck; shuffle …; then 3 from the new deck; …`:
    what the side to act does to draw up, in the order the table does it."""
    assert state.to_act is not None
    steps = draw_steps(state)
    drawn = sum(step for step in steps if isinstance(step, int))
    held = state.deck.hand(state.to_act) + drawn
    draw = f"draw {drawn} to have five" if held >= HAND_SIZE else f"draw {drawn}, all there are (a hand of {held})"
    if not any(isinstance(step, Reshuffle) for step in steps):
        return f"{draw}, then Next ends the turn"
    said = []
    for index, step in enumerate(steps):
        if isinstance(step, Reshuffle):
            said.append(reshuffle_words(step, state.set_aside_option))
        elif index == 0:
            said.append("first the last card of the deck" if step == 1 else f"first the last {step} cards of the deck")
        else:
            said.append(f"then {step} from the new deck")
    return f"{draw}: {'; '.join(said)}; then Next ends the turn"


def reshuffle_words(step: Reshuffle, set_aside_option: bool) -> str:
    if step.added:
        words = f"add the {step.added} set-aside cards to the discard pile and shuffle it into a new deck"
    else:
        words = "shuffle the discard pile into a new deck"
    if step.aside:
        return f"{words}, then set {step.aside} cards aside face down"
    return f"{words} (too few cards to set {SET_ASIDE} aside again)" if set_aside_option else words


def firepower_lines(state: TakeCoverState, fire: Fire) -> list[str]:
    firer = state.squad(fire.firer)
    terms = ", ".join(str(term) for term in firepower_terms(firer, fire.grenades))
    return [f"FP {number(firepower(firer, fire.grenades))} = {terms}"]


def fire_lines(state: TakeCoverState, fire: Fire) -> list[str]:
    kind = "reaction fire" if fire.reaction else "Fire card" + (", Flank" if fire.flank else "")
    lines = [f"{fire.firer} fires at {fire.target} ({kind})", *firepower_lines(state, fire)]
    firer, defender = state.squad(fire.firer), state.squad(fire.target)
    if fire.dig_ins is None:
        options = " · ".join(
            f"{count}: {number(mfp)} ({percent_of(mfp)})"
            for count in range(MAX_DIG_IN + 1)
            for mfp in [modified_firepower(firer, fire.grenades, defender, count)]
        )
        lines += [f"MFP by Dig In cards · {options}",
                  f"{owner(fire.target)}: c plays Dig In cards (up to {MAX_DIG_IN}) · n plays none"]
        return lines
    mfp = modified_firepower(firer, fire.grenades, defender, fire.dig_ins)
    defence = ", ".join(str(term) for term in defence_terms(defender, fire.dig_ins)) or "no cover"
    lines += [f"MFP {number(mfp)} = FP {number(firepower(firer, fire.grenades))}, {defence}",
              f"{needed(mfp)}; 10 misses and {fire.target} may fire back"]
    return lines


def percent_of(mfp: int) -> str:
    return percent(chance_to_hit(mfp))


def play_lines(state: TakeCoverState, charts: Charts) -> list[str]:
    play = state.play
    assert play is not None
    chart = charts.medic if play.card == "medic" else charts.event(play.card)
    lines = [f"{chart.label} on {play.target} ({play.holder} plays it)",
             "chart: " + " · ".join(chart_lines(chart))]
    if play.redirect:
        lines.append(f"Backfire: {play.holder} plays it on an enemy squad: c chooses which")
    elif play.face is not None:
        lines.append(f"The rulebook does not print the {chart.label} chart for {play.face}: "
                     "c says what your card shows")
    else:
        lines.append("roll the d10 (a keyed 0 is 10)")
    return lines


UNSEEN_ORDER = ("fire", "dig_in", "grenade", "flank", "smoke", "medic", "advance", "leader", "weapon", "terrain",
                "sniper", "mine", "artillery", "strafe")
"""The unseen counts in the order a fire, then a turn, asks for them: on a small screen the last are cut."""


def deck_rows(state: TakeCoverState, deck_file: DeckFile) -> list[tuple[str, ...]]:
    """The deck by count as rows of cells (a screen wraps a row between its cells, never inside
    one): what is still unseen by type, in `UNSEEN_ORDER`; then the piles, with the chance the next
    card drawn is a Fire card."""
    deck = state.deck
    if state.phase == "setup":
        return [(f"{sum(deck_file.counts().values())} cards; the deck is dealt at setup",)]
    left = unseen(deck, state.squads)
    kinds = sorted((kind for kind in left if kind != "squad"),
                   key=lambda kind: UNSEEN_ORDER.index(kind) if kind in UNSEEN_ORDER else len(UNSEEN_ORDER))
    counts = [f"{deck_file.label(kind).split(' (')[0]} {left[kind]}" for kind in kinds]
    title = f"Unseen {sum(left.values())}:"
    chance = chance_of("fire", deck, state.squads)
    fire = (f"next card Fire {percent(chance)}",) if chance is not None else ()
    aside = (f"set aside {deck.set_aside}",) if state.set_aside_option else ()
    return [(f"{title} {counts[0]}", *counts[1:]) if counts else (title,),
            (f"Deck {deck.draw}", *fire, f"discard {deck.discard} ({deck.face_down} face down)", *aside,
             f"Medic set aside {deck.medics_aside}", f"reshuffles {deck.reshuffles}")]


def log_lines(state: TakeCoverState) -> list[str]:
    """What happened, newest first: each event, or what it led to, in words. The turn after which
    a scenario's last turn is over says the game is over, not whose turn is next."""
    newer = (None, *state.log)[:len(state.log)]
    return [log_line(entry, ended_game=isinstance(after, LastTurnPlayed))
            for entry, after in zip(state.log, newer, strict=True)]


def event_label(charts: Charts, card: EventCard) -> str:
    """`Mine (chart not printed: you read the card)`: the companion asks for faces it lacks. A chart
    it holds in part names the faces it holds, printed or filled in by the players alike."""
    chart = charts.event(card)
    if chart.complete:
        return chart.label
    if not chart.results:
        return f"{chart.label} (chart not printed: you read the card)"
    return f"{chart.label} (chart holds {faces_text(sorted(chart.results))}: you read the other faces)"


def data_labels(data: Mapping[str, Any]) -> tuple[DeckFile, Charts]:
    return data["deck.toml"], data["charts.toml"]
