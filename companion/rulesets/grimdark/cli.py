"""`companion grimdark import|sheet|check|coaching|odds|record`: Grimdark Gladiators'
gladiators, pasted from a forum thread into the roster, written back as a forum sheet,
checked against the build rules; coaching files checked; the exact odds of a match's
next turn; a finished match's result
written into the roster. The matches themselves are sessions (`companion new
grimdark`)."""

from __future__ import annotations

import argparse
import contextlib
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.words import plural
from companion.errors import UserError, one_line
from companion.files.pathwords import os_problem, shown_path

# The rules load when a command runs, not when the parser is built: opening the app
# must not pay for them.
if TYPE_CHECKING:
    from companion.rulesets.grimdark.data import GrimdarkData
    from companion.rulesets.grimdark.events import MoveChosen
    from companion.rulesets.grimdark.sheet import Gladiator, Grant
    from companion.session.session import Session

MAX_PASTE = 1_000_000  # bytes of forum text: never more characters than read_forum takes

_EXAMPLES = """examples:
  companion grimdark import lord-smash.txt
  companion grimdark import - --out smash.json < post.txt
  companion grimdark sheet "Lord Smash"
  companion grimdark check smash.json
  companion grimdark coaching smash-coaching.json --gladiator smash.json
  companion grimdark odds smash-vs-rex.json
  companion grimdark record smash-vs-rex.json"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "grimdark",
        help="Grimdark Gladiators: import forum sheets, write them back, check builds",
        description="Grimdark Gladiators' gladiators: import a sheet pasted from the "
        "forum into your roster, print a gladiator as a forum sheet, and check one "
        "against the build rules, check a coaching file, and write a finished match's "
        "result into the roster. Matches themselves are played with the session verbs: "
        "companion new grimdark, act, auto, replay.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="grimdark_command", metavar="ACTION", required=True)
    p_import = sub.add_parser(
        "import", help="read a forum sheet into the roster",
        description="Read a gladiator's forum sheet (a text file, or - for what is "
        "pasted or piped in) in the roster thread's format, check him against the build "
        "rules and save him: into your roster folder, or --out FILE. A gladiator who "
        "breaks a build rule is not saved; every broken rule is listed. What an ability "
        "gives his career (Veteran: 1 Fame and d6 wins) is rolled once, as he is saved, "
        "unless his sheet, or his file already in the roster, records the roll.")
    p_import.add_argument("source", metavar="FILE", help="the forum text, or - to read it "
                          "from the terminal (end with Ctrl-D)")
    p_import.add_argument("--out", type=Path, metavar="FILE", help="where to save him "
                          "(default: your roster folder, named for him)")
    p_import.add_argument("--manager", metavar="NAME", help="whose gladiator he is (the "
                          "manager who posted him), when the sheet does not say")
    p_import.add_argument("--seed", type=int, help="seed the dice of a roll made as he is "
                          "saved (Veteran's wins; default: random)")
    p_import.set_defaults(func=_import)
    p_sheet = sub.add_parser(
        "sheet", help="print a gladiator as a forum sheet",
        description="Print a gladiator as a forum sheet, ready to post in the roster "
        "thread. FILE is his file, or his name in your roster or among the samples.")
    p_sheet.add_argument("file", metavar="FILE")
    p_sheet.set_defaults(func=_sheet)
    p_check = sub.add_parser(
        "check", help="check gladiators against the build rules",
        description="Check gladiator files against the build rules. Exit 0 when every "
        "one is legal; otherwise exit 1 and list every broken rule.")
    p_check.add_argument("files", nargs="*", metavar="FILE")
    p_check.add_argument("--roster", action="store_true",
                         help="check every gladiator in your roster folder as well, and the "
                         "roster as a whole (at most 3 starred gladiators a manager)")
    p_check.set_defaults(func=_check)
    p_coach = sub.add_parser(
        "coaching", help="check a coaching file and print it in words",
        description="Check a coaching file (opening moves, posture, favoured moves and "
        "contingencies) and print it in words. With --gladiator, also check that it "
        "fits him: his opening moves must be in his repertoire. Exit 1 on any problem.")
    p_coach.add_argument("file", metavar="FILE", help="the coaching file, or the name of "
                         "a sample gladiator's coaching")
    p_coach.add_argument("--gladiator", metavar="SHEET", help="his gladiator file or name")
    p_coach.set_defaults(func=_coaching)
    p_odds = sub.add_parser(
        "odds", help="the exact odds of a match's next turn",
        description="The exact odds of the next turn of a match (a session file), before "
        "any die is rolled: the moves the coaching would choose (or those of --moves), "
        "and for each fight each side's chance of a hit, of a critical and of an "
        "inconclusive exchange, what each stands to take and his chance of defeat. "
        "Nothing is sampled and the session is not changed.")
    p_odds.add_argument("session", type=Path, metavar="SESSION",
                        help="the match's session file")
    p_odds.add_argument("--moves", metavar="JSON", help='moves chosen by hand, as the turn '
                        'action gives them: \'{"a": {"move": "wild-charge"}}\'')
    p_odds.add_argument("--json", action="store_true",
                        help="print the odds as one JSON object, damage spread included")
    p_odds.set_defaults(func=_odds)
    p_record = sub.add_parser(
        "record", help="write a finished match's Fame and record into the roster",
        description="Write the result of a finished match (a session file) into the "
        "gladiators' files in your roster: each one's new Fame and win-loss record. "
        "Each is found by his name; recording the same match again changes nothing.")
    p_record.add_argument("session", type=Path, metavar="SESSION",
                          help="the match's session file")
    p_record.set_defaults(func=_record)
    p_seal = sub.add_parser(
        "seal", help="the seal of a coaching, for its manager to post before a match",
        description="Print the seal of a coaching file: the sha256 of its canonical JSON "
        "(no spaces, UTF-8, keys in the file's order), 64 hex digits. The manager posts "
        "it before the match; the GM puts it in the commitment (new ... --seals "
        "\"Manager:HASH\"); verify checks the coaching revealed after the match against it.")
    p_seal.add_argument("file", metavar="COACHING", help="the coaching file, or the name "
                        "of a sample gladiator's coaching")
    p_seal.set_defaults(func=_seal)


def _seal(args: argparse.Namespace) -> int:
    from companion.rulesets.grimdark.files import find_coaching
    from companion.rulesets.grimdark.rules import load_coaching_file
    from companion.session.fair import seal_of

    print(seal_of(load_coaching_file(find_coaching(args.file))))
    return 0


def _record(args: argparse.Namespace) -> int:
    from companion.rulesets.grimdark.death import record_in_roster

    session = _match(args.session)
    for line in record_in_roster(session.state):
        print(line)
    return 0


def _match(path: Path) -> Session:
    """A Grimdark match's session file, or a UserError saying what it is instead."""
    from companion.commands.session import load

    session = load(path)
    if session.ruleset.id != "grimdark":
        raise UserError(f"{path}: a {session.ruleset.title} session, not a Grimdark match")
    return session


def _odds(args: argparse.Namespace) -> int:
    import json

    from companion.rulesets.grimdark.actions import TurnAction
    from companion.rulesets.grimdark.odds_words import damage_lines, odds_lines

    session = _match(args.session)
    rules, state = session.ruleset, session.state
    action = TurnAction(type="turn")
    if args.moves is not None:
        try:
            moves = json.loads(args.moves)
        except json.JSONDecodeError as err:
            raise UserError(f"--moves is not valid JSON: {err.msg} at column "
                            f"{err.colno}") from None
        if not isinstance(moves, dict):
            raise UserError('--moves is a JSON object: {"a": {"move": "wild-charge"}}')
        action["moves"] = moves
    odds = rules.odds(state, rules.parse_action(action))
    if odds is None:
        raise UserError(f"{args.session}: the match is over, or has not begun: no turn "
                        "to come")
    found = odds.to_json()
    if args.json:
        print(json.dumps(found, indent=1))
        return 0
    names = {g["id"]: g["display_name"] for g in rules.summary(state)["gladiators"]}
    for who, move in found["moves"].items():
        for said in rules.narrate(state, [_choice(who, move)]):
            print(said)
    for line in odds_lines(found, lambda i: names.get(i, i)) + \
            damage_lines(found, lambda i: names.get(i, i)):
        print(line)
    return 0


def _choice(who: str, move: dict[str, Any]) -> MoveChosen:
    """The coaching's (or the GM's) move as the odds give it, told as the turn would
    tell it: no active stat said, since the odds do not say one."""
    from companion.rulesets.grimdark.events import MoveChosen

    return MoveChosen(who, move=move["move"], target=move["target"], reach=move["reach"],
                      active_stat=None, why=tuple(move["why"]), by=move["by"])


def _data() -> GrimdarkData:
    from companion.rulesets.grimdark.data import GrimdarkData

    return GrimdarkData.load()


def find_gladiator(name: str) -> Path:
    from companion.rulesets.grimdark.files import find_gladiator as find

    return find(name)


def _read_text(source: str) -> tuple[str, str]:
    """The forum text and what to call it in messages: a file, or the terminal."""
    if source == "-":
        raw = sys.stdin.buffer.read(MAX_PASTE + 1)
        where = "the pasted text"
    else:
        path = Path(source)
        where = shown_path(path)
        try:
            info = path.stat()
        except (FileNotFoundError, NotADirectoryError):
            raise UserError(f"{where}: no such file", exit_code=1) from None
        except (OSError, ValueError) as err:
            raise UserError(os_problem(err, path), exit_code=1) from None
        if stat.S_ISDIR(info.st_mode):
            raise UserError(f"'{where}' is a folder, not a forum sheet", exit_code=1)
        if not stat.S_ISREG(info.st_mode):
            raise UserError(f"{where}: not a plain file", exit_code=1)
        with path.open("rb") as file:
            raw = file.read(MAX_PASTE + 1)
    if len(raw) > MAX_PASTE:
        raise UserError(f"{where}: more than {MAX_PASTE // 1000} KB is too large for a "
                        "forum sheet", exit_code=1)
    try:
        return raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8"), where
    except UnicodeDecodeError:
        raise UserError(f"{where}: not UTF-8 text; save it as UTF-8", exit_code=1) from None


def _import(args: argparse.Namespace) -> int:
    from companion.dice.sources import SeededDice
    from companion.rulesets.grimdark import career
    from companion.rulesets.grimdark.build import notes, problems
    from companion.rulesets.grimdark.forum import ForumError, read_forum
    from companion.rulesets.grimdark.sheet import roster_path, save_gladiator

    text, where = _read_text(args.source)
    data = _data()
    try:
        imported = read_forum(text, data)
    except ForumError as err:
        for problem in err.problems:
            print(f"{where}: {problem}")
        return 1
    g = imported.gladiator
    if args.manager is not None:
        g = g.model_copy(update={"manager": args.manager.strip()[:80]})
    broken = problems(g, data)
    target = args.out or roster_path(g)
    made: list[career.Made] = []
    if not broken:  # one who is not saved is not rolled for
        g, made = career.make(g, data, SeededDice(args.seed), _kept(target, g.name))
    for note in imported.notes + notes(g, data):
        print(f"{where}: note: {note}")
    if broken:
        for problem in broken:
            print(f"{where}: {g.name}: {problem}")
        print(f"{where}: {g.name} is not saved: he breaks {plural(len(broken), 'build rule')}")
        return 1
    for line in career.record_lines(imported.gladiator, data):
        print(f"{g.name}: {line}, as his sheet records it")
    for given in made:
        print(f"{g.name}: {given.words()}")
    path = save_gladiator(g, target)
    print(f"{g.name}: saved to {path} ({summary(g, data)})")
    return 0


def _kept(path: Path, name: str) -> dict[str, list[Grant]] | None:
    """What his file already at `path` records of his career start: the same
    gladiator imported again keeps the rolls made the first time."""
    from companion.rulesets.grimdark.sheet import SheetError, load_gladiator

    if not path.is_file():
        return None
    try:
        old = load_gladiator(path)
    except SheetError:
        return None
    return dict(old.career_start or {}) if old.name == name else None


def _sheet(args: argparse.Namespace) -> int:
    from companion.rulesets.grimdark.forum import write_forum
    from companion.rulesets.grimdark.sheet import load_gladiator

    g = load_gladiator(find_gladiator(args.file))
    print(write_forum(g, _data()), end="")
    return 0


def _check(args: argparse.Namespace) -> int:
    from companion.rulesets.grimdark.build import roster_problems
    from companion.rulesets.grimdark.sheet import SheetError, load_gladiator, roster_dir

    if not args.files and not args.roster:
        raise UserError("name the gladiator files to check, or give --roster")
    data = _data()
    bad = 0
    paths: list[Path] = []
    for name in args.files:
        try:
            paths.append(find_gladiator(name))
        except UserError as err:
            print(one_line(str(err)))
            bad += 1
    if args.roster:
        folder = roster_dir()
        paths += sorted(folder.glob("*.json")) if folder.is_dir() else []
        if not paths:
            print(f"{folder}: the roster holds no gladiator yet")
    gladiators = []
    for path in dict.fromkeys(paths):  # a file named and in the roster: once
        bad += 0 if check_gladiator(path, data) else 1
        with contextlib.suppress(SheetError):  # named by check_gladiator already
            gladiators.append(load_gladiator(path))
    for problem in roster_problems(gladiators, data):
        print(f"the roster: {problem}")
        bad += 1
    return 1 if bad else 0


def check_gladiator(path: Path, data: GrimdarkData | None = None) -> bool:
    """Print whether the gladiator file is legal, or every rule it breaks."""
    from companion.rulesets.grimdark.build import notes, problems
    from companion.rulesets.grimdark.sheet import SheetError, load_gladiator

    try:
        g = load_gladiator(path)
    except SheetError as err:
        for problem in err.problems:
            print(problem)
        return False
    from companion.commands.check import verdict

    data = data or _data()
    return verdict(path, problems(g, data), notes(g, data),
                   f"Grimdark gladiator '{g.name}', {summary(g, data)}")


def summary(g: Gladiator, data: GrimdarkData) -> str:
    """His build in a few words: "23 of 23 ability points, 20 moves, 5 of 5 equipment
    slots; HP d10+36, Init d8+3"."""
    from companion.rulesets.grimdark.build import (
        ability_points,
        points_spent,
        slots_used,
        start_figures,
    )

    start = start_figures(g, data)
    return (f"{points_spent(g, data)} of {ability_points(g, data)} ability points, "
            f"{plural(sum(g.moves.values()), 'move')}, {slots_used(g, data).total} of "
            f"{data.figures.value('equipment-slots')} equipment slots; HP {start.hp}, "
            f"Init {start.init}")




def _coaching(args: argparse.Namespace) -> int:
    return 0 if check_coaching_file(find_coaching(args.file), args.gladiator) else 1


def find_coaching(name: str) -> Path:
    from companion.rulesets.grimdark.files import find_coaching as find

    return find(name)


def check_coaching_file(path: Path, gladiator: str | None = None,
                        data: GrimdarkData | None = None, words: bool = True) -> bool:
    """Print a coaching file in words (unless not `words`: `companion check` gives one
    verdict line a file) and whether it is sound (and fits the gladiator when one is
    named), or every problem with it."""
    from companion.rulesets.grimdark.coaching import check_coaching, load_coaching
    from companion.rulesets.grimdark.sheet import SheetError, load_gladiator
    from companion.rulesets.grimdark.why import coaching_lines

    data = data or _data()
    try:
        coaching = load_coaching(path, data)
        g = None if gladiator is None else load_gladiator(find_gladiator(gladiator))
    except SheetError as err:
        for problem in err.problems:
            print(problem)
        return False
    if words:
        first, *rest = coaching_lines(coaching, data)
        print(f"{path}: {first}")
        for line in rest:
            print(f"  {line}")
    broken = [] if g is None else check_coaching(coaching, g, data)
    for problem in broken:
        print(f"{path}: {problem}")
    if broken:
        return False
    fits = "" if g is None else f", and fits {g.name}"
    print(f"{path}: ok (a Grimdark coaching{fits})")
    return True


def check_tables() -> int:
    """Whether the Grimdark builder can work with the user's tables: 1 line if not."""
    from companion.rulesets.grimdark.data import GrimdarkData
    from companion.tables.loader import load_tables

    try:
        GrimdarkData.load(load_tables())
    except UserError as err:
        print(err)
        return 1
    return 0


def _check_coaching(path: Path) -> bool:
    return check_coaching_file(path, words=False)


# What `companion check` reads as Grimdark's, by envelope format.
FILE_CHECKS: dict[str, Callable[[Path], bool]] = {
    "companion-grimdark-gladiator": check_gladiator,
    "companion-grimdark-coaching": _check_coaching}
