"""House tables that would break play are refused when the tables load, named, and the
built-in ones used (issue 24): a table of another kind saved under a table's id, AP
costs a turn could never end on, a move every Grimdark hand holds that could be barred,
dice no fight's odds can count, a table's dice that do not read. Play goes on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import paths
from companion.cli import main
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.playable import playable_tables
from companion.rulesets.registry import get_ruleset, ruleset_ids
from companion.tables.loader import load_tables

BUILT_IN = sorted(paths.builtin_tables_dir().glob("*.json"))
IDS = [json.loads(p.read_text())["id"] for p in BUILT_IN]


def save(data: dict[str, Any], name: str) -> Path:
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(data))
    return path


def builtin(table_id: str) -> dict[str, Any]:
    return json.loads((paths.builtin_tables_dir() / f"{table_id}.json").read_text())


def every_system(tables):  # type: ignore[no-untyped-def]
    return playable_tables(tables, [get_ruleset(r) for r in ruleset_ids()])


@pytest.mark.parametrize("table_id", IDS)
def test_a_table_of_another_kind_under_a_tables_id_is_named_and_left_out(table_id, capsys):
    other = next(i for i in IDS[IDS.index(table_id) + 1:] + IDS
                 if builtin(i)["kind"] != builtin(table_id)["kind"])
    path = save({**builtin(other), "id": table_id}, f"{table_id}.json")
    tables = load_tables()
    assert not tables.overridden(table_id)
    assert [str(p) for p in tables.problems] == [
        f"{path}: it holds '{builtin(other)['kind']}' entries under the id '{table_id}', "
        f"whose table holds '{builtin(table_id)['kind']}' entries: it is left out for "
        "that one"]
    every_system(tables)  # every system plays with what is left
    GrimdarkData.load(tables)
    assert main(["check", str(path)]) == 1
    assert "left out" in capsys.readouterr().out


def test_the_app_starts_with_a_table_of_another_kind_under_every_tables_id(capsys):
    for i, table_id in enumerate(IDS):
        save({**builtin(IDS[(i + 1) % len(IDS)]), "id": table_id}, f"{table_id}.json")
    assert main(["--smoke"]) == 0
    assert main(["new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                 "--out", str(paths.user_data_dir() / "m.json")]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(("table_id", "entry", "named"), [
    ("grimdark-equipment", "unarmed", "unarmed"),
    ("grimdark-moves", "assess-the-situation", "Assess the Situation")])
def test_a_grimdark_table_missing_what_every_match_needs_is_set_aside(table_id, entry, named):
    data = builtin(table_id)
    data["entries"] = [e for e in data["entries"] if e["key"] != entry]
    save(data, f"{table_id}.json")
    tables = every_system(load_tables())
    assert not tables.overridden(table_id)
    assert named in str(tables.problems[-1])


def test_free_steps_turns_and_blows_are_refused_a_free_shield_drop_is_not(capsys):
    data = builtin("skirmish-ap")
    for entry in data["entries"]:
        if entry["key"] in ("turn", "discard-shield"):
            entry["ap"] = 0
    path = save(data, "skirmish-ap.json")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "entries[2]: turning costs at least 1 AP: he may do it again and again in a " \
           "turn, and free, his turn would never end" in out
    assert "discard" not in out and out.count("\n") == 1


def test_a_grimdark_move_every_hand_holds_cannot_be_barred(capsys):
    data = builtin("grimdark-moves")
    for entry in data["entries"]:
        entry["cooldown"] = 10
    path = save(data, "grimdark-moves.json")
    assert main(["check", str(path)]) == 1
    assert "a move every hand holds (always_available) takes no cooldown" in \
        capsys.readouterr().out
    assert not load_tables().overridden("grimdark-moves")


@pytest.mark.parametrize(("dice", "fits"), [
    ("10d20", True), ("11d20", False), ("d20", True), ("d21", False), ("1000d1000", False)])
def test_grimdark_dice_stay_within_what_exact_odds_can_count(dice, fits, capsys):
    data = builtin("grimdark-equipment")
    next(e for e in data["entries"] if e["key"] == "heavy-melee-weapon")["damage"] = dice
    path = save(data, "grimdark-equipment.json")
    assert main(["check", str(path)]) == (0 if fits else 1)
    if not fits:
        assert "at most 10 dice of at most 20 sides" in capsys.readouterr().out


def test_a_tables_own_dice_that_do_not_read_are_refused_and_a_huge_roll_names_the_table(
        capsys):
    data = builtin("fate")
    data["axes"][0]["dice"] = "1000000d6"
    path = save(data, "fate.json")
    assert main(["check", str(path)]) == 1
    assert "'1000000d6' is not dice notation" in capsys.readouterr().out
    assert main(["table", "roll", "crit-slashing", "--dice", "5000"]) == 2
    err = capsys.readouterr().err
    assert "crit-slashing" in err and "Traceback" not in err


def test_check_plays_a_short_game_of_each_system_with_the_users_tables(capsys):
    save(builtin("grimdark-moves"), "grimdark-moves.json")
    assert main(["check"]) == 0
    assert "a short game of each (skirmish, battle, grimdark) plays with your tables" in \
        capsys.readouterr().out


def test_check_names_a_system_whose_game_fails_with_the_users_tables(monkeypatch, capsys):
    from companion.rulesets.grimdark.lab import GrimdarkLab

    def broken(*args: object) -> None:
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(GrimdarkLab, "play", broken)
    save(builtin("grimdark-moves"), "grimdark-moves.json")
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "the grimdark game fails with your tables (ZeroDivisionError: division by zero)" \
        in out
