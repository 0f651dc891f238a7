"""The app's screens: home, saved games, and one screen per game kind."""
