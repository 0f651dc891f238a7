"""Remote presses as inputs of the games file: one source per presser's run, each press dealt with once,
answered once what it caused (or its refusal) is committed."""

from companion.hardware.controls import Control, Origin
from companion.network.messages import Outcome, PressMessage
from companion.network.remote_inputs import OUT_OF_ORDER, RemoteInputs, RemotePresses, is_remote, origin_of


def pressed(press_id: str, control: Control = Control.ROLL) -> PressMessage:
    return PressMessage(id=press_id, control=control, origin="phone of Ann")


def test_a_pressers_id_is_its_run_and_count_and_any_other_id_an_input_of_its_own():
    assert origin_of("5f2c9a1e03b4:17") == Origin("remote:5f2c9a1e03b4", 17)
    assert origin_of("box.2:run:3") == Origin("remote:box.2:run", 3)
    assert origin_of("button-box-1") == Origin("remote-id:button-box-1", 1)
    assert origin_of("run:0") == Origin("remote-id:run:0", 1)  # counts start at 1
    assert origin_of(":5") == Origin("remote-id::5", 1)
    assert origin_of("run:" + "9" * 30) == Origin("remote-id:run:" + "9" * 30, 1)  # beyond SQLite's integers
    assert all(is_remote(origin_of(press_id)) for press_id in ("a:1", "b"))
    assert not is_remote(Origin("board:e6614c:3", 4))


def test_two_different_ids_never_share_an_input():
    ids = ["a:1", "a:2", "a", "a:", "a::1", "remote:a:1", "1", ":1"]
    assert len({origin_of(press_id) for press_id in ids}) == len(ids)


def test_a_press_of_a_run_at_or_below_its_last_recorded_one_was_dealt_with():
    inputs = RemoteInputs({"remote:run": 4})
    assert inputs.dealt_with(Origin("remote:run", 4)) and inputs.dealt_with(Origin("remote:run", 1))
    assert not inputs.dealt_with(Origin("remote:run", 5))
    assert not inputs.dealt_with(Origin("remote:other", 1))
    inputs.take(Origin("remote:other", 2))
    assert inputs.dealt_with(Origin("remote:other", 2))
    inputs.take(Origin("remote:run", 3))  # never goes back
    assert inputs.dealt_with(Origin("remote:run", 4))


def test_a_press_is_answered_applied_once_committed_and_a_resend_already_applied_at_once():
    answers: list[tuple[str, Outcome, str]] = []
    presses = RemotePresses({}, lambda *answer: answers.append(answer))
    press = presses.take(pressed("run:1"))
    assert press is not None and press.origin == Origin("remote:run", 1) and press.control is Control.ROLL
    assert answers == [] and presses.waiting == 1  # not before its commit
    presses.done_with([Origin("board:x:1", 1), press.origin])
    assert answers == [("run:1", Outcome.APPLIED, "")]
    assert presses.take(pressed("run:1")) is None
    assert answers[-1] == ("run:1", Outcome.ALREADY_APPLIED, "")


def test_a_refused_press_is_answered_refused_with_its_reason_once_recorded_and_never_taken_again():
    answers: list[tuple[str, Outcome, str]] = []
    presses = RemotePresses({"remote:run": 1}, lambda *answer: answers.append(answer))
    press = presses.take(pressed("run:2", Control.UNDO))
    assert press is not None and press.origin is not None
    presses.refused(press.origin, "nothing to undo")
    presses.done_with([press.origin])
    assert answers == [("run:2", Outcome.REFUSED, "nothing to undo")]
    assert presses.take(pressed("run:2", Control.UNDO)) is None
    assert answers[-1] == ("run:2", Outcome.ALREADY_APPLIED, "")


def test_a_press_whose_commit_failed_is_answered_refused_not_saved():
    answers: list[tuple[str, Outcome, str]] = []
    presses = RemotePresses({}, lambda *answer: answers.append(answer))
    press = presses.take(pressed("run:1"))
    assert press is not None and press.origin is not None
    presses.done_with([press.origin], dropped=[press.origin], failure="games.sqlite3: the disk is full")
    assert answers == [("run:1", Outcome.REFUSED, "not saved: games.sqlite3: the disk is full")]


def test_a_press_a_later_one_of_its_run_went_past_was_never_dealt_with_and_is_refused_out_of_order():
    answers: list[tuple[str, Outcome, str]] = []
    presses = RemotePresses({"remote:run": 2}, lambda *answer: answers.append(answer))
    later = presses.take(pressed("run:5"))  # 3 and 4 never came (refused unread, or lost)
    assert later is not None and later.origin is not None
    presses.done_with([later.origin])
    assert presses.take(pressed("run:3")) is None and presses.take(pressed("run:4")) is None
    assert presses.take(pressed("run:2")) is None and presses.take(pressed("run:5")) is None
    assert answers == [("run:5", Outcome.APPLIED, ""), ("run:3", Outcome.REFUSED, OUT_OF_ORDER),
                       ("run:4", Outcome.REFUSED, OUT_OF_ORDER), ("run:2", Outcome.ALREADY_APPLIED, ""),
                       ("run:5", Outcome.ALREADY_APPLIED, "")]
