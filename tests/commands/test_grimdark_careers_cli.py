"""A Grimdark GM's five matches from the command line alone, as docs/play/careers.md
tells it: the samples go into the stable under their managers, each match is made with
`new grimdark` naming them (the stable's sheets: Fame, record, matches fought), played
by `auto` and recorded with `career apply`; Fame and the record follow, and the fifth
match rolls its death die on a d6."""

from __future__ import annotations

import json

from companion.cli import main
from companion.stable.store import Stable


def sheet_of(name: str) -> dict:
    with Stable.open(create=False) as stable:
        return json.loads(stable.named(name, "grimdark")[0].sheet)


def test_five_matches_each_made_from_the_stable_and_recorded(capsys, tmp_path):
    assert main(["stable", "add", "Lord Smash", "--manager", "Ann"]) == 0
    assert main(["stable", "add", "Sewer Beast", "--manager", "Bea"]) == 0
    for n in range(1, 6):
        match = tmp_path / f"match-{n}.json"
        assert main(["new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                     "--coaching", "lord-smash,sewer-beast", "--seed", str(n),
                     "--out", str(match)]) == 0
        smash = json.loads(match.read_text("utf-8"))["setup"]["gladiators"][0]["sheet"]
        before = sheet_of("Lord Smash")
        # His career, not the sample's blank record.
        assert {k: smash[k] for k in ("fame", "wins", "losses")} == {
            k: before.get(k, 0) for k in ("fame", "wins", "losses")}
        assert smash["wins"] + smash["losses"] == n - 1
        assert main(["auto", str(match), "--seed", str(n)]) == 0
        capsys.readouterr()
        assert main(["career", "apply", str(match)]) == 0
        out = capsys.readouterr().out
        after = sheet_of("Lord Smash")
        assert after.get("wins", 0) + after.get("losses", 0) == n
        won = after.get("wins", 0) > before.get("wins", 0)
        assert after.get("fame", 0) >= before.get("fame", 0) + (1 if won else 0)
        if n == 4:
            assert "a defeat in his next match rolls a d6 for death, not a d4" in out
    with Stable.open(create=False) as stable:
        [smash] = stable.named("Lord Smash", "grimdark")
        assert len(stable.fights_of(smash.id)) == 5
