"""The one key map of the games: what every key means on a game's screen.

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


def bind(key: str, action: str, does: str) -> Binding:
    return Binding(key, action, does)


# The same on every game's screen (the session screen does them).
EVERYWHERE: tuple[Binding, ...] = (
    bind("Esc", "escape", "cancel what is chosen, or the way out"),
    bind("Ctrl+Z", "undo", "undo"), bind("Ctrl+Y", "redo", "redo"),
    bind("Ctrl+S", "save", "save"), bind("Ctrl+Shift+S", "save_as", "save as"),
    bind("Ctrl+E", "export", "a report of it (file and clipboard), or an HTML page"),
    bind("F1", "help", "this list of keys"), bind("F2", "tab_log", "the log"),
    bind("F3", "tab_dice", "dice tray"), bind("F4", "tab_tables", "tables"),
    bind("F5", "tab_rolls", "every roll"),
    bind("F6", "player_window", "the player's window (in it: F9 scale, F11 full screen, "
       "O odds)"),
    bind("J", "careers", "record the finished fight in the careers (a preview first)"),
    bind("F9", "scale", "UI scale"), bind("Ctrl+Q", "quit", "quit"),
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

@dataclass(frozen=True)
class GameKeys:
    """A game's own keys: F1's heading for them ("In the arena") and the bindings. Each
    game's are in its folder of screens (`ui/<game>/keys.py`), named in `KEY_MAPS`."""

    title: str
    bindings: tuple[Binding, ...]


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


def game_keys(game: str) -> GameKeys:
    """A game's own keys, as the window's registry names them."""
    from companion.ui.registry import KEY_MAPS, load

    found: GameKeys = load(KEY_MAPS[game])
    return found


def bindings(game: str) -> tuple[Binding, ...]:
    return game_keys(game).bindings


def action(game: str, event: pygame.event.Event) -> str | None:
    """What a key pressed does in `game` (its action's name), or None. Ctrl must be as
    the map says (Ctrl+E is not E); Shift too, but a key bound only without Shift works
    with it as well (+ is Shift+= on many keyboards)."""
    return _matched(bindings(game), event)


def _matched(bound: tuple[Binding, ...], event: pygame.event.Event) -> str | None:
    mod = getattr(event, "mod", 0)
    ctrl, shift = bool(mod & pygame.KMOD_CTRL), bool(mod & pygame.KMOD_SHIFT)
    loose = None
    for b in bound:
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
    for b in bindings(game):
        if b.action == action_name:
            return b.key
    for b in EVERYWHERE:
        if b.action == action_name:
            return b.key
    raise KeyError(f"{game} has no key for {action_name!r}")


def _rows(pairs: list[tuple[str, str]]) -> list[str]:
    """A key a line: the dialog sets them in as many columns as the window needs."""
    return [f"{key}: {does}" for key, does in pairs]


def help_lines(game: str, screen: tuple[str, ...] = ()) -> list[str]:
    """F1's list on a game's screen: everywhere, this game, this screen."""
    lines = ["Everywhere:", *_rows([(b.key, b.does) for b in EVERYWHERE])]
    own = game_keys(game)
    lines += [f"{own.title}:", *_rows([(b.key, b.does) for b in own.bindings])]
    if screen:
        lines += ["On this screen:", *screen]
    return lines


def keys_of(game: str) -> set[str]:
    """Every key name F1 lists for `game`."""
    return {b.key for b in EVERYWHERE} | {b.key for b in bindings(game)}


def pressed(event: pygame.event.Event, key: str) -> bool:
    """Whether `event` is the key named `key` ("Space", "Esc"), for the keys a screen
    reads before its game's map (Esc's way out, Space skipping the computer's turn)."""
    codes, ctrl, shift = _parse(key)
    mod = getattr(event, "mod", 0)
    return (event.key in codes and bool(mod & pygame.KMOD_CTRL) == ctrl
            and (not shift or bool(mod & pygame.KMOD_SHIFT)))


# --- the screens out of a game: the set-ups and the lab ---------------------------------
# The keys of EVERYWHERE a screen out of a game has too: the panel's tools, the scale,
# this list and quit (its own Esc says where it leads).
TOOLS = ("tab_dice", "tab_tables", "tab_rolls", "scale", "help", "quit")


def screen_action(own: GameKeys, event: pygame.event.Event) -> str | None:
    """What a key pressed does on a set-up or the lab (`own`, its part of the map)."""
    return _matched(own.bindings, event)


def screen_lines(own: GameKeys, extra: tuple[str, ...] = ()) -> list[str]:
    """F1's list on a set-up or the lab: its keys, what the mouse does there, and the
    keys it shares with every screen."""
    tools = [b for b in EVERYWHERE if b.action in TOOLS]
    return [f"{own.title}:", *_rows([(b.key, b.does) for b in own.bindings]), *extra,
            "Everywhere:", *_rows([(b.key, b.does) for b in tools])]
