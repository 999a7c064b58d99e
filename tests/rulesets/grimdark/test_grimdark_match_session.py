"""Grimdark matches as sessions: coached matches played to the end replay exactly
(one against one, two against one), the command line's new / act / auto / replay /
record, a house move and a house ability from the user's tables, and the odds."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from support.grimdark_kit import match, setup, sheet

from companion import paths
from companion.cli import main
from companion.dice.sources import ScriptedDice, SeededDice
from companion.rulesets.grimdark.coaching import samples_dir as coaching_dir
from companion.rulesets.grimdark.rules import GrimdarkRules
from companion.rulesets.grimdark.sheet import roster_dir, samples_dir
from companion.session.session import Session, SessionFile
from companion.tables.loader import load_tables


def _entry(name: str, team: str) -> dict:
    key = name.lower().replace(" ", "-")
    return {"sheet": json.loads((samples_dir() / f"{key}.json").read_text()), "team": team,
            "coaching": json.loads((coaching_dir() / f"{key}.json").read_text())}


def _played(entries: list[dict], seed: int) -> Session:
    rules = GrimdarkRules()
    session = Session(rules, {"gladiators": entries, "options": {"engine": 2}}, load_tables())
    dice = SeededDice(seed)
    for _ in range(200):
        action = rules.choose(session.state)
        if action is None:
            break
        session.act(action, dice)
    assert rules.is_over(session.state)
    return session


def _replays_identically(session: Session) -> None:
    data = SessionFile.model_validate_json(session.to_file().model_dump_json())
    again = Session(session.ruleset, data.setup, session.tables, data.journal)
    assert [e.outcome for e in again.journal] == [e.outcome for e in session.journal]
    assert again.log == session.log
    assert session.ruleset.summary(again.state) == session.ruleset.summary(session.state)


def test_a_full_coached_match_replays_identically():
    session = _played([_entry("Lord Smash", "1"), _entry("Sewer Beast", "2")], seed=7)
    _replays_identically(session)
    log = "\n".join(session.log)
    assert "Lord Smash plays" in log and "The match is over" in log
    assert not any("-" in line.split(" plays ")[1].split(" ")[0]
                   for line in session.log if " plays " in line)  # no slugs


def test_a_two_against_one_match_replays_identically():
    session = _played([_entry("Lord Smash", "1"), _entry("Cinder Witch", "1"),
                       _entry("Sewer Beast", "2")], seed=11)
    _replays_identically(session)
    fights = [e for e in session.events if e.kind == "fight"]
    assert any(e.data["gang"] for e in fights)


def test_coaching_never_appears_in_the_summary():
    session = _played([_entry("Lord Smash", "1"), _entry("Sewer Beast", "2")], seed=3)
    text = json.dumps(session.ruleset.summary(session.state))
    assert "posture" not in text and "aggressive" not in text


def _cli(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_the_command_line_new_act_auto_replay_and_record(capsys, tmp_path: Path):
    out = tmp_path / "m.json"
    text = _cli(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                "--coaching", "lord-smash,-", "--seed", "2", "--out", str(out))
    assert "Lord Smash holds Wild Charge, Flurry of Blows and Brutal Bash" in text
    view = json.loads(_cli(capsys, "show", str(out), "--json"))
    card = next(c for c in view["gladiators"][0]["hand"] if c["playable"])
    text = _cli(capsys, "act", str(out), json.dumps(
        {"type": "turn", "moves": {"a": {"move": card["key"]}}}), "--seed", "4")
    assert f"Lord Smash plays {card['name']} (the GM's choice)" in text
    _cli(capsys, "auto", str(out), "--seed", "5")
    replay = json.loads(_cli(capsys, "replay", str(out), "--json"))
    assert replay["over"] and replay["result"]["winners"]
    for g in replay["gladiators"]:
        assert {"name", "hp", "max_hp", "cz", "active_stat", "active_stat_name",
                "conditions"} <= set(g)
    roster_dir().mkdir(parents=True)
    for key in ("lord-smash", "sewer-beast"):
        (roster_dir() / f"{key}.json").write_text((samples_dir() / f"{key}.json").read_text())
    text = _cli(capsys, "grimdark", "record", str(out))
    assert "record 0-0 \u2192" in text


def _house_tables(tmp_path: Path) -> None:
    """A house move and a house ability, added to copies of the built-in tables in the
    user's tables folder."""
    user = paths.user_tables_dir()
    user.mkdir(parents=True)
    for name, entry in (
        ("grimdark-moves", {
            "key": "skull-splitter", "name": "Skull Splitter", "house": ["*"],
            "category": "melee", "kind": "melee-attack", "attack": "melee",
            "stat": "brutality", "asr": False, "weapon": False, "modifier": 1,
            "bonus_damage": 5, "half_damage": False, "cost": None,
            "gain": [{"resource": "cz", "amount": 1, "on": "hit"}], "cooldown": 1,
            "requires_ability": None, "requirements": None, "effects": [],
            "special": False, "basic": False,
            "description": "A house move: a Brutality blow at +1 for 5 more damage."}),
        ("grimdark-abilities", {
            "key": "thick-skull", "name": "Thick Skull", "house": ["*"], "cost": 2,
            "per_level": False, "cap": None, "prerequisite": None, "slots": 0,
            "unlocks_moves": None, "hp_bonus": 4,
            "chance": {"percent": 50, "per_level": False, "bonus": 2}, "effects": [],
            "description": "A house ability: 4 more HP and an even chance of +2 a turn."}),
    ):
        table = json.loads((paths.builtin_tables_dir() / f"{name}.json").read_text())
        table["entries"].append(entry)
        (user / f"{name}.json").write_text(json.dumps(table))


def test_a_house_move_and_a_house_ability_from_the_users_tables_play_in_a_match(tmp_path):
    _house_tables(tmp_path)
    tables = load_tables()
    assert not tables.problems
    brute = sheet("Brute", abilities={"thick-skull": 1},
                  moves={"basic-melee": 13, "skull-splitter": 2})
    rules, state = match(brute, sheet("Vex"), tables=tables,
                         hands=[["skull-splitter", "basic-melee", "basic-melee"], []])
    # The start adds the house HP: 25 + 6 + the d8 + 4.
    fresh = rules.new_state(setup(brute, sheet("Vex")), tables)
    rules.apply(fresh, {"type": "start"}, ScriptedDice([5, 1, 1, 1] + [1] * 28))
    assert fresh.fighters[0].hp == 25 + 6 + 5 + 4
    dice = ScriptedDice([1, 2, 3, 3])  # Thick Skull's d2 comes through; 2+6+1+2 v 3+6
    events = rules.apply(state, {"type": "turn", "moves": {
        "a": {"move": "Skull Splitter"}, "b": {"move": "basic-melee"}}}, dice).events
    fight = next(e for e in events if e.kind == "fight")
    mods = {m["reason"]: m["amount"] for m in fight.data["sides"][0]["modifiers"]}
    assert mods["move"] == 1 and mods["other"] == 2
    assert fight.data["damage"]["total"] == 2 + 3 + 5
    assert state.fighters[0].cz == 1
    assert [c.move for c in state.fighters[0].conditions if c.key == "cooldown"] == [
        "skull-splitter"]


def test_the_odds_of_a_turn_are_exact():
    rules, state = match(sheet("Rex"), sheet("Vex"))
    odds = rules.odds(state, {"type": "turn", "moves": {"a": {"move": "basic-melee"},
                                                        "b": {"move": "basic-melee"}}})
    assert odds is not None
    (fight,) = odds.fights
    # Two d8s, equal stats: apart by less than 2 in 8 + 14 of the 64 ways.
    assert fight.odds.inconclusive == Fraction(22, 64)
    a, b = fight.odds.sides
    assert a.hit + a.critical + b.hit + b.critical + fight.odds.inconclusive == 1
    data = odds.to_json()["fights"][0]
    assert data["attacker"] == "a" and abs(data["inconclusive"] - 22 / 64) < 1e-12
    assert abs(sum(data["sides"][1]["damage_taken"].values()) - 1) < 1e-9


def test_the_gm_reads_the_odds_of_the_next_turn_on_the_command_line(capsys, tmp_path: Path):
    out = tmp_path / "m.json"
    _cli(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
         "--coaching", "lord-smash,-", "--seed", "2", "--out", str(out))
    before = out.read_text()
    text = _cli(capsys, "grimdark", "odds", str(out), "--moves",
                '{"a": {"move": "flurry-of-blows"}}')
    assert "Lord Smash plays Flurry of Blows (the GM's choice) against Sewer Beast." in text
    assert "inconclusive" in text and "damage on average, at most" in text
    found = json.loads(_cli(capsys, "grimdark", "odds", str(out), "--json"))
    (fight,) = found["fights"]
    chances = [s["hit"] + s["critical"] for s in fight["sides"]]
    assert abs(sum(chances) + fight["inconclusive"] - 1) < 1e-12
    assert out.read_text() == before  # the odds change nothing
    assert main(["grimdark", "odds", str(out), "--moves", "[1]"]) != 0
    assert "--moves is a JSON object" in capsys.readouterr().err


def test_every_line_of_the_log_is_words_a_player_reads():
    import re

    from companion.rulesets.grimdark.data import GrimdarkData

    data = GrimdarkData.load()
    slugs = {k for k in data.moves if "-" in k} | {k for k in data.abilities if "-" in k}
    for seed, names in ((1, ["Lord Smash", "Cinder Witch"]), (2, ["Arena Robot", "Sewer Beast"]),
                        (5, ["Cinder Witch", "Arena Robot", "Lord Smash"])):
        session = _played([_entry(n, str(i + 1)) for i, n in enumerate(names)], seed)
        for line in session.log:
            assert not any(s in line for s in slugs), line
            assert not re.search(r"\bTrue\b|\bFalse\b|\bNone\b|\[|\{", line), line
        purposes = {r.purpose for r in session.rolls}
        assert {"hit points", "initiative", "shuffle"} <= purposes
        assert any(p.startswith("power against") for p in purposes)
