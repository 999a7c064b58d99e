"""Mutation testing of the packages whose slips cost a player most: the rules, verify,
the reports, the lab and the session. Run by `scripts/mutation`, never by the tests.

A mutant is the code with one small slip in it, the kind a tired hand makes: `<` for
`<=`, `+` for `-`, `and` for `or`, a number one off, a condition turned round, `min`
for `max`. The package's tests run against each mutant in a copy of the project; a
mutant they fail on is killed, one they pass is a slip they would not have caught.

Why a tool of our own, not mutmut or cosmic-ray: the rules alone give some 7,800
mutants, and each wants a package's tests (seconds to a minute), so a run over all of
them takes a day on two cores. This tool draws a fixed sample a package
(`--sample`, seeded, the same mutants every run of the same code), runs them on both
cores, and gives the share killed with its 95 % interval. A mutant that cannot change
what the code does (an equivalent mutant) is listed, with the reason, in
`tools/mutation-equivalent/<package>.txt` and left out of the count.

Pure standard library; no pygame, nothing of `companion` imported."""

from __future__ import annotations

import argparse
import ast
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Each package: the source files mutated, and the tests that stand guard over them.
_SHARED = ("tests/session/test_determinism.py", "tests/rulesets/test_contract.py",
           "tests/test_limits_boundaries.py", "tests/lab/test_lab_adapters.py",
           "tests/tables/test_tables_that_break_play.py", "tests/tables/test_playable_tables.py",
           "tests/tables/test_cards.py", "tests/commands/test_cli.py")
PACKAGES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "rules-skirmish": (("companion/rulesets/skirmish/**/*.py",),
                       ("tests/rulesets/skirmish/test_*.py", "tests/commands/test_skirmish_*.py",
                        "tests/core/test_hexgrid.py", "tests/core/test_facing.py",
                        "tests/tables/test_tables_skirmish.py", "tests/tables/test_words.py",
                        *_SHARED)),
    "rules-battle": (("companion/rulesets/battle/**/*.py",),
                     ("tests/rulesets/battle/test_*.py", "tests/rulesets/test_third_system.py",
                      "tests/ui/test_roll_log.py", "tests/tables/test_tables_pool.py",
                      "tests/tables/test_tables_crit.py", "tests/tables/test_words.py",
                      "tests/lab/test_lab_battle.py", *_SHARED)),
    "rules-grimdark": (("companion/rulesets/grimdark/**/*.py",),
                       ("tests/rulesets/grimdark/test_*.py", "tests/commands/test_grimdark_*.py",
                        "tests/ui/test_grimdark_*.py", "tests/tables/test_tables_grimdark.py",
                        "tests/tables/test_words.py", "tests/lab/test_lab_choosers.py",
                        *_SHARED)),
    "verify": (("companion/reports/verify.py", "companion/session/commitment.py",
                "companion/dice/derived.py"),
               ("tests/reports/test_verify*.py",)),
    # reports/verify.py is the verify package's, guarded by its own tests.
    "reports": (("companion/reports/[!v]*.py",), ("tests/reports/test_report*.py",)),
    "lab": (("companion/lab/**/*.py",), ("tests/lab/test_lab*.py",)),
    "session": (("companion/session/session.py", "companion/session/snapshots.py",
                 "companion/files/atomic.py"),
                ("tests/session/test_session*.py", "tests/files/test_atomic_order.py",
                 "tests/session/test_crash_safety.py", "tests/session/test_determinism.py")),
}
# One file a package, `<package>.txt`: a line a mutant, its key, two spaces, `# ` and
# why it changes nothing.
EQUIVALENT = ROOT / "tools" / "mutation-equivalent"
# What a copy of the project needs to run its tests (some import the bench's and the
# screenshots' helpers from tools/).
COPIED = ("companion", "tests", "tables", "assets", "tools", "pyproject.toml")


# --- the mutants -----------------------------------------------------------------------
SWAPPED_COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot,
    ast.IsNot: ast.Is}
SWAPPED_BINOP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv}
SWAPPED_NAMES = {"min": "max", "max": "min", "any": "all", "all": "any"}


@dataclass(frozen=True)
class Mutant:
    """One slip: the text at `path` from (line, col) to (end_line, end_col) becomes
    `new`. `key` names it the same way while the code around it changes: its
    function, what it was and what it becomes, and which such one in the function."""

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    old: str
    new: str
    key: str

    def apply(self, text: str) -> str:
        lines = text.splitlines(keepends=True)
        start = sum(len(line) for line in lines[:self.line - 1]) + _byte_col(
            lines[self.line - 1], self.col)
        end = sum(len(line) for line in lines[:self.end_line - 1]) + _byte_col(
            lines[self.end_line - 1], self.end_col)
        return text[:start] + self.new + text[end:]


def _byte_col(line: str, col: int) -> int:
    """ast counts columns in UTF-8 bytes; the text is indexed in characters."""
    return len(line.encode()[:col].decode(errors="ignore"))


def _skipped_lines(tree: ast.Module) -> set[int]:
    """Lines no mutant touches: docstrings, annotations, `if TYPE_CHECKING` blocks and
    lines marked `# pragma: no mutate`."""
    skipped: set[int] = set()

    def span(node: ast.AST) -> range:
        return range(node.lineno, (node.end_lineno or node.lineno) + 1)  # type: ignore[attr-defined]

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            skipped.update(span(body[0]))
        if isinstance(node, ast.AnnAssign):
            skipped.update(span(node.annotation))
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(span(node))
    return skipped


def _annotations(tree: ast.Module) -> set[int]:
    """The ids of every node inside an annotation: a type is not behaviour."""
    found: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST | None] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            parts.append(node.returns)
        elif isinstance(node, ast.arg | ast.AnnAssign):
            parts.append(node.annotation)
        for part in parts:
            if part is not None:
                found.update(id(n) for n in ast.walk(part))
    return found


def _variants(node: ast.AST) -> Iterator[str]:
    """The slips one node can take, each as the text that replaces it."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and \
            type(node.ops[0]) in SWAPPED_COMPARE:
        yield ast.unparse(ast.Compare(node.left, [SWAPPED_COMPARE[type(node.ops[0])]()],
                                      node.comparators))
    elif isinstance(node, ast.BinOp) and type(node.op) in SWAPPED_BINOP:
        yield f"({ast.unparse(ast.BinOp(node.left, SWAPPED_BINOP[type(node.op)](), node.right))})"
    elif isinstance(node, ast.BoolOp):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield f"({ast.unparse(ast.BoolOp(other, node.values))})"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub):
        yield f"({ast.unparse(node.operand)})"
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield str(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield str(node.value + 1)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id in SWAPPED_NAMES:
        yield ast.unparse(ast.Call(ast.Name(SWAPPED_NAMES[node.func.id]), node.args,
                                   node.keywords))


def mutants_of(path: str, text: str) -> list[Mutant]:
    """Every mutant of one source file, in the order of the file."""
    tree = ast.parse(text)
    skipped, annotated = _skipped_lines(tree), _annotations(tree)
    inside_fstring = {id(n) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr)
                      for n in ast.walk(f)}
    owners: dict[int, str] = {}

    def own(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = f"{name}.{child.name}" if isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) else name
            owners[id(child)] = inner
            own(child, inner)

    own(tree, "")
    found: list[Mutant] = []
    seen: dict[str, int] = {}
    for node in ast.walk(tree):
        if not hasattr(node, "end_col_offset") or id(node) in annotated or \
                id(node) in inside_fstring or node.lineno in skipped:  # type: ignore[attr-defined]
            continue
        targets: list[tuple[ast.AST, str]] = [(node, new) for new in _variants(node)]
        if isinstance(node, ast.If | ast.While | ast.IfExp) and \
                node.test.lineno not in skipped:
            test = ast.get_source_segment(text, node.test) or ""
            targets.append((node.test, f"(not ({test}))"))
        if isinstance(node, ast.AugAssign) and type(node.op) in (ast.Add, ast.Sub):
            swapped = ast.AugAssign(node.target, ast.Sub() if isinstance(node.op, ast.Add)
                                    else ast.Add(), node.value)
            targets.append((node, ast.unparse(swapped)))
        for target, new in targets:
            old = ast.get_source_segment(text, target)
            if old is None or old == new:
                continue
            name = f"{path}::{owners.get(id(target), '').lstrip('.')}::{old!r}->{new!r}"
            seen[name] = seen.get(name, 0) + 1
            found.append(Mutant(path, target.lineno, target.col_offset,  # type: ignore[attr-defined]
                                target.end_lineno, target.end_col_offset,  # type: ignore[attr-defined]
                                old, new, f"{name}#{seen[name]}"))
    found.sort(key=lambda m: (m.line, m.col, m.new))
    return found


def sources(package: str) -> list[str]:
    patterns = PACKAGES[package][0]
    return sorted({str(p.relative_to(ROOT)) for pattern in patterns
                   for p in ROOT.glob(pattern) if "__pycache__" not in p.parts})


def guards_of(package: str) -> list[str]:
    return sorted({str(p.relative_to(ROOT)) for pattern in PACKAGES[package][1]
                   for p in ROOT.glob(pattern)})


def equivalent(package: str) -> dict[str, str]:
    """The package's mutants left out, by key, with the reason each changes nothing."""
    listed = EQUIVALENT / f"{package}.txt"
    if not listed.exists():
        return {}
    out = {}
    for line in listed.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, why = line.partition("  # ")
            out[key.strip()] = why.strip()
    return out


# --- running them ----------------------------------------------------------------------
@dataclass
class Outcome:
    mutant: Mutant
    killed: bool
    seconds: float
    how: str  # "failed", "timed out", "survived", "broke the import"


@dataclass
class Score:
    package: str
    mutants: int
    sampled: int
    excluded: int
    killed: int
    survivors: list[dict[str, object]] = field(default_factory=list)

    @property
    def counted(self) -> int:
        return self.sampled - self.excluded

    @property
    def share(self) -> float:
        return self.killed / self.counted if self.counted else 1.0

    def interval(self) -> tuple[float, float]:
        """Wilson's 95 % interval of the share killed."""
        n, p, z = self.counted, self.share, 1.96
        if n == 0:
            return 1.0, 1.0
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)


def _copy_project(into: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, into / name)


def _pytest(copy: Path, tests: list[str], timeout: float) -> tuple[str, float]:
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
             "-p", "no:randomly", "-n", "0", *tests], cwd=copy, env=env,
            capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timed out", time.perf_counter() - start
    seconds = time.perf_counter() - start
    if done.returncode == 0:
        return "survived", seconds
    if done.returncode in (2, 3, 4):  # interrupted, internal or usage error: import broke
        return "broke the import", seconds
    return "failed", seconds


def run_package(package: str, sample: int, seed: int, workers: int,
                log: bool = True) -> Score:
    files = sources(package)
    every = [m for path in files for m in mutants_of(path, (ROOT / path).read_text(
        encoding="utf-8"))]
    chosen = sorted(random.Random(f"{package}:{seed}").sample(every, min(sample, len(every))),
                    key=lambda m: (m.path, m.line, m.col))
    left_out = equivalent(package)
    tests = guards_of(package)
    excluded = [m for m in chosen if m.key in left_out]
    runnable = [m for m in chosen if m.key not in left_out]
    with tempfile.TemporaryDirectory(prefix="mutation-") as scratch:
        copies = [Path(scratch) / f"copy{i}" for i in range(workers)]
        for copy in copies:
            copy.mkdir()
            _copy_project(copy)
        how, baseline = _pytest(copies[0], tests, timeout=3600)
        if how != "survived":
            raise SystemExit(f"mutation: {package}: its tests fail on the code as it is "
                             f"({how}); fix them first")
        # Generous: a busy machine must not pass a slow run off as a mutant caught.
        timeout = max(60.0, 5 * baseline)
        if log:
            print(f"{package}: {len(every):,} mutants in {len(files)} files; "
                  f"{len(chosen)} drawn, {len(excluded)} known equivalent; "
                  f"{len(tests)} test files, {baseline:.0f} s unmutated", flush=True)
        free = list(copies)
        outcomes: list[Outcome] = []

        def one(mutant: Mutant) -> Outcome:
            copy = free.pop()
            target = copy / mutant.path
            original = target.read_text(encoding="utf-8")
            try:
                target.write_text(mutant.apply(original), encoding="utf-8")
                how, seconds = _pytest(copy, tests, timeout)
            finally:
                target.write_text(original, encoding="utf-8")
                free.append(copy)
            outcome = Outcome(mutant, how != "survived", seconds, how)
            if log:
                mark = "killed" if outcome.killed else "SURVIVED"
                print(f"  {mark:8} {mutant.path}:{mutant.line} {mutant.old!r} -> "
                      f"{mutant.new!r} ({how}, {seconds:.0f} s)", flush=True)
            return outcome

        with ThreadPoolExecutor(max_workers=workers) as pool:
            outcomes = list(pool.map(one, runnable))
    survivors: list[dict[str, object]] = [
        {"where": f"{o.mutant.path}:{o.mutant.line}", "old": o.mutant.old,
         "new": o.mutant.new, "key": o.mutant.key} for o in outcomes if not o.killed]
    return Score(package, len(every), len(chosen), len(excluded),
                 sum(o.killed for o in outcomes), survivors)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/mutation", description=(
        "Mutation testing: a seeded sample of one-slip mutants a package, each run "
        "against the package's tests in a copy of the project; prints the share killed."))
    parser.add_argument("packages", nargs="*", metavar="PACKAGE",
                        help=f"the packages (default all): {', '.join(PACKAGES)}")
    parser.add_argument("--sample", type=int, default=100,
                        help="mutants drawn a package (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="which sample (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="mutants run at once (default: the number of cores)")
    parser.add_argument("--list", action="store_true",
                        help="print the package's mutants (key and place) and stop")
    parser.add_argument("--json", metavar="FILE", help="also write the scores to FILE")
    args = parser.parse_args(argv)
    unknown = [p for p in args.packages if p not in PACKAGES]
    if unknown:
        parser.error(f"no package named {', '.join(unknown)}; the packages are "
                     f"{', '.join(PACKAGES)}")
    if args.sample < 1 or args.workers < 1:
        parser.error("--sample and --workers are at least 1")
    chosen = args.packages or list(PACKAGES)
    if args.list:
        for package in chosen:
            for path in sources(package):
                for m in mutants_of(path, (ROOT / path).read_text(encoding="utf-8")):
                    print(f"{m.path}:{m.line}  {m.key}")
        return 0
    scores = [run_package(p, args.sample, args.seed, args.workers) for p in chosen]
    print()
    for s in scores:
        low, high = s.interval()
        print(f"{s.package:15} {s.share * 100:5.1f} % killed ({s.killed} of {s.counted}; "
              f"95 % interval {low * 100:.0f}-{high * 100:.0f} %; {s.excluded} equivalent "
              f"left out; {s.mutants:,} mutants in all)")
    if args.json:
        Path(args.json).write_text(json.dumps(
            [{**asdict(s), "share": round(s.share, 4)} for s in scores], indent=1),
            encoding="utf-8")
    return 0 if all(s.share >= 0.9 for s in scores) else 1


if __name__ == "__main__":
    sys.exit(main())
