"""What may be done now: the action types each step that is due allows, the plain
actions of each type that `BattleRules.legal_actions` tries, and the dice of the roll
that is due."""

from __future__ import annotations

from companion.rulesets.battle.actions import (
    AttackAction,
    BattleAction,
    ChooseFateAction,
    ClearEyesAction,
    DeathDoorAction,
    DeclineAction,
    FateAction,
    FocusAction,
    HealAction,
    InitiativeAction,
    QuitAction,
    RetrieveAction,
    StayConsciousAction,
    WaitAction,
)
from companion.rulesets.battle.pools import below_zero_roll
from companion.rulesets.battle.quirks import quirks_of
from companion.rulesets.battle.state import BattleState

# Which game actions may be taken when each thing is due.
ALLOWED: dict[str, set[str]] = {
    "initiative": {"initiative"},
    "fate": {"fate"},
    "fate_choice": {"choose_fate"},
    "stay_conscious": {"stay_conscious", "decline", "quit"},
    "death_door": {"death_door"},
    "focus": {"focus", "quit"},
    "act": {"attack", "heal", "retrieve", "clear_eyes", "wait", "quit"},
    "over": set(),
}


def due_dice(state: BattleState, step: str) -> int | None:
    """The dice of the roll due now, where one gladiator owes one."""
    if step in ("initiative", "act", "over", "fate_choice"):
        return None
    f = state.current
    if step == "fate":
        return max(1, quirks_of(state.tables, f.insanities).fate_rolls)
    if step == "focus":
        return 0 if f.no_focus_turns > 0 else f.skill("focus")
    roll = below_zero_roll(f, state.tables)
    return roll[1] if roll is not None else None


def candidates(state: BattleState, kind: str) -> list[BattleAction]:
    """Plain actions of one type to try, the simplest first."""
    match kind:
        case "attack":
            held = [AttackAction(type="attack", weapon=k)
                    for k, n in state.current.carried.items() if n > 0]
            return [AttackAction(type="attack"), *held,
                    AttackAction(type="attack", weapon=state.tables.brawling)]
        case "heal":
            return [HealAction(type="heal", dice=1)]
        case "choose_fate":
            return [ChooseFateAction(type="choose_fate", face=face)
                    for face in state.current.fate_choices]
        case "stay_conscious" | "death_door":
            f = state.current
            # No Fear of Death: all his luck, or the rules refuse the roll.
            luck = f.luck if quirks_of(state.tables, f.insanities).must_use_all_luck else None
            return [_roll_for_a_six(kind, luck)]
        case "retrieve":
            # A lone shield is what the plain one picks up; with two things down, one of
            # them is a weapon, so naming weapons is enough to find one that passes.
            lying = [k for k, n in state.current.dropped.items() if n > 0]
            return [RetrieveAction(type="retrieve"),
                    *(RetrieveAction(type="retrieve", item=k) for k in lying)]
        case "initiative":
            return [InitiativeAction(type="initiative")]
        case "focus":
            return [FocusAction(type="focus")]
        case "decline":
            return [DeclineAction(type="decline")]
        case "fate":
            return [FateAction(type="fate")]
        case "clear_eyes":
            return [ClearEyesAction(type="clear_eyes")]
        case "quit":
            return [QuitAction(type="quit")]
        case "wait":
            return [WaitAction(type="wait")]
    raise ValueError(f"no game action {kind!r}")


def _roll_for_a_six(kind: str, luck: int | None) -> StayConsciousAction | DeathDoorAction:
    if kind == "stay_conscious":
        return (StayConsciousAction(type="stay_conscious") if luck is None else
                StayConsciousAction(type="stay_conscious", luck=luck))
    return (DeathDoorAction(type="death_door") if luck is None else
            DeathDoorAction(type="death_door", luck=luck))
