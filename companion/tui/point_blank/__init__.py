"""The Point Blank screen and its forms."""
