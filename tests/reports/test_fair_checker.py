"""companion-check.html: its script, run under node on a real exported report of a
salted match, on one with a die changed, on one with a wrong seal, and on the same
test vectors as the Python derivation (tests/reports/test_fair.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_fair import DIGEST, SALTS, SEED, VECTORS, salted_match

from companion.cli import main
from companion.reports.checker import NAME, page

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed: the page's "
                                "script is not run")

RUNNER = """
const {checkReport, firstDie} = require(process.argv[2]);
const fs = require("fs");
const ask = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
(async () => {
  if (ask.vectors) {
    const got = [];
    for (const [i, sides] of ask.vectors)
      got.push(await firstDie(ask.seed, ask.digest, ask.salts, i, sides));
    console.log(JSON.stringify(got));
  } else {
    console.log(JSON.stringify(await checkReport(ask.line, ask.report)));
  }
})();
"""


def _node(tmp_path: Path, ask: object) -> object:
    script = re.search(r"<script>(.*)</script>", page(), re.S)
    assert script is not None
    (tmp_path / "check.js").write_text(script.group(1), "utf-8")
    (tmp_path / "run.js").write_text(RUNNER, "utf-8")
    (tmp_path / "ask.json").write_text(json.dumps(ask), "utf-8")
    assert NODE is not None
    done = subprocess.run([NODE, str(tmp_path / "run.js"), str(tmp_path / "check.js"),
                           str(tmp_path / "ask.json")], capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


def test_the_page_is_self_contained() -> None:
    text = page()
    assert "http://" not in text and "https://" not in text and "src=" not in text
    assert "crypto.subtle" in text


def test_the_scripts_dice_are_the_vectors(tmp_path: Path) -> None:
    got = _node(tmp_path, {"vectors": [list(p) for p, _ in VECTORS], "seed": SEED,
                           "digest": DIGEST, "salts": [list(s) for s in SALTS]})
    assert got == [list(e) for _, e in VECTORS]


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "discord"])
def test_the_page_checks_a_real_report_and_refuses_a_changed_die(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    match, line = salted_match(tmp_path, capsys, None)
    main(["salts", str(match), "--add", "Sewer Beast: ünïcode salt", "--close"])
    main(["auto", str(match)])
    report = tmp_path / f"m.{fmt}"
    assert main(["export", str(match), "--format", fmt, "--out", str(report)]) == 0
    assert (tmp_path / NAME).read_text("utf-8") == page()
    capsys.readouterr()
    text = report.read_text("utf-8")
    said = _node(tmp_path, {"line": line, "report": text})
    assert isinstance(said, dict) and said["ok"], said
    assert any("all" in x["text"] and "listed come from the seed" in x["text"]
               for x in said["lines"])
    # One die changed: refused at that die.
    dice = re.search(r"\b(\d+)\.(\d+)=(\d+)/d(\d+)", text[text.index("Dice by place"):])
    assert dice is not None
    i, n, f, s = (int(g) for g in dice.groups())
    changed = f"{i}.{n}={f % s + 1}/d{s}"
    start = text.index("Dice by place")
    tampered = text[:start] + text[start:].replace(dice.group(0), changed, 1)
    said = _node(tmp_path, {"line": line, "report": tampered})
    assert isinstance(said, dict) and not said["ok"]
    assert said["lines"][-1]["text"].startswith(f"the dice: die {i}.{n} (action {i}) shows "
                                                f"{f % s + 1} on the d{s}")


def test_the_page_names_a_wrong_seal(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    match, line = salted_match(tmp_path, capsys, f"Sewer Beast:{'0' * 64}")
    main(["salts", str(match), "--close"])
    main(["auto", str(match)])
    report = tmp_path / "m.bbcode"
    main(["export", str(match), "--format", "bbcode", "--out", str(report)])
    capsys.readouterr()
    said = _node(tmp_path, {"line": line, "report": report.read_text("utf-8")})
    assert isinstance(said, dict) and not said["ok"]
    texts = [x["text"] for x in said["lines"]]
    assert "the seals: Sewer Beast's coaching differs from the one he sealed" in texts
    assert texts[0].startswith("the commitment (v2) matches")
