"""The one key map of the three games: what every key means on a game's screen.

A key bound in `EVERYWHERE` means the same on every game's screen. A key a game binds
for an idea the games share (the roll that is due, the computer's move, the board,
explaining a turn) is bound by `SHARED` to that idea, so another game using the key
uses it for the same idea; every other key of a game is its own, and no other game
binds it. The screens dispatch their keys through `action`, make their status-bar
hints with `name`, and F1 lists `help_lines` of the screen: everywhere, this game, and
this screen's own (its mouse and its player's window), each from this map.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

# What a key's name stands for on the keyboard: a name may have more than one key (the
# keypad's Enter and +).
_CODES: dict[str, tuple[int, ...]] = {
    "Space": (pygame.K_SPACE,), "Enter": (pygame.K_RETURN, pygame.K_KP_ENTER),
    "Esc": (pygame.K_ESCAPE,), "Tab": (pygame.K_TAB,), "Backspace": (pygame.K_BACKSPACE,),
    "Delete": (pygame.K_DELETE,), "End": (pygame.K_END,), "Up": (pygame.K_UP,),
    "Down": (pygame.K_DOWN,), "Left": (pygame.K_LEFT,), "Right": (pygame.K_RIGHT,),
    "+": (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS),
    "-": (pygame.K_MINUS, pygame.K_KP_MINUS),
    "[": (pygame.K_LEFTBRACKET,), "]": (pygame.K_RIGHTBRACKET,),
}


@dataclass(frozen=True)
class Binding:
    key: str      # its name as the screens write it: "N", "Ctrl+Z", "Shift+A"
    action: str   # what the screen calls it: "end_turn"
    does: str     # what it does, as F1 lists it


def _b(key: str, action: str, does: str) -> Binding:
    return Binding(key, action, does)


# The same on every game's screen (the session screen does them).
EVERYWHERE: tuple[Binding, ...] = (
    _b("Esc", "escape", "cancel what is chosen, or the way out"),
    _b("Ctrl+Z", "undo", "undo"), _b("Ctrl+Y", "redo", "redo"),
    _b("Ctrl+S", "save", "save"), _b("Ctrl+Shift+S", "save_as", "save as"),
    _b("Ctrl+E", "export", "a report of it (file and clipboard), or an HTML page"),
    _b("F1", "help", "this list of keys"), _b("F2", "tab_log", "the log"),
    _b("F3", "tab_dice", "dice tray"), _b("F4", "tab_tables", "tables"),
    _b("F5", "tab_rolls", "every roll"),
    _b("F6", "player_window", "the player's window (in it: F9 scale, F11 full screen, "
       "O odds)"),
    _b("F9", "scale", "UI scale"), _b("Ctrl+Q", "quit", "quit"),
)

# Ideas two games share, and the one key each has in every game that has the idea.
SHARED: dict[str, str] = {
    "Enter": "what the status bar says is due (confirm)",
    "Space": "play on: the computer's move, or the roll that is due",
    "R": "roll the dice that are due",
    "N": "end the turn",
    "Tab": "the next choice (target, weapon, gladiator)",
    "P": "pick up what lies on the ground",
    "G": "the board",
    "X": "a turn explained",
}

GAMES: dict[str, tuple[Binding, ...]] = {
    "skirmish": (
        _b("Enter", "confirm", "attack the chosen foe, or walk the path shown"),
        _b("R", "roll_ap", "roll AP"),
        _b("Space", "roll_ap", "roll AP; in the computer's turn, skip ahead"),
        _b("N", "end_turn", "end the turn"),
        _b("Tab", "next_target", "next target and weapon"),
        _b("Q", "turn_left", "turn left"), _b("E", "turn_right", "turn right"),
        _b("W", "step_ahead", "step ahead"), _b("S", "step_back", "step back"),
        _b("A", "step_front_left", "step front-left"),
        _b("D", "step_front_right", "step front-right"),
        _b("Shift+A", "step_rear_left", "step rear-left"),
        _b("Shift+D", "step_rear_right", "step rear-right"),
        _b("P", "pick_up", "pick up what lies in his hex"),
        _b("K", "kick", "kick an item ahead"),
        _b("F", "cut_free", "cut free of a net"),
        _b("U", "discard_shield", "discard (unstrap) the shield"),
        _b("V", "arcs", "hold: arcs and weapon ranges"),
    ),
    "battle": (
        _b("Enter", "main", "attack, or the roll that is due"),
        _b("Space", "computer", "the computer plays what is due"),
        _b("I", "initiative", "roll the initiative"),
        _b("Y", "typed", "the same as Enter, with your own dice's faces typed in"),
        _b("Tab", "weapon", "next weapon (on the board: the other gladiator)"),
        _b("T", "thrown", "thrown"), _b("B", "stance", "stance (normal, berserk, defensive)"),
        _b("+", "luck_up", "one more luck die"), _b("-", "luck_down", "one luck die fewer"),
        _b("H", "heal", "heal with the heal dice chosen"),
        _b("[", "heal_down", "one heal die fewer"), _b("]", "heal_up", "one heal die more"),
        _b("P", "retrieve", "pick up (retrieve) a weapon"),
        _b("2", "two_handed", "two-handed (weapons of two classes)"),
        _b("L", "disarm", "the whip's disarm shot (lash)"),
        _b("M", "signature", "signature move"),
        _b("Delete", "decline", "decline to stay conscious (he loses)"),
        _b("G", "board", "the hex board, to stand the gladiators (click a hex)"),
    ),
    "grimdark": (
        _b("Enter", "next_turn", "play the next turn (the coaching chooses every move the "
           "GM has not chosen)"),
        _b("Space", "next_turn", "the same as Enter"),
        _b("End", "to_the_end", "play straight to the end of the match"),
        _b("O", "other_option", "the other reach (melee or ranged) of the move chosen "
           "last, or the other stat for Basic Adjustment"),
        _b("Backspace", "forget", "forget every move the GM has chosen"),
        _b("X", "explain", "the turn explained in full"),
        _b("Left", "earlier", "an earlier turn explained"),
        _b("Right", "later", "a later turn explained"),
        _b("Up", "scroll_up", "scroll the turn explained"),
        _b("Down", "scroll_down", "scroll the turn explained"),
        _b("C", "coaching", "show or hide the coaching (hidden at first: the screen may "
           "be on a shared display)"),
        _b("Ctrl+K", "commit", "commit to the match: the line to post before it, copied"),
    ),
}

GAME_TITLES = {"skirmish": "In the arena", "battle": "In the duel",
               "grimdark": "In the Grimdark match"}


def _parse(name: str) -> tuple[tuple[int, ...], bool, bool]:
    """The key codes, Ctrl and Shift of a key's name."""
    ctrl = name.startswith("Ctrl+") and len(name) > 5
    rest = name[5:] if ctrl else name
    shift = rest.startswith("Shift+") and len(rest) > 6
    rest = rest[6:] if shift else rest
    if rest in _CODES:
        return _CODES[rest], ctrl, shift
    if len(rest) == 1 and (rest.isalpha() or rest.isdigit()):
        return (getattr(pygame, f"K_{rest.lower()}"),), ctrl, shift
    if rest.startswith("F") and rest[1:].isdigit():
        return (getattr(pygame, f"K_{rest}"),), ctrl, shift
    raise ValueError(f"no such key: {name!r}")


def bindings(game: str) -> tuple[Binding, ...]:
    return GAMES[game]


def action(game: str, event: pygame.event.Event) -> str | None:
    """What a key pressed does in `game` (its action's name), or None. Ctrl must be as
    the map says (Ctrl+E is not E); Shift too, but a key bound only without Shift works
    with it as well (+ is Shift+= on many keyboards)."""
    mod = getattr(event, "mod", 0)
    ctrl, shift = bool(mod & pygame.KMOD_CTRL), bool(mod & pygame.KMOD_SHIFT)
    loose = None
    for b in GAMES[game]:
        codes, b_ctrl, b_shift = _parse(b.key)
        if event.key not in codes or b_ctrl != ctrl:
            continue
        if b_shift == shift:
            return b.action
        if shift and not b_shift and loose is None:
            loose = b.action
    return loose


def name(game: str, action_name: str) -> str:
    """The key of an action, as hints write it ("N"); the first where there are two."""
    for b in GAMES[game]:
        if b.action == action_name:
            return b.key
    for b in EVERYWHERE:
        if b.action == action_name:
            return b.key
    raise KeyError(f"{game} has no key for {action_name!r}")


ROW = 96  # characters a line of F1's list holds before the next key starts a new one


def _rows(pairs: list[tuple[str, str]]) -> list[str]:
    """Keys side by side, four spaces apart, as many as a line holds."""
    rows: list[str] = []
    for key, does in pairs:
        item = f"{key}: {does}"
        if rows and len(rows[-1]) + 4 + len(item) <= ROW:
            rows[-1] += "    " + item
        else:
            rows.append(item)
    return rows


def help_lines(game: str, screen: tuple[str, ...] = ()) -> list[str]:
    """F1's list on a game's screen: everywhere, this game, this screen."""
    lines = ["Everywhere:", *_rows([(b.key, b.does) for b in EVERYWHERE])]
    lines += [f"{GAME_TITLES[game]}:", *_rows([(b.key, b.does) for b in GAMES[game]])]
    if screen:
        lines += ["On this screen:", *screen]
    return lines


def keys_of(game: str) -> set[str]:
    """Every key name F1 lists for `game`."""
    return {b.key for b in EVERYWHERE} | {b.key for b in GAMES[game]}


def pressed(event: pygame.event.Event, key: str) -> bool:
    """Whether `event` is the key named `key` ("Space", "Esc"), for the keys a screen
    reads before its game's map (Esc's way out, Space skipping the computer's turn)."""
    codes, ctrl, shift = _parse(key)
    mod = getattr(event, "mod", 0)
    return (event.key in codes and bool(mod & pygame.KMOD_CTRL) == ctrl
            and (not shift or bool(mod & pygame.KMOD_SHIFT)))
