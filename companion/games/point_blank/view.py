"""What the screen says about the deck, the odds and the check in progress, as plain text."""

from fractions import Fraction

from companion.games.point_blank.checks.base import Outcome, Step
from companion.games.point_blank.checks.fire import InfantryFire
from companion.games.point_blank.checks.melee import Melee
from companion.games.point_blank.odds import chance, melee_odds, total_odds
from companion.games.point_blank.rules import UPKEEP, PendingMelee, PointBlankState


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}%"


def situation(state: PointBlankState) -> str:
    if state.settings is None:
        return "Confirm the deck to start (press Confirm, or c)"
    if state.game_over:
        return f"Game over after turn {state.turn - 1}: check the victory conditions"
    limit = f" of {state.settings.turn_limit}" if state.settings.turn_limit else ""
    used = f"; action used: {state.card_used}" if state.card_used else "; action not yet taken"
    due = len(state.melees_due)
    melees = f" · {due} melee{'s' * (due != 1)} to resolve first (6.1.1)" if due else ""
    return f"Turn {state.turn}{limit} · impulse {state.impulse} · side {state.side} to act{used}{melees}"


def deck_lines(state: PointBlankState) -> list[str]:
    deck = state.deck
    method = "real dice, one card discarded per die" if state.dice_mode else "card pips"
    lines = [
        f"{deck.left} of {deck.size} cards left · hands {deck.hands[0]} / {deck.hands[1]} · {method}",
        "unseen pips  " + "  ".join(f"{pip}:{count}" for pip, count in enumerate(deck.unseen, 1)),
    ]
    if deck.exhausted and state.check is not None:
        held = " ".join(map(str, deck.held))
        unseen = "  ".join(f"{pip}:{count}" for pip, count in enumerate(deck.reshuffled().unseen, 1))
        lines[1] = (f"new deck: shuffle the discard pile, leaving the hands and this check's cards ({held}) out; "
                    f"unseen pips  {unseen}")
    if deck.miscounts:
        lines.append(f"{deck.miscounts} pip(s) entered with the override: the deck counts are off")
    markers = [f"{name}: {', '.join(sorted(sectors))}" for name, sectors in
               (("smoke", state.smoke), ("blaze", state.blaze), ("wrecks", state.wreck)) if sectors]
    if markers:
        lines.append(" · ".join(markers))
    if state.turn_end_owed:
        lines.append("Last card drawn: the turn ends when this check resolves (4.13)")
    return lines


def odds_lines(state: PointBlankState) -> list[str]:
    if state.settings is None or state.deck.size == 0:
        return []
    d6 = total_odds(state.deck, 1, state.dice_mode)
    two = total_odds(state.deck, 2, state.dice_mode)
    lines = ["next d6   " + "  ".join(f"{pip}:{percent(p)}" for pip, p in d6.items())]
    lines.append("next 2d6  " + " ".join(f"{t}:{percent(p)}" for t, p in two.items()))
    return lines


def check_lines(state: PointBlankState) -> list[str]:
    pending = state.check
    if pending is None:
        last = [f"last: {line}" for line in state.log[-2:]]
        return ["No check in progress: a face key starts a plain d6 check", *last]
    step = pending.step
    lines = [pending.check.title]
    if pending.pips:
        lines.append("drawn so far: " + " ".join(map(str, pending.pips)))
    if isinstance(step, Step):
        lines.append(f"draw {step.cards} card{'s' * (step.cards != 1)}: {step.prompt}")
        if step.success is not None:
            lines.append(f"chance of that: {percent(chance(state.deck, step.cards, step.success, state.dice_mode))}")
        if isinstance(pending.check, InfantryFire) and not pending.pips:
            fire = pending.check
            defence = 0 if fire.flamethrower_only else fire.defence
            beats = chance(state.deck, 2, lambda p: fire.firepower + p[0] + fire.modifier > p[1] + defence,
                           state.dice_mode)
            lines.append(f"chance the attack beats the defence: {percent(beats)}")
        if isinstance(pending.check, Melee) and not pending.pips:
            odds = melee_odds(state.deck, pending.check.attacker_dice, pending.check.defender_dice,
                              pending.check.attacker_hits_on, pending.check.defender_hits_on, state.dice_mode)
            if not odds.total:
                lines.append("no odds: the melee draws more cards than the deck holds")
            else:
                lines.append(
                    f"expected hits {float(odds.expected(0)):.1f} to {float(odds.expected(1)):.1f}; "
                    f"defender retreats {percent(odds.defender_retreats)}, attacker {percent(odds.attacker_retreats)}"
                )
    elif isinstance(step, Outcome):
        lines.append(step.text)
    return lines


def melee_line(state: PointBlankState, melee: PendingMelee) -> str:
    def names(ids: tuple[int, ...]) -> str:
        return ", ".join(f"{state.unit(u).name} ({u})" for u in ids)

    return f"  {names(melee.attackers)} against {names(melee.defenders)}"


def checklist_lines(state: PointBlankState) -> list[str]:
    """The last turn end's checklist for the table (4.13.2), then this impulse's Upkeep (6.1), with
    the melees it must resolve and those waiting for a later Upkeep."""
    lines = [*state.checklist, ""] if state.checklist else []
    lines += [f"Upkeep for side {state.side} (6.1):", *(f"- {item}" for item in UPKEEP)]
    due = state.melees_due
    if due:
        lines += ["Melees to resolve now (k opens the first):", *(melee_line(state, m) for m in due)]
    for side in (1, 2):
        waiting = [m for m in state.melees_pending if m not in due and m.side == side]
        if waiting:
            lines += [f"In melee, for side {side}'s next Upkeep:", *(melee_line(state, m) for m in waiting)]
    return lines


def key_help(state: PointBlankState) -> str:
    """The keys that do something now, beyond the footer's."""
    if state.settings is None:
        return "c confirm the deck and start"
    if state.check is not None:
        roll = "space roll the die, or key the face 1-6" if state.dice_mode else "1-6 the pips of each card drawn"
        return f"{roll} · c enter a refused pip anyway · x abandon the check (its cards stay drawn) · u undo"
    bonus = "b odd d6: a second unit -1 fatigue · " if state.fatigue_bonus_owed else ""
    return (f"{bonus}m move · a assault · l melee · r rally · d ready · o other · -1 fatigue: z discard, "
            "w Ready card or leader · h flush · v discard · e event · t edit unit · p smoke/blaze/wreck · g games")
