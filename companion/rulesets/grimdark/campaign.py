"""A Grimdark line-up's gladiators for a campaign: a gladiator of the stable fights as
the stable holds him (his Fame, record and matches fought are his career's), not as his
old file or the sample he was added from says."""

from __future__ import annotations

import json
from dataclasses import dataclass

from companion.rulesets.grimdark.sheet import Gladiator, parse_gladiator

GAME = "grimdark"


@dataclass(frozen=True)
class StableGladiator:
    """One of the stable's Grimdark gladiators: his number in the stable, and his sheet
    as the stable holds it (None when it cannot be read, with `error` saying why)."""

    id: int
    name: str
    gladiator: Gladiator | None
    error: str = ""

    @property
    def where(self) -> str:
        return f"#{self.id} {self.name} in the stable"


def stable_gladiators() -> tuple[list[StableGladiator], str]:
    """The user's stable's living Grimdark gladiators, by name; and why the stable could
    not be read, in one line ("" when it was, or there is none)."""
    from companion import paths
    from companion.errors import UserError, one_line

    if not paths.stable_path().exists():
        return [], ""
    from companion.stable.store import Stable

    try:
        with Stable.open(create=False) as stable:
            held = [(g.id, g.name, g.sheet) for g in stable.gladiators(game=GAME) if g.alive]
    except (UserError, OSError) as err:
        return [], f"the stable was not read: {one_line(str(err))}"
    found = [_read(number, name, sheet) for number, name, sheet in held]
    return sorted(found, key=lambda s: (s.name.casefold(), s.id)), ""


def _read(number: int, name: str, sheet: str) -> StableGladiator:
    from companion.errors import UserError, one_line

    where = f"#{number} {name} in the stable"
    try:
        return StableGladiator(number, name, parse_gladiator(json.loads(sheet), where))
    except (UserError, ValueError) as err:
        return StableGladiator(number, name, None, error=one_line(str(err)))
