"""Leagues and one-off events on the stable: the pairings of each format, standings
with named tie-breaks, ratings, the league's tables in the stable's database, its
posts, and a headless season on the balance lab's workers. Nothing here names a game:
what a game adds (the setup of a match, its own tie-break) is its `league` part in the
games' registry."""
