"""The Grimdark match's own keys, in the one key map (`companion.ui.keys`)."""

from __future__ import annotations

from companion.ui.keys import GameKeys, bind

KEYS = GameKeys("In the Grimdark match", (
    bind("Enter", "next_turn", "play the next turn (the coaching chooses every move the "
         "GM has not chosen)"),
    bind("Space", "next_turn", "the same as Enter"),
    bind("End", "to_the_end", "play straight to the end of the match"),
    bind("O", "other_option", "the other reach (melee or ranged) of the move chosen "
         "last, or the other stat for Basic Adjustment"),
    bind("Backspace", "forget", "forget every move the GM has chosen"),
    bind("X", "explain", "the turn explained in full"),
    bind("Left", "earlier", "an earlier turn explained"),
    bind("Right", "later", "a later turn explained"),
    bind("Up", "scroll_up", "scroll the turn explained"),
    bind("Down", "scroll_down", "scroll the turn explained"),
    bind("C", "coaching", "show or hide the coaching (hidden at first: the screen may "
         "be on a shared display)"),
    bind("Ctrl+K", "commit", "commit to the match: the line to post before it, copied"),
))

# The match's set-up: the roster and the line-up (the builder, the paste and the
# coaching editor list their own, as fields take most of their keys).
SETUP = GameKeys("On the Grimdark set-up", (
    bind("Up", "up", "the gladiator above in the roster"),
    bind("Down", "down", "the gladiator below in the roster"),
    bind("O", "open", "open him in the builder"),
    bind("N", "new", "a new gladiator"),
    bind("P", "paste", "paste a forum sheet"),
    bind("Delete", "delete", "take him off your roster (it asks first)"),
    bind("A", "add", "add him to the match"),
    bind("Tab", "next", "choose in the match"),
    bind("X", "take_out", "take him out of the match"),
    bind("Left", "team_back", "his team: the one before"),
    bind("Right", "team_on", "his team: the next"),
    bind("C", "coaching", "his coaching: the next"),
    bind("T", "teams", "each on his own team, or two teams"),
    bind("K", "edit_coaching", "write or edit the coaching of the gladiator chosen in the "
         "match (or in the roster)"),
    bind("Enter", "start", "start the match (when the line says it is ready)"),
    bind("Esc", "back", "back to the start screen"),
))

# The coaching editor: a key means one thing in it, said for the section it acts in.
COACHING = GameKeys("In the coaching editor", (
    bind("1", "opening", "the opening: his first moves, posture and active stat"),
    bind("2", "weights", "the weights of his moves"),
    bind("3", "rules", "the rules"), bind("4", "notes", "the notes"),
    bind("Up", "up", "the row, move or rule above"),
    bind("Down", "down", "the row, move or rule below"),
    bind("+", "more", "change the chosen row; on the weights, weigh the move up (to +5, "
         "favour)"),
    bind("-", "less", "change it the other way; on the weights, weigh it down (to -5, "
         "avoid)"),
    bind("Right", "more", "the same as +"), bind("Left", "less", "the same as -"),
    bind("Delete", "delete", "weights: clear the chosen move's weight; rules: take the "
         "chosen rule away"),
    bind("A", "add_rule", "rules: add a rule"),
    bind("[", "rule_before", "rules: choose the rule before"),
    bind("]", "rule_after", "rules: choose the rule after"),
    bind("Ctrl+Up", "rule_earlier", "rules: take the chosen rule earlier (earlier weighs "
         "more)"),
    bind("Ctrl+Down", "rule_later", "rules: take the chosen rule later"),
    bind("Enter", "type_notes", "notes: start typing (Esc ends it)"),
    bind("Ctrl+S", "save", "save the coaching file"),
    bind("Esc", "back", "leave the notes, then back to the line-up (twice with unsaved "
         "changes)"),
))

# The builder: a key means one thing in it, said for the section it acts in.
BUILDER = GameKeys("In the builder", (
    bind("1", "stats", "stats and record"), bind("2", "abilities", "abilities"),
    bind("3", "moves", "moves"), bind("4", "equipment", "equipment"),
    bind("5", "story", "story"),
    bind("Up", "up", "the row above"), bind("Down", "down", "the row below"),
    bind("+", "more", "one more (a stat, a level, a copy)"),
    bind("-", "less", "one less"),
    bind("H", "only_his", "moves: show only his moves, or all (type in the search field "
         "to find one)"),
    bind("W", "add_weapon", "equipment: add a weapon"),
    bind("Delete", "remove_weapon", "equipment: take the chosen weapon away"),
    bind("L", "weight", "equipment: light or heavy"),
    bind("M", "reach", "equipment: melee or ranged"),
    bind("E", "element", "equipment: its element"),
    bind("[", "property_before", "equipment: choose the property before"),
    bind("]", "property_after", "equipment: choose the property after"),
    bind("Space", "property", "equipment: put the chosen property on or off"),
    bind("Ctrl+S", "save", "save to the roster"),
    bind("Ctrl+E", "export", "export as a forum sheet (to the clipboard and a file)"),
    bind("Esc", "back", "leave a field, then back to the roster (twice with unsaved "
         "changes)"),
))

# The paste of a forum sheet: its box takes every other key while it has them.
PASTE = GameKeys("In the paste of a forum sheet", (
    bind("Ctrl+V", "paste", "paste from the clipboard (or click the box and type)"),
    bind("Ctrl+R", "read", "read the sheet: it opens in the builder, or its faulty lines "
         "are named"),
    bind("Ctrl+Backspace", "clear", "clear the box"),
    bind("Esc", "back", "leave the box, then back to the roster"),
))
