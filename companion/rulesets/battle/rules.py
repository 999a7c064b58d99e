"""`BattleRules`: the dice-pool battle system as a `Ruleset` (id "battle").

Setup: {"a": SHEET, "b": SHEET, "options": {"started": ISO time}} with the two
gladiator sheets inline, so a saved session replays without the roster. Every die
is rolled inside `apply`, through the dice source the session passes, so a journal
replays exactly. An illegal action raises UserError before any die is rolled.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, ClassVar

from companion.dice.rolls import Roll
from companion.dice.sources import DiceSource, RollRequest
from companion.errors import UserError
from companion.rulesets.base import (
    Action,
    Choice,
    Due,
    Event,
    Outcome,
    Ruleset,
    SetupOption,
)
from companion.rulesets.battle import narrator, report
from companion.rulesets.battle import rolls as roll_log
from companion.rulesets.battle.actions import (
    GAME_TYPES,
    BattleAction,
    InitiativeAction,
    parse_action,
)
from companion.rulesets.battle.ai import decide
from companion.rulesets.battle.attack import plan_attack, resolve_attack
from companion.rulesets.battle.checks import check_battle_tables
from companion.rulesets.battle.clock import parse_time
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.events import (
    EyesCleared,
    InitiativeRolled,
    InitiativeTied,
    InitiativeWon,
    LeftLying,
    PickedUp,
    RetrieveRolled,
    Waited,
)
from companion.rulesets.battle.flow import Ctx, end_turn, finish, start_turn
from companion.rulesets.battle.health import (
    DueRoll,
    choose_fate,
    death_door,
    decline,
    due_roll,
    fate,
    focus,
    heal_dice,
    stay_conscious,
)
from companion.rulesets.battle.legal import ALLOWED, candidates, due_dice
from companion.rulesets.battle.odds import AttackOdds, odds_for_action
from companion.rulesets.battle.sheet import (
    GladiatorSheet,
    check_sheet,
    parse_sheet,
    skill_ranks,
    slug,
)
from companion.rulesets.battle.state import SIDES, BattleState, Fighter, LastTurn, due
from companion.rulesets.battle.trackers import tracker
from companion.rulesets.battle.words import action_words
from companion.tables.loader import TableSet


def _fit_to_fight(sheet: GladiatorSheet, now: str | None) -> bool:
    """Fit, or out of a coma that ended by `now` (times without a zone count as UTC)."""
    if sheet.status == "fit":
        return True
    if sheet.status != "coma" or not sheet.coma_until or now is None:
        return False
    return _utc(parse_time(now)) >= _utc(parse_time(sheet.coma_until))


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# How many TableSets' BattleTables one instance remembers: a session replays with
# the same TableSet every time, and a few sessions may be open at once.
_MEMO_SIZE = 8


class _WouldRoll(Exception):
    """Raised by `_Probe` at the first die: the action got past every check."""


class _Probe(DiceSource):
    """Dice for trying an action out: rules check everything before the first die,
    so reaching one means the action is legal."""

    def _draw(self, request: RollRequest) -> Sequence[int]:
        raise _WouldRoll


class BattleRules(Ruleset[BattleState]):
    """The Ruleset of the battle system. It keeps nothing but the BattleTables it
    built for the TableSets it was given."""

    id: ClassVar[str] = "battle"
    title: ClassVar[str] = "battle system"
    table_ids: ClassVar[tuple[str, ...]] = (
        "crit-slashing", "crit-bludgeoning", "crit-piercing", "insanity", "fate",
        "pool-attack", "pool-block", "pool-defence", "pool-stance", "pool-health",
        "pool-weapons", "pool-skill-costs", "pool-rules",
    )
    setup_options: ClassVar[tuple[SetupOption, ...]] = (
        SetupOption("sheets", help="the two gladiator sheets: paths, or names in the "
                    "roster folder", kind="path", positional=True, count=2,
                    metavar="SHEET"),
    )
    short_forms: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType({
        "attack": ("weapon",),
        "heal": ("dice",),
        "retrieve": ("item",),
        "stay_conscious": ("luck",),
        "death_door": ("luck",),
        "choose_fate": ("face",),
        "adjust_health": ("who", "op"),
        "spend_luck": ("who", "n"),
        "restore_luck": ("who", "n"),
        "spend_heal": ("who", "n"),
        "restore_heal": ("who", "n"),
        "ammo": ("who", "weapon", "op"),
        "set_stun": ("who", "stunned"),
        "place": ("who", "at"),
        # Its "keys" are a list, which a short form cannot give: type the action as
        # JSON to give them.
        "apply_entry": ("who", "table"),
    })
    opening: ClassVar[Mapping[str, Any] | None] = MappingProxyType(
        InitiativeAction(type="initiative"))
    opens_by_default: ClassVar[bool] = False

    def __init__(self) -> None:
        self._memo: list[tuple[TableSet, BattleTables]] = []
        self._checked: list[TableSet] = []

    def battle_tables(self, tables: TableSet) -> BattleTables:
        """The BattleTables over `tables`, the same object for the same TableSet."""
        for known, built in self._memo:
            if known is tables:
                return built
        built = BattleTables(tables)
        self._memo = [(tables, built), *self._memo[:_MEMO_SIZE - 1]]
        return built

    # --- the Ruleset -----------------------------------------------------------------
    def check_tables(self, tables: TableSet) -> None:
        # Every session checks its tables; the same tables need checking once.
        if any(known is tables for known in self._checked):
            return
        check_battle_tables(self.battle_tables(tables))
        self._checked = [tables, *self._checked[:_MEMO_SIZE - 1]]

    def new_state(self, setup: Mapping[str, Any], tables: TableSet) -> BattleState:
        if not isinstance(setup, Mapping) or any(side not in setup for side in SIDES):
            raise UserError('a duel\'s setup holds two sheets: {"a": ..., "b": ...}')
        t = self.battle_tables(tables)
        options = setup.get("options") or {}
        if not isinstance(options, Mapping):
            raise UserError("options: an object, like {\"started\": \"2025-05-01T20:00:00\"}")
        sheets = {side: parse_sheet(setup[side], f"sheet {side}", tables=t) for side in SIDES}
        started = options.get("started")
        if started is not None:
            if not isinstance(started, str):
                raise UserError("options.started: the time the duel began, as ISO text")
            parse_time(started)
        for side, sheet in sheets.items():
            check_sheet(sheet, t, f"sheet {side} ({sheet.name})")
            if not _fit_to_fight(sheet, started):
                raise UserError(f"{sheet.name} cannot fight: {sheet.status}"
                                + (f" until {sheet.coma_until}" if sheet.coma_until else ""))
        return BattleState(
            fighters={side: _fighter(t, side, sheets[side]) for side in SIDES},
            sheets={side: setup[side] for side in SIDES},
            tables=t,
            clock=started,
        )

    def parse_action(self, data: Any) -> Action:
        """The action as given, checked by the models of `actions`; only an `op` the
        command line's short form read as a number ("-7", "+3") is made text again."""
        if isinstance(data, Mapping):
            data = dict(data)
            op = data.get("op")
            if isinstance(op, int) and not isinstance(op, bool):
                data["op"] = f"{op:+d}"
        parse_action(data)
        return copy.deepcopy(data)

    def apply(self, state: BattleState, action: Mapping[str, Any], dice: DiceSource) -> Outcome:
        return Outcome(tuple(_apply(state, action, dice)))

    def due(self, state: BattleState) -> Due:
        step = due(state)
        choices = tuple(kind for kind in GAME_TYPES if kind in ALLOWED[step])
        return Due(step=step, who=state.turn, choices=choices, turn=state.turn_count,
                   computer=False, dice=due_dice(state, step))

    def legal_actions(self, state: BattleState) -> list[BattleAction]:
        """One action of each type open now, with defaults that pass the rules where
        some do (a weapon he holds, the luck No Fear of Death demands, ...)."""
        legal: list[BattleAction] = []
        for kind in self.due(state).choices:
            for candidate in candidates(state, kind):
                if _passes(state, candidate):
                    legal.append(candidate)
                    break
        return legal

    def summary(self, state: BattleState) -> dict[str, Any]:
        return state.summary()

    def rolls(self, state: BattleState, events: Sequence[Event]) -> list[Roll]:
        return roll_log.rolls(state, events)

    def narrate(self, state: BattleState, events: Sequence[Event]) -> list[str]:
        return narrator.narrate(state, events)

    earlier_words = narrator.EARLIER_WORDS

    def narrate_in(self, state: BattleState, events: Sequence[Event],
                   version: int) -> list[str]:
        return narrator.narrate(state, events, version)

    def describe(self, state: BattleState) -> list[str]:
        return narrator.describe(state)

    def turn_of(self, state: BattleState, event: Event) -> str | None:
        return report.turn_of(state, event)

    def report_sheets(self, state: BattleState) -> list[tuple[str, list[str]]]:
        return report.sheets(state)

    def report_outcome(self, state: BattleState, events: Sequence[Event]) -> list[str]:
        return report.outcome(state, events)

    def report_next(self, state: BattleState) -> str:
        return report.next_up(state, self.due(state).step)

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        names = options.get("sheets")
        if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 2:
            raise UserError("a duel is between two sheets: give SHEET SHEET")
        from companion.rulesets.battle.campaign import duel_sheet

        sheets = [duel_sheet(str(name)) for name in names]
        return {
            "a": sheets[0].model_dump(mode="json", exclude_none=True),
            "b": sheets[1].model_dump(mode="json", exclude_none=True),
            "options": {"started": datetime.now(UTC).isoformat(timespec="seconds")},
        }

    def new_setup(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        # What bars a gladiator now (a coma, a name to change, Brute Complex) bars only
        # a new duel: a saved one replays as it was played.
        from companion.rulesets.battle.fight_bars import refuse_unfit

        refuse_unfit(setup, BattleTables.load(), datetime.now(UTC))
        return dict(setup)

    def default_file(self, setup: Mapping[str, Any], now: datetime) -> str:
        """"hammer-rookie-vs-spear-rookie.json", as the duel's sheets are named."""
        names = [setup[side].get("name", side) if isinstance(setup.get(side), Mapping)
                 else side for side in SIDES]
        return f"{slug(str(names[0]))}-vs-{slug(str(names[1]))}.json"

    def stamp(self, action: Action, now: str) -> Action:
        # Comas, scars and insanities are dated by the time an action was taken.
        return action if "now" in action else {**action, "now": now}

    def choose(self, state: BattleState) -> Action | None:
        """The computer's choice for what is due (`ai.decide`): None once the battle is
        over, or when it has gone on past `ai.MAX_TURNS` turns."""
        decision = decide(state)
        return None if decision is None else decision.action

    def choice(self, state: BattleState) -> Choice | None:
        decision = decide(state)
        return None if decision is None else Choice(decision.action, decision.why)

    def odds(self, state: BattleState, action: Mapping[str, Any]) -> AttackOdds | None:
        if action.get("type", "attack") != "attack":
            return None
        return odds_for_action(state.tables, state,
                               {k: v for k, v in action.items() if k != "type"})

    # --- the battle's part of the contract: what its screens ask beyond `Ruleset` ------
    def due_roll(self, state: BattleState, who: str) -> DueRoll | None:
        """The roll `who` must make before his turn at his health below 0, in figures
        and words (`health.due_roll`); None at 0 or more and once the battle is over.
        The tracker cards and the status bar ask it of their session's ruleset, as
        they ask it for the computer's move and the odds."""
        return due_roll(state, who, state.tables)


# --- set-up ----------------------------------------------------------------------------------
def _fighter(t: BattleTables, side: str, sheet: GladiatorSheet) -> Fighter:
    skills = {row.key: skill_ranks(sheet, t, row.key) for row in t.skill_costs()
              if not row.per_weapon}
    weapons = {str(t.weapon(k).key): n for k, n in sheet.weapons.items()}
    carried = {str(t.weapon(k).key): n for k, n in sheet.carried.items()}
    ready = next((k for k in carried if t.weapon(k).thrown != "must"),
                 next(iter(carried), None))
    health = skills.get("health", 0)
    return Fighter(
        side=side, name=sheet.name, skills=skills, weapon_ranks=weapons,
        insanities=[(i.key, i.remembers) for i in sheet.insanities],
        total_fights=sheet.total_fights, max_health=health, health=health,
        luck=sheet.luck, heal_dice=skills.get("heal", 0), carried=carried,
        shield="held" if sheet.shield else "none", ready_weapon=ready,
    )


# --- what may be done -------------------------------------------------------------------
def _passes(state: BattleState, action: Action) -> bool:
    """Whether the rules take `action` now: tried on a copy until its first die."""
    try:
        _apply(copy.deepcopy(state), action, _Probe())
    except _WouldRoll:
        return True
    except UserError:
        return False
    return True


# --- carrying out an action ----------------------------------------------------------------
def _apply(state: BattleState, action: Mapping[str, Any], dice: DiceSource) -> list[Event]:
    parsed = parse_action(dict(action))
    if parsed.now is not None:
        parse_time(parsed.now)
    ctx = Ctx(state, state.tables, dice)
    if parsed.type not in GAME_TYPES:
        if parsed.now is not None:
            state.clock = parsed.now
        return tracker(ctx, parsed)
    step = due(state)
    if parsed.type not in ALLOWED[step]:
        raise UserError(_not_now(state, parsed.type, step))
    if (parsed.who is not None and state.turn is not None
            and state.fighter(parsed.who).side != state.turn):
        raise UserError(f"it is {state.current.name}'s turn, not {parsed.who}'s")
    if parsed.now is not None:
        state.clock = parsed.now
    if parsed.type == "initiative":
        return _initiative(ctx)
    f = state.current
    handlers = {
        "attack": lambda: resolve_attack(ctx, f, plan_attack(ctx, f, parsed)),
        "heal": lambda: heal_dice(ctx, f, parsed.dice),
        "retrieve": lambda: _retrieve(ctx, f, parsed.item),
        "clear_eyes": lambda: _clear_eyes(ctx, f),
        "focus": lambda: focus(ctx, f, parsed.keen_insight),
        "stay_conscious": lambda: stay_conscious(ctx, f, parsed.luck),
        "decline": lambda: decline(ctx, f),
        "death_door": lambda: death_door(ctx, f, parsed.luck),
        "fate": lambda: fate(ctx, f),
        "choose_fate": lambda: choose_fate(ctx, f, parsed.face),
        "quit": lambda: _quit(ctx, f),
        "wait": lambda: [Waited(f.side), *end_turn(ctx, f, LastTurn(kind="wait"))],
    }
    events: list[Event] = handlers[parsed.type]()
    return events


def _initiative(ctx: Ctx) -> list[Event]:
    a, b = (ctx.state.fighters[s] for s in SIDES)
    dice = {f.side: max(0, f.skill("initiative") + ctx.quirks(f).initiative_dice)
            for f in (a, b)}
    if not any(dice.values()):
        dice = {s: ctx.tables.initiative_floor for s in SIDES}
    events: list[Event] = []
    while True:
        rolls = {f.side: ctx.roll(f, dice[f.side], "initiative") for f in (a, b)}
        totals = {s: sum(r) for s, r in rolls.items()}
        events.append(InitiativeRolled(None, dice=dict(dice), faces=rolls, totals=totals))
        if totals["a"] != totals["b"]:
            break
        events.append(InitiativeTied(None))
    first = a if totals["a"] > totals["b"] else b
    a.initiative, b.initiative = totals["a"], totals["b"]
    ctx.state.phase = "fighting"
    events.append(InitiativeWon(first.side, totals=totals))
    return events + start_turn(ctx, first)


def _retrieve(ctx: Ctx, f: Fighter, item: str | None) -> list[Event]:
    lying = [k for k, n in f.dropped.items() if n > 0]
    if f.shield == "dropped":
        lying.append("shield")
    lodged = [k for k, n in f.lodged.items() if n > 0]
    if item is not None and item != "shield":
        item = str(ctx.tables.weapon(item).key)
    if (item in lodged and item not in lying) or (not lying and lodged):
        what = ctx.tables.weapon(item if item in lodged else lodged[0]).name
        raise UserError(f"{f.name}'s {what} is lodged in {ctx.state.opponent(f).name} for "
                        "the rest of the battle: it cannot be retrieved")
    named = ", ".join(_item_name(ctx, k) for k in lying)
    if not lying:
        raise UserError(f"{f.name} has nothing on the ground to pick up")
    if item is None:
        if len(lying) > 1:
            raise UserError(f"say which to pick up: {named}")
        item = lying[0]
    if item not in lying:
        raise UserError(f"{f.name} has no {_item_name(ctx, item)} on the ground; there lies "
                        f"his {named}")
    faces = ctx.roll(f, f.skill("retrieve-weapon"), "retrieve weapon")
    got = 6 in faces
    events: list[Event] = [RetrieveRolled(f.side, item=item, faces=tuple(faces), six=got)]
    if got:
        if item == "shield":
            f.shield = "held"
        else:
            f.dropped[item] -= 1
            f.carried[item] = f.carried.get(item, 0) + 1
        events.append(PickedUp(f.side, item=item))
    else:
        events.append(LeftLying(f.side, item=item))
    return events + end_turn(ctx, f, LastTurn(kind="retrieve"))


def _item_name(ctx: Ctx, key: str) -> str:
    return "shield" if key == "shield" else ctx.tables.weapon(key).name


def _clear_eyes(ctx: Ctx, f: Fighter) -> list[Event]:
    kept = [m for m in f.modifiers if m.duration != "until_cleared"]
    if len(kept) == len(f.modifiers):
        raise UserError(f"{f.name} has nothing in his eyes to clear")
    cleared = len(f.modifiers) - len(kept)
    f.modifiers = kept
    return [EyesCleared(f.side, cleared=cleared),
            *end_turn(ctx, f, LastTurn(kind="clear_eyes"))]


def _quit(ctx: Ctx, f: Fighter) -> list[Event]:
    if f.must_win_or_die:
        raise UserError(f"{f.name} must win or die: he cannot quit")
    if due(ctx.state) == "stay_conscious" and ctx.quirks(f).must_try_to_stay_conscious:
        raise UserError(f"{f.name} must try to stay conscious (his insanity says so)")
    return finish(ctx, f, "quits")


def _not_now(state: BattleState, kind: str, step: str) -> str:
    if step == "over":
        return "the battle is over"
    if step == "initiative":
        return "roll initiative first"
    who = state.current.name
    wanted = [action_words(k) for k in GAME_TYPES if k in ALLOWED[step]]
    may = ", ".join(wanted[:-1]) + f" or {wanted[-1]}" if len(wanted) > 1 else wanted[0]
    return f"{who} cannot {action_words(kind)} now: next is {narrator.due_words(step)} " \
           f"(he may {may})"
