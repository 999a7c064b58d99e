"""The stable as the Stable screen shows it, read once when the screen opens: each
manager's gladiators, each told in his own game's words, with his career and his
manager's purse. Reading is done here, apart from the drawing, so that the screen only
lays out words and a broken stable becomes one line of text, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import UserError, one_line

if TYPE_CHECKING:
    from companion.stable.model import Fight
    from companion.stable.parts import GameSheets
    from companion.stable.store import Stable


@dataclass(frozen=True)
class Card:
    """One gladiator: his card on the left, his sheet and career on the right."""

    id: int
    name: str
    game: str  # as a sentence names it
    summary: str
    alive: bool
    starred: bool
    lines: tuple[str, ...]
    fights: tuple[str, ...]  # his career, oldest first, a line a fight
    # The figure his career is followed by (Fame, development points, skills), before his first
    # fight and after each; "" and () where his game follows none.
    figure: str = ""
    plot: tuple[int, ...] = ()
    game_id: str = ""  # his game's id in the registries
    latest_fight: int | None = None  # the stable's number of his last fight


@dataclass(frozen=True)
class Group:
    """A manager's gladiators (the manager "" for those of none) and his purse."""

    manager: str
    purse: int | None  # None: no manager, so no purse
    cards: tuple[Card, ...]
    manager_id: int | None = None


@dataclass(frozen=True)
class StableView:
    groups: tuple[Group, ...] = ()
    # Why there is nothing to show: no stable yet, or a broken one (in one line).
    note: str = ""
    broken: bool = False
    cards: tuple[Card, ...] = field(default=(), init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(c for g in self.groups for c in g.cards))


def read_stable(path: Path | None = None) -> StableView:
    """The stable at `path` (by default the user's), never written to."""
    from companion import paths
    from companion.stable.store import Stable

    path = Path(path) if path is not None else paths.stable_path()
    if not path.exists():
        return StableView(note="There is no stable yet: record a fight into careers, or "
                          "add gladiators with companion stable add.")
    try:
        with Stable.open(path, create=False) as stable:
            view = _groups(stable)
    except (UserError, OSError) as err:
        return StableView(note=one_line(str(err)), broken=True)
    if not view:
        return StableView(note="The stable has no gladiators yet.")
    return StableView(view)


def _groups(stable: Stable) -> tuple[Group, ...]:
    from companion.stable.parts import game_parts, title
    parts = game_parts()
    gladiators = stable.gladiators()
    groups = []
    for manager_id, name in [*((m.id, m.name) for m in stable.managers()), (None, "")]:
        cards = []
        for g in gladiators:
            if g.manager_id != manager_id:
                continue
            sheets = parts.get(g.game)
            summary, lines = _told(sheets, g.sheet, g.game)
            fought = stable.fights_of(g.id)
            fights = tuple(f"{fight.played[:10]}, {entrant.result}: {one_line(fight.result)}"
                           for fight, entrant in fought)
            figure, plot = _plot(stable, sheets, g.id, g.sheet, [f for f, _ in fought])
            cards.append(Card(g.id, g.name, title(g.game), summary, g.alive, g.starred,
                              lines, fights, figure, plot, g.game,
                              fought[-1][0].id if fought else None))
        if cards:
            purse = (sum(e.amount for e in stable.purse(manager_id))
                     if manager_id is not None else None)
            groups.append(Group(name, purse, tuple(cards), manager_id))
    return tuple(groups)


def _plot(stable: Stable, sheets: GameSheets | None, gladiator_id: int, sheet: str,
          fights: list[Fight]) -> tuple[str, tuple[int, ...]]:
    """His game's figure before his first fight and after each, from the sheets each
    fight left him (a fight that left his sheet as it was leaves the figure)."""
    import json

    if sheets is None:
        return "", ()
    befores, afters = [], []
    for fight in fights:
        change = next((c for c in stable.changes(fight.id)
                       if c.gladiator_id == gladiator_id and c.field == "sheet"), None)
        befores.append(None if change is None else json.loads(change.before))
        afters.append(None if change is None else json.loads(change.after))
    try:
        first = next((b for b in befores if isinstance(b, str)), sheet)
        start = sheets.figure(first)
        if start is None:
            return "", ()
        values = [start[1]]
        for after in afters:
            found = sheets.figure(after) if isinstance(after, str) else None
            values.append(values[-1] if found is None else found[1])
    except UserError:
        return "", ()
    return start[0], tuple(values)


def _told(sheets: GameSheets | None, sheet: str, game: str) -> tuple[str, tuple[str, ...]]:
    """His game's summary and sheet lines, or what stops them being read."""
    if sheets is None:
        return f"a gladiator of {game}, a game this companion does not know", ()
    try:
        return one_line(sheets.summary(sheet)), tuple(one_line(x) for x in sheets.lines(sheet))
    except UserError as err:
        return f"his sheet cannot be read: {one_line(str(err))}", ()
