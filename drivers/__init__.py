"""Adapters to real hardware: GPIO buttons and LEDs through gpiozero, the serial board through pyserial."""
