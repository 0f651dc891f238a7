"""Choosing gpiozero's pin factory: the one the environment names, a real one, or the mock."""

import os
import warnings
from collections.abc import Mapping
from typing import NamedTuple

from gpiozero import Device
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory


class PinFactoryChoice(NamedTuple):
    factory: Factory
    name: str
    is_mock: bool
    reason: str = ""
    """Why the mock was chosen, said on screen."""


def factory_name(factory: Factory) -> str:
    return type(factory).__name__.removesuffix("Factory").lower() or "unknown"


def choose_pin_factory(env: Mapping[str, str] = os.environ) -> PinFactoryChoice:
    """Honours GPIOZERO_PIN_FACTORY; falls back to `MockFactory` when no real factory loads."""
    wanted = env.get("GPIOZERO_PIN_FACTORY", "").strip().lower()
    if wanted == "mock":
        return PinFactoryChoice(MockFactory(), "mock", True, "GPIOZERO_PIN_FACTORY=mock")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            factory = Device._default_pin_factory()
        except Exception as error:  # gpiozero raises BadPinFactory, or the library's own errors
            named = f"GPIOZERO_PIN_FACTORY={wanted} did not load ({error})" if wanted else "no GPIO found"
            return PinFactoryChoice(MockFactory(), "mock", True, named)
    return PinFactoryChoice(factory, factory_name(factory), False)
