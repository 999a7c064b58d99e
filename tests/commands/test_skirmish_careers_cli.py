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
                                   "skills": ["extra-ap"], "wins": 1}
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
