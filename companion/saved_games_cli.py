"""`companion log`, `stats` and `games`: a saved game's events, its dice's fairness, the games renamed or deleted."""

import argparse
import json
from functools import partial

NAME_COLUMN = 24
"""The width of `companion games`' name column: a longer name would push the others out of line."""


def print_log(store, game_ref: str | None, as_json: bool, reveal: bool = False) -> int:
    from companion.dice.journal_dice import UNDO_EVENTS, voided_decisions
    from companion.errors import GameNotFound, UnreadableGame
    from companion.games.descriptor import resolve
    from companion.games.kit.words import count_of
    from companion.games.registry import descriptor, title_of
    from companion.journal.events import DecisionRedone, DecisionUndone
    from companion.journal.timeline import describe
    from companion.snapshots import state_as_it_stands

    game = store.find(game_ref) if game_ref else store.last_game()
    if game is None:
        raise GameNotFound("there are no saved games yet")
    known = descriptor(game.kind)
    if as_json and reveal:
        for raw in store.raw_records(game.id):
            print(json.dumps({"game": game.id, "seq": raw.seq, "type": raw.type, "time": raw.at.isoformat(),
                              "payload": json.loads(raw.payload)}))
        return 0
    if known is None:
        raise UnreadableGame(f"{game.name} is a {game.kind} game, a kind this companion does not know"
                             " (--json --reveal prints its events as they are stored)")
    rules = resolve(known.rules)(None, known.load_data(None))  # the shipped data: the log only words events
    if as_json:
        # What every side may know: a face-down counter stays face down unless --reveal.
        for record in store.records(game.id, rules.events):
            print(json.dumps({"game": game.id, "seq": record.seq, "type": record.event.type,
                              "time": record.at.isoformat(), "payload": rules.public(record.event)}))
        return 0
    # Two passes over the journal, streamed: first which decisions end up undone (the undo and redo
    # rows only: a timeline of the whole game held a link per decision, ~10 MiB for 100,000), then the lines.
    undone = voided_decisions(store.raw_records(game.id, types=UNDO_EVENTS))
    # Each line in the game's own words, as its screen says them: the sides by their names. The
    # screen words an event with the game as it stands, read here from its newest snapshot (folding
    # the state along the log took as long again as reading it).
    words = partial(rules.describe, state_as_it_stands(store, game, rules, undone))
    print(f"# {game.name} ({title_of(game.kind)}), {count_of(game.events, 'event')}")
    for record in store.records(game.id, rules.events):
        target = None
        if isinstance(record.event, DecisionUndone | DecisionRedone):
            target = store.record(game.id, record.event.target, rules.events)
        voided = " (undone)" if record.seq in undone else ""
        print(f"{record.seq:>5}  {record.at.astimezone():%Y-%m-%d %H:%M:%S}  {describe(record, target, words)}{voided}")
    return 0


def print_stats(store, game_ref: str | None, all_games: bool, as_json: bool) -> int:
    from companion.dice.journal_dice import games_statistics
    from companion.dice.stats_view import report_json, report_lines
    from companion.errors import GameNotFound
    from companion.games.registry import dice_events_of, title_of

    if all_games:
        games = store.games()
    else:
        last = store.find(game_ref) if game_ref else store.last_game()
        games = [] if last is None else [last]
    if not games:
        raise GameNotFound("there are no saved games yet")
    statistics = games_statistics(store, games, dice_events_of)
    if as_json:
        listed = [{"id": game.id, "name": game.name, "kind": game.kind} for game in games]
        print(json.dumps({"games": listed, "dice": report_json(statistics)}))
        return 0
    if all_games:
        print("# the only saved game" if len(games) == 1 else f"# all {len(games)} saved games")
    else:
        print(f"# {games[0].name} ({title_of(games[0].kind)})")
    for line in report_lines(statistics):
        print(line)
    return 0


def manage_games(store, lock, args: argparse.Namespace) -> int:
    from companion.errors import GameInUse
    from companion.games.kit.words import count_of
    from companion.games.registry import title_of

    if args.games_command == "rename":
        game = store.find(args.game)
        store.rename(game.id, args.name)
        print(f"renamed {game.name} to {args.name}")
    elif args.games_command == "delete":
        game = store.find(args.game)
        holder = lock.holder()
        if holder is not None and holder.game == game.id:
            raise GameInUse(f"{game.name} is open in the companion (process {holder.pid}): "
                            "leave it there first, then delete it")
        store.delete(game.id)
        print(f"deleted {game.name} ({count_of(game.events, 'event')})")
    else:
        games = store.games()
        if not games:
            print(f"no saved games yet in {store.path}")
        full, cut = getattr(args, "full", False), False
        for game in games:
            events = "event" if game.events == 1 else "events"
            figures = (f"{title_of(game.kind):<20} {game.events:>6} {events:<6}  "
                       f"{game.last_used.astimezone():%Y-%m-%d %H:%M}")
            if full:
                print(f"{game.id:>4}  {figures}  {game.name}")
                continue
            name, shortened = in_column(game.name, NAME_COLUMN)
            cut |= shortened
            print(f"{game.id:>4}  {name} {figures}")
        if cut:
            print("a name ending in … is cut short: `companion games list --full` shows it whole")
    return 0


def in_column(text: str, width: int) -> tuple[str, bool]:
    """The text padded to `width` terminal cells, or cut to them ending in an ellipsis; and whether
    it was cut. Cells, not characters: a wide character (CJK, most emoji) takes two."""
    from rich.cells import cell_len, set_cell_size

    if cell_len(text) <= width:
        return set_cell_size(text, width), False
    return set_cell_size(set_cell_size(text, width - 1).rstrip() + "…", width), True
