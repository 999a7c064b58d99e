"""What bars a gladiator from his next fight, in words: a coma that has not yet ended
(seed 002's fate roll: "no fights allowed until the same time tomorrow"), a new name
Identity Crisis demands and he has not yet taken, and an opponent Brute Complex will
not face (he "only fights opponents with more wins").

Asked only of a new duel (`BattleRules.new_setup`): a saved duel replays as it was
played, whatever its gladiators have become since."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from companion.errors import UserError
from companion.rulesets.battle.binds import must_change_name, rules_of
from companion.rulesets.battle.clock import parse_time
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.sheet import GladiatorSheet, parse_sheet


class Unfit(UserError):
    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=1)


def bars(sheet: GladiatorSheet, tables: BattleTables, now: datetime) -> list[str]:
    """What bars him from any fight at `now`, whoever the opponent."""
    said = []
    if sheet.status == "coma" and sheet.coma_until and \
            _utc(parse_time(sheet.coma_until)) > _utc(now):
        said.append(f"{sheet.name} is in a coma until {sheet.coma_until}: no fights "
                    "until then")
    if any(must_change_name(tables, record) for record in sheet.insanities):
        said.append(f"Identity Crisis: {sheet.name} must take a new name before his next "
                    "fight (companion train SHEET --rename NEW)")
    return said


def scorned(sheet: GladiatorSheet, opponent: GladiatorSheet, tables: BattleTables) -> str | None:
    """Brute Complex: an opponent with no more wins than he has is refused."""
    brute = any(rule.rule == "only_fights_opponents_with_more_wins"
                for record in sheet.insanities for rule in rules_of(tables, record))
    if not brute or opponent.wins > sheet.wins:
        return None
    return (f"Brute Complex: {sheet.name} ({_wins(sheet.wins)}) fights only opponents with "
            f"more wins; {opponent.name} has {opponent.wins}")


def refuse_unfit(setup: Mapping[str, Any], tables: BattleTables, now: datetime) -> None:
    """Raise Unfit saying everything that bars this duel's gladiators now. A sheet
    that cannot be read is left for the duel's own checks to name."""
    try:
        a, b = (parse_sheet(setup[side], f"sheet {side}", tables=tables) for side in "ab")
    except (UserError, KeyError, TypeError):
        return
    found = [words for sheet, opponent in ((a, b), (b, a))
             for words in [*bars(sheet, tables, now), scorned(sheet, opponent, tables)]
             if words]
    if found:
        raise Unfit("; ".join(found))


def _wins(n: int) -> str:
    return f"{n} win{'' if n == 1 else 's'}"


def _utc(moment: datetime) -> datetime:
    # A time without a zone is read as UTC, as the duel reads its own.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
