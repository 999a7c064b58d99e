"""The duel's own keys, in the one key map (`companion.ui.keys`)."""

from __future__ import annotations

from companion.ui.keys import GameKeys, bind

KEYS = GameKeys("In the duel", (
    bind("Enter", "main", "attack, or the roll that is due"),
    bind("Space", "computer", "the computer plays what is due"),
    bind("I", "initiative", "roll the initiative"),
    bind("Y", "typed", "the same as Enter, with your own dice's faces typed in"),
    bind("Tab", "weapon", "next weapon (on the board: the other gladiator)"),
    bind("T", "thrown", "thrown"), bind("B", "stance", "stance (normal, berserk, defensive)"),
    bind("+", "luck_up", "one more luck die"), bind("-", "luck_down", "one luck die fewer"),
    bind("H", "heal", "heal with the heal dice chosen"),
    bind("[", "heal_down", "one heal die fewer"), bind("]", "heal_up", "one heal die more"),
    bind("P", "retrieve", "pick up (retrieve) a weapon"),
    bind("2", "two_handed", "two-handed (weapons of two classes)"),
    bind("L", "disarm", "the whip's disarm shot (lash)"),
    bind("M", "signature", "signature move"),
    bind("Delete", "decline", "decline to stay conscious (he loses)"),
    bind("G", "board", "the hex board, to stand the gladiators (click a hex)"),
))

# The duel's set-up: a screen of the duel before it begins.
SETUP = GameKeys("On the duel's set-up", (
    bind("Enter", "start", "start the duel"),
    bind("D", "dice", "the app's dice or your own, typed in"),
    bind("Esc", "back", "back to the start screen"),
))
