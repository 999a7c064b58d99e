"""Grimdark at a few more edges: which abilities give their points back, a gladiator
found in the roster by his name whatever his file is called, and Basic Adjustment's
stat when two are his strongest."""

from __future__ import annotations

import json
from pathlib import Path

from companion.rulesets.grimdark.career import reallocates
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.death import _find


def test_only_veteran_gives_its_points_back_not_every_ability_with_a_rule() -> None:
    abilities = GrimdarkData.load().abilities
    assert reallocates(abilities["veteran"])
    for key in ("flying", "huge", "tactician", "vampire", "versatile", "poison-immunity"):
        assert not reallocates(abilities[key]), key


def test_a_gladiator_is_found_in_the_roster_by_his_name_not_the_first_file(
        tmp_path: Path) -> None:
    (tmp_path / "a-first.json").write_text(json.dumps({"name": "Sewer Beast"}))
    (tmp_path / "b-list.json").write_text(json.dumps(["not", "a", "gladiator"]))
    (tmp_path / "c-smash.json").write_text(json.dumps({"name": "Lord Smash"}))
    assert _find(tmp_path, "  lord SMASH ", "lord-smash") == tmp_path / "c-smash.json"
    assert _find(tmp_path, "Nobody", "nobody") is None
    (tmp_path / "lord-smash.json").write_text(json.dumps({"name": "Another"}))
    assert _find(tmp_path, "Lord Smash", "lord-smash") == tmp_path / "lord-smash.json"
