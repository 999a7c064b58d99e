"""How the chooser by the odds weighs a move beyond its fight: each term of
`choose_odds.Judge.worth` against the same fight. The fight's outlook is held fixed
(the foresight is swapped for one that sees the same odds for every option), so what a
move adds over Basic Melee is exactly what its own words are worth by the constants of
choose_odds: a penalty is POWER a point, a curse CURSE, a turn disarmed DISARM_TURN...

Rex and Vex: Brutality 6 (their active stat), Style, Mind and Weird 3, an axe; Rex
holds three Basic Melee unless a test says otherwise."""

from __future__ import annotations

from typing import Any

import pytest
from support.grimdark_kit import match, sheet

from companion.rulesets.grimdark import choose_odds as co
from companion.rulesets.grimdark.coachfile import parse_coaching
from companion.rulesets.grimdark.foresight import NOTHING, Outlook
from companion.rulesets.grimdark.scores import Option
from companion.rulesets.grimdark.summary import chooser_view

REPERTOIRE = {"basic-melee": 5, "powerful-attack": 5, "grapple": 5, "basic-defense": 5}
HALF = NOTHING._replace(hit=0.5)  # a fight he wins half the time, and nothing else


class Fixed:
    """A foresight that sees the same fight whatever the option."""

    def __init__(self, out: Outlook, foes: list[Any]) -> None:
        self.out, self.foes = out, foes

    def outlook(self, *_: Any) -> Outlook:
        return self.out


def judge(out: Outlook = HALF, *, hand: list[str] | None = None, posture: str | None = None,
          prefer: dict[str, int] | None = None,
          moves: dict[str, int] | None = None, others: int = 1, active: str | None = None,
          flurry: int = 0, **rex: Any
          ) -> tuple[co.Judge, Any]:
    coaching: dict[str, Any] | None = None
    if posture is not None or prefer is not None:
        coaching = {"format": "companion-grimdark-coaching", "version": 1,
                    "posture": posture or "balanced", "prefer": prefer or {}}
    foes = [sheet(f"Foe{i}") for i in range(others)]
    _, state = match(sheet("Rex", moves=moves or REPERTOIRE, **rex), *foes,
                     hands=[hand or ["basic-melee"] * 3, *([[]] * others)],
                     coaching=[coaching, *([None] * others)])
    me = state.fighter("a")
    me.active_stat, me.flurry = active or me.active_stat, flurry
    mine = next(g for g in chooser_view(state, "a")["gladiators"] if g["id"] == "a")
    parsed = parse_coaching(coaching, "c", state.data) if coaching else co.default_coaching()
    j = co.Judge(state, me, parsed, mine["hand"])
    j.sight = Fixed(out, j.sight.foes)  # type: ignore[assignment]
    return j, me


def worth(j: co.Judge, key: str, stat: str | None = None) -> float:
    move = j.data.moves[key]
    o = Option((0, 0, 0), move, "b" if move.attack else None,
               "melee" if move.attack == "melee-or-ranged" else None, stat)
    j.worth(o)
    return o.score


def over_plain(j: co.Judge, key: str) -> float:
    """What a move is worth beyond Basic Melee in the same fight."""
    return worth(j, key) - worth(j, "basic-melee")


# ------------------------------------------------------------------ the fight itself

def test_the_fight_is_weighed_by_the_posture_deal_take_fell_and_fall() -> None:
    fight = NOTHING._replace(dealt=4.0, others_dealt=0.5, taken=1.0, kill=0.1, fall=0.05)
    for posture in ("balanced", "aggressive", "cautious"):
        lean = co.POSTURES[posture]
        seen, _ = judge(fight, posture=posture)
        blank, _ = judge(NOTHING, posture=posture)
        assert worth(seen, "basic-melee") - worth(blank, "basic-melee") == pytest.approx(
            lean.deal * 4.5 - lean.take * 1.0 + lean.fell * 0.1 - lean.fall * 0.05)


def test_a_critical_and_an_attacker_left_out_of_position_count_beyond_the_damage() -> None:
    crit, _ = judge(NOTHING._replace(critical=0.25))
    blank, _ = judge(NOTHING)
    assert worth(crit, "basic-melee") - worth(blank, "basic-melee") == pytest.approx(
        co.CRITICAL_EXTRA * 0.25)
    away, _ = judge(NOTHING._replace(out_of_position=0.5))
    # The bonus is out-of-position-bonus (2) on a later move: a share LATER of it used.
    assert worth(away, "basic-defense") - worth(blank, "basic-defense") == pytest.approx(
        co.POWER * 2 * 0.5 * co.LATER)


# ------------------------------------------------------------------ the crowd

def test_a_tie_gives_the_crowds_cz_but_not_to_a_finisher() -> None:
    tie, _ = judge(NOTHING._replace(tie=0.5))
    blank, _ = judge(NOTHING)
    assert worth(tie, "basic-melee") - worth(blank, "basic-melee") == pytest.approx(co.CZ * 0.5)
    assert worth(tie, "merciless-beating") == pytest.approx(worth(blank, "merciless-beating"))
    # With no tie in sight the crowd gives nothing: the two weigh the same.
    assert worth(blank, "basic-melee") == pytest.approx(worth(blank, "merciless-beating"))


def test_cz_a_move_gains_counts_on_use_or_only_when_it_hits() -> None:
    j, _ = judge(NOTHING._replace(hit=0.25))
    plain = worth(j, "basic-melee")
    assert worth(j, "graceful-slash") - plain == pytest.approx(co.CZ * 1 * 0.25)  # on a hit
    blank, _ = judge(NOTHING._replace(hit=0.25))
    # Basic Performance's CZ comes on use; it is no attack, so it has no hit to wait for.
    assert worth(blank, "basic-performance") - worth(blank, "basic-defense") == \
        pytest.approx(co.CZ * 1)


def test_a_finisher_in_hand_makes_a_wound_and_cz_towards_its_lead_worth_more() -> None:
    hand = ["basic-melee", "merciless-beating", "basic-melee"]
    j, _ = judge(NOTHING._replace(wounds=0.5), hand=hand)
    blank, _ = judge(NOTHING, hand=hand)
    # His CZ is not 2 above Foe0's: a wound alone opens nothing yet.
    assert worth(j, "basic-melee") - worth(blank, "basic-melee") == pytest.approx(
        co.FINISHER_OPEN * 0.5 * co.CZ_SHORT)
    # CZ gained counts towards the lead too (Basic Performance: 1 on use).
    assert worth(blank, "basic-performance") - worth(blank, "basic-defense") == pytest.approx(
        co.CZ * 1 + co.FINISHER_OPEN * co.CZ_TOWARDS * 1)
    lead, me = judge(NOTHING._replace(wounds=0.5), hand=hand, fame=2)
    assert me.cz >= 2
    lead_blank, _ = judge(NOTHING, hand=hand, fame=2)
    assert worth(lead, "basic-melee") - worth(lead_blank, "basic-melee") == pytest.approx(
        co.FINISHER_OPEN * 0.5)
    # Without a finisher in hand a wound is only the damage that made it.
    none, _ = judge(NOTHING._replace(wounds=0.5))
    assert worth(none, "basic-melee") == pytest.approx(worth(judge(NOTHING)[0], "basic-melee"))


# ------------------------------------------------------------------ what a move leaves

def test_a_penalty_on_himself_next_turn_costs_power_a_point() -> None:
    j, _ = judge()
    assert over_plain(j, "bold-gambit") == pytest.approx(co.POWER * -4)
    # Daring Acrobatics' -2 on himself, the same fight otherwise.
    assert over_plain(j, "daring-acrobatics") == pytest.approx(co.POWER * -2)


def test_a_penalty_on_his_target_counts_as_often_as_the_move_hits_and_for_each_turn() -> None:
    j, _ = judge(NOTHING._replace(hit=0.25))
    assert over_plain(j, "grapple") == pytest.approx(co.POWER * 2 * 0.25)
    assert over_plain(j, "touch-of-evil") == pytest.approx(co.POWER * 1 * 3 * 0.25)


def test_making_his_target_ineffective_is_worth_the_power_it_takes_from_him() -> None:
    j, _ = judge(NOTHING._replace(hit=0.25))
    # Foe0's Brutality 6 as his active stat falls to his weakest, 3: a drop of 3.
    assert over_plain(j, "tackle") == pytest.approx(co.POWER * 3 * co.HIS_WAY_BACK * 0.25)


def test_a_turn_of_his_targets_weapon_taken_is_worth_disarm_turn_when_it_hits() -> None:
    j, _ = judge(NOTHING._replace(hit=0.25))
    assert over_plain(j, "basic-disarm") == pytest.approx(co.DISARM_TURN * 3 * 0.25)


def test_going_ineffective_himself_costs_the_power_his_stat_gives_for_a_few_turns() -> None:
    j, _ = judge()
    # His Brutality 6 falls to 3; Basic Melee and Basic Defense, half his repertoire,
    # roll the active stat.
    assert j.active_share == 0.5
    assert over_plain(j, "risky-business") == pytest.approx(-co.POWER * 3 * co.HORIZON * 0.5)


def test_his_active_share_is_the_part_of_his_repertoire_rolling_the_active_stat() -> None:
    j, _ = judge(moves={"basic-melee": 12, "powerful-attack": 4, "grapple": 4})
    assert j.active_share == pytest.approx(12 / 20)
    # Few of them: a quarter at the least.
    j, _ = judge(moves={"basic-melee": 2, "powerful-attack": 5, "grapple": 5, "bold-gambit": 4})
    assert j.active_share == 0.25


def test_a_curse_on_use_costs_curse_and_one_lifted_on_a_hit_gains_it_as_often() -> None:
    j, _ = judge(NOTHING._replace(hit=0.25))
    assert over_plain(j, "dark-touch") == pytest.approx(-co.CURSE * 1)
    assert over_plain(j, "blood-sacrifice") == pytest.approx(co.CURSE * 1 * 0.25)


def test_wrath_from_beyond_hurts_every_foe_by_his_brutality_and_him_too() -> None:
    j, _ = judge(NOTHING, others=2)
    # Brutality 6 to each of two foes and to himself, and two curses.
    assert worth(j, "wrath-from-beyond") - worth(j, "basic-defense") == pytest.approx(
        6 * 2 - 6 - co.CURSE * 2)


def test_arcane_essence_gained_is_worth_what_his_best_spell_makes_of_a_point() -> None:
    moves = {"basic-melee": 5, "acid-touch": 5, "fireball": 5, "gather-the-spirits": 5}
    j, _ = judge(NOTHING._replace(hit=0.25), moves=moves, stats=(5, 3, 3, 4),
                 abilities={"arcane-arts": 1})
    # Acid Touch: +2 power and a d6 (3.5) for one point; Fireball +2 and a d4 (2.5).
    # A point of essence is worth the better of the two, which costs one.
    per_point = (co.POWER * 2 + co.HIT * 3.5) / j.data.moves["acid-touch"].cost.amount
    assert worth(j, "gather-the-spirits") - worth(j, "basic-defense") == pytest.approx(
        2 * per_point)
    assert over_plain(j, "power-leech") == pytest.approx(1 * per_point * 0.25)
    assert over_plain(j, "acid-touch") == pytest.approx(
        -per_point * j.data.moves["acid-touch"].cost.amount)


def test_a_resource_no_move_of_his_spends_is_worth_nothing() -> None:
    j, _ = judge(moves={"basic-melee": 5, "gather-the-spirits": 5, "grapple": 5,
                        "basic-defense": 5}, stats=(5, 3, 3, 4), abilities={"arcane-arts": 1})
    assert worth(j, "gather-the-spirits") == pytest.approx(worth(j, "basic-defense"))


# ------------------------------------------------------------------ the hand he keeps

def test_a_card_drawn_is_worth_the_average_of_what_his_repertoire_has_left() -> None:
    j, _ = judge(active="style")
    # Left to draw: 2 Basic Melee, 5 Grapple, 5 Basic Defense (live) and 5 Powerful
    # Attack, waiting on Brutality.
    assert j.deck == pytest.approx((12 * co.LIVE + 5 * co.WAITING) / 17)
    everything = {"basic-melee": 3}
    bare, _ = judge(moves={**everything, "grapple": 5, "powerful-attack": 5,
                           "basic-defense": 2}, hand=["basic-melee"] * 3)
    assert bare.deck == pytest.approx(co.LIVE)


def test_assessing_trades_every_card_in_hand_for_a_draw() -> None:
    j, _ = judge(NOTHING, active="style", hand=["basic-melee", "powerful-attack", "grapple"])
    kept = co.LIVE + co.WAITING + co.LIVE
    # Basic Defense is not in his hand: played, it gives way to a draw.
    assert worth(j, "assess-the-situation") - worth(j, "basic-defense") == pytest.approx(
        (3 * j.deck - kept) - (j.deck - co.LIVE))


def test_a_move_replaced_by_its_special_move_keeps_a_special_card_in_hand() -> None:
    j, _ = judge(NOTHING, moves={**REPERTOIRE, "biding-time": 2})
    assert worth(j, "biding-time") - worth(j, "basic-defense") == pytest.approx(
        (co.LIVE + co.SPECIAL - co.LIVE) - (j.deck - co.LIVE))


def test_a_stacking_move_is_worth_its_next_step_when_he_will_hold_it_again() -> None:
    flurry = {**REPERTOIRE, "flurry-of-blows": 5}
    hand = ["flurry-of-blows", "basic-melee", "basic-melee"]
    j, _ = judge(NOTHING._replace(hit=0.25), moves=flurry, hand=hand,
                 abilities={"berserker": 1})
    # A hit keeps the card; a miss draws it again at its share of the repertoire.
    again = 0.25 + 0.75 * 5 / 25
    stays = -0.25 * (j.deck - co.LIVE)  # the draw he does not make when it hits
    assert over_plain(j, "flurry-of-blows") == pytest.approx(
        co.CHAIN * co.POWER * 1 * again + stays)
    two, _ = judge(NOTHING._replace(hit=0.25), moves=flurry, abilities={"berserker": 1},
                   hand=["flurry-of-blows", "flurry-of-blows", "basic-melee"])
    assert over_plain(two, "flurry-of-blows") == pytest.approx(
        co.CHAIN * co.POWER * 1 * 1.0 - 0.25 * (two.deck - co.LIVE))
    # Its fifth use in a row is at its most (+4), not +5.
    late, _ = judge(NOTHING._replace(hit=0.25), moves=flurry, hand=hand,
                    abilities={"berserker": 1}, flurry=4)
    assert over_plain(late, "flurry-of-blows") == pytest.approx(
        co.CHAIN * co.POWER * 4 * again - 0.25 * (late.deck - co.LIVE))


# ------------------------------------------------------------------ his active stat

def test_setting_a_weaker_active_stat_costs_the_power_it_takes_for_a_few_turns() -> None:
    j, _ = judge(NOTHING)
    # Style 3 for Brutality 6, on half his repertoire.
    assert worth(j, "basic-adjustment", "style") - worth(j, "basic-defense") == \
        pytest.approx(co.POWER * (3 - 6) * co.HORIZON * 0.5)


def test_the_active_stat_his_cards_need_opens_them_and_leaving_it_closes_them() -> None:
    hand = ["powerful-attack", "stylish-strike", "basic-melee"]
    j, _ = judge(NOTHING, hand=hand)
    # Powerful Attack needs Brutality: going to Style closes it.
    assert worth(j, "basic-adjustment", "style") - worth(j, "basic-defense") == \
        pytest.approx(co.POWER * (3 - 6) * co.HORIZON * 0.5 - (co.LIVE - co.WAITING))


def test_out_of_ineffective_his_stat_comes_back_with_the_cards_that_need_it() -> None:
    j, me = judge(NOTHING, active="ineffective", hand=["powerful-attack", "basic-melee",
                                                        "basic-melee"])
    assert me.stat_value("ineffective") == 3
    assert worth(j, "basic-adjustment", "brutality") - worth(j, "basic-defense") == \
        pytest.approx(co.POWER * (6 - 3) * co.HORIZON * 0.5 + co.LEAVE_INEFFECTIVE
                      + (co.LIVE - co.WAITING))


def test_the_coachings_liking_adds_prefer_a_point_and_says_so() -> None:
    plain, _ = judge()
    liked, _ = judge(prefer={"Grapple": 4})
    assert worth(liked, "grapple") - worth(plain, "grapple") == pytest.approx(co.PREFER * 4)
    assert worth(liked, "basic-melee") == worth(plain, "basic-melee")
    o = Option((0, 0, 0), liked.data.moves["grapple"], "b")
    liked.worth(o)
    assert o.codes[-1] == "prefers:grapple"
    o = Option((0, 0, 0), liked.data.moves["basic-melee"], "b")
    liked.worth(o)
    assert not any(c.startswith("prefers:") for c in o.codes)
