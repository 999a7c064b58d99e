"""The battle system's part in careers: a finished duel's two gladiators, and what it
did to each one's sheet as the stable holds it now, told in the battle's words.

The sheet after the duel is `results.after_fight` applied to the stable's sheet, the
same rule that writes the duel's own sheets: the win or loss, the development points
for it (house figures in the battle's tables), the fight in his record, kills, death,
a coma, scars and insanities."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from companion.errors import UserError
from companion.files.jsonfile import SHEET, parse_json
from companion.rulesets.base import Event
from companion.rulesets.battle.results import after_fight
from companion.rulesets.battle.sheet import GladiatorSheet, parse_sheet, sheet_json
from companion.rulesets.battle.stable import SHEETS
from companion.rulesets.battle.state import SIDES, BattleState, display_name
from companion.stable.careers import Career, Entry, FightCareers

# How he lost, as the duel's result says it, in the past tense of a record.
_HOW = {"killed": "was killed", "falls unconscious": "fell unconscious",
        "falls into a coma": "fell into a coma", "gives in and drops": "gave in",
        "dies at death's door": "died at death's door", "quits": "quit"}


class BattleCareers:
    def entries(self, state: BattleState) -> list[Entry]:
        """Both gladiators, each with his sheet as the duel's setup held it."""
        return [Entry(side, SHEETS.parse(_text(state.sheets[side]), f"sheet {side}"))
                for side in SIDES]

    def careers(self, state: BattleState, sheets: Mapping[str, str],
                events: Sequence[Event] = ()) -> FightCareers:
        """Each side's sheet in the stable with the duel's results added. The end state
        holds all of them (`events` are not needed)."""
        result = state.result
        if result is None:
            raise UserError("the duel is not over yet: there is nothing to record")
        careers = []
        for side in SIDES:
            f = state.fighters[side]
            where = f"{f.name}'s sheet in the stable"
            before = parse_sheet(parse_json(Path(where), sheets[side], SHEET), where,
                                 tables=state.tables)
            if before.status == "dead":
                raise UserError(f"{before.name} is dead on his sheet in the stable: a dead "
                                "man's career takes no more fights")
            after = after_fight(before, f, state, state.tables)
            careers.append(Career(side, "win" if result.winner == side else "loss",
                                  sheet_json(after), dead=after.status == "dead",
                                  said=tuple(said(before, after))))
        winner, loser = (display_name(state, s) for s in (result.winner, result.loser))
        how = _HOW.get(result.how, result.how)
        return FightCareers(f"{winner} beat {loser}, who {how}", tuple(careers))


def _text(sheet: object) -> str:
    """A sheet of the setup as the text of his sheet file."""
    return json.dumps(sheet, indent=2, ensure_ascii=False) + "\n"


def said(before: GladiatorSheet, after: GladiatorSheet) -> list[str]:
    """What changed from one sheet to the other, a change a line, in the battle's
    words."""
    out = [f"{what} {getattr(before, field)} to {getattr(after, field)}"
           for field, what in (("development_points", "development points"),
                               ("wins", "wins"), ("losses", "losses"),
                               ("total_fights", "total fights"), ("kills", "kills"))
           if getattr(before, field) != getattr(after, field)]
    out += [f"a scar: {scar.scar}" for scar in after.scars[len(before.scars):]]
    had = [(i.key, i.name) for i in before.insanities]
    has = [(i.key, i.name) for i in after.insanities]
    out += [f"an insanity: {i.name}" + ("" if i.permanent else " (temporary)")
            for i in after.insanities if (i.key, i.name) not in had]
    out += [f"no longer {i.name} (a temporary insanity, wiped out by the new one)"
            for i in before.insanities if (i.key, i.name) not in has]
    if after.status == "dead" and before.status != "dead":
        out.append("dead")
    elif after.status == "coma" and (before.status, before.coma_until) != \
            (after.status, after.coma_until):
        out.append(f"in a coma until {after.coma_until or 'a time the duel did not keep'}")
    return out


CAREERS = BattleCareers()
