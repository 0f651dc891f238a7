"""The authority's press inbox: each press handed on once, acknowledged in arrival order after it is settled."""

from companion.network.press_inbox import PressInbox


def test_a_press_is_handed_on_once_and_acknowledged_only_after_it_is_settled():
    inbox = PressInbox()
    assert inbox.arrived(1, "a") is True
    assert inbox.due_acks() == []
    inbox.settle("a")
    assert inbox.due_acks() == [1]


def test_acknowledgements_keep_the_order_presses_arrived_in():
    inbox = PressInbox()
    inbox.arrived(1, "a")
    inbox.arrived(2, "b")
    inbox.settle("b")
    assert inbox.due_acks() == []
    inbox.settle("a")
    assert inbox.due_acks() == [1, 2]


def test_a_resend_of_a_waiting_press_is_not_handed_on_again_and_is_acknowledged_with_it():
    inbox = PressInbox()
    inbox.arrived(1, "a")
    inbox.connection_lost()
    assert inbox.arrived(7, "a") is False
    assert inbox.waiting == 1
    inbox.settle("a")
    assert inbox.due_acks() == [7]


def test_a_payload_refused_unread_is_acknowledged_in_its_turn():
    inbox = PressInbox()
    inbox.arrived(1, "a")
    assert inbox.arrived(2, None) is False
    assert inbox.due_acks() == []
    inbox.settle("a")
    assert inbox.due_acks() == [1, 2]


def test_a_resend_after_the_press_was_settled_is_handed_on_again_for_the_app_to_call_it_already_applied():
    inbox = PressInbox()
    inbox.arrived(1, "a")
    inbox.settle("a")
    inbox.due_acks()
    assert inbox.arrived(2, "a") is True
