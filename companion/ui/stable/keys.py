"""The Stable screen's keys, in the one key map (`companion.ui.keys`)."""

from __future__ import annotations

from companion.ui.keys import GameKeys, bind

KEYS = GameKeys("In the stable", (
    bind("Up", "up", "the gladiator above"), bind("Down", "down", "the gladiator below"),
    bind("Home", "first", "the first gladiator"), bind("End", "last", "the last gladiator"),
    bind("T", "train", "train him (a battle-system gladiator spends his development "
         "points)"),
    bind("M", "purse", "his manager's purse, and an entry of your own (A there)"),
    bind("H", "fallen", "the hall of the fallen"),
    bind("Ctrl+Z", "take_back", "take back his latest fight (a question first)"),
    bind("Esc", "back", "back to the start screen"),
))
