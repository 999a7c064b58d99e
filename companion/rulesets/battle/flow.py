"""The flow of a duel: the context an action runs in, dice with luck, health changes,
the start and end of turns, and the end of the battle. Every function that changes
the state returns the events of what happened (`narrator` words them)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.hexgrid import Board
from companion.dice.sources import DiceSource, roll_d66
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.events import (
    BattleOver,
    Bled,
    ClungOn,
    Died,
    DiedOfWounds,
    Healed,
    How,
    InsanityRolled,
    LuckSettled,
    Stunned,
    StunResisted,
    TurnBegan,
    TurnLost,
    WillToLive,
    Wounded,
)
from companion.rulesets.battle.quirks import Quirks, quirks_of
from companion.rulesets.battle.results import write_sheets
from companion.rulesets.battle.state import BattleState, Fighter, LastTurn, Result
from companion.rulesets.battle.words import dice_count


@dataclass
class Ctx:
    """One action being applied: the state it changes, the tables, the dice."""

    state: BattleState
    tables: BattleTables
    dice: DiceSource

    def quirks(self, f: Fighter) -> Quirks:
        return quirks_of(self.tables, f.insanities)

    def roll(self, f: Fighter, count: int, purpose: str) -> list[int]:
        """Roll `count` d6 for him; no record at all for an empty pool."""
        if count <= 0:
            return []
        return list(self.dice.d6(count, purpose=purpose, roller=f.name).faces)

    def today(self) -> str:
        return self.state.clock[:10] if self.state.clock else ""

    @staticmethod
    def board() -> Board:
        """The hex board a duel may be positioned on: the arena's 10 x 12."""
        return Board()


# --- luck ------------------------------------------------------------------------------
def check_luck(ctx: Ctx, f: Fighter, luck: int) -> None:
    """Raise unless he may add `luck` luck dice to a roll now."""
    if luck < 0:
        raise UserError("luck dice cannot be negative")
    if luck and ctx.quirks(f).no_luck:
        raise UserError(f"{f.name} can never use luck (Born Loser Complex)")
    if luck > f.luck:
        raise UserError(f"{f.name} has {dice_count(f.luck, 'luck')} left, not {luck}")


def settle_luck(ctx: Ctx, f: Fighter, faces: list[int]) -> tuple[int, int] | None:
    """After the roll each luck die showing the threshold or less is lost; the rest
    return to his pool. What became of them (lost, left), None without luck dice."""
    if not faces:
        return None
    limit = ctx.quirks(f).luck_lost_at_or_below or ctx.tables.luck_lost_at_or_below
    lost = sum(1 for face in faces if face <= limit)
    f.luck -= lost
    return lost, f.luck


def luck_settled(ctx: Ctx, f: Fighter, faces: list[int]) -> list[Event]:
    """`settle_luck` as an event of its own (the luck dice of an attack or defence)."""
    settled = settle_luck(ctx, f, faces)
    if settled is None:
        return []
    lost, left = settled
    return [LuckSettled(f.side, faces=tuple(faces), lost=lost, left=left)]


# --- health ------------------------------------------------------------------------------
def set_health(ctx: Ctx, f: Fighter, value: int) -> list[Event]:
    """Change his health and its band on the tracker; at the band 'dead' he dies and
    the battle ends."""
    f.health = value
    f.health_stage = "fine" if value >= 0 else ctx.tables.health(value).stage
    if f.health_stage == "dead" and ctx.state.phase != "over":
        return [Died(f.side, health=value), *finish(ctx, f, "killed", dead=True)]
    return []


def heal(ctx: Ctx, f: Fighter, amount: int) -> list[Event]:
    """Heal up to his full HEALTH [house: healing never passes it]."""
    healed = max(0, min(amount, f.max_health - f.health))
    events: list[Event] = [Healed(f.side, amount=healed, uncapped=amount,
                                  health=f.health + healed)]
    events += set_health(ctx, f, f.health + healed)
    return events


def wound(ctx: Ctx, f: Fighter, damage: int, by_weapon: str | None) -> list[Event]:
    """Damage from a hit; Will to Live wakes him up from a big one."""
    if damage <= 0:
        return []
    f.wounded = True
    if by_weapon:
        f.last_hit_by = by_weapon
    events: list[Event] = [Wounded(f.side, damage=damage, health=f.health - damage,
                                   weapon=by_weapon)]
    threshold = ctx.quirks(f).awake_after_hit_of
    if threshold is not None and damage >= threshold and not f.awake:
        f.awake, f.stunned, f.stun_turns = True, False, 0
        events.append(WillToLive(f.side, damage=damage))
    return events + set_health(ctx, f, f.health - damage)


def stun(f: Fighter, turns: int = 1) -> list[Event]:
    if f.awake:
        return [StunResisted(f.side)]
    f.stunned = True
    f.stun_turns = max(f.stun_turns, turns)
    return [Stunned(f.side, turns=f.stun_turns)]


# --- turns ---------------------------------------------------------------------------------
def start_turn(ctx: Ctx, f: Fighter) -> list[Event]:
    """His turn begins: bleeding and Life Line happen before anything else."""
    state = ctx.state
    state.turn = f.side
    state.turn_count += 1
    f.health_checked = False
    f.focused = False
    events: list[Event] = [TurnBegan(f.side, turn=state.turn_count, health=f.health)]
    q = ctx.quirks(f)
    if q.bleeds_per_turn and f.wounded:
        events.append(Bled(f.side, amount=q.bleeds_per_turn,
                           health=f.health - q.bleeds_per_turn))
        events += set_health(ctx, f, f.health - q.bleeds_per_turn)
    if state.phase == "fighting" and q.life_line and f.health < 0:
        events.append(ClungOn(f.side, amount=q.life_line, health=f.health + q.life_line))
        events += set_health(ctx, f, f.health + q.life_line)
    return events


def end_turn(ctx: Ctx, f: Fighter, last: LastTurn) -> list[Event]:
    """He has acted (or lost his turn): the other gladiator's turn begins."""
    f.last_turn = last
    if ctx.state.phase != "fighting":
        return []
    return start_turn(ctx, ctx.state.opponent(f))


def lose_turn_to_stun(ctx: Ctx, f: Fighter) -> list[Event]:
    """A stunned gladiator who does not focus loses his turn; the stun then ends,
    unless it was for more rounds."""
    if f.stun_turns > 1:
        f.stun_turns -= 1
        events: list[Event] = [TurnLost(f.side, still_stunned=True, stun_turns=f.stun_turns)]
    else:
        f.stunned, f.stun_turns = False, 0
        events = [TurnLost(f.side, still_stunned=False, stun_turns=0)]
    return events + end_turn(ctx, f, LastTurn(kind="stunned"))


# --- insanity and the end ---------------------------------------------------------------------
def gain_insanity(ctx: Ctx, f: Fighter) -> list[Event]:
    """Roll d66 on the insanity table and note it for his sheet."""
    key, record = roll_d66(ctx.dice, purpose="insanity", roller=f.name)
    entry = ctx.tables.insanity(key)
    remembers = None
    if entry.remembers == "weapon":
        remembers = f.last_hit_by
    elif entry.remembers == "weapon_class" and f.last_hit_by:
        remembers = ctx.tables.weapon(f.last_hit_by).weapon_class
    f.changes.insanities.append({
        "key": key, "name": entry.name, "permanent": entry.permanent,
        "remembers": remembers, "gained": ctx.today(),
    })
    return [InsanityRolled(f.side, faces=tuple(record.faces), key=key,
                           permanent=entry.permanent, remembers=remembers)]


def finish(ctx: Ctx, loser: Fighter, how: How, *, dead: bool = False) -> list[Event]:
    """The battle is over: who won, who died, the kills, and the sheets written."""
    state = ctx.state
    winner = state.opponent(loser)
    state.phase = "over"
    state.turn = None
    result = Result(winner=winner.side, loser=loser.side, how=how)
    events: list[Event] = [BattleOver(winner.side, loser=loser.side, how=how)]
    if not dead and (loser.dies_unless_wins or loser.must_win_or_die):
        dead = True
        events.append(DiedOfWounds(loser.side))
    if dead:
        result.dead.append(loser.side)
        result.kills[winner.side] = 1
    if winner.insanity_if_wins:
        events += gain_insanity(ctx, winner)
    state.result = result
    state.sheets_after = write_sheets(state, ctx.tables)
    return events
