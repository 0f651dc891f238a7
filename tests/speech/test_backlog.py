"""The queue policy: newer announcements replace stale ones and cues never hold up speech."""

from companion.speech import common
from companion.speech.backlog import Backlog
from companion.speech.cue import Cue

ROLL = common.dice_rolled((2, 5))
NEXT_ROLL = common.dice_rolled((6, 6))
TURN = common.turn_ended(1)


def after(*items, playing=None):
    backlog = Backlog(playing=playing)
    for item in items:
        backlog = backlog.add(item).backlog
    return backlog


def test_a_new_roll_replaces_a_roll_still_waiting_and_goes_to_the_back():
    assert after(ROLL, TURN, NEXT_ROLL).waiting == (TURN, NEXT_ROLL)


def test_announcements_of_different_channels_all_wait_in_order():
    assert after(ROLL, TURN).waiting == (ROLL, TURN)


def test_a_new_roll_cuts_short_the_roll_being_said():
    added = Backlog(playing=ROLL).add(NEXT_ROLL)
    assert added.interrupt
    assert added.backlog.waiting == (NEXT_ROLL,)


def test_a_turn_end_does_not_cut_short_a_roll_being_said():
    assert not Backlog(playing=ROLL).add(TURN).interrupt


def test_speech_cuts_short_a_cue_and_drops_a_waiting_one():
    added = Backlog(waiting=(Cue.REFUSAL,), playing=Cue.PRESS).add(ROLL)
    assert added.interrupt
    assert added.backlog.waiting == (ROLL,)


def test_a_cue_is_dropped_while_speech_plays_or_waits():
    assert Backlog(playing=ROLL).add(Cue.PRESS).backlog == Backlog(playing=ROLL)
    assert after(TURN, Cue.PRESS, playing=Cue.PRESS).waiting == (TURN,)


def test_a_cue_waits_only_behind_a_cue_and_only_the_newest_waits():
    added = Backlog(playing=Cue.PRESS).add(Cue.PRESS)
    assert not added.interrupt
    assert added.backlog.add(Cue.REFUSAL).backlog.waiting == (Cue.REFUSAL,)


def test_the_oldest_waiting_item_plays_next():
    backlog = after(ROLL, TURN).start_next()
    assert backlog.playing == ROLL
    assert backlog.waiting == (TURN,)
    assert backlog.finished().start_next().playing == TURN
    assert Backlog().start_next() == Backlog()
