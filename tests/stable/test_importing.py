"""Reading sheet files into the stable: the roster folders the first time, without
loss and leaving their files as they were; each file known by its format, whatever
folder it is in; importing again adds nothing; a sheet exported is the file it was
imported from, byte for byte."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from companion import paths
from companion.errors import UserError
from companion.rulesets.battle.sheet import samples_dir
from companion.stable.importing import plan_import
from companion.stable.parts import game_part
from companion.stable.reading import find_sheet_file, read_sheet
from companion.stable.store import Stable

SAMPLES = samples_dir()
KIT = {"format": "companion-kit", "name": "Net fighter",
       "kit": {"weapons": [{"weapon": "sword", "side": "right"},
                           {"weapon": "net", "side": "left"}], "armour": "light-armour"}}


def fill_rosters() -> dict[Path, tuple[bytes, int]]:
    """The roster folders as a player of all three games has them, odd files and all;
    every file's bytes and time of change."""
    battle = paths.roster_dir()
    grimdark = battle / "grimdark"
    kits = paths.kits_dir()
    for folder in (grimdark, kits):
        folder.mkdir(parents=True)
    for sample in ("spear-rookie", "hammer-rookie"):
        shutil.copy(SAMPLES / f"{sample}.json", battle)
    # A sheet saved on Windows (CRLF, no last line break), and one in another script.
    crlf = (SAMPLES / "dart-thrower.json").read_text().replace("\n", "\r\n").rstrip()
    (battle / "dart-thrower.json").write_bytes(crlf.encode())
    greek = json.loads((SAMPLES / "spear-rookie.json").read_text())
    (battle / "λεωνίδας.json").write_text(json.dumps({**greek, "name": "Λεωνίδας"},
                                                     ensure_ascii=False), encoding="utf-8")
    for sample in ("lord-smash", "sewer-beast"):
        shutil.copy(SAMPLES / "grimdark" / f"{sample}.json", grimdark)
    (kits / "net.json").write_text(json.dumps(KIT))
    (battle / "notes.json").write_text('{"shopping": ["bread"]}')
    (battle / "torn.json").write_text('{"format": "companion-gladiator", "na')
    (grimdark / "coaching").mkdir()  # the coaching files have a folder of their own
    return {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files_in(paths.user_data_dir())}


def files_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix == ".json")


def test_the_roster_folders_are_read_in_the_first_time_without_loss_and_left_as_they_were():
    before = fill_rosters()
    with Stable.open() as stable:
        plan = plan_import(stable, [])
        added = stable.add_gladiators([(r.game, r.sheet, str(r.path)) for r in plan.new])
        assert sorted((g.game, g.name) for g in added) == [
            ("battle", "Dart Thrower"), ("battle", "Hammer Rookie"), ("battle", "Spear Rookie"),
            ("battle", "Λεωνίδας"), ("grimdark", "Lord Smash"), ("grimdark", "Sewer Beast"),
            ("skirmish", "Net fighter")]
        assert sorted(p.name for p, _why in plan.skipped) == ["notes.json", "torn.json"]
        why = {p.name: w for p, w in plan.skipped}
        # In the battle system's folder, it is read as one of its sheets, and is not.
        assert why["notes.json"].startswith(f"{paths.roster_dir() / 'notes.json'}: format: ")
        assert "not valid JSON" in why["torn.json"]
        for g in added:
            exported = game_part(g.game).export(g.sheet).encode("utf-8")
            assert exported == Path(g.source).read_bytes(), g.name
        again = plan_import(stable, [])
        assert again.new == [] and len(again.already) == 7
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in files_in(paths.user_data_dir())}
    assert after == before


def test_a_file_is_known_by_its_format_whatever_folder_it_is_in(tmp_path):
    shutil.copy(SAMPLES / "grimdark" / "lord-smash.json", tmp_path / "smash.json")
    assert read_sheet(tmp_path / "smash.json").game == "grimdark"
    assert read_sheet(tmp_path / "smash.json", fallback="battle").game == "grimdark"
    with pytest.raises(UserError, match=r"smash\.json: this is a sheet of Grimdark "
                       "Gladiators, not of the battle system"):
        read_sheet(tmp_path / "smash.json", "battle")


def test_a_grimdark_file_without_a_format_is_read_as_its_folders_game(tmp_path):
    data = json.loads((SAMPLES / "grimdark" / "lord-smash.json").read_text())
    del data["format"]
    (tmp_path / "smash.json").write_text(json.dumps(data))
    assert read_sheet(tmp_path / "smash.json", fallback="grimdark").game == "grimdark"
    with pytest.raises(UserError, match="it has no format"):
        read_sheet(tmp_path / "smash.json")


def test_a_byte_order_mark_is_the_one_thing_not_kept(tmp_path):
    text = (SAMPLES / "spear-rookie.json").read_bytes()
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + text)
    assert read_sheet(tmp_path / "bom.json").sheet.text.encode() == text


def test_the_same_sheet_twice_among_the_files_is_one_gladiator(tmp_path):
    for name in ("a.json", "b.json"):
        shutil.copy(SAMPLES / "spear-rookie.json", tmp_path / name)
    with Stable.open() as stable:
        plan = plan_import(stable, [tmp_path])
        assert [r.path.name for r in plan.new] == ["a.json"]
        assert plan.already == [(tmp_path / "b.json", None)]


def test_the_same_sheet_for_another_manager_is_another_gladiator():
    path = SAMPLES / "spear-rookie.json"
    with Stable.open() as stable:
        first = plan_import(stable, [path], "Livia")
        stable.add_gladiators([(r.game, r.sheet, "") for r in first.new], manager="Livia")
        assert plan_import(stable, [path], "Livia").new == []
        assert len(plan_import(stable, [path], "Quintus").new) == 1
        assert len(plan_import(stable, [path]).new) == 1  # no manager is no one's


def test_a_sample_is_found_by_its_name_or_its_file_name():
    assert find_sheet_file("Spear Rookie") == SAMPLES / "spear-rookie.json"
    assert find_sheet_file("lord smash") == SAMPLES / "grimdark" / "lord-smash.json"
    assert find_sheet_file("sewer-beast.json") == SAMPLES / "grimdark" / "sewer-beast.json"
    assert find_sheet_file("Nobody") is None


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_a_file_that_cannot_be_read_is_named_and_left_out(tmp_path):
    shutil.copy(SAMPLES / "spear-rookie.json", tmp_path / "locked.json")
    (tmp_path / "locked.json").chmod(0)
    with Stable.open() as stable:
        plan = plan_import(stable, [tmp_path])
    assert [p.name for p, _ in plan.skipped] == ["locked.json"]
