"""The Grimdark Gladiators screens: the roster, the builder, the forum-sheet paste and
the match set-up (setup.py), and the match view (screen.py)."""
