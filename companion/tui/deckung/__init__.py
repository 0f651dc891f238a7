"""The Deckung helper's screen."""
