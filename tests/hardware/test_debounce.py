from companion.hardware.debounce import Debouncer

WINDOW = 0.020


def presses(edges: list[tuple[float, bool]]) -> int:
    debouncer = Debouncer(WINDOW)
    return sum(debouncer.edge(pressed, at) for at, pressed in edges)


def test_a_clean_press_is_accepted_on_its_leading_edge():
    debouncer = Debouncer(WINDOW)
    assert debouncer.edge(True, 10.0) is True
    assert debouncer.edge(False, 10.2) is False


def test_a_press_that_bounces_inside_the_window_counts_once():
    edges = [(0.0, True), (0.001, False), (0.002, True), (0.004, False), (0.005, True), (0.3, False)]
    assert presses(edges) == 1


def test_a_release_that_bounces_adds_no_press():
    edges = [(0.0, True), (0.5, False), (0.5003, True), (0.5006, False), (0.501, True), (0.502, False)]
    assert presses(edges) == 1


def test_two_presses_a_window_apart_both_count():
    edges = [(0.0, True), (0.05, False), (0.1, True), (0.15, False)]
    assert presses(edges) == 2


def test_a_second_press_too_soon_after_release_is_bounce():
    edges = [(0.0, True), (0.05, False), (0.06, True)]
    assert presses(edges) == 1


def test_a_zero_window_counts_every_press():
    debouncer = Debouncer(0.0)
    assert [debouncer.edge(p, t) for t, p in [(0, True), (0, False), (0, True)]] == [True, False, True]
