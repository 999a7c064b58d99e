"""`companion grimdark import|sheet|check` and `companion check` on a Grimdark
gladiator, driven with real argv."""

from __future__ import annotations

import io
import json
import sys

import pytest
from support.places import TESTS

from companion.cli import main
from companion.rulesets.grimdark.sheet import FORMAT, load_gladiator, roster_dir, samples_dir

SEED_FILE = TESTS / "grimdark_forum" / "lord-smash-seed.txt"
SAMPLE = samples_dir() / "lord-smash.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_saves_the_forum_sheet_into_the_roster(capsys) -> None:
    code, out, _ = run(capsys, "grimdark", "import", str(SEED_FILE))
    assert code == 0
    path = roster_dir() / "lord-smash.json"
    assert out == (f"Lord Smash: saved to {path} (23 of 23 ability points, 20 moves, 5 of 5 "
                   "equipment slots; HP d10+36, Init d8+3)\n")
    # The sheet as the sample has it; the sample tells his story in our own words.
    unstoried = {"description": ""}
    assert load_gladiator(path).model_copy(update=unstoried) == \
        load_gladiator(SAMPLE).model_copy(update=unstoried)


@pytest.mark.parametrize(("extra", "refused"), [(0, False), (1, True)])
def test_pasted_text_past_the_limit_is_refused_as_too_large(capsys, monkeypatch, tmp_path,
                                                            extra, refused) -> None:
    from companion.rulesets.grimdark.cli import MAX_PASTE

    raw = SEED_FILE.read_bytes()
    raw += b" " * (MAX_PASTE + extra - len(raw))  # the sheet, padded to the limit or past
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    code, _, err = run(capsys, "grimdark", "import", "-", "--out", str(tmp_path / "s.json"))
    assert ("too large for a forum sheet" in err) is refused
    if refused:
        assert code != 0


def test_import_reads_pasted_text_and_saves_where_told(capsys, monkeypatch, tmp_path) -> None:
    raw = SEED_FILE.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    out_file = tmp_path / "smash.json"
    code, out, _ = run(capsys, "grimdark", "import", "-", "--out", str(out_file))
    assert code == 0 and str(out_file) in out
    assert json.loads(out_file.read_text(encoding="utf-8"))["format"] == FORMAT


def test_import_names_each_unreadable_line_and_saves_nothing(capsys, tmp_path) -> None:
    bad = tmp_path / "post.txt"
    bad.write_text(SEED_FILE.read_text(encoding="utf-8").replace("Mind: 3", "Mind: lots"),
                   encoding="utf-8")
    code, out, _ = run(capsys, "grimdark", "import", str(bad))
    assert code == 1
    assert out.splitlines() == [f"{bad}: line 6: 'Mind: lots' needs a whole number after "
                                "'Mind:'"]
    assert not roster_dir().exists()


def test_import_refuses_a_gladiator_who_breaks_a_build_rule(capsys, tmp_path) -> None:
    bad = tmp_path / "post.txt"
    bad.write_text(SEED_FILE.read_text(encoding="utf-8").replace("Brutality: 6", "Brutality: 7"),
                   encoding="utf-8")
    code, out, _ = run(capsys, "grimdark", "import", str(bad))
    assert code == 1
    assert out.splitlines() == [
        f"{bad}: Lord Smash: his stats add up to 16; they must add up to 15",
        f"{bad}: Lord Smash is not saved: he breaks 1 build rule"]
    assert not roster_dir().exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["grimdark", "import", "nowhere.txt"], "companion: nowhere.txt: no such file\n"),
    (["grimdark", "sheet", "Nobody"], "companion: Nobody: no such gladiator (looked here, "),
    (["grimdark", "sheet", "tables/grimdark-rules.json"],
     "companion: tables/grimdark-rules.json: this is a rules table, not a Grimdark gladiator\n"),
])
def test_bad_input_is_one_line(capsys, argv, message) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_import_refuses_text_that_is_not_utf8(capsys, tmp_path) -> None:
    bad = tmp_path / "post.txt"
    bad.write_bytes(b"Brutality: 6\xff\n")
    code, _, err = run(capsys, "grimdark", "import", str(bad))
    assert code == 1 and err == f"companion: {bad}: not UTF-8 text; save it as UTF-8\n"


def test_sheet_prints_a_sample_by_name_in_the_forum_format(capsys) -> None:
    code, out, _ = run(capsys, "grimdark", "sheet", "Lord Smash")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "[ic=Lord Smash]" and lines[-1] == "[/ic]"
    assert "Oversized greataxe (Heavy crushing tenacious melee)" in lines


def test_check_says_ok_for_lord_smash_both_ways(capsys) -> None:
    for argv in (["grimdark", "check", str(SAMPLE)], ["check", str(SAMPLE)]):
        code, out, _ = run(capsys, *argv)
        assert code == 0
        assert out == (f"{SAMPLE}: ok (Grimdark gladiator 'Lord Smash', 23 of 23 ability "
                       "points, 20 moves, 5 of 5 equipment slots; HP d10+36, "
                       "Init d8+3)\n")


def test_check_lists_every_broken_rule(capsys, tmp_path) -> None:
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["moves"]["grapple"] = 6
    data["armour"] = 1
    bad = tmp_path / "smash.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    for argv in (["grimdark", "check", str(bad)], ["check", str(bad)]):
        code, out, _ = run(capsys, *argv)
        assert code == 1
        assert out.splitlines() == [
            f"{bad}: Grapple is in his repertoire 6 times; at most 5 copies of a move whose "
            "name does not start with Basic",
            f"{bad}: his equipment fills 6 slots; he has 5"]


def test_a_weapon_property_with_a_line_break_is_named_on_one_line(capsys, tmp_path) -> None:
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["weapons"][0]["properties"].append("sharp\nedged")
    bad = tmp_path / "smash.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1
    assert out.splitlines() == [
        f"{bad}: sharp edged on the Oversized greataxe is not a weapon property"]


def test_check_names_a_broken_file(capsys, tmp_path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text(json.dumps({"format": FORMAT, "name": "X", "brutality": 6, "style": 3,
                               "mind": 3, "weird": "three"}), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1 and out == f"{bad}: weird: must be a whole number (not 'three')\n"


def test_a_house_rules_table_in_the_users_folder_changes_the_build_rules(capsys) -> None:
    from companion import paths

    builtin = paths.builtin_tables_dir() / "grimdark-rules.json"
    table = json.loads(builtin.read_text(encoding="utf-8"))
    for entry in table["entries"]:
        if entry["key"] == "stat-points":
            entry.update(value=16, house=["value"])
            del entry["source"]
    paths.user_tables_dir().mkdir(parents=True)
    (paths.user_tables_dir() / "grimdark-rules.json").write_text(json.dumps(table),
                                                                 encoding="utf-8")
    code, out, _ = run(capsys, "grimdark", "check", "Lord Smash")
    assert code == 1
    assert out == f"{SAMPLE}: his stats add up to 15; they must add up to 16\n"


def test_check_with_no_file_names_a_grimdark_rules_table_the_builder_cannot_use(capsys) -> None:
    from companion import paths

    builtin = paths.builtin_tables_dir() / "grimdark-rules.json"
    table = json.loads(builtin.read_text(encoding="utf-8"))
    table["entries"] = [e for e in table["entries"] if e["key"] != "stat-spread"]
    paths.user_tables_dir().mkdir(parents=True)
    (paths.user_tables_dir() / "grimdark-rules.json").write_text(json.dumps(table),
                                                                 encoding="utf-8")
    code, out, _ = run(capsys, "check")
    assert code == 1
    assert "grimdark-rules: 'stat-spread' needs a value" in out.splitlines()


def test_import_takes_the_manager_and_check_roster_counts_his_starred(capsys) -> None:
    text = SEED_FILE.read_text().replace("[ic=Lord Smash]", "[ic=Lord Smash*]")
    for n in range(4):
        name = f"Smash {n}"
        post = roster_dir().parent / f"post{n}.txt"
        post.parent.mkdir(parents=True, exist_ok=True)
        post.write_text(text.replace("Lord Smash*", f"{name}*"))
        code, out, _ = run(capsys, "grimdark", "import", str(post), "--manager", "Grimjaw")
        assert code == 0, out
    assert load_gladiator(roster_dir() / "smash-0.json").manager == "Grimjaw"
    code, out, _ = run(capsys, "grimdark", "check", "--roster")
    assert code == 1
    assert ("the roster: Grimjaw has 4 starred gladiators (Smash 0, Smash 1, Smash 2 and "
            "Smash 3); a manager may have at most 3") in out
    code, out, _ = run(capsys, "grimdark", "sheet", str(roster_dir() / "smash-0.json"))
    assert "Manager: Grimjaw" in out
    (roster_dir() / "smash-3.json").unlink()
    assert run(capsys, "grimdark", "check", "--roster")[0] == 0


VETERAN_POST = TESTS / "grimdark_forum" / "brannoc-veteran.txt"


def _d6(seed: int) -> int:
    from companion.dice.sources import SeededDice

    return SeededDice(seed).roll(6).faces[0]


def test_import_rolls_a_veterans_d6_wins_once_and_shows_the_roll(capsys) -> None:
    face = _d6(7)
    code, out, _ = run(capsys, "grimdark", "import", str(VETERAN_POST), "--seed", "7")
    path = roster_dir() / "old-brannoc.json"
    assert code == 0
    assert out.splitlines()[0] == (f"Old Brannoc: Veteran: 1 Fame and {face} "
                                   f"{'win' if face == 1 else 'wins'} (d6: {face}), rolled now")
    brannoc = load_gladiator(path)
    assert (brannoc.fame, brannoc.wins) == (1, face)
    assert [g.faces for g in brannoc.career_start["veteran"]] == [None, [face]]
    # The same post imported again, with other dice, keeps the roll his file records.
    other = next(seed for seed in range(8, 99) if _d6(seed) != face)
    code, out, _ = run(capsys, "grimdark", "import", str(VETERAN_POST), "--seed", str(other))
    assert code == 0 and out.splitlines()[0].endswith(
        f"(d6: {face}), as his file in your roster records it")
    assert load_gladiator(path) == brannoc


def test_his_forum_sheet_carries_the_roll_and_imports_without_rolling_again(capsys,
                                                                          tmp_path) -> None:
    run(capsys, "grimdark", "import", str(VETERAN_POST), "--seed", "7")
    face = _d6(7)
    code, sheet, _ = run(capsys, "grimdark", "sheet", "Old Brannoc")
    assert f"Veteran: 1 Fame and {face} " in sheet
    post = tmp_path / "post.txt"
    post.write_text(sheet, encoding="utf-8")
    copy = tmp_path / "copy.json"
    code, out, _ = run(capsys, "grimdark", "import", str(post), "--seed", "8", "--out", str(copy))
    assert code == 0 and out.splitlines()[0].endswith(f"(d6: {face}), as his sheet records it")
    assert load_gladiator(copy) == load_gladiator(roster_dir() / "old-brannoc.json")
    assert run(capsys, "grimdark", "sheet", str(copy))[1] == sheet


def test_a_gladiator_who_breaks_a_rule_is_not_rolled_for(capsys, tmp_path) -> None:
    post = tmp_path / "post.txt"
    post.write_text(VETERAN_POST.read_text().replace("Style: 3", "Style: 4"))
    code, out, _ = run(capsys, "grimdark", "import", str(post), "--seed", "7")
    assert code == 1 and "rolled now" not in out
    assert f"{post}: note: Veteran: 1 Fame and d6 wins, not rolled yet: rolled when he is " \
        "next imported or saved in the builder" in out.splitlines()


def test_check_says_an_old_veterans_roll_is_still_due(capsys, tmp_path) -> None:
    from companion.rulesets.grimdark.data import GrimdarkData
    from companion.rulesets.grimdark.forum import read_forum

    old = tmp_path / "brannoc.json"
    g = read_forum(VETERAN_POST.read_text(), GrimdarkData.load()).gladiator
    old.write_text(g.model_dump_json(exclude_none=True), encoding="utf-8")
    for argv in (["grimdark", "check", str(old)], ["check", str(old)]):
        code, out, _ = run(capsys, *argv)
        assert code == 0
        assert out.splitlines()[0] == (f"{old}: note: Veteran: 1 Fame and d6 wins, not rolled "
                                       "yet: rolled when he is next imported or saved in the "
                                       "builder")
    assert "Veteran" not in run(capsys, "grimdark", "sheet", str(old))[1].split("Abilities")[0]


def test_a_hostile_roll_in_a_gladiator_file_is_one_line(capsys, tmp_path) -> None:
    run(capsys, "grimdark", "import", str(VETERAN_POST), "--seed", "7")
    sheet = json.loads((roster_dir() / "old-brannoc.json").read_text())
    sheet["career_start"]["veteran"][1]["faces"] = [7]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(sheet), encoding="utf-8")
    code, out, err = run(capsys, "check", str(bad))
    assert code == 1 and err == ""
    assert out == f"{bad}: career_start.veteran[1].faces: 7 is impossible on a d6\n"
    code, out, err = run(capsys, "grimdark", "sheet", str(bad))
    assert code == 1 and err.startswith("companion: ") and len(err.splitlines()) == 1


def test_check_knows_a_grimdark_gladiator_and_coaching_by_their_own_formats():
    from companion.rulesets.grimdark import coachfile, sheet
    from companion.rulesets.grimdark.cli import FILE_CHECKS

    assert set(FILE_CHECKS) == {sheet.FORMAT, coachfile.FORMAT}
