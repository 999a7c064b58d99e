"""The limit on starred gladiators: a game whose careers part names one
(`starred_most()`: Grimdark Gladiators' "a player may have up to three starred
gladiators at any time") lets each manager have at most that many living starred
gladiators of that game. A gladiator with no manager is nobody's, so no limit counts
him. The store checks it inside every change that stars a gladiator (adding one,
starring one); the commands check it first, to name the file or leave it out."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.words import listed
from companion.games.registry import GAMES, part
from companion.stable.model import SheetFile

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten")


def starred_most(game: str) -> int | None:
    """The most starred gladiators of `game` a manager may have; None: no limit (or no
    starred gladiators in that game at all)."""
    found = GAMES.get(game)
    if found is None or not found.careers:
        return None
    limit = getattr(part(found.careers), "starred_most", None)
    return int(limit()) if callable(limit) else None


def star_sheet(game: str, sheet: str, starred: bool) -> str | None:
    """His sheet's text starred (or not), as his game writes it; None for a game whose
    gladiators are never starred."""
    found = GAMES.get(game)
    mark = getattr(part(found.careers), "with_starred", None) if found and found.careers \
        else None
    return str(mark(sheet, starred)) if callable(mark) else None


def refusal(name: str, manager: str, starred: Sequence[str]) -> str:
    """"Lord Smash cannot be starred: Ann has three starred gladiators (A, B and C)"."""
    n = len(starred)
    count = _WORDS[n] if n < len(_WORDS) else str(n)
    return (f"{name} cannot be starred: {manager} has {count} starred "
            f"gladiator{'' if n == 1 else 's'} ({listed(list(starred))})")


def refusals(adding: Sequence[tuple[str, SheetFile, str]],
             held: Callable[[str, str], list[str]]) -> list[str | None]:
    """For each (game, sheet, his manager's name) to be added, in order, why he cannot
    be starred (None: he may, or he is not starred): the living starred gladiators his
    manager has of his game (`held(manager, game)`, those in the stable) and those
    added before him already reach the limit."""
    most_of: dict[str, int | None] = {}
    counted: dict[tuple[str, str], list[str]] = {}
    out: list[str | None] = []
    for game, sheet, manager in adding:
        if not (sheet.starred and not sheet.dead and manager.strip()):
            out.append(None)
            continue
        if game not in most_of:
            most_of[game] = starred_most(game)
        most = most_of[game]
        key = (manager.strip().casefold(), game)
        if key not in counted:
            counted[key] = list(held(manager.strip(), game))
        if most is not None and len(counted[key]) >= most:
            out.append(refusal(sheet.name, manager.strip(), counted[key]))
            continue
        counted[key].append(sheet.name)
        out.append(None)
    return out
