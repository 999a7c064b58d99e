"""Attacks on a verifiable match that must fail, as the issue lists them: each is
refused, and the refusal names the place (a turn, the commitment, the salts, the seals,
the chain, the replay code). One finished salted match with a sealed coaching, made by
the command line as a GM makes it, is attacked in every way."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.session.commitment import decode, encode, find_code


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class Match:
    """A finished salted match: its session file, its bbcode report, the line posted."""

    def __init__(self, folder: Path, capsys: pytest.CaptureFixture[str], *,
                 chain: Path | None = None, name: str = "m") -> None:
        self.folder, self.capsys = folder, capsys
        seal = run(capsys, "grimdark", "seal", "lord-smash")[1].strip()
        self.file = folder / f"{name}.json"
        extra = ["--chain", str(chain)] if chain is not None else []
        code, out, _ = run(capsys, "new", "grimdark", "--gladiators", "Lord Smash,Sewer Beast",
                           "--coaching", "lord-smash,sewer-beast", "--seals",
                           f"Lord Smash:{seal}", *extra, "--out", str(self.file))
        assert code == 0
        self.line = out.strip().splitlines()[-1]
        run(capsys, "salts", str(self.file), "--add", "Lord Smash: first", "--add",
            "Sewer Beast: second", "--close")
        assert run(capsys, "auto", str(self.file))[0] == 0
        self.report = folder / f"{name}.bbcode"
        assert run(capsys, "export", str(self.file), "--format", "bbcode", "--out",
                   str(self.report))[0] == 0
        self.text = self.report.read_text("utf-8")

    def verify(self, text: str, *extra: str) -> tuple[int, str]:
        """Verify a report's text against the line posted: the exit code, and what was
        said (on stdout, or the one line of a refusal on stderr)."""
        path = self.folder / "attacked.txt"
        path.write_text(text, "utf-8")
        code, out, err = run(self.capsys, "verify", str(path), "--commitment", self.line,
                             *extra)
        return code, out + err

    def verify_file(self, data: dict[str, Any]) -> tuple[int, str]:
        path = self.folder / "attacked.json"
        path.write_text(json.dumps(data), "utf-8")
        code, out, err = run(self.capsys, "verify", str(path), "--commitment", self.line)
        return code, out + err

    def data(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.file.read_text("utf-8"))
        return loaded

    def recoded(self, change: Any) -> str:
        """The report with its replay code made again from a changed replay."""
        code = find_code(self.text)
        assert code is not None
        new = encode(change(decode(code)))
        start = self.text.index("companion-replay-v2:")
        end = self.text.index(".", start) + 1  # a code's only full stop is its last
        return self.text[:start] + new + self.text[end:]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("attacks")


@pytest.fixture
def match(folder: Path, capsys: pytest.CaptureFixture[str]) -> Match:
    return Match(folder, capsys)


def refused(said: tuple[int, str], place: str) -> str:
    code, out = said
    assert code != 0, out
    assert place in out, out
    return out


def test_the_match_untouched_verifies(match: Match) -> None:
    code, out = match.verify(match.text)
    assert code == 0, out
    assert out.splitlines()[-1].startswith("verified: ")


def test_a_die_changed(match: Match) -> None:
    data = match.data()
    entry = data["journal"][2]
    roll = entry["rolls"][0]
    sides = int(roll["sides"])
    roll["faces"][0] = roll["faces"][0] % sides + 1
    out = refused(match.verify_file(data), "turn 2: ")
    assert re.search(r"roll shows \d+, the dice give \d+", out)
    # In the report: the face the narration gives is not the replay's.
    said = re.search(r"\d+ on the d(\d+)", match.text)
    assert said is not None
    out = refused(match.verify(match.text.replace(said.group(0), "0 on the d"
                                                  + said.group(1), 1)), "Turn 1: ")


def test_a_result_changed(match: Match) -> None:
    data = match.data()
    data["journal"][1]["outcome"] = "0" * 64
    refused(match.verify_file(data), "turn 1: the result recorded is not what the rules give")
    hit = re.search(r"takes (\d+)", match.text)
    assert hit is not None
    out = refused(match.verify(match.text.replace(hit.group(0), "takes 99", 1)), "Turn ")
    assert "the report says" in out


def test_a_coaching_changed_after_its_seal(match: Match) -> None:
    def other(replay: Any) -> Any:
        setup = json.loads(json.dumps(replay.setup))
        setup["gladiators"][0]["coaching"]["posture"] = "cautious"
        return replace(replay, setup=setup)

    out = refused(match.verify(match.recoded(other)),
                  "the seals: Lord Smash's coaching differs from the one he sealed")
    assert "the commitment: the coaching differs from the one committed to" in out


def test_a_salt_left_out(match: Match) -> None:
    def left_out(replay: Any) -> Any:
        return replace(replay, fair={**replay.fair, "salts": replay.fair["salts"][:1]})

    refused(match.verify(match.recoded(left_out)), "the salts: Sewer Beast's is left out")


def test_a_salt_reordered(match: Match) -> None:
    def reordered(replay: Any) -> Any:
        return replace(replay, fair={**replay.fair, "salts": replay.fair["salts"][::-1]})

    refused(match.verify(match.recoded(reordered)),
            "the salts: they are not in the order of the managers' names")


def test_the_seed_changed(match: Match) -> None:
    out = refused(match.verify(match.recoded(lambda r: replace(r, seed="12" * 32))),
                  "the commitment: the seed differs from the one committed to")
    assert "the setup differs" not in out  # its tag hangs on the seed: not named


def test_the_setup_edited_after_the_commitment(match: Match) -> None:
    def edited(replay: Any) -> Any:
        setup = json.loads(json.dumps(replay.setup))
        setup["options"]["started"] = "2020-01-01T00:00:00+00:00"
        return replace(replay, setup=setup)

    out = refused(match.verify(match.recoded(edited)),
                  "the commitment: the setup differs from the one committed to")
    assert "coaching differs" not in out


def test_the_tables_changed(match: Match) -> None:
    out = refused(match.verify(match.recoded(lambda r: replace(r, tables="0" * 64))),
                  "the commitment: the rules tables differ from those committed to")
    assert "rules tables other than this companion's" in out


def test_a_report_of_another_match_pasted_under_this_commitment(
        match: Match, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = Match(folder, capsys, name="other")
    refused(match.verify(other.text), "the commitment: the seed differs from the one "
            "committed to")


def test_a_seasons_link_used_twice_or_out_of_order(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chain = folder / "season.chain"
    out = run(capsys, "chain", "new", "--length", "3", "--out", str(chain))[1]
    end = re.search(r"sha256:([0-9a-f]{64})", out)
    assert end is not None
    first = Match(folder, capsys, chain=chain, name="first")
    second = Match(folder, capsys, chain=chain, name="second")
    assert first.verify(first.text, "--chain-end", end.group(1), "--link", "0")[0] == 0
    assert second.verify(second.text, "--chain-end", end.group(1), "--link", "1")[0] == 0
    # The second match's link posted as the first's: out of order.
    refused(second.verify(second.text, "--chain-end", end.group(1), "--link", "0"),
            "the chain: the seed is link 1 of the season's chain, not link 0 as posted")
    # The first match's link used again for the season's second match.
    refused(first.verify(first.text, "--chain-end", end.group(1), "--link", "1"),
            "the chain: the seed is link 0 of the season's chain, not link 1 as posted")


def test_a_truncated_report(match: Match) -> None:
    lines = match.text.splitlines()
    code_at = next(i for i, line in enumerate(lines) if "companion-replay-v2:" in line)
    # Cut inside its replay code: the code's full stop is missing.
    refused(match.verify("\n".join(lines[:code_at + 3])), "the replay code is cut short")
    # Cut before its code: nothing to replay.
    refused(match.verify("\n".join(lines[:code_at - 3])), "no replay code in it")
    # A stretch cut from its middle, the code whole: the turn where it stops.
    turn = next(i for i, line in enumerate(lines) if "Turn 2" in line)
    refused(match.verify("\n".join(lines[:turn] + lines[turn + 4:])),
            "Turn 2: the report says")
