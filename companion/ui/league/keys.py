"""The League screen's keys, in the one key map (`companion.ui.keys`)."""

from __future__ import annotations

from companion.ui.keys import GameKeys, bind

KEYS = GameKeys("On the League screen", (
    bind("Up", "up", "the league above"), bind("Down", "down", "the league below"),
    bind("Home", "first", "the first league"), bind("End", "last", "the last league"),
    bind("Tab", "next_match", "the next match of its round"),
    bind("Shift+Tab", "previous_match", "the match before"),
    bind("Enter", "play", "open the chosen match to be played (a match played says its "
         "result)"),
    bind("N", "round", "make the next round (its deadline asked)"),
    bind("F", "forfeit", "forfeit the chosen match (a question first)"),
    bind("P", "post", "the round's post (Markdown, BBCode, Discord, HTML), to a file and "
         "the clipboard"),
    bind("B", "bracket", "the bracket, or the standings again"),
    bind("S", "save", "save the bracket as a PNG"),
    bind("Esc", "back", "back to the start screen"),
))
