"""`companion career apply|undo` on session files of the hex skirmish: a bout
recorded into its named gladiators' careers once, taken back, and a five-bout
campaign in which a gladiator earns his skills."""

from __future__ import annotations

import json

from support.skirmish_careers import bout, gladiator

from companion import paths
from companion.cli import main
from companion.stable.store import Stable

ALL = ["extra-ap", "attack-die", "defence-die", "base-strength", "popular"]
QUINTUS_SPARES_JULIUS = 1  # both unskilled: Quintus wins, the crowd spares Julius


def career(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["career", *args])
    out, err = capsys.readouterr()
    return code, out, err


def sheet_of(name: str) -> dict:
    with Stable.open(create=False) as stable:
        [g] = stable.named(name, "skirmish")
    return json.loads(g.sheet)


def test_a_bout_is_previewed_recorded_once_and_taken_back(capsys, tmp_path):
    path = tmp_path / "bout.json"
    bout([gladiator("Quintus", "samnite"), gladiator("Julius", "myrmillo")],
         QUINTUS_SPARES_JULIUS).save(path)
    code, out, err = career(capsys, "apply", str(path), "--dry-run")
    assert code == 0 and err == "" and out.endswith("dry run: nothing recorded\n")
    assert not paths.stable_path().exists()
    code, out, err = career(capsys, "apply", str(path))
    assert code == 0 and err == ""
    assert out.splitlines()[:10] == [
        f"{path}: Quintus beat Julius",
        "Quintus is not in the stable: added",
        "Julius is not in the stable: added",
        "Quintus: win",
        "  wins 0 to 1",
        "  a skill: Quick, for beating a gladiator with at least as many skills (1 of 5)",
        "Julius: loss",
        "  losses 0 to 1",
        "  spared by the crowd",
        "recorded as fight #1 in the stable "
        f"({paths.stable_path()}); Quintus is #1, Julius is #2",
    ]
    assert sheet_of("Quintus") == {"format": "companion-skirmish-gladiator",
                                   "name": "Quintus", "type": "samnite",
                                   "skills": ["extra-ap"], "wins": 1, "defeated": 1}
    code, out, _ = career(capsys, "apply", str(path))
    assert code == 0 and "recorded already" in out and "nothing changed" in out
    assert sheet_of("Quintus")["wins"] == 1
    code, out, _ = career(capsys, "undo", str(path))
    assert code == 0 and out.startswith("took back fight #1 (Quintus beat Julius)")
    with Stable.open(create=False) as stable:
        assert stable.gladiators(game="skirmish") == []


def test_a_five_bout_campaign_in_which_a_gladiator_earns_his_skills(capsys, tmp_path):
    """Each bout Quintus goes in with the skills his sheet in the stable holds, against
    a fresh rival with as many; the first seed on which he is left standing is played
    and recorded. After five he has all five skills, and no sixth is possible."""
    for n in range(1, 6):
        skills = sheet_of("Quintus").get("skills", []) if n > 1 else []
        assert len(skills) == n - 1
        rival = gladiator(f"Rival {n}", "myrmillo", ALL[:len(skills)])
        for seed in range(1, 60):
            session = bout([gladiator("Quintus", "samnite", skills), rival], seed)
            quintus = session.state.glad("A")
            if session.state.winner == "A" and quintus.status == "fighting":
                break
        else:
            raise AssertionError(f"Quintus wins no bout {n} on seeds 1 to 59")
        path = tmp_path / f"bout-{n}.json"
        session.save(path)
        code, out, err = career(capsys, "apply", str(path))
        assert code == 0 and err == "", err
        assert "  a skill: " in out and f"({n} of 5)" in out
    quintus = sheet_of("Quintus")
    assert quintus["skills"] == ALL and quintus["wins"] == 5
    with Stable.open(create=False) as stable:
        [g] = stable.named("Quintus", "skirmish")
        assert len(stable.fights_of(g.id)) == 5


def test_a_sheet_of_the_stable_reads_back_as_it_was(capsys, tmp_path):
    text = json.dumps({"format": "companion-skirmish-gladiator", "name": "Quintus",
                       "type": "samnite", "skills": ["popular"], "wins": 2}, indent=2)
    path = tmp_path / "quintus.json"
    path.write_text(text, "utf-8")
    assert main(["stable", "add", str(path)]) == 0
    out = tmp_path / "out.json"
    assert main(["stable", "export", "Quintus", "--out", str(out)]) == 0
    assert out.read_text("utf-8") == text
    capsys.readouterr()
    assert main(["stable", "show", "Quintus"]) == 0
    assert "Skills: Popular" in capsys.readouterr().out


def test_a_five_bout_campaign_from_the_command_line_alone(capsys, tmp_path):
    """As docs/play/careers.md tells it: Quintus and his rivals are put in the stable,
    each bout is made with `new skirmish --gladiators Quintus,RIVAL` (his skills and his
    day come from his career), played by `auto` and recorded with `career apply`. A
    bout Quintus does not win is recorded too, and the next is fought on; one that
    kills him is taken back with `career undo`."""
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import load_session

    for n, rival in enumerate(["Rival 1", "Rival 2", "Rival 3", "Rival 4", "Rival 5"]):
        sheet = tmp_path / f"rival-{n}.json"
        sheet.write_text(json.dumps({"format": "companion-skirmish-gladiator", "name": rival,
                                     "type": "myrmillo", "skills": ALL[:n]}), "utf-8")
        assert main(["stable", "add", str(sheet)]) == 0
    quintus = tmp_path / "quintus.json"
    quintus.write_text(json.dumps({"format": "companion-skirmish-gladiator",
                                   "name": "Quintus", "type": "samnite"}), "utf-8")
    assert main(["stable", "add", str(quintus)]) == 0
    seed = 0
    for n in range(1, 6):
        while len(sheet_of("Quintus").get("skills", [])) < n:
            seed += 1
            assert seed < 200, "Quintus earns no five skills in 200 bouts"
            path = tmp_path / f"bout-{seed}.json"
            assert main(["new", "skirmish", "--gladiators", f"Quintus,Rival {n}",
                         "--computer", "all", "--seed", str(seed), "--out", str(path)]) == 0
            setup = json.loads(path.read_text("utf-8"))["setup"]
            assert setup["gladiators"][0]["skills" if n > 1 else "name"]
            assert setup["options"]["experience"] is True
            assert main(["auto", str(path), "--seed", str(seed)]) == 0
            session = load_session(path, get_ruleset)
            code, out, err = career(capsys, "apply", str(path))
            assert code == 0 and err == "", err
            if session.state.glad("A").status == "killed":
                # Not this campaign's ending: the bout is taken back, and he lives again.
                code, out, _ = career(capsys, "undo", str(path))
                assert code == 0 and out.startswith("took back fight")
                with Stable.open(create=False) as stable:
                    assert stable.named("Quintus", "skirmish")[0].alive
                continue
            if "Rival" in out and session.state.glad("B").status == "killed":
                with Stable.open(create=False) as stable:
                    assert not stable.named(f"Rival {n}", "skirmish")[0].alive
                break  # a dead rival fights no more: the next one
    assert sheet_of("Quintus")["skills"] == ALL
