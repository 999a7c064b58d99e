"""`GrimdarkRules`: Grimdark Gladiators' match adjudicator as a `Ruleset` (id
"grimdark").

Setup: {"gladiators": [{"sheet": GLADIATOR, "team": "1", "coaching": COACHING|null,
"chooser": "odds"|"weights" (optional)}, ...], "options": {"started": ISO time,
"engine": 2}}, the sheets inline so a saved match replays without the roster; a setup
with no engine is a match saved before engines were named (`engine.py`).

Actions: {"type": "start"}, then {"type": "turn", "moves": {...}} until at most one
team stands; moves not given are chosen by the coaching. Every die is rolled inside
`apply` through the session's dice source.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from companion.dice.rolls import Roll
from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.rulesets.base import Action, Due, Event, Outcome, Ruleset, SetupOption
from companion.rulesets.grimdark import narrator, report, verifying
from companion.rulesets.grimdark import rolls as roll_log
from companion.rulesets.grimdark.actions import GrimdarkAction, StartAction, TurnAction
from companion.rulesets.grimdark.choosing import choose_for
from companion.rulesets.grimdark.data import TABLE_IDS, GrimdarkData, name_key
from companion.rulesets.grimdark.engine import ENGINE_1_READINGS, engine_of, stamped
from companion.rulesets.grimdark.match_odds import TurnOdds, turn_odds
from companion.rulesets.grimdark.start import fighters_from_setup, start_match
from companion.rulesets.grimdark.state import GrimdarkState, Shared
from companion.rulesets.grimdark.summary import summary
from companion.rulesets.grimdark.turn import play_turn
from companion.tables.loader import TableSet, load_tables

if TYPE_CHECKING:
    from companion.rulesets.grimdark.sheet import Gladiator

_MEMO_SIZE = 8
TYPES = ("start", "turn")


class GrimdarkRules(Ruleset[GrimdarkState]):
    id: ClassVar[str] = "grimdark"
    title: ClassVar[str] = "Grimdark Gladiators"
    table_ids: ClassVar[tuple[str, ...]] = TABLE_IDS
    setup_options: ClassVar[tuple[SetupOption, ...]] = (
        SetupOption("gladiators", help="the gladiators, comma-separated: files, or names "
                    "in your roster or among the samples (two or more)", metavar="A,B[,C]"),
        SetupOption("teams", help="each gladiator's team, in the same order (default: "
                    "each his own, all against all)", metavar="1,1,2"),
        SetupOption("coaching", help="coaching files (or a sample gladiator's name for "
                    "his sample coaching) in the same order; - leaves one uncoached",
                    metavar="CA,CB"),
    )
    short_forms: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType({})
    opening: ClassVar[Mapping[str, Any] | None] = MappingProxyType(StartAction(type="start"))
    opens_by_default: ClassVar[bool] = True

    def __init__(self) -> None:
        self._memo: list[tuple[TableSet, GrimdarkData]] = []

    def data(self, tables: TableSet) -> GrimdarkData:
        for known, built in self._memo:
            if known is tables:
                return built
        built = GrimdarkData.load(tables)
        self._memo = [(tables, built), *self._memo[:_MEMO_SIZE - 1]]
        return built

    def check_tables(self, tables: TableSet) -> None:
        self.data(tables)

    def new_state(self, setup: Mapping[str, Any], tables: TableSet) -> GrimdarkState:
        options = (setup.get("options") or {}) if isinstance(setup, Mapping) else {}
        if not isinstance(options, Mapping):
            raise UserError('options: an object, like {"started": "2025-05-01T20:00:00"}')
        engine = engine_of(options)
        data = self.data(tables)
        if engine == 1:
            data = self._engine_1(data)
        fighters, coaching = fighters_from_setup(setup, data, engine)
        return GrimdarkState(fighters=fighters, coaching=coaching, shared=Shared(data),
                             options=dict(options))

    def _engine_1(self, data: GrimdarkData) -> GrimdarkData:
        """The tables with engine 1's readings held, one copy kept with each table set."""
        found = data.memo.get("engine-1")
        if found is None:
            found = data.memo["engine-1"] = data.with_readings(ENGINE_1_READINGS)
        return found

    def new_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        return stamped(setup)

    def parse_action(self, data: Any) -> Action:
        if not isinstance(data, Mapping) or data.get("type") not in TYPES:
            raise UserError('a Grimdark action is {"type": "start"} or {"type": "turn", '
                            '"moves": {...}}')
        if data["type"] == "turn" and not isinstance(data.get("moves", {}), Mapping):
            raise UserError('moves: an object of each gladiator\'s move, '
                            '{"a": {"move": "basic-melee", "target": "b"}}')
        return copy.deepcopy(dict(data))

    def apply(self, state: GrimdarkState, action: Mapping[str, Any],
              dice: DiceSource) -> Outcome:
        kind = action.get("type")
        if kind == "start":
            return Outcome(tuple(start_match(state, dice)))
        if not state.started:
            raise UserError("the match has not started: the first action is start")
        return Outcome(tuple(play_turn(state, action, dice, choose_for)))

    def due(self, state: GrimdarkState) -> Due:
        if not state.started:
            return Due(step="start", choices=("start",), turn=0)
        if state.over:
            return Due(step="over", turn=state.turn)
        return Due(step="turn", who=None, choices=("turn",), turn=state.turn, computer=True)

    def legal_actions(self, state: GrimdarkState) -> list[GrimdarkAction]:
        due = self.due(state)
        if due.step == "start":
            return [StartAction(type="start")]
        if due.step == "turn":
            return [self.choose(state) or TurnAction(type="turn")]
        return []

    def choose(self, state: GrimdarkState) -> GrimdarkAction | None:
        if state.over:
            return None
        if not state.started:
            return StartAction(type="start")
        moves = {f.id: choose_for(state, f) for f in state.fighters
                 if f.standing and not f.has("stunned")}
        return TurnAction(type="turn", moves=moves)

    secret_word: ClassVar[str] = "coaching"

    def split_secret(self, setup: Mapping[str, Any]) -> tuple[Any, Any]:
        return verifying.split_secret(setup)

    def sealed(self, setup: Mapping[str, Any]) -> list[tuple[str, str, Any]]:
        return verifying.sealed(setup)

    def false_claims(self, state: GrimdarkState, action: Mapping[str, Any]) -> list[str]:
        return verifying.false_claims(state, action)

    def by_hand(self, state: GrimdarkState, action: Mapping[str, Any]) -> list[str]:
        return verifying.by_hand(state, action)

    def summary(self, state: GrimdarkState) -> dict[str, Any]:
        return summary(state)

    def narrate(self, state: GrimdarkState, events: Sequence[Event]) -> list[str]:
        return narrator.narrate(state, events)

    def describe(self, state: GrimdarkState) -> list[str]:
        return narrator.describe(state)

    def rolls(self, state: GrimdarkState, events: Sequence[Event]) -> list[Roll]:
        return roll_log.rolls(state, events)

    def turn_of(self, state: GrimdarkState, event: Event) -> str | None:
        return report.turn_of(state, event)

    def report_sheets(self, state: GrimdarkState) -> list[tuple[str, list[str]]]:
        return report.sheets(state)

    def report_outcome(self, state: GrimdarkState, events: Sequence[Event]) -> list[str]:
        return report.outcome(state, events)

    def report_secret(self, state: GrimdarkState) -> list[tuple[str, list[str]]]:
        return report.secret(state)

    def report_public(self, state: GrimdarkState, event: Event) -> Event:
        return report.public(event)

    def report_next(self, state: GrimdarkState) -> str:
        return report.next_up(state)

    def odds(self, state: GrimdarkState, action: Mapping[str, Any]) -> TurnOdds | None:
        if action.get("type") != "turn" or not state.started or state.over:
            return None
        return turn_odds(state, action, choose_for)

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        from companion.rulesets.grimdark.files import find_coaching, find_gladiator
        from companion.rulesets.grimdark.sheet import load_gladiator

        names = _split(options.get("gladiators"))
        if len(names) < 2:
            raise UserError("a match needs two or more gladiators: --gladiators A,B")
        teams = _split(options.get("teams")) or [str(i + 1) for i in range(len(names))]
        if len(teams) != len(names):
            raise UserError(f"--teams gives {len(teams)} teams for {len(names)} gladiators")
        coached = _split(options.get("coaching"))
        if coached and len(coached) != len(names):
            raise UserError(f"--coaching gives {len(coached)} files for {len(names)} "
                            "gladiators (a - leaves one uncoached)")
        gladiators = []
        files: list[tuple[Path, Path | None]] = []
        for i, name in enumerate(names):
            sheet, g = _gladiator(name, find_gladiator, load_gladiator)
            coaching, coaching_file = None, None
            if coached and coached[i] != "-":
                coaching_file = find_coaching(coached[i])
                coaching = load_coaching_file(coaching_file)
            files.append((sheet, coaching_file))
            gladiators.append({"sheet": g.model_dump(mode="json", exclude_none=True),
                               "team": teams[i], "coaching": coaching})
        setup = stamped({"gladiators": gladiators, "options": {
            "started": datetime.now(UTC).isoformat(timespec="seconds")}})
        # Checked as the match will check it, for a message to name the file given
        # rather than its place in the setup (gladiators[0].coaching).
        try:
            fighters_from_setup(setup, self.data(load_tables()))
        except UserError as err:
            raise UserError(_named(str(err), files)) from None
        return setup

    def default_file(self, setup: Mapping[str, Any], now: datetime) -> str:
        names = []
        for entry in setup.get("gladiators", []):
            sheet = entry.get("sheet") if isinstance(entry, Mapping) else None
            names.append(name_key(str(sheet.get("name", "gladiator"))) if isinstance(
                sheet, Mapping) else "gladiator")
        return "-vs-".join(names[:4]) + ".json" if names else super().default_file(setup, now)


def _gladiator(name: str, find: Callable[[str], Path],
               load: Callable[[Path], Gladiator]) -> tuple[Path, Gladiator]:
    """The gladiator a match names, and what to call his sheet in messages: a file at
    that path; else the stable's Grimdark gladiator of that name or number (#3), as the
    stable holds him (Fame, matches, starred: his career); else the roster's or a
    sample's."""
    import json

    from companion.rulesets.grimdark.sheet import parse_gladiator
    from companion.stable.finding import fighter

    if not Path(name).exists():
        g = fighter(name, "grimdark")
        if g is not None:
            where = f"#{g.id} {g.name} in the stable"
            return Path(where), parse_gladiator(json.loads(g.sheet), where)
    path = find(name)
    return path, load(path)


def _split(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return [str(v) for v in value]


def _named(message: str, files: Sequence[tuple[Path, Path | None]]) -> str:
    """A message of the match's check with its place made the file it came from: a
    coaching's (gladiators[0].coaching) or a sheet's (gladiators[0].sheet, or
    gladiators[0] and his name)."""
    from companion.files.pathwords import shown_path

    for i, (sheet, coaching) in enumerate(files):
        at = f"gladiators[{i}]"
        for place, path in ((f"{at}.coaching", coaching), (f"{at}.sheet", sheet), (at, sheet)):
            rest = message.removeprefix(place)
            if path is not None and rest != message and rest[:2] in (": ", " ("):
                return f"{shown_path(path)}{rest}"
    return message


def load_coaching_file(path: Path) -> dict[str, Any]:
    """A coaching file's JSON, through the one reader (the coaching model checks it
    when the match is made)."""
    from companion.files.sheetfile import read_sheet_file
    from companion.rulesets.grimdark.coaching import COACHING

    data = read_sheet_file(path, COACHING)
    if not isinstance(data, dict):
        raise UserError(f"{path}: a coaching file holds one JSON object")
    return data
