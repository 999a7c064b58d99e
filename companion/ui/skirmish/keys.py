"""The arena's own keys, in the one key map (`companion.ui.keys`)."""

from __future__ import annotations

from companion.ui.keys import GameKeys, bind

KEYS = GameKeys("In the arena", (
    bind("Enter", "confirm", "attack the chosen foe, or walk the path shown"),
    bind("R", "roll_ap", "roll AP"),
    bind("Space", "roll_ap", "roll AP; in the computer's turn, skip ahead"),
    bind("N", "end_turn", "end the turn"),
    bind("Tab", "next_target", "next target and weapon"),
    bind("Q", "turn_left", "turn left"), bind("E", "turn_right", "turn right"),
    bind("W", "step_ahead", "step ahead"), bind("S", "step_back", "step back"),
    bind("A", "step_front_left", "step front-left"),
    bind("D", "step_front_right", "step front-right"),
    bind("Shift+A", "step_rear_left", "step rear-left"),
    bind("Shift+D", "step_rear_right", "step rear-right"),
    bind("P", "pick_up", "pick up what lies in his hex"),
    bind("K", "kick", "kick an item ahead"),
    bind("F", "cut_free", "cut free of a net"),
    bind("U", "discard_shield", "discard (unstrap) the shield"),
    bind("V", "arcs", "hold: arcs and weapon ranges"),
))

# The start screen: setting up a bout. The keys that lead to the other systems' set-up
# screens are each system's own (the window's registry), listed after these.
SETUP = GameKeys("On the start screen", (
    bind("Enter", "start", "start the bout"),
    bind("R", "resume", "resume the last bout"), bind("O", "open", "open a saved file"),
    bind("Up", "up", "the gladiator above"), bind("Down", "down", "the gladiator below"),
    bind("Left", "type_before", "his type before, or one of the stable's"),
    bind("Right", "type_after", "his type after, or one of the stable's"),
    bind("S", "side", "his side"), bind("H", "human", "played by a human or the computer"),
    bind("+", "add", "add a gladiator"), bind("-", "remove", "remove the chosen one"),
    bind("F", "fatigue", "the optional fatigue rule"),
    bind("X", "experience", "the optional experience rule"),
    bind("D", "dice", "the app's dice or your own, typed in"),
))
