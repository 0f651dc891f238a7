"""Take Cover's screen."""
