"""The CAP track: spends, refills and destroyed units lowering it (3.23, 7.3)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import RuleViolation
from companion.games.conflict_of_heroes.cap_track import CapTrack


def test_nine_caps_with_two_units_lost_in_round_one_start_round_two_with_seven():
    track = CapTrack.starting_with(9).lose_unit().lose_unit()
    assert track.occupied == (9, 8)
    assert track.refill().current == 7


def test_a_counter_standing_on_the_space_a_destroyed_unit_takes_drops_to_the_next_open_one():
    track = CapTrack.starting_with(9).lose_unit().refill()
    assert track.current == 8
    lowered = track.lose_unit()
    assert lowered.occupied == (9, 8)
    assert lowered.current == 7


def test_a_loss_lowers_the_next_rounds_allowance_not_the_one_this_round_began_with():
    track = CapTrack.starting_with(9).refill().lose_unit()
    assert (track.this_round, track.allowance) == (9, 8)
    assert track.refill().this_round == 8


def test_a_counter_below_the_space_a_destroyed_unit_takes_stays_where_it_is():
    track = CapTrack.starting_with(9).spend(4).lose_unit()
    assert track.current == 5
    assert track.allowance == 8


def test_an_overspend_is_refused_and_names_what_is_left():
    with pytest.raises(RuleViolation, match="only 2 left"):
        CapTrack.starting_with(2).spend(3)


def test_an_overspend_of_one_cap_says_cap_not_caps():
    with pytest.raises(RuleViolation) as refused:
        CapTrack.starting_with(1).spend(1).spend(1, "this roll")
    assert str(refused.value) == "1 CAP needed for this roll, only 0 left (3.23)"


def test_the_allowance_never_goes_below_zero():
    track = CapTrack.starting_with(1).lose_unit().lose_unit().lose_unit()
    assert track.allowance == 0
    assert track.refill().current == 0
    assert track.occupied == (1,)


steps = st.lists(
    st.one_of(
        st.tuples(st.just("spend"), st.integers(min_value=-1, max_value=12)),
        st.tuples(st.just("lose"), st.none()),
        st.tuples(st.just("refill"), st.none()),
    ),
    max_size=40,
)


@settings(max_examples=300)
@given(start=st.integers(min_value=0, max_value=15), steps=steps)
def test_any_run_of_spends_losses_and_rounds_keeps_the_track_between_zero_and_its_allowance(start, steps):
    track = CapTrack.starting_with(start)
    losses = 0
    for step, caps in steps:
        before = track
        if step == "spend":
            if 0 <= caps <= track.current:
                track = track.spend(caps)
                assert track.current == before.current - caps
            else:
                with pytest.raises(RuleViolation):
                    track.spend(caps)
                assert track == before
        elif step == "lose":
            losses += 1
            track = track.lose_unit()
            assert track.current <= before.current
            assert track.current >= before.current - 1
        else:
            track = track.refill()
            assert track.current == max(0, start - losses)
        assert 0 <= track.current <= track.allowance
        assert track.allowance == max(0, start - losses)
        assert len(track.occupied) == min(losses, start)


@settings(max_examples=200)
@given(start=st.integers(min_value=0, max_value=15), spent=st.integers(min_value=0, max_value=15))
def test_a_loss_costs_the_counter_a_cap_exactly_when_it_stood_on_the_space_taken(start, spent):
    track = CapTrack.starting_with(start)
    track = track.spend(min(spent, track.current))
    lowered = track.lose_unit()
    stood_on_it = track.current == track.allowance and track.allowance > 0
    assert lowered.current == track.current - (1 if stood_on_it else 0)
