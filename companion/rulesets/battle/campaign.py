"""A duel's sheets for a campaign: a gladiator of the stable fights as the stable holds
him (his training and his fights since he came in), not as his old sheet file or the
sample he was added from says. A sheet file given by its path is that file."""

from __future__ import annotations

from pathlib import Path

from companion.files.jsonfile import SHEET, parse_json
from companion.rulesets.battle.sheet import GladiatorSheet, find_sheet, load_sheet, parse_sheet
from companion.stable.finding import fighter

GAME = "battle"


def duel_sheet(name: str) -> GladiatorSheet:
    """The sheet `name` gives: a file at that path; else the stable's battle-system
    gladiator of that name or number (#3); else the roster's or a sample's sheet."""
    if Path(name).exists():
        return load_sheet(Path(name))
    g = fighter(name, GAME)
    if g is not None:
        where = f"#{g.id} {g.name} in the stable"
        return parse_sheet(parse_json(Path(where), g.sheet, SHEET), where)
    return load_sheet(find_sheet(name))


def stable_roster() -> tuple[list[tuple[str, str]], str]:
    """The user's stable's battle-system gladiators who can fight, as (name, sheet
    text), by name; and why the stable could not be read, in one line ("" when it
    was, or there is none)."""
    from companion import paths
    from companion.errors import UserError, one_line
    from companion.stable.store import Stable

    if not paths.stable_path().exists():
        return [], ""
    try:
        with Stable.open(create=False) as stable:
            found = [(g.name, g.sheet) for g in stable.gladiators(game=GAME) if g.alive]
    except (UserError, OSError) as err:
        return [], f"the stable was not read: {one_line(str(err))}"
    return sorted(found, key=lambda pair: pair[0].casefold()), ""
