"""A user's table that passes its schema but that a rule system cannot play is named
and set aside for the built-in one when the tables load: never a crash in the middle
of a duel or a bout."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion import paths
from companion.dice.sources import ScriptedDice, SeededDice
from companion.rulesets.playable import playable_tables
from companion.rulesets.registry import get_ruleset
from companion.session.session import Session
from companion.tables.loader import load_tables

ROOKIE = paths.assets_dir() / "samples" / "hammer-rookie.json"


def override(name: str, change: Any, *, as_id: str | None = None) -> None:
    """The user's copy of a built-in table, changed by `change(data)`, saved under the
    table's own id (or `as_id`)."""
    data = json.loads((paths.builtin_tables_dir() / name).read_text())
    change(data)
    if as_id is not None:
        data["id"] = as_id
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{as_id or data['id']}.json").write_text(json.dumps(data))


def _entries(data: dict[str, Any], drop: str) -> None:
    data["entries"] = [e for e in data["entries"] if e["key"] != drop]


def duel_setup() -> dict[str, Any]:
    sheet = json.loads(ROOKIE.read_text())
    return {"a": sheet, "b": {**sheet, "name": "Second"},
            "options": {"started": "2025-05-01T20:00:00"}}


def test_a_rules_table_naming_a_weapon_nobody_has_is_set_aside_before_the_duel():
    def no_such_fists(data):
        for entry in data["entries"]:
            if entry["key"] == "brawling-weapon":
                entry["weapon"] = "iron-fists"
    override("pool-rules.json", no_such_fists)
    tables = load_tables()
    assert tables.overridden("pool-rules")  # it passes its schema
    session = Session(get_ruleset("battle"), duel_setup(), tables)
    assert not session.tables.overridden("pool-rules")
    assert "pool-rules" in session.warnings[0] and "iron-fists" in session.warnings[0]
    session.act({"type": "initiative"}, SeededDice(3))
    session.act({"type": "attack", "weapon": "brawling"}, SeededDice(4))  # plays on


def test_a_table_saved_under_another_tables_id_is_set_aside():
    override("fate.json", lambda data: None, as_id="pool-weapons")
    tables = playable_tables(load_tables(), [get_ruleset("battle")])
    assert not tables.overridden("pool-weapons")
    assert "holds 'fate' entries" in str(tables.problems[-1])


def test_a_defence_table_without_its_normal_rule_is_set_aside():
    override("pool-defence.json", lambda data: _entries(data, "normal"))
    tables = playable_tables(load_tables(), [get_ruleset("battle")])
    assert not tables.overridden("pool-defence")
    assert "pool-defence" in str(tables.problems[-1])


def test_weapons_taken_away_from_the_skirmish_set_the_users_skirmish_tables_aside():
    override("skirmish-weapons.json", lambda data: _entries(data, "sword"))
    tables = load_tables()
    session = Session(get_ruleset("skirmish"), {"gladiators": [{"type": "samnite"},
                                                               {"type": "velite"}]}, tables)
    assert not session.tables.overridden("skirmish-weapons")
    assert "skirmish-types" in session.warnings[0] and "sword" in session.warnings[0]
    session.act({"type": "start"}, ScriptedDice([3, 4, 6, 1]))


def test_the_start_screen_names_a_table_the_rules_cannot_play():
    from companion.ui.app import App

    override("pool-defence.json", lambda data: _entries(data, "normal"))
    app = App()
    try:
        app.draw()
        app.show_home()
        assert "pool-defence" in app.screen.message
        assert not app.tables.overridden("pool-defence")  # the browser shows the same
    finally:
        app.close()


def test_check_with_no_file_checks_the_users_folders_and_what_the_systems_can_play(capsys):
    from companion.cli import main

    assert main(["check"]) == 0
    assert "hold no files" in capsys.readouterr().out
    override("pool-defence.json", lambda data: _entries(data, "normal"))
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "pool-defence.json: ok" in out and "battle system cannot play it" in out


@pytest.mark.parametrize(("divisor", "taken"), [(0, False), (1, True), (3, True)])
def test_a_house_disarm_divisor_of_1_or_more_is_the_one_the_battle_reads(divisor, taken):
    from companion.errors import UserError
    from companion.rulesets.battle.data import BattleTables

    def house(data):
        for entry in data["entries"]:
            if entry["key"] == "disarm-dice-divisor":
                entry["value"] = divisor
    override("pool-rules.json", house)
    tables = BattleTables.load()  # the user's tables, as a session reads them
    if taken:
        assert tables.disarm_dice_divisor == divisor
    else:
        with pytest.raises(UserError, match="'disarm-dice-divisor' must be at least 1"):
            tables.disarm_dice_divisor  # noqa: B018 - reading it is the check


def test_tables_checked_once_are_not_taken_for_other_tables():
    from companion.errors import UserError
    from companion.rulesets.battle.rules import BattleRules

    rules = BattleRules()
    rules.check_tables(load_tables(include_user=False))

    def broken(data):
        data["entries"] = [e for e in data["entries"] if e["key"] != "brawling-weapon"]
    override("pool-rules.json", broken)
    with pytest.raises(UserError):
        rules.check_tables(load_tables())


def test_a_house_critical_table_that_ends_at_60_is_read_as_far_as_any_roll_goes():
    from companion.rulesets.battle.rules import BattleRules

    def closed(data):
        axis = data["axes"][0]
        axis.update(min=1, max=60, open_above=False, outside="error")
        axis.pop("house_outside", None)
        data["entries"][0]["key"] = [1, 3]
        data["entries"][-1]["key"] = [35, 60]
        data["entries"][-1].pop("damage_per_point_over")  # only an open top adds per point
    override("crit-slashing.json", closed)
    tables = load_tables()
    assert tables.overridden("crit-slashing") and not tables.problems
    BattleRules().check_tables(tables)  # every total a critical can roll, 1 to 60, reads
