"""A gladiator of the stable found by what names him: his number (`#3`, or `3`) or his
name, whatever its case; a name two gladiators share asks for the number. The command
line's verbs and the games' campaigns (a fight made with the stable's gladiators)
find him the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable


def _title(game: str) -> str:
    from companion.stable.parts import title

    return title(game)


def find(stable: Stable, who: str, game: str | None) -> Gladiator:
    """The gladiator `who` names: `#3` or `3` by number, else by name."""
    found = lookup(stable, who, game)
    if found is None:
        if who.startswith("#") and who[1:].isdigit():
            raise UserError(f"there is no gladiator {who} in the stable "
                            "(companion stable list lists them)", exit_code=1)
        of = f" of {_title(game)}" if game else ""
        raise UserError(f"there is no gladiator called {who!r}{of} in the stable "
                        "(companion stable list lists them)", exit_code=1)
    return found


def lookup(stable: Stable, who: str, game: str | None) -> Gladiator | None:
    """The gladiator `who` names, or None when none has that number or name; a name
    two share is refused in words."""
    number = who.removeprefix("#")
    if number.isdigit():
        found = stable.gladiator(int(number))
        if found is not None and game in (None, found.game):
            return found
        if who.startswith("#"):
            return None
    named = stable.named(who, game)
    if len(named) > 1:
        managers = {m.id: m.name for m in stable.managers()}
        each = ", ".join(f"#{g.id} ({_title(g.game)}"
                         + (f", {managers[g.manager_id]}'s" if g.manager_id in managers
                            else "") + ")" for g in named)
        raise UserError(f"{len(named)} gladiators are called {who!r}: {each}; give his "
                        "number", exit_code=1)
    return named[0] if named else None


def fighter(who: str, game: str) -> Gladiator | None:
    """The user's stable's gladiator of `game` that `who` names, to be put in a fight;
    None when there is no stable or he is not in it. A dead one is refused in words."""
    from companion import paths
    from companion.stable.store import Stable

    if not paths.stable_path().exists():
        return None
    try:
        with Stable.open(create=False) as stable:
            found = lookup(stable, who, game)
    except UserError as err:
        # A sheet's own file, given by its path, is read without the stable.
        raise UserError(f"{err} (to fight {who!r} without the stable, give his sheet "
                        "file's path)", exit_code=1) from None
    if found is not None and not found.alive:
        raise UserError(f"#{found.id} {found.name} is dead in the stable: a dead gladiator "
                        "fights no more", exit_code=1)
    return found
