"""The Conflict of Heroes screen and its prompts."""
