"""Every threshold of Grimdark Gladiators (grimdark-rules and the seed, RULES.md 3) at
its value, one below and one above, so that a comparison slipped by one (`<` for
`<=`, 12 for 13) fails a test: wounded at 12 HP, defeated at 0, the tie band, the
critical and Deadly's, the finisher's and the crowd's CZ leads, the death die from
the fifth match, Toxic's eight doses, and the build rules with the forum sheet's
move counts."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from support.grimdark_kit import AXE, kinds, sheet, turn
from support.grimdark_kit import match as kit_match

from companion.dice.sources import ScriptedDice
from companion.rulesets.grimdark.build import points_spent, problems
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.death import death_roll
from companion.rulesets.grimdark.fight import (
    Side,
    Weapon,
    move_conditions,
    power_modifiers,
    resolve,
)
from companion.rulesets.grimdark.forum import ForumError, read_forum
from companion.rulesets.grimdark.harm import Ctx, hurt
from companion.rulesets.grimdark.legal import why_not
from companion.rulesets.grimdark.odds import fight_odds
from companion.rulesets.grimdark.sheet import Gladiator
from companion.tables.loader import load_tables

TABLES = load_tables(include_user=False)
DATA = GrimdarkData.load(TABLES)
MELEE = {"move": "basic-melee"}


def match(*sheets: dict[str, Any], **kw: Any) -> Any:
    """The kit's match, on the tables read once."""
    return kit_match(*sheets, tables=TABLES, **kw)
D6 = Weapon("d6")


def side(name: str = "Basic Melee", stat: int = 3, weapon: Weapon = D6, **kw: Any) -> Side:
    move = DATA.move_named(name)
    assert move is not None, name
    return Side(move, stat, weapon, **kw)


def deadly() -> Weapon:
    prop = DATA.property_named("Deadly")
    assert prop is not None
    return Weapon("d6", (prop,))


def exchange(advantage: int, weapon: Weapon = D6) -> Any:
    """A fight the first side wins by exactly `advantage`: his stat that much above the
    other's, both d8s a 4, the critical's roll a 1 and any damage die a 1."""
    dice = ScriptedDice([4, 4, 1, 1, 1])
    return resolve(DATA, (side(stat=3 + advantage, weapon=weapon), side()), dice,
                   crit_roll=1)


# ------------------------------------------------------------------ HP: wounded, defeated


def _hurt_to(hp: int, start: int = 40) -> tuple[Any, list[str]]:
    _rules, state = match(sheet("Rex"), sheet("Vex"), hp=start)
    vex = state.fighters[1]
    ctx = Ctx(state, ScriptedDice([]))
    hurt(ctx, vex, start - hp, "test")
    return vex, [e.kind for e in ctx.events]


@pytest.mark.parametrize(("hp", "wounded"), [(13, False), (12, True), (11, True)])
def test_a_gladiator_is_wounded_at_12_hp_or_less(hp: int, wounded: bool) -> None:
    vex, seen = _hurt_to(hp)
    assert vex.wounded is wounded
    assert ("wounded" in seen) is wounded


def test_a_gladiator_already_wounded_at_12_is_not_wounded_again_by_the_next_blow() -> None:
    _rules, state = match(sheet("Rex"), sheet("Vex"), hp=13)
    vex = state.fighters[1]
    ctx = Ctx(state, ScriptedDice([]))
    hurt(ctx, vex, 1, "test")  # 13 to 12: wounded
    hurt(ctx, vex, 1, "test")  # 12 to 11: no second wound, no stat lost
    assert [e.data["second"] for e in ctx.events if e.kind == "wounded"] == [False]
    assert vex.stats["brutality"] == 6


@pytest.mark.parametrize(("hp", "defeated"), [(1, False), (0, True), (-1, True)])
def test_a_gladiator_is_defeated_at_0_hp_or_less(hp: int, defeated: bool) -> None:
    vex, seen = _hurt_to(hp)
    assert vex.defeated is defeated and vex.standing is not defeated
    assert ("defeated" in seen) is defeated


@cache
def even_odds() -> Any:
    """The exact odds of two Basic Melees of stat 3 with a d6 weapon."""
    return fight_odds(DATA, (side(), side()))


@pytest.mark.parametrize("hp", [3, 4, 5])
def test_the_odds_count_a_blow_of_exactly_his_hp_as_his_fall(hp: int) -> None:
    # A hit does 3 at the least (a margin of 2 and a 1 on the d6).
    taken = even_odds().sides[1]
    assert taken.defeat_chance(hp) == taken.at_least(hp)
    assert taken.defeat_chance(hp) > taken.at_least(hp + 1)


def test_the_odds_have_him_fallen_at_0_hp_and_not_yet_at_1() -> None:
    taken = even_odds().sides[1]
    assert taken.defeat_chance(0) == taken.defeat_chance(-1) == 1
    assert taken.defeat_chance(1) == taken.at_least(1) == taken.hit_taken < 1


# ------------------------------------------------------------------ the tie band, criticals


@pytest.mark.parametrize(("advantage", "band"), [
    (0, "inconclusive"), (1, "inconclusive"), (2, "hit"), (3, "hit"),
    (5, "hit"), (6, "critical"), (7, "critical")])
def test_an_advantage_of_1_is_inconclusive_2_a_hit_and_6_a_critical(advantage: int,
                                                                     band: str) -> None:
    assert exchange(advantage).band == band


@pytest.mark.parametrize(("advantage", "severity"), [(6, 1), (7, 2), (8, 3)])
def test_a_criticals_severity_is_its_advantage_less_5(advantage: int, severity: int) -> None:
    assert exchange(advantage).severity == severity


@pytest.mark.parametrize(("advantage", "band", "base"), [
    (4, "hit", None), (5, "critical", 4), (6, "critical", 5)])
def test_with_deadly_a_critical_comes_from_5_with_a_base_of_4(advantage: int, band: str,
                                                              base: int | None) -> None:
    result = exchange(advantage, deadly())
    assert result.band == band
    if base is not None:
        assert result.severity == 1
        assert result.damage.parts[0].reason == "critical-base"
        assert result.damage.parts[0].amount == base


def test_the_odds_draw_the_same_lines_an_even_exchange_of_two_d8() -> None:
    # Equal stats: the d8s differ by 0 or 1 in 22 of 64, by 6 or more in 3 of 64 each way.
    odds = even_odds()
    assert odds.inconclusive == Fraction(22, 64)
    assert odds.sides[0].critical == odds.sides[1].critical == Fraction(3, 64)
    assert odds.sides[0].hit == Fraction(18, 64)


def test_the_odds_draw_deadlys_line_at_5() -> None:
    odds = fight_odds(DATA, (side(weapon=deadly()), side()))
    assert odds.sides[0].critical == Fraction(6, 64)  # differences of 5, 6 and 7
    assert odds.sides[1].critical == Fraction(3, 64)


@pytest.mark.parametrize(("faces", "tied"), [([5, 4], True), ([6, 4, 1], False)])
def test_a_tie_gives_each_side_1_cz_and_an_advantage_of_2_gives_none(faces: list[int],
                                                                     tied: bool) -> None:
    rules, state = match(sheet("Rex"), sheet("Vex"))
    turn(rules, state, {"a": MELEE, "b": MELEE}, faces)
    assert [f.cz for f in state.fighters] == ([1, 1] if tied else [0, 0])


# ------------------------------------------------------------------ CZ leads


def _finisher(lead: int, wounded: bool = True) -> str | None:
    smash = sheet("Smash", moves={"basic-melee": 13, "merciless-beating": 2})
    _rules, state = match(smash, sheet("Vex"), hands=[["merciless-beating"], []])
    me, foe = state.fighters
    me.cz, foe.cz = 3 + lead, 3
    foe.wounded = wounded
    return why_not(state, me, DATA.moves["merciless-beating"])


@pytest.mark.parametrize(("lead", "allowed"), [(1, False), (2, True), (3, True)])
def test_a_finisher_needs_cz_2_above_its_target(lead: int, allowed: bool) -> None:
    reason = _finisher(lead)
    assert (reason is None) is allowed
    if not allowed:
        assert reason == f"needs Crowd Zeal 2 above Vex's ({3 + lead} against 3)"


def test_a_finisher_needs_its_target_wounded_even_with_the_lead() -> None:
    assert _finisher(2, wounded=False) == "needs Vex wounded"


def test_the_coachings_finisher_sense_shares_the_lead_of_2() -> None:
    assert DATA.figures.value("finisher-cz-lead") == 2 == \
        DATA.moves["merciless-beating"].requirements.cz_above_target


def _death(lead: int, face: int, wins: int = 0, losses: int = 0) -> dict[str, Any]:
    _rules, state = match(sheet("Rex"), sheet("Vex", wins=wins, losses=losses))
    rex, vex = state.fighters
    rex.cz, vex.cz = 2 + lead, 2
    vex.defeated = True
    ctx = Ctx(state, ScriptedDice([face]))
    death_roll(ctx, vex)
    [death] = kinds(ctx.events, "death")
    return death.data


@pytest.mark.parametrize(("lead", "rule"), [(3, "defeat"), (4, "execution"), (5, "execution")])
def test_the_crowd_demands_an_execution_from_a_cz_lead_of_4(lead: int, rule: str) -> None:
    death = _death(lead, 2)
    assert death["rule"] == rule
    assert death["dead"] is (rule == "execution")  # a 2 spares from the plain d4 only


@pytest.mark.parametrize(("face", "dead"), [(3, True), (4, False)])
def test_the_execution_spares_him_on_a_4_only(face: int, dead: bool) -> None:
    assert _death(4, face)["dead"] is dead


@pytest.mark.parametrize(("face", "dead"), [(1, True), (2, False)])
def test_any_other_defeat_kills_him_on_a_1(face: int, dead: bool) -> None:
    assert _death(0, face)["dead"] is dead


@pytest.mark.parametrize(("before", "die"), [(3, "d4"), (4, "d6"), (5, "d6")])
def test_the_death_die_is_a_d6_from_his_fifth_match(before: int, die: str) -> None:
    # `before` matches fought: this is his fourth, fifth or sixth.
    death = _death(0, 2, wins=before // 2, losses=before - before // 2)
    assert (death["die"], death["late"]) == (die, die == "d6")


@pytest.mark.parametrize(("fame", "cz"), [(1, 0), (2, 0), (3, 1), (4, 2)])
def test_a_match_starts_with_fame_less_the_opponents_as_cz_never_below_0(fame: int,
                                                                         cz: int) -> None:
    _rules, state = match(sheet("Rex", fame=fame), sheet("Vex", fame=2))
    assert state.fighters[0].cz == cz
    assert state.fighters[1].cz == max(0, 2 - fame)


@pytest.mark.parametrize(("gap", "amount"), [
    (1, 1), (3, 1), (4, 2), (5, 2), (-3, -1), (-4, -2), (-5, -2)])
def test_crowd_favorite_gives_its_larger_amount_from_a_cz_gap_of_4(gap: int,
                                                                   amount: int) -> None:
    me = side("Crowd Favorite", cz=5 + gap)
    found = move_conditions(DATA, me, side(cz=5))
    assert [m.amount for m in found] == [amount]


@pytest.mark.parametrize(("others", "bonus"), [(3, 3), (4, 4), (5, 4)])
def test_the_group_bonus_is_1_an_other_attacker_and_4_at_most(others: int, bonus: int) -> None:
    mods = {m.reason: m.amount for m in power_modifiers(DATA, side(gang=others), side())}
    assert mods["extra-attackers"] == bonus


@pytest.mark.parametrize(("taken", "allowed"), [(4, False), (5, True), (6, True)])
def test_revenge_needs_5_damage_taken_last_turn(taken: int, allowed: bool) -> None:
    avenger = sheet("Avenger", abilities={"berserker": 1},
                    moves={"basic-melee": 13, "revenge": 2})
    _rules, state = match(avenger, sheet("Vex"), hands=[["revenge"], []])
    me = state.fighters[0]
    me.last_turn.damage_taken = taken
    reason = why_not(state, me, DATA.moves["revenge"])
    assert (reason is None) is allowed
    if not allowed:
        assert reason == f"needs 5 damage taken last turn; he took {taken}"


# ------------------------------------------------------------------ Toxic's eight doses

TOXIC = {**AXE, "properties": ["toxic"]}


@pytest.mark.parametrize("engine", [2, 1])
@pytest.mark.parametrize(("before", "defeated"), [(6, False), (7, True), (8, True)])
def test_a_toxic_hit_defeats_at_8_doses(before: int, defeated: bool, engine: int) -> None:
    rules, state = match(sheet("Viper", weapons=[TOXIC]), sheet("Vex"), engine=engine)
    vex = state.fighters[1]
    vex.resources["poison"] = before
    # 6 + 6 against 2 + 6: a hit by 4 and a 1 on the d6, 5 damage; then his fate's d4.
    events = turn(rules, state, {"a": MELEE, "b": MELEE},
                  [6, 2, 1] + ([2] if defeated else []))
    assert vex.resources["poison"] == before + 1
    assert (vex.defeated_how == "poison") is defeated and vex.hp == 40 - 5
    if defeated:  # at once, by Viper's blow; on engine 1 at the end of the turn
        assert kinds(events, "defeated")[0].data == {
            "how": "poison", "by": "a" if engine == 2 else None}


# ------------------------------------------------------------------ the build rules

SMASH: dict[str, Any] = {
    "name": "Lord Smash",
    "brutality": 6, "style": 3, "mind": 3, "weird": 3,
    "abilities": {"berserker": 1, "combat-focus": 6, "endurance": 5, "fierce-attack": 1},
    "moves": {"flurry-of-blows": 5, "brutal-bash": 4, "wild-charge": 2, "grapple": 2,
              "merciless-beating": 2, "last-stand": 1, "basic-melee": 4},
    "weapons": [{"name": "Oversized greataxe", "weight": "heavy", "reach": "melee",
                 "properties": ["crushing", "tenacious"]}],
}


def broken(**changes: Any) -> list[str]:
    return problems(Gladiator.model_validate({**SMASH, **changes}), DATA)


def test_lord_smash_sits_on_every_limit_and_keeps_them() -> None:
    # 15 stat points, 23 of 23 ability points, 5 Flurry of Blows, 5 of 5 slots.
    assert broken() == []


@pytest.mark.parametrize(("brutality", "total"), [(5, 14), (7, 16)])
def test_stats_add_up_to_exactly_15(brutality: int, total: int) -> None:
    found = broken(brutality=brutality, abilities={"berserker": 1, "endurance": 5})
    assert found == [f"his stats add up to {total}; they must add up to 15"]


@pytest.mark.parametrize(("stats", "spread"), [((6, 4, 3, 2), 4), ((7, 3, 3, 2), 5)])
def test_the_highest_stat_may_be_5_above_the_lowest(stats: tuple[int, ...], spread: int) -> None:
    b, s, m, w = stats
    assert max(stats) - min(stats) == spread
    assert broken(brutality=b, style=s, mind=m, weird=w) == []


def test_the_highest_stat_may_not_be_6_above_the_lowest() -> None:
    assert broken(brutality=8, style=2, mind=3, weird=2) == [
        "his highest stat (Brutality 8) is 6 above his lowest (Style 2); it may be at most "
        "5 above"]


@pytest.mark.parametrize(("focus", "spent"), [(5, 22), (6, 23)])
def test_abilities_may_cost_up_to_20_plus_mind(focus: int, spent: int) -> None:
    abilities = {**SMASH["abilities"], "combat-focus": focus}
    assert points_spent(Gladiator.model_validate({**SMASH, "abilities": abilities}),
                        DATA) == spent
    assert broken(abilities=abilities) == []


def test_abilities_may_not_cost_one_point_more_than_20_plus_mind() -> None:
    assert broken(abilities={**SMASH["abilities"], "combat-focus": 7}) == [
        "his abilities cost 24 ability points; he has 23 (20 + Mind 3)"]


def test_more_mind_gives_more_ability_points() -> None:
    # Mind 4: 24 points, so Combat Focus 7 fits.
    assert broken(style=2, mind=4, abilities={**SMASH["abilities"], "combat-focus": 7}) == []


@pytest.mark.parametrize(("level", "ok"), [(5, True), (6, True), (7, False)])
def test_endurance_goes_up_to_his_brutality(level: int, ok: bool) -> None:
    found = broken(abilities={"berserker": 1, "endurance": level}, moves={"basic-melee": 15})
    assert found == ([] if ok else [
        "Endurance 7 is above its limit of 6 (it cannot exceed his Brutality)"])


@pytest.mark.parametrize(("level", "ok"), [(7, True), (8, True), (9, False)])
def test_combat_focus_goes_up_to_8(level: int, ok: bool) -> None:
    found = broken(abilities={"combat-focus": level}, moves={"basic-melee": 15})
    assert found == ([] if ok else [
        "Combat Focus 9 is above its limit of 8 (it cannot exceed 8)"])


@pytest.mark.parametrize(("level", "ok"), [(7, True), (8, True), (9, False)])
def test_no_ability_goes_past_level_8_even_under_a_stat_of_9(level: int, ok: bool) -> None:
    # Brutality 9 breaks the stat rules too; the level's own limit is what is looked at.
    found = broken(brutality=9, style=2, mind=2, weird=2,
                   abilities={"endurance": level}, moves={"basic-melee": 15})
    words = "Endurance 9 is above its limit of 8 (no ability goes past level 8)"
    assert (words not in found) is ok


@pytest.mark.parametrize(("brutality", "ok"), [(3, False), (4, True), (5, True)])
def test_berserker_needs_brutality_4(brutality: int, ok: bool) -> None:
    found = broken(brutality=brutality, style=15 - brutality - 6, mind=3, weird=3,
                   abilities={"berserker": 1}, moves={"basic-melee": 15})
    words = f"Berserker needs Brutality 4 or more; he has {brutality}"
    assert (words not in found) is ok


@pytest.mark.parametrize(("moves", "ok"), [
    (14, False), (15, True), (16, True), (29, True), (30, True), (31, False)])
def test_a_repertoire_holds_15_to_30_moves(moves: int, ok: bool) -> None:
    found = broken(moves={"basic-melee": moves})
    assert found == ([] if ok else [
        f"his repertoire holds {moves} moves; it must hold 15 to 30"])


@pytest.mark.parametrize(("copies", "ok"), [(4, True), (5, True), (6, False)])
def test_at_most_5_copies_of_a_move_not_named_basic(copies: int, ok: bool) -> None:
    found = broken(moves={"basic-melee": 11, "grapple": copies})
    assert found == ([] if ok else [
        "Grapple is in his repertoire 6 times; at most 5 copies of a move whose name does "
        "not start with Basic"])


def test_a_basic_move_may_have_any_number_of_copies_within_the_repertoire() -> None:
    assert broken(moves={"basic-melee": 30}) == []


@pytest.mark.parametrize(("changes", "slots"), [
    ({"armour": 0, "properties": ["crushing"]}, 4), ({"armour": 0}, 5), ({"armour": 1}, 6)])
def test_equipment_fills_at_most_5_slots(changes: dict[str, Any], slots: int) -> None:
    weapon = {**SMASH["weapons"][0]}
    if "properties" in changes:
        weapon["properties"] = changes["properties"]
    found = broken(armour=changes["armour"], weapons=[weapon])
    assert found == ([] if slots <= 5 else [f"his equipment fills {slots} slots; he has 5"])


# ------------------------------------------------------------------ the forum sheet's counts

SEED_SHEET = """[b]Lord Smash[/b]
Brutality: 6
Style: 3
Mind: 3
Weird: 3

Abilities:
Berserker
Combat Focus 6
Endurance 5
Fierce Attack

Moves:
Flurry of Blows {flurry}
Brutal Bash x4
Wild Charge x2
Grapple x2
Merciless Beating x2
Last Stand x1
Basic Melee x{basic}

Weapons:
Oversized greataxe (Heavy crushing tenacious melee)
"""


def forum(flurry: str, basic: int = 4) -> Gladiator:
    return read_forum(SEED_SHEET.format(flurry=flurry, basic=basic), DATA).gladiator


@pytest.mark.parametrize(("written", "copies"), [
    ("x1", 1), ("x5", 5), ("x6", 6), ("(5)", 5), ("5", 5)])
def test_a_forum_move_count_reads_as_written(written: str, copies: int) -> None:
    assert forum(written, basic=8).moves["flurry-of-blows"] == copies


def test_a_forum_move_written_once_with_no_count_is_one_copy() -> None:
    assert forum("", basic=8).moves["flurry-of-blows"] == 1


@pytest.mark.parametrize("written", ["x0", "(0)", "0x"])
def test_a_forum_move_x0_gives_no_copies_and_is_named(written: str) -> None:
    text = SEED_SHEET.format(flurry=written, basic=4)
    if written == "0x":  # "0x Flurry of Blows"
        text = text.replace("Flurry of Blows 0x", "0x Flurry of Blows")
    with pytest.raises(ForumError, match="gives no copies of the move"):
        read_forum(text, DATA)


@pytest.mark.parametrize(("written", "ok"), [("x5", True), ("x6", False)])
def test_a_forum_sheet_with_6_copies_breaks_the_copies_rule(written: str, ok: bool) -> None:
    g = forum(written, basic=4)
    words = ("Flurry of Blows is in his repertoire 6 times; at most 5 copies of a move "
             "whose name does not start with Basic")
    assert (words not in problems(g, DATA)) is ok


@pytest.mark.parametrize(("level", "outside", "ok"), [(1, 1, True), (1, 2, False),
                                                      (2, 2, True), (2, 3, False)])
def test_jack_of_all_trades_opens_one_outside_move_a_level(level: int, outside: int,
                                                           ok: bool) -> None:
    # Tackle needs Berserker, Fireball Arcane Arts, Crowd Favorite Performer.
    opened = ["tackle", "fireball", "crowd-favorite"][:outside]
    moves = {"basic-melee": 15 - outside, **dict.fromkeys(opened, 1)}
    found = problems(Gladiator.model_validate(
        {**SMASH, "abilities": {"jack-of-all-trades": level}, "moves": moves}), DATA)
    assert found == ([] if ok else [found[0]])
    if not ok:
        assert found[0].endswith(f"Jack of All Trades opens {level} of them")


@pytest.mark.parametrize(("starred", "ok"), [(2, True), (3, True), (4, False)])
def test_a_manager_may_have_3_starred_gladiators(starred: int, ok: bool) -> None:
    from companion.rulesets.grimdark.build import roster_problems

    roster = [Gladiator.model_validate({**SMASH, "name": f"G{i}", "starred": True,
                                        "manager": "Grimjaw"}) for i in range(starred)]
    assert (roster_problems(roster, DATA) == []) is ok


# ------------------------------------------------------------------ the coaching's lines


@pytest.mark.parametrize(("when", "me", "holds"), [
    ({"when": "hp-below", "value": 20}, {"hp": 19}, True),
    ({"when": "hp-below", "value": 20}, {"hp": 20}, False),
    ({"when": "hp-below", "value": 20}, {"hp": 21}, False),
    ({"when": "cz-ahead", "value": 2}, {"cz": 1}, False),
    ({"when": "cz-ahead", "value": 2}, {"cz": 2}, True),
    ({"when": "cz-ahead", "value": 2}, {"cz": 3}, True),
    ({"when": "behind-on-hp"}, {"hp": 39}, True),  # his opponent has 40
    ({"when": "behind-on-hp"}, {"hp": 40}, False),
    ({"when": "behind-on-hp"}, {"hp": 41}, False),
])
def test_a_coaching_rules_line_holds_from_its_value(when: dict[str, Any], me: dict[str, Any],
                                                    holds: bool) -> None:
    from test_grimdark_coaching import card, coach, smash, view

    from companion.rulesets.grimdark.choose import choose_move

    hand = [card("basic-melee"), card("grapple")]
    coaching = coach(rules=[{**when, "prefer": "Grapple"}])
    choice = choose_move(view(smash(hand, **me)), "a", coaching, DATA)
    assert (choice.move == "grapple") is holds


@pytest.mark.parametrize(("face", "broken"), [(5, False), (6, True)])
def test_a_curse_breaks_on_a_6_for_6_damage(face: int, broken: bool) -> None:
    rules, state = match(sheet("Cursed"), sheet("Vex"))
    state.fighters[0].resources["curses"] = 1
    turn(rules, state, {"a": MELEE, "b": MELEE}, [3, 3, face])
    assert state.fighters[0].resources["curses"] == (0 if broken else 1)
    assert state.fighters[0].hp == (40 - 6 if broken else 40)
