"""A gladiator of the stable on the command line: found by what names him
(`stable.finding`), and told in a line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.errors import UserError, one_line
from companion.stable.finding import find

__all__ = ["find", "gladiator_json", "line", "manager_id", "summary"]

if TYPE_CHECKING:
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable


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
    from companion.stable.parts import title

    return f"#{g.id} {g.name} ({title(g.game)}{marks}): {summary(g)}"


def gladiator_json(g: Gladiator, managers: dict[int, Any]) -> dict[str, Any]:
    manager = managers.get(g.manager_id) if g.manager_id is not None else None
    return {"id": g.id, "game": g.game, "name": g.name, "manager_id": g.manager_id,
            "manager": manager.name if manager is not None else None, "alive": g.alive,
            "starred": g.starred, "source": g.source, "added": g.added,
            "summary": summary(g)}
