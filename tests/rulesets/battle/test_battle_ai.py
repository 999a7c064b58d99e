"""The battle system's computer player: whole duels between every pair of sample
gladiators (and a sheet of the roster) end, every action accepted by the rules; the
choices follow the state (defensive when badly hurt, luck on the roll to stay up,
heal, retrieve, the two-handed grip, the signature move); and `companion auto` plays
a duel from the command line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from companion import paths
from companion.cli import main
from companion.rulesets.battle.ai import MAX_TURNS, decide, options_of
from companion.rulesets.battle.duel import duel_setup, play_duel
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.battle.sheet import find_sheet, samples_dir
from companion.rulesets.battle.state import BattleState
from companion.tables.loader import TableSet, load_tables

NOW = "2025-05-01T20:00:00"


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables(include_user=False)


def samples() -> dict[str, dict[str, Any]]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8"))
            for p in sorted(samples_dir().glob("*.json"))}


def veteran(name: str, weapon: str, **more: Any) -> dict[str, Any]:
    """A gladiator of many battles: luck, heal dice, a signature move."""
    skills = {"attack": 4, "armor": 1, "parry-dodge": 2, "health": 14, "heal": 3,
              "signature-move": 5, "retrieve-weapon": 3, "focus": 1}
    skills.update(more.pop("skills", {}))
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": skills, "weapons": {weapon: 4}, "carried": {weapon: 1}, "luck": 3,
            **more}


def insane(*keys: int) -> list[dict[str, Any]]:
    return [{"key": k, "name": "insanity", "permanent": True} for k in keys]


def state_of(a: dict[str, Any], b: dict[str, Any], tables: TableSet) -> BattleState:
    state = BattleRules().new_state(duel_setup(a, b, NOW), tables)
    BattleRules().apply(state, {"type": "initiative"}, _Sixes())
    return state


class _Sixes:
    """Dice for the set-up of a test: side a wins the initiative."""

    def __init__(self) -> None:
        self.calls = 0

    def d6(self, count: int = 1, *, purpose: str = "", roller: str = "") -> Any:
        self.calls += 1
        face = 6 if self.calls == 1 else 1

        class Rolled:
            faces = (face,) * count
        return Rolled()


def test_every_pair_of_samples_plays_to_the_end(tables: TableSet) -> None:
    # 5 x 5 pairings x 8 seeds: every action chosen is one `apply` takes (it raises on
    # any other), and every duel ends with a winner within the turn limit.
    sheets = samples()
    assert len(sheets) == 5
    for a, b in itertools.product(sheets.values(), sheets.values()):
        for seed in range(8):
            result = play_duel(duel_setup(a, b), seed, tables)
            assert result["winner"] in ("a", "b") and not result["stalled"]
            assert 1 <= result["turns"] <= MAX_TURNS
            assert result["loser"] != result["winner"]


def test_a_roster_sheet_plays_the_samples(tables: TableSet) -> None:
    roster = paths.roster_dir()
    roster.mkdir(parents=True, exist_ok=True)
    mine = veteran("Cassius", "bastard-sword", shield=True, skills={"shield": 2})
    (roster / "cassius.json").write_text(json.dumps(mine), encoding="utf-8")
    found = json.loads(find_sheet("Cassius").read_text(encoding="utf-8"))
    for other in samples().values():
        for seed in range(4):
            for a, b in ((found, other), (other, found)):
                assert play_duel(duel_setup(a, b), seed, tables)["winner"] is not None


def test_veterans_and_insanities_play_legal_duels(tables: TableSet) -> None:
    # Luck, heal dice, signature moves, two-handed grips, the whip, darts, and the
    # insanities that bar or force a choice (Born Loser, Mr. Nice Guy, Phobia of Pain,
    # No Fear of Death, Keen Insight, Reflex to Live, Mighty Blow, Called Shot, Improved
    # Heal, Blessed).
    fighters = [
        veteran("Tertius", "trident", shield=True, skills={"shield": 2}),
        veteran("Flail", "great-flail"),
        veteran("Whipper", "whip", insanities=insane(11, 12)),
        veteran("Darts", "war-dart", carried={"war-dart": 4},
                insanities=insane(25, 44, 53)),
        veteran("Brute", "claymore", insanities=insane(54, 55, 61, 62, 66)),
    ]
    played = 0
    for a, b in itertools.product(fighters, fighters):
        for seed in range(4):
            result = play_duel(duel_setup(a, b), seed, tables)
            assert result["turns"] <= MAX_TURNS + 1
            played += 1
    assert played == 100


def test_the_same_seed_plays_the_same_duel(tables: TableSet) -> None:
    a, b = samples()["hammer-rookie"], samples()["war-hammer-giant"]
    first = [play_duel(duel_setup(a, b), seed, tables) for seed in range(5)]
    assert first == [play_duel(duel_setup(a, b), seed, tables) for seed in range(5)]
    assert set(first[0]) >= {"winner", "turns", "loser_died"}


def test_a_duel_no_one_can_win_stops_at_the_turn_limit_as_a_draw(tables: TableSet) -> None:
    # Two bare-handed gladiators stood far apart on the hex board: fists do not reach
    # and cannot be thrown, so each can only wait.
    bare = {"format": "companion-gladiator", "name": "Nobody", "skills": {"attack": 2,
                                                                          "health": 5}}
    rules = BattleRules()
    state = rules.new_state(duel_setup(bare, {**bare, "name": "Nobody Else"}), tables)
    for who, at in (("a", "A1"), ("b", "J12")):
        rules.apply(state, {"type": "place", "who": who, "at": at}, _Sixes())
    result = play_duel(state, 1)
    assert result == {**result, "winner": None, "stalled": True, "loser_died": False}
    assert result["turns"] == MAX_TURNS + 1
    assert decide(state) is None


def test_choose_is_none_once_the_battle_is_over(tables: TableSet) -> None:
    rules = BattleRules()
    state = rules.new_state(duel_setup(*list(samples().values())[:2]), tables)
    assert rules.choose(state) == {"type": "initiative"}
    play_duel(state, 3)
    assert state.phase == "over" and rules.choose(state) is None


def test_badly_hurt_he_attacks_defensively(tables: TableSet) -> None:
    brute = veteran("Brute", "war-hammer", luck=0, skills={"attack": 6})
    state = state_of(veteran("Aulus", "short-sword", luck=0), brute, tables)
    fresh = decide(state)
    assert fresh is not None and fresh.action.get("stance", "normal") != "defensive"
    state.fighters["a"].health = 3
    hurt = decide(state)
    assert hurt is not None and hurt.action["stance"] == "defensive"
    assert "defensively" in hurt.why


def test_all_his_luck_goes_on_the_roll_to_stay_conscious(tables: TableSet) -> None:
    state = state_of(veteran("Aulus", "spear"), veteran("Brenna", "spear"), tables)
    a = state.fighters["a"]
    a.health, a.health_stage = -4, "struggling"
    decision = decide(state)
    assert decision is not None
    assert decision.action == {"type": "stay_conscious", "luck": 3}
    assert "all 3 luck dice" in decision.why


def test_below_zero_with_heal_dice_he_heals(tables: TableSet) -> None:
    state = state_of(veteran("Aulus", "spear"), veteran("Brenna", "spear"), tables)
    a = state.fighters["a"]
    a.health, a.health_stage, a.health_checked = -2, "struggling", True
    decision = decide(state)
    assert decision is not None and decision.action["type"] == "heal"
    assert "heals with" in decision.why


def test_he_picks_up_his_dropped_weapon_when_a_6_is_likely(tables: TableSet) -> None:
    # Six RETRIEVE WEAPON dice: 67% for a 6, worth more than a turn of fists.
    state = state_of(veteran("Aulus", "spear", skills={"signature-move": 0,
                                                       "retrieve-weapon": 6}),
                     veteran("Brenna", "spear"), tables)
    a = state.fighters["a"]
    a.carried["spear"], a.dropped["spear"] = 0, 1
    decision = decide(state)
    assert decision is not None
    assert decision.action == {"type": "retrieve", "item": "spear"}
    assert "picks up his Spear" in decision.why


def test_without_a_shield_he_takes_the_trident_in_two_hands(tables: TableSet) -> None:
    # Class A in one hand, B in two: with no shield to drop, the grip costs nothing.
    state = state_of(veteran("Aulus", "trident", luck=0, skills={"signature-move": 0}),
                     veteran("Brenna", "spear", luck=0), tables)
    decision = decide(state)
    assert decision is not None and decision.action.get("two_handed") is True
    assert "two-handed" in decision.why


def test_the_signature_move_waits_for_a_hurt_opponent(tables: TableSet) -> None:
    state = state_of(veteran("Aulus", "spear", luck=0), veteran("Brenna", "spear", luck=0),
                     tables)
    first = decide(state)
    assert first is not None and "signature" not in first.action
    state.fighters["b"].health = 6  # of 14: under half
    later = decide(state)
    assert later is not None and later.action.get("signature") is True


def test_a_stunned_opponent_and_mr_nice_guy_leave_him_another_action(
        tables: TableSet) -> None:
    state = state_of(veteran("Aulus", "spear", insanities=insane(12)),
                     veteran("Brenna", "spear"), tables)
    state.fighters["b"].stunned = True
    decision = decide(state)
    assert decision is not None and decision.action["type"] in ("heal", "wait", "retrieve")


def test_every_option_weighed_is_listed_with_its_reason(tables: TableSet) -> None:
    state = state_of(samples()["spear-rookie"], samples()["hammer-rookie"], tables)
    weighed = list(options_of(state))
    stances = {action.get("stance", "normal") for action, _, _ in weighed}
    assert stances == {"normal", "berserk", "defensive"}
    assert [v for _, v, _ in weighed] == sorted((v for _, v, _ in weighed), reverse=True)
    assert all("off him against" in why for _, _, why in weighed)


def test_companion_auto_plays_a_duel_to_the_end(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "duel.json"
    assert main(["new", "battle", "Spear Rookie", "war-hammer-giant", "--out", str(out)]) == 0
    assert main(["auto", str(out), "--seed", "7"]) == 0
    said = capsys.readouterr().out
    assert "The battle is over" in said
    assert main(["show", str(out), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["phase"] == "over" and shown["result"]["winner"] in ("a", "b")
