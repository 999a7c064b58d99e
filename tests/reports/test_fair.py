"""Forum-fair dice (scheme 2): the managers' salts after the GM's commitment, sealed
coaching, a season's chain. The vectors below are fixed by the derivation written in
companion/dice/salted.py; never regenerate them lightly."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.dice.chain import new_chain, place_of, step
from companion.dice.salted import die_message, face, places, sorted_salts

SEED = "5eed" * 16
DIGEST = "ab" * 32
SALTS = sorted_salts([("Bob", None), ("Alice", "x y")])

# (index, sides) -> (place, face): the specification's test vectors, also in the
# docs (docs/explain/verifiable.md) and checked by the page's script under node.
VECTORS = [((0, 10), (0, 6)), ((0, 8), (0, 2)), ((3, 6), (0, 5)), ((12, 20), (0, 9)),
           ((1, 2), (0, 1))]


def test_the_die_message_is_the_documented_json() -> None:
    assert die_message(DIGEST, SALTS, 3, 0) == (
        '["companion-dice-v2","' + DIGEST + '",[["Alice","x y"],["Bob",null]],3,0]'
    ).encode()


@pytest.mark.parametrize(("place", "expected"), VECTORS)
def test_vectors(place: tuple[int, int], expected: tuple[int, int]) -> None:
    index, sides = place
    assert places(SEED, DIGEST, SALTS, index, [sides]) == [expected]


def test_a_face_is_rejected_above_the_largest_multiple() -> None:
    key = bytes.fromhex(SEED)
    got = [face(key, die_message(DIGEST, SALTS, 0, n), 3) for n in range(50)]
    assert all(g in (1, 2, 3) for g in got)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_salt_is_128_bits_of_base32(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "salt")
    assert code == 0 and re.fullmatch(r"([a-z2-7]{5}-){5}[a-z2-7]", out.strip())


def salted_match(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                 seals: str | None = None) -> tuple[Path, str]:
    match = tmp_path / "m.json"
    extra = ["--seals", seals] if seals else ["--salted"]
    code, out, _ = _run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                        "--coaching", "lord-smash,sewer-beast", *extra, "--out", str(match))
    assert code == 0
    line = out.strip().splitlines()[-1]
    assert line.startswith("companion commitment v2 sha256:")
    return match, line


def test_a_salted_match_rolls_nothing_until_the_salts_are_closed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match, line = salted_match(tmp_path, capsys)
    assert json.loads(match.read_text("utf-8"))["journal"] == []
    code, _, err = _run(capsys, "act", str(match), "turn")
    assert code != 0 and err.count("\n") == 1 and "salts are not closed" in err
    assert _run(capsys, "auto", str(match))[0] != 0
    assert _run(capsys, "salts", str(match), "--add", "Lord Smash: our fair salt")[0] == 0
    code, _, err = _run(capsys, "salts", str(match), "--add", "Lord Smash: again")
    assert code != 0 and "already" in err and err.count("\n") == 1
    code, _, err = _run(capsys, "salts", str(match), "--add", "Nobody: x")
    assert code != 0 and "not a manager" in err and err.count("\n") == 1
    code, out, _ = _run(capsys, "salts", str(match), "--close")
    assert code == 0 and "posted no salt: Sewer Beast" in out and "HP" in out
    assert _run(capsys, "commit", str(match))[1].strip() == line
    assert _run(capsys, "auto", str(match))[0] == 0
    report = tmp_path / "m.bbcode"
    assert _run(capsys, "export", str(match), "--format", "bbcode", "--out",
                str(report))[0] == 0
    text = report.read_text("utf-8")
    assert 'Salts: Lord Smash "our fair salt"; Sewer Beast posted no salt.' in text
    code, out, _ = _run(capsys, "verify", str(report), "--commitment", line)
    assert code == 0, out
    assert "the salts: Lord Smash salted; Sewer Beast posted no salt" in out
    # A salt changed: the dice are not the seed's any more.
    report.write_text(text.replace("our fair salt", "our fair salz"), "utf-8")
    code, out, _ = _run(capsys, "verify", str(match), "--commitment", line)
    assert code == 0
    data = json.loads(match.read_text("utf-8"))
    data["fair"]["salts"]["Lord Smash"] = "another"
    match.write_text(json.dumps(data), "utf-8")
    code, out, _ = _run(capsys, "verify", str(match), "--commitment", line)
    assert code == 1 and "the dice give" in out


def test_a_sealed_coaching_is_checked_and_a_changed_one_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seal = _run(capsys, "grimdark", "seal", "lord-smash")[1].strip()
    assert re.fullmatch(r"[0-9a-f]{64}", seal)
    match, line = salted_match(tmp_path, capsys, f"Lord Smash:{seal}")
    assert " seals:" in line
    _run(capsys, "salts", str(match), "--close")
    _run(capsys, "auto", str(match))
    code, out, _ = _run(capsys, "verify", str(match), "--commitment", line)
    assert code == 0 and "every sealed coaching is the one sealed" in out
    data = json.loads(match.read_text("utf-8"))
    data["fair"]["seals"]["Lord Smash"] = "0" * 64
    match.write_text(json.dumps(data), "utf-8")
    code, out, _ = _run(capsys, "verify", str(match))
    assert code == 1
    assert "the seals: Lord Smash's coaching differs from the one he sealed" in out


def test_a_seasons_chain_gives_its_links_in_order(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chain = new_chain(5)
    assert step(chain.link(0)) == chain.end
    assert step(chain.link(3)) == chain.link(2)
    assert place_of(chain.link(3), chain.end) == 3
    path = tmp_path / "season.chain"
    code, out, _ = _run(capsys, "chain", "new", "--length", "2", "--out", str(path))
    end = re.search(r"sha256:([0-9a-f]{64})", out)
    assert code == 0 and end is not None
    seeds = []
    for k in range(2):
        match = tmp_path / f"m{k}.json"
        code, out, _ = _run(capsys, "new", "grimdark", "--gladiators",
                            "Lord Smash,Sewer Beast", "--chain", str(path), "--out", str(match))
        assert code == 0 and f"link {k}" in out
        seeds.append(json.loads(match.read_text("utf-8"))["seed"])
        _run(capsys, "auto", str(match))
        code, out, _ = _run(capsys, "verify", str(match), "--chain-end", end.group(1))
        assert code == 0 and f"link {k} of the season's chain" in out
    assert seeds[0] != seeds[1]
    code, _, err = _run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                        "--chain", str(path), "--out", str(tmp_path / "m3.json"))
    assert code != 0 and "every one of the chain's 2 links is used" in err
    code, out, _ = _run(capsys, "verify", str(tmp_path / "m0.json"), "--chain-end",
                        "0" * 64)
    assert code == 1 and "not a link of the chain" in out


def test_salts_left_out_reordered_or_foreign_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.commands.session import load
    from companion.reports.verify import claims_of_entries, verify
    from companion.session.commitment import replay_of

    match, _ = salted_match(tmp_path, capsys)
    _run(capsys, "salts", str(match), "--add", "Sewer Beast: b", "--add", "Lord Smash: a",
         "--close")
    _run(capsys, "auto", str(match), "--turns", "2")
    session = load(match)
    fair = replay_of(session).fair
    assert fair is not None and fair["salts"] == [["Lord Smash", "a"], ["Sewer Beast", "b"]]

    def said(salts: list[list[str]]) -> list[str]:
        verdict = verify(session.ruleset, session.setup, session.seed or "", session.tables,
                         claims_of_entries(session.journal), fair={**fair, "salts": salts})
        return [f.line() for f in verdict.problems]

    assert said(fair["salts"]) == []
    assert "the salts: Sewer Beast's is left out" in said(fair["salts"][:1])
    reordered = said(fair["salts"][::-1])
    assert "the salts: they are not in the order of the managers' names, which is the " \
        "order they are hashed in" in reordered
    assert "the salts: Mallory: not a manager of the match committed to" in said(
        [*fair["salts"], ["Mallory", "m"]])
