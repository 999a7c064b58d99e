"""A gladiator of the stable on the command line: found by what names him, his number
(`#3`, or `3`) or his name, whatever its case (a name two gladiators share asks for
the number), and told in a line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.errors import UserError, one_line

if TYPE_CHECKING:
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable


def _title(game: str) -> str:
    from companion.stable.parts import title

    return title(game)


def find(stable: Stable, who: str, game: str | None) -> Gladiator:
    """The gladiator `who` names: `#3` or `3` by number, else by name."""
    number = who.removeprefix("#")
    if number.isdigit():
        found = stable.gladiator(int(number))
        if found is not None and game in (None, found.game):
            return found
        if who.startswith("#"):
            raise UserError(f"there is no gladiator #{number} in the stable "
                            "(companion stable list lists them)", exit_code=1)
    named = stable.named(who, game)
    if not named:
        of = f" of {_title(game)}" if game else ""
        raise UserError(f"there is no gladiator called {who!r}{of} in the stable "
                        "(companion stable list lists them)", exit_code=1)
    if len(named) > 1:
        managers = {m.id: m.name for m in stable.managers()}
        each = ", ".join(f"#{g.id} ({_title(g.game)}"
                         + (f", {managers[g.manager_id]}'s" if g.manager_id in managers
                            else "") + ")" for g in named)
        raise UserError(f"{len(named)} gladiators are called {who!r}: {each}; give his "
                        "number", exit_code=1)
    return named[0]


def manager_id(stable: Stable, name: str | None) -> int | None:
    """The id of the manager `--manager` names (None when it names none); a name the
    stable does not know is refused in words."""
    if name is None:
        return None
    manager = stable.manager_named(name)
    if manager is None:
        raise UserError(f"there is no manager called {name!r} in the stable", exit_code=1)
    return manager.id


def summary(g: Gladiator) -> str:
    """His game's line for him, or what stops it being read (a hand-edited stable)."""
    from companion.stable.parts import game_parts

    sheets = game_parts().get(g.game)
    if sheets is None:
        return f"a gladiator of {g.game}, a game this companion does not know"
    try:
        return sheets.summary(g.sheet)
    except UserError as err:
        return f"his sheet cannot be read: {one_line(str(err))}"


def line(g: Gladiator) -> str:
    marks = "".join([", dead" if not g.alive else "", ", starred" if g.starred else ""])
    return f"#{g.id} {g.name} ({_title(g.game)}{marks}): {summary(g)}"


def gladiator_json(g: Gladiator, managers: dict[int, Any]) -> dict[str, Any]:
    manager = managers.get(g.manager_id) if g.manager_id is not None else None
    return {"id": g.id, "game": g.game, "name": g.name, "manager_id": g.manager_id,
            "manager": manager.name if manager is not None else None, "alive": g.alive,
            "starred": g.starred, "source": g.source, "added": g.added,
            "summary": summary(g)}
