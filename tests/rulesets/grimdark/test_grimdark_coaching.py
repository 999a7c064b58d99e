"""Coaching (seed 000: managers coach, they do not pick moves): the coaching file, the
computer's choice of each move by it, why in words, and the house NPCs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.rulesets.grimdark.build import problems
from companion.rulesets.grimdark.coaching import (
    ASSESS,
    Coaching,
    check_coaching,
    choose_move,
    default_coaching,
    load_coaching,
    parse_coaching,
    samples_dir,
    why_words,
)
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import read_forum, write_forum
from companion.rulesets.grimdark.sheet import SheetError, load_gladiator
from companion.rulesets.grimdark.sheet import samples_dir as gladiators_dir
from companion.tables.loader import load_tables

DATA = GrimdarkData.load(load_tables(include_user=False))
NPCS = ("arena-robot", "sewer-beast", "cinder-witch")


def coach(**fields: Any) -> Coaching:
    return parse_coaching({"format": "companion-grimdark-coaching", **fields}, "test", DATA)


def problems_of(data: object) -> list[str]:
    with pytest.raises(SheetError) as err:
        parse_coaching(data, "c.json", DATA)
    return err.value.problems


# ------------------------------------------------------------------ views

def card(key: str, *, playable: bool = True, targets: tuple[str, ...] = ("b",),
         reaches: tuple[str, ...] | None = None) -> dict[str, Any]:
    move = DATA.moves[key]
    out: dict[str, Any] = {"key": key, "name": move.name, "kind": move.kind,
                           "attack": move.attack, "modifier": move.modifier,
                           "playable": playable, "why_not": None if playable else "no",
                           "targets": list(targets) if move.attack else []}
    if reaches is not None:
        out["reaches"] = list(reaches)
    return out


def gladiator(gid: str, team: str, *, hp: int = 40, max_hp: int = 45, cz: int = 0,
              hand: list[dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
    stats = more.pop("stats", {"brutality": 6, "style": 3, "mind": 3, "weird": 3})
    out = {"id": gid, "name": f"Gladiator {gid}", "display_name": f"Gladiator {gid}",
           "team": team, "hp": hp, "max_hp": max_hp, "init": 5, "cz": cz, "fame": 0,
           "active_stat": "brutality", "stats": stats, "wounded": hp <= 12,
           "defeated": hp <= 0, "dead": None, "conditions": [], "hand": hand or [],
           "deck_left": 10, "flurry": 0,
           "resources": {"arcane-essence": 0, "quantum-energy": 0, "curses": 0, "poison": 0},
           "last_turn": {"damage_taken": 0, "hit": False, "struck_in_melee_by": []}}
    out.update(more)
    return out


def view(me: dict[str, Any], *others: dict[str, Any]) -> dict[str, Any]:
    return {"system": "grimdark", "turn": 3, "started": True, "over": False,
            "gladiators": [me, *(others or (gladiator("b", "2"),))], "result": None}


def smash(hand: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    return gladiator("a", "1", hand=hand, **more)


LORD_SMASH = coach(posture="aggressive", prefer={"Wild Charge": 3},
                   rules=[{"when": "finisher-allowed", "do": "finish"},
                          {"when": "wounded", "prefer": "Last Stand"},
                          {"when": "hand-has-no-attack", "do": "assess"},
                          {"when": "always", "target": "weakest"}])


# ------------------------------------------------------------------ the file

def test_names_are_read_as_moves_and_kept_as_keys() -> None:
    c = coach(gladiator="Lord Smash", opening=["Wild Charge", "flurry of blows", "brutal-bash"],
              prefer={"Wild Charge": 3}, rules=[{"when": "wounded", "prefer": "Last Stand"}])
    assert c.opening == ["wild-charge", "flurry-of-blows", "brutal-bash"]
    assert c.prefer == {"wild-charge": 3}
    assert c.rules[0].prefer == "last-stand"


def test_an_unknown_move_is_named_with_its_place() -> None:
    assert problems_of({"opening": ["Wild Charge", "Wyld Charge"],
                        "rules": [{"when": "wounded", "avoid": "Hug"}]}) == [
        "c.json: opening[1]: 'Wyld Charge' is not a move in the Grimdark moves table",
        "c.json: rules[0].avoid: 'Hug' is not a move in the Grimdark moves table"]


def test_no_more_than_three_opening_moves() -> None:
    [problem] = problems_of({"opening": ["Grapple"] * 4})
    assert problem == "c.json: opening: at most 3 items (this has 4)"


def test_a_special_move_never_opens_a_match() -> None:
    [problem] = problems_of({"opening": ["Opportune Strike"]})
    assert problem.endswith("Opportune Strike cannot open a match: it is never in a "
                            "repertoire")


def test_a_posture_is_one_of_three() -> None:
    [problem] = problems_of({"posture": "furious"})
    assert problem == ("c.json: posture: must be 'aggressive', 'balanced' or 'cautious'")


@pytest.mark.parametrize(("rule", "said"), [
    ({"when": "wounded"}, "exactly one of prefer, avoid, do or target (this one gives "
                          "none of them)"),
    ({"when": "wounded", "do": "assess", "prefer": "Grapple"}, "(this one gives prefer and do)"),
    ({"when": "hp-below", "do": "assess"}, "'when: hp-below' needs a value"),
    ({"when": "sometimes", "do": "assess"}, "rules[0].when: must be 'always', "),
    ({"when": "wounded", "prefer": "Grapple", "value": 3}, "takes no value"),
])
def test_a_bad_rule_is_said_in_words(rule: dict[str, Any], said: str) -> None:
    [problem] = problems_of({"rules": [rule]})
    assert problem.startswith("c.json: rules[0]") and said in problem


def test_weights_go_from_minus_five_to_five() -> None:
    [problem] = problems_of({"prefer": {"Grapple": 9}})
    assert "'Grapple' is weighted 9; weights go from -5 (avoid) to 5 (favour)" in problem


def test_hostile_files_are_refused_in_one_line_each(tmp_path: Path) -> None:
    cases = {
        "deep.json": "[" * 5000 + "]" * 5000,
        "huge.json": json.dumps({"format": "companion-grimdark-coaching",
                                 "notes": "x" * 2_000_000}),
        "broken.json": '{"format": "companion-grimdark-coaching", "opening": [',
        "gladiator.json": (gladiators_dir() / "lord-smash.json").read_text(encoding="utf-8"),
        "list.json": "[1, 2, 3]",
        "nan.json": '{"format": "companion-grimdark-coaching", "prefer": {"Grapple": NaN}}',
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(SheetError) as err:
            load_coaching(path, DATA)
        for problem in err.value.problems:
            assert str(path) in problem and "\n" not in problem and "Traceback" not in problem


def test_a_gladiator_file_is_not_read_as_coaching(tmp_path: Path) -> None:
    with pytest.raises(SheetError) as err:
        load_coaching(gladiators_dir() / "lord-smash.json", DATA)
    assert "not a Grimdark coaching" in str(err.value)


def test_opening_moves_must_be_in_his_repertoire() -> None:
    g = load_gladiator(gladiators_dir() / "lord-smash.json")
    c = coach(gladiator="Lord Smash", opening=["Last Stand", "Last Stand", "Fireball"],
              prefer={"Regenerate": 2})
    assert check_coaching(c, g, DATA) == [
        "he opens with Last Stand 2 times but holds one copy of it in his repertoire",
        "he opens with Fireball but holds no copy of it in his repertoire",
        "Regenerate is coached but never comes into his hand: it is not in his repertoire"]
    assert check_coaching(coach(gladiator="Sewer Beast"), g, DATA) == [
        "this coaching is for Sewer Beast, not Lord Smash"]


def test_a_replacement_move_and_assessing_may_be_coached() -> None:
    g = load_gladiator(gladiators_dir() / "lord-smash.json")
    g = g.model_copy(update={"moves": {**g.moves, "biding-time": 1}})
    c = coach(prefer={"Opportune Strike": 2, "Assess the Situation": -1})
    assert check_coaching(c, g, DATA) == []


@pytest.mark.parametrize("name", ["lord-smash", *NPCS])
def test_the_sample_coaching_fits_its_gladiator(name: str) -> None:
    c = load_coaching(samples_dir() / f"{name}.json", DATA)
    g = load_gladiator(gladiators_dir() / f"{name}.json")
    assert check_coaching(c, g, DATA) == []
    assert len(c.opening) == 3


def test_lord_smashs_sample_coaching_is_the_aggressive_one() -> None:
    c = load_coaching(samples_dir() / "lord-smash.json", DATA)
    assert c.posture == "aggressive"
    assert c.opening == ["wild-charge", "flurry-of-blows", "brutal-bash"]
    assert [(r.when, r.prefer or r.do) for r in c.rules[:2]] == [
        ("finisher-allowed", "finish"), ("wounded", "last-stand")]


def test_the_default_coaching_is_balanced_and_empty() -> None:
    c = default_coaching()
    assert (c.posture, c.opening, c.prefer, c.rules) == ("balanced", [], {}, [])


# ------------------------------------------------------------------ the chooser

def test_a_wounded_gladiator_coached_to_last_stand_plays_it() -> None:
    hand = [card("wild-charge"), card("last-stand"), card("basic-melee")]
    choice = choose_move(view(smash(hand, hp=10)), "a", LORD_SMASH, DATA)
    assert (choice.move, choice.target) == ("last-stand", "b")
    assert choice.why == ("rule:wounded:last-stand",)
    assert why_words(choice.why, DATA) == "wounded: Last Stand as coached"


def test_unwounded_he_plays_his_favourite_big_hit() -> None:
    hand = [card("basic-melee"), card("wild-charge"), card("last-stand", playable=False)]
    choice = choose_move(view(smash(hand)), "a", LORD_SMASH, DATA)
    assert choice.move == "wild-charge"
    assert choice.why[:3] == ("aggressive", "prefers:wild-charge", "big-hit")
    assert why_words(choice.why, DATA) == "aggressive, prefers Wild Charge, prefers big hits"


def test_he_assesses_when_the_hand_holds_no_attack() -> None:
    hand = [card("basic-performance"), card("basic-adjustment"),
            card("wild-charge", playable=False)]
    choice = choose_move(view(smash(hand, active_stat="brutality")), "a", LORD_SMASH, DATA)
    assert choice.move == ASSESS
    assert choice.why == ("rule:hand-has-no-attack:assess",)
    assert why_words(choice.why, DATA) == "no attack in hand: assesses the situation as coached"


def test_uncoached_he_still_trades_a_hand_without_attacks() -> None:
    hand = [card("basic-performance"), card("biding-time", playable=False)]
    choice = choose_move(view(smash(hand)), "a", None, DATA)
    assert choice.move == ASSESS and "no-attack-in-hand:assess" in choice.why


def test_he_uses_a_finisher_as_soon_as_it_is_allowed() -> None:
    hand = [card("wild-charge"), card("merciless-beating"), card("last-stand")]
    me = smash(hand, hp=10, cz=3)
    choice = choose_move(view(me, gladiator("b", "2", hp=9, cz=1)), "a", LORD_SMASH, DATA)
    assert choice.move == "merciless-beating"
    assert choice.why[0] == "rule:finisher-allowed:finish"
    # Not yet: CZ only one above the target's.
    me = smash(hand, hp=10, cz=2)
    choice = choose_move(view(me, gladiator("b", "2", hp=9, cz=1)), "a", LORD_SMASH, DATA)
    assert choice.move == "last-stand"


def test_a_finisher_wrongly_listed_as_playable_is_not_played() -> None:
    """The view's targets say the finisher is open, the CZ says it is not."""
    hand = [card("merciless-beating"), card("basic-melee")]
    choice = choose_move(view(smash(hand, cz=0), gladiator("b", "2", hp=9, cz=0)), "a",
                         None, DATA)
    assert choice.move == "basic-melee"


def test_uncoached_a_finisher_is_still_his_best_move() -> None:
    hand = [card("basic-melee"), card("merciless-beating")]
    choice = choose_move(view(smash(hand, cz=2), gladiator("b", "2", hp=9)), "a", None, DATA)
    assert choice.move == "merciless-beating"
    assert why_words(choice.why, DATA) == "balanced, a finisher is allowed"


def test_he_targets_the_weakest() -> None:
    hand = [card("basic-melee", targets=("b", "c", "d"))]
    others = (gladiator("b", "2", hp=30), gladiator("c", "2", hp=14), gladiator("d", "3", hp=20))
    choice = choose_move(view(smash(hand), *others), "a", LORD_SMASH, DATA)
    assert (choice.move, choice.target) == ("basic-melee", "c")
    assert "target:weakest" in choice.why
    assert "goes for the weakest" in why_words(choice.why, DATA)


def test_other_target_policies() -> None:
    hand = [card("basic-melee", targets=("b", "c"))]
    b = gladiator("b", "2", hp=30, max_hp=60, fame=3)
    c = gladiator("c", "2", hp=20, max_hp=25, fame=1)
    for policy, wanted in (("strongest", "b"), ("most-hurt", "b"), ("most-famous", "b"),
                           ("least-hp", "c"), ("least-famous", "c")):
        coaching = coach(rules=[{"when": "always", "target": policy}])
        assert choose_move(view(smash(hand), b, c), "a", coaching, DATA).target == wanted


def test_uncoached_he_goes_where_his_move_is_strongest_then_for_the_fewest_hp() -> None:
    # Timing is Everything: +2 against a slower target, -2 against a faster one.
    hand = [card("timing-is-everything", targets=("b", "c"))]
    slow, fast = gladiator("b", "2", hp=40, init=2), gladiator("c", "2", hp=10, init=9)
    assert choose_move(view(smash(hand, init=5), slow, fast), "a", None, DATA).target == "b"
    hand = [card("basic-melee", targets=("b", "c"))]
    assert choose_move(view(smash(hand), slow, fast), "a", None, DATA).target == "c"


def test_never_picks_an_unplayable_move() -> None:
    hand = [card("wild-charge", playable=False), card("merciless-beating", playable=False),
            card("grapple")]
    coaching = coach(posture="aggressive", prefer={"Wild Charge": 5},
                     rules=[{"when": "always", "prefer": "Merciless Beating"}])
    choice = choose_move(view(smash(hand)), "a", coaching, DATA)
    assert choice.move == "grapple"


def test_with_nothing_playable_assessing_is_his_only_move() -> None:
    hand = [card("wild-charge", playable=False)]
    choice = choose_move(view(smash(hand)), "a", LORD_SMASH, DATA)
    assert (choice.move, choice.why) == (ASSESS, ("only-move",))
    assert why_words(choice.why, DATA) == "his only move"


def test_the_same_view_gives_the_same_choice() -> None:
    hand = [card("basic-melee", targets=("b", "c")), card("grapple", targets=("b", "c")),
            card("basic-melee", targets=("b", "c"))]
    others = (gladiator("b", "2", hp=20), gladiator("c", "3", hp=20))
    choices = {choose_move(view(smash(hand), *others), "a", None, DATA) for _ in range(5)}
    assert len(choices) == 1
    # Equal cards and equal targets: the first card in hand, the first target.
    [choice] = choices
    assert (choice.move, choice.target) == ("basic-melee", "b")


def test_an_avoided_move_is_played_only_when_nothing_else_is() -> None:
    hand = [card("wild-charge"), card("grapple")]
    coaching = coach(posture="aggressive", rules=[{"when": "always", "avoid": "Wild Charge"}])
    assert choose_move(view(smash(hand)), "a", coaching, DATA).move == "grapple"


def test_cautious_and_hurt_he_stands_on_guard() -> None:
    hand = [card("basic-melee"), card("basic-defense")]
    cautious = coach(posture="cautious")
    assert choose_move(view(smash(hand)), "a", cautious, DATA).move == "basic-melee"
    choice = choose_move(view(smash(hand, hp=20)), "a", cautious, DATA)
    assert choice.move == "basic-defense"
    assert why_words(choice.why, DATA) == "cautious, stands on guard"
    aggressive = coach(posture="aggressive")
    assert choose_move(view(smash(hand, hp=20)), "a", aggressive, DATA).move == "basic-melee"


def test_rules_weigh_in_their_order() -> None:
    hand = [card("grapple"), card("wild-charge")]
    first_grapple = coach(rules=[{"when": "always", "prefer": "Grapple"},
                                 {"when": "always", "prefer": "Wild Charge"}])
    assert choose_move(view(smash(hand)), "a", first_grapple, DATA).move == "grapple"
    first_charge = coach(rules=[{"when": "always", "prefer": "Wild Charge"},
                                {"when": "always", "prefer": "Grapple"}])
    assert choose_move(view(smash(hand)), "a", first_charge, DATA).move == "wild-charge"


@pytest.mark.parametrize(("when", "me", "holds"), [
    ({"when": "hp-below", "value": 20}, {"hp": 19}, True),
    ({"when": "hp-below", "value": 20}, {"hp": 20}, False),
    ({"when": "cz-ahead", "value": 2}, {"cz": 2}, True),
    ({"when": "cz-ahead", "value": 2}, {"cz": 1}, False),
    ({"when": "behind-on-hp"}, {"hp": 39}, True),
    ({"when": "behind-on-hp"}, {"hp": 41}, False),
    ({"when": "opponent-wounded"}, {}, False),
])
def test_each_condition_of_a_rule(when: dict[str, Any], me: dict[str, Any],
                                  holds: bool) -> None:
    hand = [card("basic-melee"), card("grapple")]
    coaching = coach(rules=[{**when, "prefer": "Grapple"}])
    choice = choose_move(view(smash(hand, **me)), "a", coaching, DATA)
    assert (choice.move == "grapple") is holds


def test_basic_adjustment_returns_him_to_his_coached_or_strongest_stat() -> None:
    hand = [card("basic-adjustment"), card("basic-performance")]
    stats = {"brutality": 6, "style": 5, "mind": 2, "weird": 2}
    ineffective = smash(hand, active_stat="ineffective", stats=stats)
    choice = choose_move(view(ineffective), "a", coach(), DATA)
    assert (choice.move, choice.active_stat) == ("basic-adjustment", "brutality")
    assert "back to Brutality" in why_words(choice.why, DATA)
    choice = choose_move(view(ineffective), "a", coach(active_stat="style"), DATA)
    assert choice.active_stat == "style"
    # Two strongest: the first in the sheet's order (Brutality, Style, Mind, Weird).
    tied = smash(hand, active_stat="ineffective",
                 stats={"brutality": 2, "style": 5, "mind": 5, "weird": 2})
    assert choose_move(view(tied), "a", coach(), DATA).active_stat == "style"


def test_a_melee_or_ranged_move_goes_ranged_only_when_it_pays() -> None:
    hand = [card("risky-business", reaches=("melee", "ranged"))]
    choice = choose_move(view(smash(hand)), "a", None, DATA)
    assert choice.reach == "ranged"  # he was not struck in melee: +2 if b charges in
    struck = {"damage_taken": 5, "hit": True, "struck_in_melee_by": ["b"]}
    choice = choose_move(view(smash(hand, last_turn=struck)), "a", None, DATA)
    assert choice.reach == "melee"
    # A hand entry with no reach choices: melee.
    hand = [card("risky-business")]
    assert choose_move(view(smash(hand)), "a", None, DATA).reach == "melee"


def test_the_chooser_reads_only_the_public_view() -> None:
    """Teammates are never targets; defeated gladiators are never targets."""
    hand = [card("basic-melee", targets=("b", "c"))]
    mate = gladiator("b", "1", hp=5)
    down = gladiator("d", "2", hp=0)
    choice = choose_move(view(smash(hand), mate, gladiator("c", "2"), down), "a", None, DATA)
    assert choice.target == "c"


# ------------------------------------------------------------------ why in words

def test_why_words_never_show_a_code() -> None:
    codes = ("aggressive", "prefers:wild-charge", "rule:hp-below=15:magic-shield",
             "rule:always:assess", "target:most-famous", "sets-up:opportune-strike",
             "gains:cz", "reach:ranged", "no-such-code", "rule:bogus:grapple",
             "prefers:no-such-move")
    words = why_words(codes, DATA)
    assert words == ("aggressive, prefers Wild Charge, below 15 HP: Magic Shield as coached, "
                     "assesses the situation as coached, goes for the most famous, sets up "
                     "Opportune Strike, plays to the crowd, strikes from range")
    for code in codes:
        assert code == "aggressive" or code not in words
    assert "-" not in words
    assert why_words((), DATA) == "his own judgement"


# ------------------------------------------------------------------ house NPCs

@pytest.mark.parametrize("name", NPCS)
def test_each_house_npc_keeps_the_build_rules(name: str) -> None:
    g = load_gladiator(gladiators_dir() / f"{name}.json")
    assert problems(g, DATA) == []
    assert "house NPC" in g.description


@pytest.mark.parametrize("name", NPCS)
def test_each_house_npc_reads_back_from_his_forum_sheet(name: str) -> None:
    g = load_gladiator(gladiators_dir() / f"{name}.json")
    imported = read_forum(write_forum(g, DATA), DATA)
    assert imported.gladiator == g
    assert imported.notes == []


def test_the_npcs_are_what_the_arena_promised() -> None:
    robot, beast, witch = (load_gladiator(gladiators_dir() / f"{n}.json") for n in NPCS)
    assert {"technomancer", "huge"} <= set(robot.abilities)
    assert "tenacious" in robot.weapons[0].properties
    assert {"huge", "natural-weapon", "berserker"} <= set(beast.abilities)
    assert "arcane-arts" in witch.abilities


# ------------------------------------------------------------------ the command line

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    from companion.cli import main

    code = main(list(argv))
    return code, capsys.readouterr().out


def test_the_coaching_command_prints_it_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "grimdark", "coaching", "Lord Smash", "--gladiator", "Lord Smash")
    path = samples_dir() / "lord-smash.json"
    assert code == 0
    lines = out.splitlines()
    assert lines[:9] == [
        f"{path}: Lord Smash's coaching", "  posture: aggressive",
        "  opening moves: Wild Charge, Flurry of Blows and Brutal Bash",
        "  favours Wild Charge (+3) and Flurry of Blows (+2)", "  shuns Basic Melee (-1)",
        "  1. when a finisher is allowed: use a finisher", "  2. when wounded: prefer Last Stand",
        "  3. when his hand holds no attack: assess the situation",
        "  4. always: go for the weakest"]
    assert lines[-1] == f"{path}: ok (a Grimdark coaching, and fits Lord Smash)"


def test_the_coaching_command_names_what_does_not_fit(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"format": "companion-grimdark-coaching",
                                "opening": ["Fireball"]}), encoding="utf-8")
    code, out = run(capsys, "grimdark", "coaching", str(path), "--gladiator", "Lord Smash")
    assert code == 1
    assert f"{path}: he opens with Fireball but holds no copy of it in his repertoire" in out
    path.write_text(json.dumps({"format": "companion-grimdark-coaching",
                                "opening": ["Fireballl"]}), encoding="utf-8")
    code, out = run(capsys, "check", str(path))
    assert (code, out) == (1, f"{path}: opening[0]: 'Fireballl' is not a move in the "
                              "Grimdark moves table\n")


# ------------------------------------------------------------------ any hand

@pytest.mark.parametrize("name", ["lord-smash", *NPCS])
def test_any_hand_gives_a_legal_choice_said_in_words(name: str) -> None:
    """Hands drawn from his repertoire, some cards unplayable, against two foes: the
    choice is always a playable card (or assessing), aimed at a foe, the same twice,
    and its reasons read without a code."""
    import random

    g = load_gladiator(gladiators_dir() / f"{name}.json")
    c = load_coaching(samples_dir() / f"{name}.json", DATA)
    deck = [key for key, n in g.moves.items() for _ in range(n)]
    rng = random.Random(12)  # the test's own draws; the chooser takes none
    for _ in range(60):
        hand = [card(key, playable=rng.random() < 0.8, targets=("b", "c"),
                     reaches=("melee", "ranged") if rng.random() < 0.5 else None)
                for key in rng.sample(deck, 3)]
        me = gladiator("a", "1", hand=hand, hp=rng.randint(1, 45), cz=rng.randint(0, 4),
                       stats=g.stats(), active_stat=g.active())
        foes = [gladiator(f, "2", hp=rng.randint(1, 45), cz=rng.randint(0, 4)) for f in "bc"]
        choice = choose_move(view(me, *foes), "a", c, DATA)
        assert choice == choose_move(view(me, *foes), "a", c, DATA)
        if choice.move != ASSESS:
            assert any(x["key"] == choice.move and x["playable"] for x in hand)
            if DATA.moves[choice.move].attack is not None:
                assert choice.target in ("b", "c")
        words = why_words(choice.why, DATA)
        assert words and not any(code in words for code in choice.why if ":" in code)
