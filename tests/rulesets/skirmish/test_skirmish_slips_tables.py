"""The hex skirmish with a group's own tables at their edges, and the turns a
gladiator may take: every facing change his AP allows, each once."""

from __future__ import annotations

import json
from pathlib import Path

from support.skirmish_scenes import scene

from companion.rulesets.skirmish import SkirmishRules
from companion.rulesets.skirmish.legal import legal_actions
from companion.tables.loader import TableSet, load_tables, parse_table


def own_table(table_id: str, edit) -> TableSet:
    tables = load_tables(include_user=False)
    raw = tables.get(table_id).file.model_dump(mode="json")
    edit(raw)
    table = parse_table(Path(f"{table_id}.json"), json.dumps(raw))
    return TableSet({**tables.tables, table_id: table}, dict(tables.origins))


def test_with_3_ap_he_may_turn_one_two_or_three_hexsides_either_way_each_once() -> None:
    state = scene({"type": "samnite", "at": "E6", "facing": "S"},
                  {"type": "velite", "at": "J12"}, ap=3)
    turns = [a["steps"] for a in legal_actions(state) if a["type"] == "turn"]
    assert sorted(turns) == [-2, -1, 1, 2, 3]


def test_with_1_ap_he_may_turn_one_hexside_either_way() -> None:
    state = scene({"type": "samnite", "at": "E6", "facing": "S"},
                  {"type": "velite", "at": "J12"}, ap=1)
    assert sorted(a["steps"] for a in legal_actions(state) if a["type"] == "turn") == [-1, 1]


def test_appeal_outcomes_are_weighed_by_precedence_whatever_their_order_in_the_file() -> None:
    def reverse_outcomes(raw) -> None:
        outcomes = [e for e in raw["entries"] if e.get("role") == "outcome"]
        others = [e for e in raw["entries"] if e.get("role") != "outcome"]
        raw["entries"] = outcomes[::-1] + others

    data = SkirmishRules().data_for(own_table("skirmish-appeal", reverse_outcomes))
    order = [e.key for e in data.appeal_outcomes]
    assert order[0] == "mortally-wounded"
    assert [e.precedence for e in data.appeal_outcomes] == sorted(
        e.precedence or 0 for e in data.appeal_outcomes)


def test_a_weight_table_closed_above_still_loads_with_a_rating_for_every_total() -> None:
    def closed(raw) -> None:
        raw["axes"][0]["open_above"] = False
        raw["entries"] = [{**e, "key": 2} if isinstance(e["key"], list) else e
                          for e in raw["entries"]]

    data = SkirmishRules().data_for(own_table("skirmish-weight", closed))
    assert data.weight_ratings == ("light", "medium", "heavy")
    # Above the last row a load is as heavy as the last row says.
    assert [data.weight_rating(n) for n in (2, 3, 40)] == ["heavy"] * 3


def test_the_experience_skills_read_their_own_rows_of_the_attack_modifiers():
    def house(raw) -> None:
        for entry in raw["entries"]:
            if entry["key"] == "experience-defence":
                entry["amount"] = 2
    data = SkirmishRules().data_for(own_table("skirmish-attack-modifiers", house))
    assert (data.mod_exp_attack, data.mod_exp_defence) == (1, 2)
