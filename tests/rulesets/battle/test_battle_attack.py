"""Attacks of the battle system through the engine, with scripted dice: the attack
table row by row, blocking with 6s, luck dice, stances, whiffs and misses, criticals
and their lasting effects. Expected values are typed from seeds 001/002 and RULES.md."""

from __future__ import annotations

from typing import Any

import pytest

from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.pools import defence_pool
from companion.rulesets.battle.quirks import quirks_of
from companion.rulesets.battle.rules import BattleRules
from companion.session.session import Session

NOW = "2025-05-01T20:00:00"


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def gladiator(name: str, *, weapon: str = "hammer", attack: int = 3, armor: int = 0,
              shield: int = 0, pd: int = 0, health: int = 30, luck: int = 0,
              carried: dict[str, int] | None = None, insanities: tuple[int, ...] = (),
              **skills: int) -> dict[str, Any]:
    tables = BattleTables.load(include_user=False)
    return {
        "format": "companion-gladiator", "name": name, "development_points": 2000,
        "skills": {"attack": attack, "armor": armor, "shield": shield, "parry-dodge": pd,
                   "health": health, "strength": 10, **skills},
        "weapons": {weapon: attack} if weapon != "brawling" else {},
        "carried": carried if carried is not None else (
            {} if weapon == "brawling" else {weapon: 1}),
        "shield": shield > 0, "luck": luck,
        "insanities": [{"key": k, "name": tables.insanity(k).name,
                        "permanent": tables.insanity(k).permanent} for k in insanities],
    }


def duel(rules: BattleRules, a: dict[str, Any], b: dict[str, Any]) -> Session:
    """A duel in which A won the initiative (two dice each: 6 6 against 1 1)."""
    session = Session(rules, {"a": a, "b": b, "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    return session


def attack(session: Session, faces: list[int], **action: Any) -> list[str]:
    return session.narrate(session.act({"type": "attack", **action}, ScriptedDice(faces)))


def rolls(*groups: list[int]) -> list[int]:
    """The faces of several rolls in the order they are made (attack, luck, ...)."""
    return [face for group in groups for face in group]


# --- the attack table, every row of every class -------------------------------------------
FACES = {
    "3-or-less": [3, 2, 1], "one-4": [4, 2, 1], "4-4": [4, 4, 1], "one-5": [5, 4, 4],
    "5-5": [5, 5, 1], "one-6": [6, 5, 1], "6-6": [6, 6, 1], "three-6s": [6, 6, 6],
}
COLUMNS = list(FACES)
# RULES.md 2: whiff | 1 | 1 | 2 | 2 | 3 | 3 | critical, and so on.
TABLE = {
    "A": ["whiff", 1, 1, 2, 2, 3, 3, "critical"],
    "B": ["whiff", "whiff", "whiff", 3, 3, 4, 4, "critical"],
    "C": ["whiff"] * 5 + [5, 5, "critical"],
    "D": ["whiff"] * 6 + [7, "critical"],
}
WEAPON_OF_CLASS = {"A": "hammer", "B": "club", "C": "morning-star", "D": "war-hammer"}
CASES = [(c, col, TABLE[c][i]) for c in "ABCD" for i, col in enumerate(COLUMNS)]


@pytest.mark.parametrize(("weapon_class", "column", "expected"), CASES,
                         ids=[f"{c}-{col}" for c, col, _ in CASES])
def test_every_row_of_the_attack_table(rules, weapon_class, column, expected):
    weapon = WEAPON_OF_CLASS[weapon_class]
    # The defender has no defence dice at all, so nothing is blocked.
    session = duel(rules, gladiator("Attacker", weapon=weapon), gladiator("Target",
                                                                          weapon="brawling"))
    crit_dice = [1] * 6  # only rolled for a critical; extra faces go unused
    dice = FACES[column] + (crit_dice[: 3 + {"C": 1, "D": 2}.get(weapon_class, 0)]
                            if expected == "critical" else [])
    lines = attack(session, dice, weapon=weapon)
    # The session replaces its state on each action: read it afresh.
    attacker, target = session.state.fighters["a"], session.state.fighters["b"]
    if expected == "whiff":
        assert attacker.last_turn.whiffed and target.health == 30
    elif expected == "critical":
        assert any(line.startswith("Critical damage") for line in lines)
        assert target.health <= 30 - 5 and target.stunned
    else:
        assert target.health == 30 - expected and not attacker.last_turn.whiffed
        # A hit from 6-6 stuns; D-class hits always stun.
        assert target.stunned == (column == "6-6" or weapon_class == "D")


def test_the_critical_dice_count_the_sixes_plus_the_class_bonus(rules):
    # Class D: three 6s + 2 = five damage dice.
    session = duel(rules, gladiator("Attacker", weapon="war-hammer"),
                   gladiator("Target", weapon="brawling"))
    lines = attack(session, rolls([6, 6, 6], [1, 1, 1, 1, 1]))
    assert "Critical damage: 5 dice, 1 1 1 1 1, +6 for the weapon: 11 in all" in lines


def test_the_broad_sword_critical_of_the_rules(rules):
    # Seed 001: 6-6-6-6 with the Broad Sword, no 6s in defence: four crit dice 2 3 4 6
    # = 15, +4 = 19 on the slashing table: 11 damage and a stun.
    session = duel(rules, gladiator("Swordsman", weapon="broad-sword", attack=4),
                   gladiator("Victim", weapon="brawling", armor=2))
    lines = attack(session, rolls([6, 6, 6, 6], [1, 5], [2, 3, 4, 6]))
    assert "Critical damage: 4 dice, 2 3 4 6, +4 for the weapon: 19 in all" in lines
    victim = session.state.fighters["b"]
    assert victim.health == 30 - 11 and victim.stunned


# --- blocking with 6s ---------------------------------------------------------------------
def blocker(rules: BattleRules, defence_faces: list[int], attack_faces: list[int],
            attack_ranks: int = 3) -> Session:
    session = duel(rules, gladiator("Attacker", weapon="club", attack=attack_ranks),
                   gladiator("Blocker", weapon="brawling", armor=len(defence_faces)))
    # A critical that gets through rolls one die per 6 not matched: all 1s here.
    through = attack_faces.count(6) - defence_faces.count(6) if attack_faces.count(6) >= 3 \
        else 0
    attack(session, rolls(attack_faces, defence_faces, [1] * max(0, through)))
    return session


def test_a_single_die_result_is_blocked_by_one_six(rules):
    assert blocker(rules, [6, 1], [5, 1, 1]).state.fighters["b"].health == 30


def test_a_double_needs_two_sixes(rules):
    assert blocker(rules, [6, 1], [5, 5, 1]).state.fighters["b"].health == 27
    assert blocker(rules, [6, 6], [5, 5, 1]).state.fighters["b"].health == 30


def test_a_critical_needs_as_many_sixes_as_the_attacker_rolled(rules):
    held = blocker(rules, [6, 6, 6, 6], [6, 6, 6, 6], attack_ranks=4)
    assert held.state.fighters["b"].health == 30
    # Three 6s against four: one die of critical damage gets through.
    through = blocker(rules, [6, 6, 6, 1], [6, 6, 6, 6], attack_ranks=4)
    assert "Critical damage: 1 die, 1, +1 for the weapon: 2 in all" in through.log


# --- luck dice ----------------------------------------------------------------------------
def test_luck_dice_roll_with_the_pool_and_those_on_1_to_3_are_lost(rules):
    session = duel(rules, gladiator("Lucky", luck=4), gladiator("Target", weapon="brawling"))
    attack(session, rolls([1, 1, 1], [6, 3, 4, 1]), luck=4)
    lucky = session.state.fighters["a"]
    assert lucky.luck == 2  # the 3 and the 1 are lost, the 6 and the 4 come back
    assert session.state.fighters["b"].health == 27  # the luck die's 6 made it a hit


def test_superior_luck_loses_only_ones_and_twos(rules):
    session = duel(rules, gladiator("Lucky", luck=4, insanities=(65,)),
                   gladiator("Target", weapon="brawling"))
    attack(session, rolls([1, 1, 1], [2, 3, 4, 1]), luck=4)
    assert session.state.fighters["a"].luck == 2


def test_no_more_luck_than_he_has_and_none_for_a_born_loser(rules):
    session = duel(rules, gladiator("Lucky", luck=1), gladiator("Target"))
    with pytest.raises(UserError, match="1 luck die left"):
        attack(session, [1] * 5, luck=2)
    loser = duel(rules, gladiator("Loser", luck=3, insanities=(11,)), gladiator("Target"))
    with pytest.raises(UserError, match="never use luck"):
        attack(loser, [1] * 5, luck=1)


# --- stances, whiffs and misses -----------------------------------------------------------
def test_berserk_adds_dice_and_leaves_him_armor_only(rules):
    session = duel(rules, gladiator("Wild", armor=1, shield=2, pd=3),
                   gladiator("Other", weapon="club"))
    lines = attack(session, [1, 1, 1, 1], stance="berserk")  # 3 + 1 berserk: a whiff
    assert "+1 berserk" in lines[0]
    attack(session, rolls([5, 1, 1], [1]))  # Other's hit: Wild defends with ARMOR only
    assert "Wild defends (attacked berserk last turn) with 1 (ARMOR 1) dice: 1: no 6s" in \
        session.log


def test_a_defensive_attack_never_whiffs_and_is_capped(rules):
    session = duel(rules, gladiator("Careful", weapon="club"),
                   gladiator("Target", weapon="brawling"))
    attack(session, [1, 1], stance="defensive")  # 3 - 1 dice, nothing: a miss
    assert not session.state.fighters["a"].last_turn.whiffed
    session = duel(rules, gladiator("Careful", weapon="club", attack=4),
                   gladiator("Target", weapon="brawling"))
    attack(session, [6, 6, 6], stance="defensive")  # capped at 6-6: a 4-damage hit
    assert session.state.fighters["b"].health == 26


def test_a_whiff_costs_parry_dodge_on_the_next_defence(rules):
    session = duel(rules, gladiator("Clumsy", armor=1, shield=1, pd=2),
                   gladiator("Other", weapon="club"))
    attack(session, [1, 2, 3])
    assert session.state.fighters["a"].last_turn.whiffed
    lines = attack(session, rolls([5, 1, 1], [1, 1]))
    assert any(line.startswith("Clumsy defends (whiffed last turn) with 2 (ARMOR 1, "
                               "+1 SHIELD) dice") for line in lines)


@pytest.mark.parametrize("weapon", ["whip", "cat-o-nine-tails"])
def test_the_whip_and_cat_miss_instead_of_whiffing(rules, weapon):
    session = duel(rules, gladiator("Lasher", weapon=weapon),
                   gladiator("Target", weapon="brawling"))
    attack(session, [1, 2, 3])
    assert not session.state.fighters["a"].last_turn.whiffed
    # Attacking berserk, they can whiff.
    attack(session, [1, 1])
    attack(session, [1, 2, 3, 1], stance="berserk")
    assert session.state.fighters["a"].last_turn.whiffed


def test_thrown_weapons_miss_and_use_up_ammunition(rules):
    session = duel(rules, gladiator("Thrower", weapon="javelin", carried={"javelin": 3}),
                   gladiator("Target", weapon="brawling"))
    lines = attack(session, [1, 2, 3, 1, 1])  # must be thrown: 3 + 2 throw bonus
    thrower = session.state.fighters["a"]
    assert "+2 throw bonus" in lines[0]
    assert not thrower.last_turn.whiffed and thrower.last_turn.thrown
    assert thrower.carried["javelin"] == 2 and thrower.dropped["javelin"] == 1


def test_a_weapon_that_cannot_be_thrown(rules):
    session = duel(rules, gladiator("Lasher", weapon="whip"), gladiator("Target"))
    with pytest.raises(UserError, match="cannot be thrown"):
        attack(session, [1, 1, 1], thrown=True)


def test_attacking_two_handed_drops_the_shield_and_changes_the_class(rules):
    session = duel(rules, gladiator("Knight", weapon="bastard-sword", shield=2),
                   gladiator("Target", weapon="brawling"))
    attack(session, [6, 1, 1], two_handed=True)  # class C: one 6 is a 5-damage hit
    knight = session.state.fighters["a"]
    assert knight.shield == "dropped"
    assert session.state.fighters["b"].health == 25


def test_an_unskilled_weapon_rolls_half_attack_rounded_up(rules):
    session = duel(rules, gladiator("Brawler", attack=5, carried={"hammer": 1, "club": 1}),
                   gladiator("Target", weapon="brawling"))
    lines = attack(session, [1, 1, 1], weapon="club")
    assert "3 from ATTACK 5 and Club 0" in lines[0]


def test_stun_stays_on_a_stunned_gladiator_who_is_hit(rules):
    session = duel(rules, gladiator("A", weapon="club"), gladiator("B", weapon="brawling"))
    attack(session, [6, 6, 1])  # 6-6 stuns
    assert session.state.fighters["b"].stunned
    session.act({"type": "focus"}, ScriptedDice([]))  # no FOCUS dice: the turn is lost
    assert not session.state.fighters["b"].stunned
    attack(session, [6, 6, 1])
    session.act({"type": "focus"}, ScriptedDice([]))
    attack(session, [5, 1, 1])  # a 5 does not stun a gladiator on his feet...
    assert not session.state.fighters["b"].stunned
    session.act({"type": "attack"}, ScriptedDice([1, 1]))
    attack(session, [6, 6, 1])
    session.act({"type": "focus"}, ScriptedDice([]))
    attack(session, [6, 6, 1])  # ...stunned again, now a 5 keeps him stunned
    session.act({"type": "focus"}, ScriptedDice([]))
    attack(session, [6, 6, 1])
    assert session.state.fighters["b"].stunned


# --- criticals' lasting effects -----------------------------------------------------------
def crit_on(rules: BattleRules, total: int, *, weapon: str = "club", defender: dict | None
            = None, then: tuple[int, ...] = ()) -> Session:
    """A critical of six 6s with a class B club (+1 bonus): six damage dice that sum to
    `total` - 1, against a defender with no 6s; `then` are the faces of a sub-roll."""
    defender = defender or gladiator("Target", weapon="hammer", armor=2, pd=3, health=60)
    session = duel(rules, gladiator("Crusher", weapon=weapon, attack=6), defender)
    bonus = BattleTables.load(include_user=False).weapon(weapon).crit_bonus
    left, faces = total - bonus, []
    for remaining in range(6, 0, -1):
        face = min(6, left - (remaining - 1))
        faces.append(face)
        left -= face
    defence = [1] * defender["skills"]["armor"] + [1] * (
        defender["skills"]["parry-dodge"] + 1)
    attack(session, [6] * 6 + defence + faces + list(then))
    return session


def pool_of(rules: BattleRules, session: Session, side: str) -> int:
    """His defence pool once the stun is over (he loses his turn to it first)."""
    session.act({"type": "focus"}, ScriptedDice([]))
    f = session.state.fighters[side]
    tables = session.state.tables
    pool, _ = defence_pool(f, quirks_of(tables, f.insanities), tables,
                           attacker_weapon="club", attacker_class="B")
    return pool.dice


def test_a_critical_that_knocks_the_weapon_away(rules):
    session = crit_on(rules, 22)
    target = session.state.fighters["b"]
    assert target.health == 60 - 14 and target.dropped == {"hammer": 1}
    assert target.carried["hammer"] == 0


def test_minus_two_defence_dice_armor_exempt(rules):
    session = crit_on(rules, 21)
    # ARMOR 2 and PARRY/DODGE 3 (+1 hammer bonus), less 2: but ARMOR keeps its 2.
    assert pool_of(rules, session, "b") == 2 + 4 - 2
    lame = crit_on(rules, 21, defender=gladiator("Target", armor=2, pd=1, health=60))
    lame.state.fighters["b"].ready_weapon = None
    assert pool_of(rules, lame, "b") == 2


def test_armour_destroyed(rules):
    session = crit_on(rules, 29)
    assert session.state.fighters["b"].armour_destroyed
    assert pool_of(rules, session, "b") == 4


def test_dies_after_the_fight_unless_he_wins(rules):
    # Bludgeoning 33: internal bleeding. If the crusher gives up, the victim wins
    # and lives.
    session = crit_on(rules, 33)
    session.act({"type": "focus"}, ScriptedDice([]))  # stunned, no FOCUS: turn lost
    session.act({"type": "quit"}, ScriptedDice([]))
    assert session.state.result.winner == "b"
    assert session.state.sheets_after["b"]["status"] == "fit"
    # Bludgeoning 34: if the victim loses, he dies and the crusher has a kill.
    doomed = crit_on(rules, 34)
    doomed.act({"type": "focus"}, ScriptedDice([]))
    doomed.act({"type": "attack"}, ScriptedDice([1, 1, 1, 1, 1, 1]))
    doomed.act({"type": "quit"}, ScriptedDice([]))
    after = doomed.state.sheets_after
    assert after["b"]["status"] == "dead" and after["a"]["kills"] == 1


def test_awake_cannot_be_stunned_and_drops_the_weapon(rules):
    session = crit_on(rules, 30)
    target = session.state.fighters["b"]
    assert target.awake and not target.stunned and target.dropped == {"hammer": 1}
    session.act({"type": "attack"}, ScriptedDice([1, 1]))  # brawling: half ATTACK
    session.act({"type": "attack"}, ScriptedDice([6, 6, 1, 1, 1, 1] + [1] * 5))
    assert not session.state.fighters["b"].stunned


def test_stunned_two_rounds_and_no_focus_on_the_first(rules):
    session = crit_on(rules, 32)
    target = session.state.fighters["b"]
    assert target.stunned and target.no_focus_turns == 1
    session.act({"type": "focus"}, ScriptedDice([]))  # may not focus: stays stunned
    assert session.state.fighters["b"].stunned
    session.act({"type": "attack"}, ScriptedDice([1] * 6))
    session.act({"type": "focus"}, ScriptedDice([]))  # no FOCUS dice: stun ends
    assert not session.state.fighters["b"].stunned


def test_a_scar_with_its_sub_roll_is_written_to_the_sheet(rules):
    # Bludgeoning 15 is a permanent scar; the sub-roll's 2 is a scar on a cheek.
    session = crit_on(rules, 15, then=(2,))
    assert session.journal[1].rolls[-1]["purpose"] == "crit-bludgeoning scar"
    session.act({"type": "quit"}, ScriptedDice([]))
    scars = session.state.sheets_after["b"]["scars"]
    assert len(scars) == 1
    assert (scars[0]["table"], scars[0]["key"], scars[0]["sub_key"]) == (
        "crit-bludgeoning", 15, 2)
    assert "cheek" in scars[0]["scar"]


# --- a thrown weapon lodged by a piercing critical of 19 ---------------------------------

def test_a_thrown_piercing_critical_of_19_leaves_the_weapon_in_him_for_the_battle(rules):
    # Seed 002, piercing 19: if thrown, it stays lodged there for the rest of the battle.
    session = duel(rules, gladiator("Thrower", weapon="javelin", carried={"javelin": 3}),
                   gladiator("Target", weapon="brawling"))
    # Five dice (3 + 2 thrown): three 6s, a critical; three crit dice 6 6 5 + 2 = 19.
    lines = attack(session, rolls([6, 6, 6, 1, 1], [6, 6, 5]))
    assert "Thrower's Javelin stays lodged in Target for the rest of the battle." in lines
    thrower = session.state.fighters["a"]
    assert thrower.lodged == {"javelin": 1} and thrower.dropped.get("javelin", 0) == 0
    session.act({"type": "focus"}, ScriptedDice([]))  # no FOCUS dice: he loses his turn
    with pytest.raises(UserError, match="lodged in Target for the rest of the battle: it "
                                        "cannot be retrieved"):
        session.act({"type": "retrieve", "item": "javelin"}, ScriptedDice([6, 6]))
    assert not any(a["type"] == "retrieve" for a in rules.legal_actions(session.state))


def test_a_piercing_critical_of_19_in_hand_lodges_nothing(rules):
    session = duel(rules, gladiator("Spearman", weapon="spear"),
                   gladiator("Target", weapon="brawling"))
    # Three dice (ATTACK 3, Spear 3): three 6s; crit dice 6 6 5 + 2 = 19.
    lines = attack(session, rolls([6, 6, 6], [6, 6, 5]))
    assert not any("stays lodged in Target" in line for line in lines)
    spearman = session.state.fighters["a"]
    assert spearman.carried == {"spear": 1} and not spearman.lodged


def test_zen_takes_one_6_from_a_signature_move_so_three_6s_read_as_6_6(rules):
    session = duel(rules, gladiator("Attacker", **{"signature-move": 3}),
                   gladiator("Target", weapon="brawling", insanities=(63,)))
    lines = attack(session, [6, 6, 6, 1, 1, 1, 1, 1], signature=True)
    target = session.state.fighters["b"]
    assert not any(line.startswith("Critical damage") for line in lines)
    assert target.health == 30 - 3 and target.stunned


def test_zen_leaves_a_signature_move_without_6s_as_it_is(rules):
    session = duel(rules, gladiator("Attacker", **{"signature-move": 3}),
                   gladiator("Target", weapon="brawling", insanities=(63,)))
    attack(session, [5, 5, 1], signature=True)
    assert session.state.fighters["b"].health == 30 - 2


@pytest.mark.parametrize("down", [("shield",), ("hammer",), ("shield", "hammer")])
def test_whatever_lies_on_the_ground_he_may_go_for(rules, down):
    session = duel(rules, gladiator("Aulus", shield=1), gladiator("Target", weapon="brawling"))
    f = session.state.fighters["a"]
    if "shield" in down:
        f.shield = "dropped"
    if "hammer" in down:
        f.carried["hammer"], f.dropped["hammer"] = 0, 1
    [retrieve] = [a for a in rules.legal_actions(session.state) if a["type"] == "retrieve"]
    session.act(retrieve, ScriptedDice([6] * 6))
    f = session.state.fighters["a"]
    still_down = (["shield"] if f.shield == "dropped" else []) + [
        k for k, n in f.dropped.items() if n > 0]
    assert len(still_down) == len(down) - 1


def test_an_attack_that_names_no_weapon_strikes_with_the_one_in_his_hand(rules):
    session = duel(rules, gladiator("Aulus"), gladiator("Target", weapon="brawling"))
    [rolled] = session.act({"type": "attack"}, ScriptedDice([1, 1, 1])).of_kind("attack_rolled")
    assert rolled.data["weapon"] == "hammer"


def test_an_attack_that_names_no_weapon_is_bare_handed_once_his_is_gone(rules):
    session = duel(rules, gladiator("Aulus"), gladiator("Target", weapon="brawling"))
    f = session.state.fighters["a"]
    f.carried["hammer"], f.dropped["hammer"] = 0, 1
    [rolled] = session.act({"type": "attack"}, ScriptedDice([1, 1, 1])).of_kind("attack_rolled")
    assert rolled.data["weapon"] == session.state.tables.brawling


def test_a_critical_too_dazing_to_focus_bars_focus_for_this_turn_only(rules):
    # Bludgeoning 14: "too dazed to focus this turn".
    session = crit_on(rules, 14)
    target = session.state.fighters["b"]
    assert target.stunned and target.no_focus_turns == 1
    session.act({"type": "focus"}, ScriptedDice([]))  # no dice to roll: the turn is lost
    assert session.state.fighters["b"].no_focus_turns == 0


def test_a_blow_is_told_in_the_order_it_happens_the_roll_the_landing_the_defence(rules):
    session = duel(rules, gladiator("Aulus"), gladiator("Target", armor=1, pd=1))
    outcome = session.act({"type": "attack"}, ScriptedDice([5, 4, 1, 1, 1, 1]))
    assert [e.kind for e in outcome.events][:4] == [
        "attack_rolled", "attack_landed", "defence_rolled", "wounded"]


def test_a_critical_of_28_leaves_no_shield_and_no_two_handed_weapon_for_the_battle(rules):
    session = crit_on(rules, 28)
    assert session.state.fighters["b"].no_shield_or_two_handed


def test_a_man_wide_awake_is_neither_stunned_nor_barred_from_focus_by_a_critical_of_32(rules):
    target = gladiator("Target", weapon="hammer", armor=2, pd=3, health=60)
    session = duel(rules, gladiator("Crusher", weapon="club", attack=6), target)
    session.state.fighters["b"].awake = True
    bonus = BattleTables.load(include_user=False).weapon("club").crit_bonus
    left, faces = 32 - bonus, []
    for remaining in range(6, 0, -1):
        face = min(6, left - (remaining - 1))
        faces.append(face)
        left -= face
    attack(session, [6] * 6 + [1] * 6 + faces)
    b = session.state.fighters["b"]
    assert not b.stunned and b.no_focus_turns == 0


@pytest.mark.parametrize(("crit", "dice"), [(13, 2), (14, 0)])
def test_the_focus_due_after_a_stun_rolls_his_focus_dice_unless_he_is_too_dazed(rules, crit,
                                                                                dice):
    target = gladiator("Target", weapon="hammer", armor=2, pd=3, health=60, focus=2)
    session = crit_on(rules, crit, defender=target)
    due = rules.due(session.state)
    assert (due.step, due.who, due.dice) == ("focus", "b", dice)


def test_a_called_shot_needs_the_insanity_and_is_made_once_a_battle(rules):
    plain = duel(rules, gladiator("Aulus"), gladiator("Target", weapon="brawling"))
    with pytest.raises(UserError, match="has no Called Shot to make this battle"):
        plain.act({"type": "attack", "called_shot": "critical"}, ScriptedDice([1] * 8))
    called = duel(rules, gladiator("Aulus", insanities=(61,)),
                  gladiator("Target", weapon="brawling"))
    called.act({"type": "attack", "called_shot": "critical"}, ScriptedDice([1] * 8))
    called.act({"type": "attack"}, ScriptedDice([1] * 8))  # her turn
    with pytest.raises(UserError, match="has no Called Shot to make this battle"):
        called.act({"type": "attack", "called_shot": "critical"}, ScriptedDice([1] * 8))
