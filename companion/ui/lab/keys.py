"""The lab's keys, in the one key map (`companion.ui.keys`)."""

from __future__ import annotations

from companion.ui.keys import GameKeys, bind

KEYS = GameKeys("In the lab", (
    bind("Enter", "run", "run the lab"),
    bind("Tab", "system", "the next system"),
    bind("Left", "left", "the gladiator to the left"),
    bind("Right", "right", "the gladiator to the right"),
    bind("Space", "toggle", "the gladiator chosen in or out"),
    bind("A", "all", "all of them or none"),
    bind("+", "more", "more bouts a pairing"), bind("-", "fewer", "fewer bouts a pairing"),
    bind("H", "house", "house rules: off, or the next of your folders (or type a "
         "folder's path, then Enter)"),
    bind("C", "change", "on the results: the change the house rules make, or the win "
         "rates"),
    bind("Esc", "back", "stop a run, back to the choices, or back to the start screen"),
))
