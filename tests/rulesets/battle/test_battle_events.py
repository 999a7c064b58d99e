"""The battle system under the Ruleset contract: its rules return events that carry
their dice, the narrator words them, a table entry's scar rolls its own sub-table,
and the package imports without cycles and without pygame."""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from support.places import ROOT

from companion import paths
from companion.dice.sources import ScriptedDice
from companion.errors import UserError
from companion.rulesets.base import Due, Outcome, Ruleset, parse_action_text
from companion.rulesets.battle.health import due_roll
from companion.rulesets.battle.rules import BattleRules
from companion.rulesets.registry import get_ruleset
from companion.session.session import Session, SessionFileError, load_session
from companion.tables.loader import load_tables

NOW = "2025-05-01T20:00:00"
SAMPLE = paths.assets_dir() / "samples" / "hammer-rookie.json"
PACKAGE = ROOT / "companion" / "rulesets" / "battle"


@pytest.fixture(scope="module")
def rules() -> BattleRules:
    return BattleRules()


def rookie() -> dict[str, Any]:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def big(name: str = "Big") -> dict[str, Any]:
    return {"format": "companion-gladiator", "name": name, "development_points": 500,
            "skills": {"attack": 4, "health": 100}, "weapons": {"club": 4},
            "carried": {"club": 1}}


def started(rules: BattleRules) -> Session:
    """Hammer Rookie (a) against Big (b); the rookie won the initiative."""
    session = Session(rules, {"a": rookie(), "b": big(), "options": {"started": NOW}})
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    return session


# --- a scar's sub-table from the table browser ------------------------------------------
def scar_entry(**more: Any) -> dict[str, Any]:
    return {"type": "apply_entry", "who": "b", "table": "crit-slashing", "keys": [15], **more}


def test_apply_entry_rolls_the_scar_sub_table_itself_without_a_sub_key(rules):
    session = started(rules)
    outcome = session.act(scar_entry(), ScriptedDice([1]))
    scar = session.state.fighters["b"].changes.scars[0]
    assert (scar["table"], scar["key"], scar["sub_key"], scar["loses"]) == (
        "crit-slashing", 15, 1, "finger")
    # The die is journaled with the entry, and its event reports it.
    assert session.journal[-1].rolls == [
        {"purpose": "crit-slashing scar", "roller": "Big", "sides": 6, "faces": [1]}]
    [scarred] = outcome.of_kind("scarred")
    assert scarred.who == "b" and scarred.data["sub_key"] == 1 and scarred.data["faces"] == [1]
    assert session.narrate(outcome) == [
        "Slashing critical 15: Permanent scar: note it on the sheet and roll a d6 for which.",
        "Big is stunned.",
        "Big is scarred for life: finger cut off (random finger).",
        "Big takes 8 damage (health 92).",
    ]
    # Undone with the entry, and redone with the same die.
    assert session.undo() == 1 and session.state.fighters["b"].changes.scars == []
    assert session.redo() == 1
    assert session.state.fighters["b"].changes.scars[0]["sub_key"] == 1


def test_apply_entry_takes_a_given_sub_key_and_rolls_nothing(rules):
    session = started(rules)
    dice = ScriptedDice([4])
    outcome = session.act(scar_entry(sub_key=6), dice)
    assert dice.remaining == (4,) and session.journal[-1].rolls == []
    [scarred] = outcome.of_kind("scarred")
    assert scarred.data["sub_key"] == 6 and scarred.data["faces"] == []
    assert session.state.fighters["b"].changes.scars[0]["loses"] == "ear"
    with pytest.raises(UserError, match="the sub-table has no roll of 7"):
        session.act(scar_entry(sub_key=7), ScriptedDice([]))
    with pytest.raises(UserError, match="no sub-table"):
        session.act({"type": "apply_entry", "who": "b", "table": "crit-slashing",
                     "keys": [19], "sub_key": 2}, ScriptedDice([]))


def test_a_rolled_scar_replays_from_the_saved_file(rules, tmp_path: Path):
    session = started(rules)
    session.act(scar_entry(), ScriptedDice([3]))
    path = tmp_path / "duel.json"
    session.save(path)
    again = load_session(path, lambda _: rules)
    assert again.state.summary() == session.state.summary()
    assert again.log == session.log


# --- events carry their dice ---------------------------------------------------------------
def test_an_attack_event_carries_every_die_it_rolled(rules):
    session = started(rules)
    # Two hammer dice 5 5: a 2-damage hit. Big defends with one die (his club's parry
    # bonus): a 1. Then his turn begins.
    outcome = session.act({"type": "attack"}, ScriptedDice([5, 5, 1]))
    [rolled] = outcome.of_kind("attack_rolled")
    assert rolled.who == "a" and rolled.data["faces"] == [5, 5]
    assert rolled.data["weapon"] == "hammer" and rolled.data["luck_faces"] == []
    assert rolled.data["pool"]["dice"] == 2
    [landed] = outcome.of_kind("attack_landed")
    assert landed.data["result"] == "5-5" and landed.data["target"] == "b"
    [defence] = outcome.of_kind("defence_rolled")
    assert defence.who == "b" and defence.data["faces"] == [1]
    assert defence.data["pool"]["dice"] == 1 and defence.data["sixes"] == 0
    [wounded] = outcome.of_kind("wounded")
    assert (wounded.who, wounded.data["damage"], wounded.data["health"]) == ("b", 2, 98)
    assert outcome.events[-1].kind == "turn_began" and outcome.events[-1].who == "b"


def test_the_initiative_event_holds_each_side_s_faces(rules):
    session = Session(rules, {"a": rookie(), "b": big()})
    outcome = session.act({"type": "initiative"}, ScriptedDice([3, 4, 2, 5, 6, 6, 1, 1]))
    kinds = [e.kind for e in outcome.events]
    assert kinds == ["initiative_rolled", "initiative_tied", "initiative_rolled",
                     "initiative_won", "turn_began"]
    first, second = outcome.of_kind("initiative_rolled")
    assert first.data["faces"] == {"a": [3, 4], "b": [2, 5]}
    assert second.data["faces"] == {"a": [6, 6], "b": [1, 1]}
    assert second.data["totals"] == {"a": 12, "b": 2}
    assert session.narrate(outcome)[:3] == [
        "Initiative: Hammer Rookie rolls 3 4 (7), Big rolls 2 5 (7)", "A tie: both roll again.",
        "Initiative: Hammer Rookie rolls 6 6 (12), Big rolls 1 1 (2)"]


def test_a_die_changed_in_the_saved_file_changes_the_events(rules, tmp_path: Path):
    session = started(rules)
    session.act({"type": "attack"}, ScriptedDice([5, 4, 1]))
    path = tmp_path / "duel.json"
    session.save(path)
    data = json.loads(path.read_text())
    # 4 5 reads as 5 4 does (one 5): only the faces in the events differ.
    data["journal"][1]["rolls"][0]["faces"] = [4, 5]
    path.write_text(json.dumps(data))
    with pytest.raises(SessionFileError, match=r"journal\[1\].*differs"):
        load_session(path, lambda _: rules)


def test_events_hold_plain_json_and_name_a_side_or_nobody(rules):
    session = started(rules)
    session.act({"type": "adjust_health", "who": "b", "op": "=-12"}, ScriptedDice([]))
    session.act({"type": "attack"}, ScriptedDice([6, 6, 6, 1, 1, 1, 1]))
    for e in session.events:
        assert e.who in ("a", "b", None)
        assert json.loads(json.dumps(e.data)) == e.data
        assert e.kind.replace("_", "").isalpha() and e.kind.islower()
    # Every event kind has words.
    assert len(session.log) >= len(session.events)


# --- the Ruleset contract ------------------------------------------------------------------
def test_the_registry_gives_a_ruleset_made_without_arguments():
    rules = get_ruleset("battle")
    assert isinstance(rules, BattleRules) and isinstance(rules, Ruleset)
    assert (rules.id, rules.title) == ("battle", "battle system")
    tables = load_tables()
    fingerprints = tables.fingerprints(rules.table_ids)
    assert {"fate", "insanity", "crit-piercing", "pool-rules", "pool-weapons"} <= set(
        fingerprints)
    assert not any(tid.startswith("skirmish") for tid in rules.table_ids)


def test_the_state_shares_its_tables_and_the_summary_leaves_them_out(rules):
    tables = load_tables()
    setup = {"a": rookie(), "b": big()}
    state = rules.new_state(setup, tables)
    assert rules.new_state(setup, tables).tables is state.tables  # memoized
    assert rules.new_state(setup, load_tables()).tables is not state.tables
    assert copy.deepcopy(state).tables is state.tables
    summary = rules.summary(state)
    assert "tables" not in summary and summary["due"] == "initiative"
    json.dumps(summary)


def test_due_names_the_step_the_side_the_choices_and_the_dice(rules):
    session = Session(rules, {"a": rookie(), "b": big(), "options": {"started": NOW}})
    assert rules.due(session.state) == Due("initiative", None, ("initiative",), 0, False, None)
    session.act({"type": "initiative"}, ScriptedDice([6, 6, 1, 1]))
    due = rules.due(session.state)
    assert (due.step, due.who, due.turn, due.dice) == ("act", "a", 1, None)
    assert set(due.choices) == {"attack", "heal", "retrieve", "clear_eyes", "wait", "quit"}
    session.act({"type": "adjust_health", "who": "a", "op": "=-4"}, ScriptedDice([]))
    due = rules.due(session.state)
    assert (due.step, due.who, due.dice) == ("stay_conscious", "a", 4)
    assert set(due.choices) == {"stay_conscious", "decline", "quit"}
    session.act({"type": "decline"}, ScriptedDice([]))
    assert rules.due(session.state).over and rules.is_over(session.state)
    assert rules.legal_actions(session.state) == []


def test_legal_actions_are_those_the_rules_take_now(rules):
    session = started(rules)
    legal = rules.legal_actions(session.state)
    kinds = [a["type"] for a in legal]
    # Nothing on the ground to retrieve, nothing in his eyes, no heal dice.
    assert "attack" in kinds and "wait" in kinds and "quit" in kinds
    assert not {"retrieve", "clear_eyes", "heal"} & set(kinds)
    for action in legal:
        trial = Session(rules, session.setup, session.tables, session.journal)
        trial.act(action, ScriptedDice([1] * 40))


def test_parse_action_checks_and_keeps_the_action_as_given(rules):
    action = {"type": "attack", "weapon": "hammer", "stance": "berserk"}
    assert rules.parse_action(action) == action
    with pytest.raises(UserError, match="stance"):
        rules.parse_action({"type": "attack", "stance": "wild"})
    with pytest.raises(UserError, match="there is no action 'dance' in the battle"):
        rules.parse_action({"type": "dance"})
    assert rules.parse_action({"type": "adjust_health", "who": "a", "op": -7})["op"] == "-7"
    assert rules.parse_action({"type": "adjust_health", "who": "a", "op": 3})["op"] == "+3"


def test_the_short_forms_of_the_command_line(rules):
    def parsed(text: str) -> dict[str, Any]:
        return rules.parse_action(parse_action_text(text, rules.short_forms))

    assert parsed("attack hammer stance=berserk") == {
        "type": "attack", "weapon": "hammer", "stance": "berserk"}
    assert parsed("adjust_health b -7") == {"type": "adjust_health", "who": "b", "op": "-7"}
    assert parsed("adjust-health b +3")["op"] == "+3"
    assert parsed("adjust_health b =12")["op"] == "=12"
    assert parsed("ammo a javelin +2") == {"type": "ammo", "who": "a", "weapon": "javelin",
                                           "op": "+2"}
    assert parsed("set_stun b false") == {"type": "set_stun", "who": "b", "stunned": False}
    assert parsed("place a null") == {"type": "place", "who": "a", "at": None}
    assert parsed("choose_fate 6") == {"type": "choose_fate", "face": 6}


def test_stamp_make_setup_and_the_opening(rules, tmp_path: Path):
    assert rules.stamp({"type": "wait"}, NOW) == {"type": "wait", "now": NOW}
    assert rules.stamp({"type": "wait", "now": "x"}, NOW)["now"] == "x"
    assert rules.opening == {"type": "initiative"} and not rules.opens_by_default
    [option] = rules.setup_options
    assert (option.name, option.positional, option.count, option.kind) == (
        "sheets", True, 2, "path")
    other = tmp_path / "big.json"
    other.write_text(json.dumps(big()), encoding="utf-8")
    setup = rules.make_setup({"sheets": [str(SAMPLE), str(other)]})
    assert (setup["a"]["name"], setup["b"]["name"]) == ("Hammer Rookie", "Big")
    assert "started" in setup["options"]
    # Each sheet as its file gives it: what it leaves out stays out (no nulls).
    for side in ("a", "b"):
        assert None not in setup[side].values()
    session = Session(rules, setup)
    assert rules.due(session.state).step == "initiative"


def test_describe_says_what_duel_show_says(rules):
    session = started(rules)
    session.act({"type": "adjust_health", "who": "b", "op": "=-12"}, ScriptedDice([]))
    assert rules.describe(session.state) == [
        "a: Hammer Rookie: health 9 of 9, no luck dice, no heal dice; holds Hammer, shield",
        "b: Big: health -12 of 100, no luck dice, no heal dice; holds Club",
        "   at death's door: no dice to roll for the 6 he needs; only luck can save him",
        "Turn 1: Hammer Rookie; next: his action",
    ]
    roll = due_roll(session.state, "b", session.state.tables)
    assert (roll.stage, roll.dice, roll.luck) == ("deaths-door", 0, 0)
    assert roll.text == "at death's door: no dice to roll for the 6 he needs; only luck " \
        "can save him"


def test_the_odds_of_an_attack_action(rules):
    session = started(rules)
    odds = rules.odds(session.state, {"type": "attack", "stance": "berserk"})
    assert odds is not None and odds.total() == 1
    assert set(odds.to_json()) >= {"whiff", "hit", "critical"}
    assert rules.odds(session.state, {"type": "heal", "dice": 1}) is None


def test_an_outcome_is_what_session_act_returns(rules):
    session = started(rules)
    outcome = session.act({"type": "wait"}, ScriptedDice([]))
    assert isinstance(outcome, Outcome)
    assert session.narrate(outcome) == ["Hammer Rookie waits.", "-- turn 2: Big (health 100) --"]


# --- the package's imports -----------------------------------------------------------------
def _imports(path: Path) -> set[str]:
    """Every battle module `path` imports anywhere: at the top, inside functions,
    under TYPE_CHECKING."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "companion.rulesets.battle":
                found |= {alias.name for alias in node.names}
            elif node.module.startswith("companion.rulesets.battle."):
                found.add(node.module.split(".")[3])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[3] for a in node.names
                      if a.name.startswith("companion.rulesets.battle.")}
    return found - {path.stem}


def test_the_battle_modules_import_one_another_without_a_cycle():
    graph = {p.stem: _imports(p) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        assert module not in trail, " -> ".join((*trail, module))
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, (*trail, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_battle_rules_never_import_pygame():
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "pygame" for n in names), path
