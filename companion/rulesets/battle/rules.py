"""`BattleRules`: the dice-pool battle system as a session Ruleset (id "battle").

Setup: {"a": SHEET, "b": SHEET, "options": {"started": ISO time}} with the two
gladiator sheets inline, so a saved session replays without the roster. Every die
is rolled inside `apply`, through the dice source the session passes, so a journal
replays exactly. An illegal action raises UserError before any die is rolled.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from companion.dice import DiceSource
from companion.errors import UserError
from companion.rulesets.battle.actions import GAME_TYPES, parse_action
from companion.rulesets.battle.attack import plan_attack, resolve_attack
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.duel import SIDES, BattleState, Fighter, LastTurn, due
from companion.rulesets.battle.flow import Ctx, end_turn, finish, parse_time, show, start_turn
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
from companion.rulesets.battle.sheet import (
    GladiatorSheet,
    check_sheet,
    parse_sheet,
    skill_ranks,
)
from companion.rulesets.battle.trackers import tracker


def _fit_to_fight(sheet: GladiatorSheet, now: str | None) -> bool:
    """Fit, or out of a coma that ended by `now` (times without a zone count as UTC)."""
    if sheet.status == "fit":
        return True
    if sheet.status != "coma" or not sheet.coma_until or now is None:
        return False
    return _utc(parse_time(now)) >= _utc(parse_time(sheet.coma_until))


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# Which game actions may be taken when each thing is due.
_ALLOWED = {
    "initiative": {"initiative"},
    "fate": {"fate"},
    "fate_choice": {"choose_fate"},
    "stay_conscious": {"stay_conscious", "decline", "quit"},
    "death_door": {"death_door"},
    "focus": {"focus", "quit"},
    "act": {"attack", "heal", "retrieve", "clear_eyes", "wait", "quit"},
    "over": set(),
}


class BattleRules:
    """The Ruleset of the battle system. `tables` defaults to the built-in tables
    with the user's overrides."""

    id = "battle"

    def __init__(self, tables: BattleTables | None = None) -> None:
        self.tables = tables or BattleTables.load()

    # --- the Ruleset protocol ------------------------------------------------------
    def new_state(self, setup: dict[str, Any]) -> BattleState:
        if not isinstance(setup, dict) or any(side not in setup for side in SIDES):
            raise UserError('a duel\'s setup holds two sheets: {"a": ..., "b": ...}')
        options = setup.get("options") or {}
        sheets = {side: parse_sheet(setup[side], f"sheet {side}") for side in SIDES}
        started = options.get("started")
        if started is not None:
            parse_time(started)
        for side, sheet in sheets.items():
            check_sheet(sheet, self.tables, f"sheet {side} ({sheet.name})")
            if not _fit_to_fight(sheet, started):
                raise UserError(f"{sheet.name} cannot fight: {sheet.status}"
                                + (f" until {sheet.coma_until}" if sheet.coma_until else ""))
        return BattleState(
            fighters={side: self._fighter(side, sheets[side]) for side in SIDES},
            sheets={side: setup[side] for side in SIDES},
            clock=started,
        )

    def apply(self, state: BattleState, action: dict[str, Any], dice: DiceSource) -> list[str]:
        parsed = parse_action(action)
        if parsed.now is not None:
            parse_time(parsed.now)
        ctx = Ctx(state, self.tables, dice)
        if parsed.type not in GAME_TYPES:
            if parsed.now is not None:
                state.clock = parsed.now
            return tracker(ctx, parsed)
        step = due(state)
        if parsed.type not in _ALLOWED[step]:
            raise UserError(self._not_now(state, parsed.type, step))
        if (parsed.who is not None and state.turn is not None
                and state.fighter(parsed.who).side != state.turn):
            raise UserError(f"it is {state.current.name}'s turn, not {parsed.who}'s")
        if parsed.now is not None:
            state.clock = parsed.now
        if parsed.type == "initiative":
            return self._initiative(ctx)
        f = state.current
        handlers = {
            "attack": lambda: resolve_attack(ctx, f, plan_attack(ctx, f, parsed)),
            "heal": lambda: heal_dice(ctx, f, parsed.dice),
            "retrieve": lambda: self._retrieve(ctx, f, parsed.item),
            "clear_eyes": lambda: self._clear_eyes(ctx, f),
            "focus": lambda: focus(ctx, f, parsed.keen_insight),
            "stay_conscious": lambda: stay_conscious(ctx, f, parsed.luck),
            "decline": lambda: decline(ctx, f),
            "death_door": lambda: death_door(ctx, f, parsed.luck),
            "fate": lambda: fate(ctx, f),
            "choose_fate": lambda: choose_fate(ctx, f, parsed.face),
            "quit": lambda: self._quit(ctx, f),
            "wait": lambda: [f"{f.name} waits.", *end_turn(ctx, f, LastTurn(kind="wait"))],
        }
        return handlers[parsed.type]()

    # --- for the UI -------------------------------------------------------------------
    def due_roll(self, state: BattleState, who: str) -> DueRoll | None:
        return due_roll(state, who, self.tables)

    # --- set-up ---------------------------------------------------------------------------
    def _fighter(self, side: str, sheet: GladiatorSheet) -> Fighter:
        t = self.tables
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

    # --- actions ----------------------------------------------------------------------------
    def _initiative(self, ctx: Ctx) -> list[str]:
        a, b = (ctx.state.fighters[s] for s in SIDES)
        dice = {f.side: max(0, f.skill("initiative") + ctx.quirks(f).initiative_dice)
                for f in (a, b)}
        if not any(dice.values()):
            dice = {s: ctx.tables.initiative_floor for s in SIDES}
        lines = []
        while True:
            rolls = {f.side: ctx.roll(f, dice[f.side], "initiative") for f in (a, b)}
            totals = {s: sum(r) for s, r in rolls.items()}
            lines.append(" vs ".join(f"{f.name} {show(rolls[f.side])} = {totals[f.side]}"
                                     for f in (a, b)))
            if totals["a"] != totals["b"]:
                break
            lines.append("a tie: both roll again")
        first = a if totals["a"] > totals["b"] else b
        a.initiative, b.initiative = totals["a"], totals["b"]
        ctx.state.phase = "fighting"
        lines.append(f"{first.name} wins the initiative and attacks first.")
        return lines + start_turn(ctx, first)

    def _retrieve(self, ctx: Ctx, f: Fighter, item: str | None) -> list[str]:
        lying = [k for k, n in f.dropped.items() if n > 0]
        if f.shield == "dropped":
            lying.append("shield")
        if not lying:
            raise UserError(f"{f.name} has nothing on the ground to pick up")
        if item is None:
            if len(lying) > 1:
                raise UserError(f"say which to pick up: {', '.join(lying)}")
            item = lying[0]
        elif item != "shield":
            item = str(ctx.tables.weapon(item).key)
        if item not in lying:
            raise UserError(f"{f.name} has no {item} on the ground ({', '.join(lying)})")
        faces = ctx.roll(f, f.skill("retrieve-weapon"), "retrieve weapon")
        lines = [f"{f.name} reaches for his {item}: {show(faces)}"]
        if 6 in faces:
            if item == "shield":
                f.shield = "held"
            else:
                f.dropped[item] -= 1
                f.carried[item] = f.carried.get(item, 0) + 1
            lines.append(f"{f.name} picks up his {item}.")
        else:
            lines.append("no 6: it stays where it lies.")
        return lines + end_turn(ctx, f, LastTurn(kind="retrieve"))

    def _clear_eyes(self, ctx: Ctx, f: Fighter) -> list[str]:
        kept = [m for m in f.modifiers if m.duration != "until_cleared"]
        if len(kept) == len(f.modifiers):
            raise UserError(f"{f.name} has nothing in his eyes to clear")
        f.modifiers = kept
        return [f"{f.name} gives up his attack to clear his eyes.",
                *end_turn(ctx, f, LastTurn(kind="clear_eyes"))]

    def _quit(self, ctx: Ctx, f: Fighter) -> list[str]:
        if f.must_win_or_die:
            raise UserError(f"{f.name} must win or die: he cannot quit")
        if due(ctx.state) == "stay_conscious" and ctx.quirks(f).must_try_to_stay_conscious:
            raise UserError(f"{f.name} must try to stay conscious (his insanity says so)")
        return finish(ctx, f, "quits")

    def _not_now(self, state: BattleState, kind: str, step: str) -> str:
        if step == "over":
            return "the battle is over"
        if step == "initiative":
            return "roll initiative first"
        who = state.current.name
        wanted = ", ".join(sorted(_ALLOWED[step]))
        return f"{who} cannot {kind.replace('_', ' ')} now: {step.replace('_', ' ')} is due " \
               f"({wanted})"
