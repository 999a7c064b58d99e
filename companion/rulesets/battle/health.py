"""Health below 0 (the roll to stay conscious, death's door, the fate roll), heal
dice and the focus roll out of a stun."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.battle import narrator
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.events import (
    DeathDoorRolled,
    Declined,
    FateApplied,
    FateChoicesRolled,
    FocusBarred,
    FocusRolled,
    HealRolled,
    How,
    InsanityDue,
    RolledForASix,
    StayConsciousRolled,
)
from companion.rulesets.battle.flow import (
    Ctx,
    check_luck,
    end_turn,
    finish,
    gain_insanity,
    heal,
    lose_turn_to_stun,
    settle_luck,
    stun,
)
from companion.rulesets.battle.pools import below_zero_roll, count_sixes
from companion.rulesets.battle.state import BattleState, Fighter, LastTurn
from companion.rulesets.battle.words import dice_count
from companion.tables.effects import (
    Coma,
    Conscious,
    Heal,
    Insanity,
    StayConsciousRoll,
    TakesTurn,
)


@dataclass(frozen=True)
class DueRoll:
    """The roll a gladiator below 0 makes before his turn, for the tracker cards."""

    stage: str  # struggling, deaths-door, weakly-alive, dead
    dice: int
    luck: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def due_roll(state: BattleState, who: str, tables: BattleTables) -> DueRoll | None:
    """What he must roll before his turn at his health, in figures and in the
    narrator's words ("struggling: roll 4 dice for a 6"); None at 0 health or more,
    and once the battle is over."""
    if state.phase == "over":
        return None  # the battle is over: nobody rolls for anything now
    roll = below_zero_roll(state.fighter(who), tables)
    if roll is None:
        return None
    stage, dice, luck = roll
    return DueRoll(stage, dice, luck, narrator.due_roll_text(stage, dice))


def _roll_for_a_six(ctx: Ctx, f: Fighter, dice: int, luck: int, purpose: str,
                    kind: type[RolledForASix]) -> RolledForASix:
    """A roll for one 6 of `kind`: the dice, and what became of the luck dice."""
    faces = ctx.roll(f, dice, purpose)
    luck_faces = ctx.roll(f, luck, f"{purpose} (luck)")
    ok = count_sixes(faces + luck_faces) >= 1
    lost, left = settle_luck(ctx, f, luck_faces) or (None, None)
    return kind(f.side, dice=dice, faces=tuple(faces), luck_faces=tuple(luck_faces),
                luck_lost=lost, luck_left=left, saved=ok)


def _due_roll_for_a_six(ctx: Ctx, f: Fighter, luck: int, purpose: str,
                        kind: type[RolledForASix]) -> RolledForASix:
    """The roll below 0 that is due, with the luck he declares (No Fear of Death: all
    of it)."""
    check_luck(ctx, f, luck)
    if ctx.quirks(f).must_use_all_luck and luck != f.luck:
        raise UserError(f"{f.name} must use all his luck ({f.luck}) for the {purpose} "
                        "roll (No Fear of Death)")
    roll = below_zero_roll(f, ctx.tables)
    assert roll is not None
    return _roll_for_a_six(ctx, f, roll[1], luck, purpose, kind)


def stay_conscious(ctx: Ctx, f: Fighter, luck: int) -> list[Event]:
    rolled = _due_roll_for_a_six(ctx, f, luck, "stay conscious", StayConsciousRolled)
    if not rolled.saved:
        return [rolled, *finish(ctx, f, "falls unconscious")]
    f.health_checked = True
    f.weak_roll_dice = None
    return [rolled]


def decline(ctx: Ctx, f: Fighter) -> list[Event]:
    if ctx.quirks(f).must_try_to_stay_conscious:
        raise UserError(f"{f.name} must try to stay conscious (his insanity says so)")
    return [Declined(f.side), *finish(ctx, f, "gives in and drops")]


def death_door(ctx: Ctx, f: Fighter, luck: int) -> list[Event]:
    rolled = _due_roll_for_a_six(ctx, f, luck, "death's door", DeathDoorRolled)
    if not rolled.saved:
        return [rolled, *finish(ctx, f, "dies at death's door", dead=True)]
    f.health_checked = True
    f.pending_fate = True
    return [rolled]


def fate(ctx: Ctx, f: Fighter) -> list[Event]:
    if ctx.state.clock is None:
        raise UserError("the fate roll needs the time (a coma lasts a day): give 'now', "
                        "an ISO time")
    rolls = max(1, ctx.quirks(f).fate_rolls)
    faces = ctx.roll(f, rolls, "fate")
    f.pending_fate = False
    if len(faces) > 1:
        f.fate_choices = faces
        return [FateChoicesRolled(f.side, faces=tuple(faces))]
    return apply_fate(ctx, f, faces[0], faces=faces)


def choose_fate(ctx: Ctx, f: Fighter, face: int) -> list[Event]:
    if face not in f.fate_choices:
        raise UserError(f"{f.name} rolled {narrator.show(f.fate_choices)}; pick one of those")
    f.fate_choices = []
    return apply_fate(ctx, f, face)


def apply_fate(ctx: Ctx, f: Fighter, face: int, *, roll_insanity: bool = True,
               faces: list[int] | None = None) -> list[Event]:
    """Carry out a fate entry. `faces` are the dice rolled for it now (none when it
    was chosen from earlier dice or comes from the table browser). Without
    `roll_insanity` (a paper roll applied from the table browser) an insanity is left
    for the players to roll and apply."""
    entry = ctx.tables.fate(face)
    if ctx.state.clock is None and any(isinstance(e, Coma) for e in entry.effects):
        raise UserError("a coma lasts a day from now: give 'now', an ISO time")
    events: list[Event] = [FateApplied(f.side, face=face, faces=tuple(faces or ()))]
    f.health_checked = True
    kinds = {effect.type for effect in entry.effects}
    wakes = any(isinstance(e, Conscious) and e.conscious for e in entry.effects)
    if wakes and "stun" not in kinds and "loses" not in kinds:
        # "Conscious and not stunned": the outcomes that wake him clear a stun.
        f.stunned, f.stun_turns, f.no_focus_turns = False, 0, 0
    loses = False
    for effect in entry.effects:
        if isinstance(effect, Heal):
            events += heal(ctx, f, effect.amount)
        elif effect.type == "stun":
            events += stun(f)
            f.focused = False
        elif isinstance(effect, StayConsciousRoll):
            f.weak_roll_dice = effect.dice
        elif isinstance(effect, Coma):
            f.changes.coma_hours = effect.hours
        elif isinstance(effect, Insanity):
            if effect.when:
                f.insanity_if_wins = True
            elif roll_insanity:
                events += gain_insanity(ctx, f)
            else:
                events.append(InsanityDue(f.side))
        elif effect.type == "must_win_or_die" or (
                isinstance(effect, TakesTurn) and not effect.may_quit):
            f.must_win_or_die = True
        elif effect.type == "loses":
            loses = True
    if loses and ctx.state.phase != "over":
        how: How = "falls into a coma" if f.changes.coma_hours else "falls unconscious"
        events += finish(ctx, f, how)
    return events


def heal_dice(ctx: Ctx, f: Fighter, count: int) -> list[Event]:
    if count < 1:
        raise UserError("roll at least 1 heal die")
    if count > f.heal_dice:
        raise UserError(f"{f.name} has {dice_count(f.heal_dice, 'heal')} left, not {count}")
    table = ctx.quirks(f).improved_heal or ctx.tables.heal_per_face
    faces = ctx.roll(f, count, "heal")
    f.heal_dice -= count
    amount = sum(table.get(face, 0) for face in faces)
    events: list[Event] = [HealRolled(f.side, dice=count, faces=tuple(faces), amount=amount,
                                      left=f.heal_dice)]
    events += heal(ctx, f, amount)
    return events + end_turn(ctx, f, LastTurn(kind="heal"))


def focus(ctx: Ctx, f: Fighter, keen_insight: bool) -> list[Event]:
    q = ctx.quirks(f)
    if keen_insight and (not q.keen_insight or "keen_insight" in f.used_once):
        raise UserError(f"{f.name} has no Keen Insight to use this battle")
    if f.no_focus_turns > 0:
        f.no_focus_turns -= 1
        return [FocusBarred(f.side), *lose_turn_to_stun(ctx, f)]
    dice = f.skill("focus")
    if keen_insight:
        f.used_once.append("keen_insight")
        dice += q.keen_insight
    needed = q.focus_sixes or ctx.tables.focus_sixes
    faces = ctx.roll(f, dice, "focus")
    sixes = count_sixes(faces)
    rolled = FocusRolled(f.side, dice=dice, faces=tuple(faces), keen_insight=keen_insight,
                         sixes=sixes, needed=needed, focused=sixes >= needed)
    if sixes >= needed:
        f.stunned, f.stun_turns, f.focused = False, 0, True
        return [rolled]
    return [rolled, *lose_turn_to_stun(ctx, f)]
