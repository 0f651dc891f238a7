"""`companion web`: the companion in a browser, served behind a random access token."""
