"""Health below 0 (the roll to stay conscious, death's door, the fate roll), heal
dice and the focus roll out of a stun."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from companion.errors import UserError
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.duel import BattleState, Fighter, LastTurn
from companion.rulesets.battle.flow import (
    Ctx,
    check_luck,
    end_turn,
    finish,
    gain_insanity,
    heal,
    lose_turn_to_stun,
    settle_luck,
    show,
    stun,
)
from companion.rulesets.battle.pools import count_sixes
from companion.rulesets.battle.quirks import quirks_of
from companion.tables.effects import Coma, Heal, Insanity, StayConsciousRoll, TakesTurn


@dataclass(frozen=True)
class DueRoll:
    """The roll a gladiator below 0 makes before his turn, for the tracker cards."""

    stage: str  # struggling, deaths-door, weakly-alive, dead
    dice: int
    luck: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _dice_word(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def due_roll(state: BattleState, who: str, tables: BattleTables | None = None) -> DueRoll | None:
    """What he must roll before his turn at his health, in words and figures
    ("struggling: roll 4 dice for a 6"); None at 0 health or more."""
    tables = tables or BattleTables.load()
    f = state.fighter(who)
    luck = 0 if quirks_of(tables, f.insanities).no_luck else f.luck
    if f.weak_roll_dice is not None:
        n = f.weak_roll_dice
        return DueRoll("weakly-alive", n, luck,
                       f"weakly alive: roll {_dice_word(n)} for a 6 to stay conscious")
    if f.health >= 0:
        return None
    band = tables.health(f.health)
    if band.stage == "dead":
        return DueRoll("dead", 0, 0, "dead")
    n = band.dice_for(f.health, f.total_fights)
    if band.stage == "deaths-door":
        n += quirks_of(tables, f.insanities).deaths_door_dice
        extra = "" if n else " (no dice: only luck can save him)"
        return DueRoll("deaths-door", n, luck,
                       f"at death's door: roll {_dice_word(n)} for a 6 or die{extra}")
    return DueRoll("struggling", n, luck,
                   f"struggling: roll {_dice_word(n)} for a 6 to stay conscious")


def _roll_for_a_six(ctx: Ctx, f: Fighter, dice: int, luck: int, purpose: str) -> tuple[bool, str]:
    faces = ctx.roll(f, dice, purpose)
    luck_faces = ctx.roll(f, luck, f"{purpose} (luck)")
    ok = count_sixes(faces + luck_faces) >= 1
    text = f"{show(faces)}" + (f" + luck {show(luck_faces)}" if luck_faces else "")
    ctx_lines = settle_luck(ctx, f, luck_faces)
    return ok, "; ".join([text, *ctx_lines])


def _due_roll_for_a_six(ctx: Ctx, f: Fighter, luck: int, purpose: str) -> tuple[bool, str]:
    """The roll below 0 that is due, with the luck he declares (No Fear of Death: all
    of it)."""
    check_luck(ctx, f, luck)
    if ctx.quirks(f).must_use_all_luck and luck != f.luck:
        raise UserError(f"{f.name} must use all his luck ({f.luck}) for the {purpose} "
                        "roll (No Fear of Death)")
    roll = due_roll(ctx.state, f.side, ctx.tables)
    assert roll is not None
    return _roll_for_a_six(ctx, f, roll.dice, luck, purpose)


def stay_conscious(ctx: Ctx, f: Fighter, luck: int) -> list[str]:
    ok, text = _due_roll_for_a_six(ctx, f, luck, "stay conscious")
    if not ok:
        return [f"{f.name} tries to stay conscious: {text}: no 6.",
                *finish(ctx, f, "falls unconscious")]
    f.health_checked = True
    f.weak_roll_dice = None
    return [f"{f.name} tries to stay conscious: {text}: he stays on his feet."]


def decline(ctx: Ctx, f: Fighter) -> list[str]:
    if ctx.quirks(f).must_try_to_stay_conscious:
        raise UserError(f"{f.name} must try to stay conscious (his insanity says so)")
    return [f"{f.name} lets himself drop.", *finish(ctx, f, "gives in and drops")]


def death_door(ctx: Ctx, f: Fighter, luck: int) -> list[str]:
    ok, text = _due_roll_for_a_six(ctx, f, luck, "death's door")
    if not ok:
        return [f"{f.name} at death's door: {text}: no 6.",
                *finish(ctx, f, "dies at death's door", dead=True)]
    f.health_checked = True
    f.pending_fate = True
    return [f"{f.name} at death's door: {text}: he lives; now the fate roll."]


def fate(ctx: Ctx, f: Fighter) -> list[str]:
    if ctx.state.clock is None:
        raise UserError("the fate roll needs the time (a coma lasts a day): give 'now', "
                        "an ISO time")
    rolls = max(1, ctx.quirks(f).fate_rolls)
    faces = ctx.roll(f, rolls, "fate")
    f.pending_fate = False
    if len(faces) > 1:
        f.fate_choices = faces
        return [f"{f.name} is blessed: fate rolls {show(faces)}; he picks one."]
    return apply_fate(ctx, f, faces[0])


def choose_fate(ctx: Ctx, f: Fighter, face: int) -> list[str]:
    if face not in f.fate_choices:
        raise UserError(f"{f.name} rolled {show(f.fate_choices)}; pick one of those")
    f.fate_choices = []
    return apply_fate(ctx, f, face)


def apply_fate(ctx: Ctx, f: Fighter, face: int, *, roll_insanity: bool = True) -> list[str]:
    """Carry out a fate entry. Without `roll_insanity` (a paper roll applied from the
    table browser) an insanity is left for the players to roll and apply."""
    entry = ctx.tables.fate(face)
    if ctx.state.clock is None and any(isinstance(e, Coma) for e in entry.effects):
        raise UserError("a coma lasts a day from now: give 'now', an ISO time")
    lines = [f"{f.name}'s fate: {face}: {entry.description}"]
    f.health_checked = True
    kinds = {effect.type for effect in entry.effects}
    if "conscious" in kinds and "stun" not in kinds and "loses" not in kinds:
        # "Conscious and not stunned": the outcomes that wake him clear a stun.
        f.stunned, f.stun_turns, f.no_focus_turns = False, 0, 0
    loses = False
    for effect in entry.effects:
        if isinstance(effect, Heal):
            lines += heal(ctx, f, effect.amount)
        elif effect.type == "stun":
            lines += stun(f)
            f.focused = False
        elif isinstance(effect, StayConsciousRoll):
            f.weak_roll_dice = effect.dice
        elif isinstance(effect, Coma):
            f.changes.coma_hours = effect.hours
        elif isinstance(effect, Insanity):
            if effect.when:
                f.insanity_if_wins = True
            elif roll_insanity:
                lines += gain_insanity(ctx, f)
            else:
                lines.append(f"{f.name} gains an insanity: roll it and apply the entry.")
        elif effect.type == "must_win_or_die" or (
                isinstance(effect, TakesTurn) and not effect.may_quit):
            f.must_win_or_die = True
        elif effect.type == "loses":
            loses = True
    if loses and ctx.state.phase != "over":
        how = "falls into a coma" if f.changes.coma_hours else "falls unconscious"
        lines += finish(ctx, f, how)
    return lines


def heal_dice(ctx: Ctx, f: Fighter, count: int) -> list[str]:
    if count < 1:
        raise UserError("roll at least 1 heal die")
    if count > f.heal_dice:
        raise UserError(f"{f.name} has {f.heal_dice} heal dice left, not {count}")
    table = ctx.quirks(f).improved_heal or ctx.tables.heal_per_face
    faces = ctx.roll(f, count, "heal")
    f.heal_dice -= count
    amount = sum(table.get(face, 0) for face in faces)
    lines = [f"{f.name} rolls {count} heal dice: {show(faces)} = {amount} "
             f"({f.heal_dice} left)."]
    lines += heal(ctx, f, amount)
    return lines + end_turn(ctx, f, LastTurn(kind="heal"))


def focus(ctx: Ctx, f: Fighter, keen_insight: bool) -> list[str]:
    q = ctx.quirks(f)
    if keen_insight and (not q.keen_insight or "keen_insight" in f.used_once):
        raise UserError(f"{f.name} has no Keen Insight to use this battle")
    if f.no_focus_turns > 0:
        f.no_focus_turns -= 1
        return [f"{f.name} may not focus this turn.", *lose_turn_to_stun(ctx, f)]
    dice = f.skill("focus")
    if keen_insight:
        f.used_once.append("keen_insight")
        dice += q.keen_insight
    needed = q.focus_sixes or ctx.tables.focus_sixes
    faces = ctx.roll(f, dice, "focus")
    if count_sixes(faces) >= needed:
        f.stunned, f.stun_turns, f.focused = False, 0, True
        return [f"{f.name} focuses: {show(faces)}: he shakes off the stun and acts."]
    return [f"{f.name} tries to focus: {show(faces)}: not enough 6s.",
            *lose_turn_to_stun(ctx, f)]
