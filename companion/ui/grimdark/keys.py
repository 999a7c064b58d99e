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
