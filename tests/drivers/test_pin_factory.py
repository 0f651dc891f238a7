from gpiozero.pins.mock import MockFactory

from drivers.pin_factory import choose_pin_factory


def test_asking_for_the_mock_by_name_gives_gpiozeros_mock_factory():
    choice = choose_pin_factory({"GPIOZERO_PIN_FACTORY": "mock"})
    assert isinstance(choice.factory, MockFactory)
    assert choice.is_mock
    choice.factory.reset()


def test_with_no_gpio_on_this_machine_the_mock_is_chosen_and_the_reason_given():
    choice = choose_pin_factory({})
    assert choice.is_mock
    assert choice.reason == "no GPIO found"
    choice.factory.reset()


def test_a_named_factory_that_cannot_load_falls_back_to_the_mock_and_says_so():
    choice = choose_pin_factory({"GPIOZERO_PIN_FACTORY": "lgpio"})
    assert choice.is_mock
    assert "GPIOZERO_PIN_FACTORY=lgpio did not load" in choice.reason
    choice.factory.reset()
