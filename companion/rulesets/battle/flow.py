"""The flow of a duel: the context an action runs in, dice with luck, health changes,
the start and end of turns, and the end of the battle."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from companion.dice import DiceSource, roll_d66
from companion.errors import UserError
from companion.hexgrid import Board
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.duel import BattleState, Fighter, LastTurn, Result
from companion.rulesets.battle.quirks import Quirks, quirks_of


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


def parse_time(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise UserError(f"'{text}' is not an ISO time like 2025-03-01T20:15:00") from None


# --- luck ------------------------------------------------------------------------------
def check_luck(ctx: Ctx, f: Fighter, luck: int) -> None:
    """Raise unless he may add `luck` luck dice to a roll now."""
    if luck < 0:
        raise UserError("luck dice cannot be negative")
    if luck and ctx.quirks(f).no_luck:
        raise UserError(f"{f.name} can never use luck (Born Loser Complex)")
    if luck > f.luck:
        raise UserError(f"{f.name} has {f.luck} luck dice left, not {luck}")


def settle_luck(ctx: Ctx, f: Fighter, faces: list[int]) -> list[str]:
    """After the roll each luck die showing the threshold or less is lost; the rest
    return to his pool."""
    if not faces:
        return []
    limit = ctx.quirks(f).luck_lost_at_or_below or ctx.tables.luck_lost_at_or_below
    lost = sum(1 for face in faces if face <= limit)
    f.luck -= lost
    kept = len(faces) - lost
    return [f"{f.name}'s luck dice {_faces(faces)}: {lost} lost, {kept} back "
            f"({f.luck} left)"]


def _faces(faces: list[int]) -> str:
    return " ".join(map(str, faces)) if faces else "-"


def show(faces: list[int]) -> str:
    return _faces(faces)


# --- health ------------------------------------------------------------------------------
def set_health(ctx: Ctx, f: Fighter, value: int) -> list[str]:
    """Change his health and its band on the tracker; at the band 'dead' he dies and
    the battle ends."""
    f.health = value
    f.health_stage = "fine" if value >= 0 else ctx.tables.health(value).stage
    if f.health_stage == "dead" and ctx.state.phase != "over":
        return [f"{f.name} is at {value}: dead.",
                *finish(ctx, f, "killed", dead=True)]
    return []


def heal(ctx: Ctx, f: Fighter, amount: int) -> list[str]:
    """Heal up to his full HEALTH [house: healing never passes it]."""
    healed = max(0, min(amount, f.max_health - f.health))
    lines = [f"{f.name} heals {healed} (health {f.health + healed})."]
    lines += set_health(ctx, f, f.health + healed)
    return lines


def wound(ctx: Ctx, f: Fighter, damage: int, by_weapon: str | None) -> list[str]:
    """Damage from a hit; Will to Live wakes him up from a big one."""
    if damage <= 0:
        return []
    f.wounded = True
    if by_weapon:
        f.last_hit_by = by_weapon
    lines = [f"{f.name} takes {damage} damage (health {f.health - damage})."]
    threshold = ctx.quirks(f).awake_after_hit_of
    if threshold is not None and damage >= threshold and not f.awake:
        f.awake, f.stunned, f.stun_turns = True, False, 0
        lines.append(f"{f.name}'s will to live snaps him into focus: no more stuns.")
    return lines + set_health(ctx, f, f.health - damage)


def stun(f: Fighter, turns: int = 1) -> list[str]:
    if f.awake:
        return [f"{f.name} cannot be stunned."]
    f.stunned = True
    f.stun_turns = max(f.stun_turns, turns)
    return [f"{f.name} is stunned."]


# --- turns ---------------------------------------------------------------------------------
def start_turn(ctx: Ctx, f: Fighter) -> list[str]:
    """His turn begins: bleeding and Life Line happen before anything else."""
    state = ctx.state
    state.turn = f.side
    state.turn_count += 1
    f.health_checked = False
    f.focused = False
    lines = [f"-- turn {state.turn_count}: {f.name} (health {f.health}) --"]
    q = ctx.quirks(f)
    if q.bleeds_per_turn and f.wounded:
        lines.append(f"{f.name} bleeds (Thin Blooded).")
        lines += set_health(ctx, f, f.health - q.bleeds_per_turn)
    if state.phase == "fighting" and q.life_line and f.health < 0:
        lines.append(f"{f.name} clings on (Life Line): +{q.life_line} health.")
        lines += set_health(ctx, f, f.health + q.life_line)
    return lines


def end_turn(ctx: Ctx, f: Fighter, last: LastTurn) -> list[str]:
    """He has acted (or lost his turn): the other gladiator's turn begins."""
    f.last_turn = last
    if ctx.state.phase != "fighting":
        return []
    return start_turn(ctx, ctx.state.opponent(f))


def lose_turn_to_stun(ctx: Ctx, f: Fighter) -> list[str]:
    """A stunned gladiator who does not focus loses his turn; the stun then ends,
    unless it was for more rounds."""
    if f.stun_turns > 1:
        f.stun_turns -= 1
        lines = [f"{f.name} loses his turn and stays stunned."]
    else:
        f.stunned, f.stun_turns = False, 0
        lines = [f"{f.name} loses his turn; the stun ends."]
    return lines + end_turn(ctx, f, LastTurn(kind="stunned"))


# --- insanity and the end ---------------------------------------------------------------------
def gain_insanity(ctx: Ctx, f: Fighter) -> list[str]:
    """Roll d66 on the insanity table and note it for his sheet."""
    key, _ = roll_d66(ctx.dice, purpose="insanity", roller=f.name)
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
    kind = "permanent" if entry.permanent else "temporary"
    return [f"{f.name} rolls {key // 10}-{key % 10} for insanity: {entry.name} ({kind})."]


def finish(ctx: Ctx, loser: Fighter, how: str, *, dead: bool = False) -> list[str]:
    """The battle is over: who won, who died, the kills, and the sheets written."""
    from companion.rulesets.battle.results import write_sheets

    state = ctx.state
    winner = state.opponent(loser)
    state.phase = "over"
    state.turn = None
    result = Result(winner=winner.side, loser=loser.side, how=how)
    lines = [f"{winner.name} wins: {loser.name} {how}."]
    if not dead and (loser.dies_unless_wins or loser.must_win_or_die):
        dead = True
        lines.append(f"{loser.name} did not win, and dies of his wounds.")
    if dead:
        result.dead.append(loser.side)
        result.kills[winner.side] = 1
    if winner.insanity_if_wins:
        lines += gain_insanity(ctx, winner)
    state.result = result
    state.sheets_after = write_sheets(state, ctx.tables)
    return lines
