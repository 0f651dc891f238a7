"""What the table hears: announcements as data, phrase packs per language, cue sounds and the queue policy."""
