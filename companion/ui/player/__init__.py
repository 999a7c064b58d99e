"""The player's window: a second window for the players, and where the displays are."""
