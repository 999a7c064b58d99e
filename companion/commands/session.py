"""The session commands, the same for every rule system: `new SYSTEM`, `show`, `act`,
`undo`, `redo`, `replay` and `auto` on a session file.

The rule systems come from the registry; a system's own `new` options are read from
its `setup_options`, so a new system needs no change here. A command that changes a
session writes the file atomically, and only when everything it did went through.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError
from companion.files.pathwords import shown_path

# The rules and the session are imported inside the handlers: building the parser must
# stay light.
if TYPE_CHECKING:
    from companion.commands.fair_new import FairOptions
    from companion.dice.sources import DiceSource
    from companion.rulesets.base import Ruleset
    from companion.session.session import Session

MAX_ACTIONS = 100_000  # `auto`: a computer player that never stops is stopped here


def register(subparsers: argparse._SubParsersAction) -> None:
    new = subparsers.add_parser(
        "new",
        help="start a new session file of a rule system",
        description="Write a new session file. The system's own options follow its name "
        "(`companion new SYSTEM --help` lists them); --setup FILE gives a whole setup "
        "as JSON instead.",
        epilog="examples:\n"
        "  companion new skirmish --gladiators samnite,retiarius --out bout.json\n"
        "  companion new skirmish --scenario scenario.json --seed 7\n"
        "  companion new battle hammer-rookie.json spear-rookie.json --out duel.json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
    )
    new.add_argument("system", nargs="?", metavar="SYSTEM",
                     help="the rule system: skirmish or battle")
    new.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    new.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    new.set_defaults(func=cmd_new, new_parser=new)

    show = subparsers.add_parser(
        "show", help="print where a session stands",
        description="Replay a session file and print where it stands: the gladiators, "
        "whose turn it is and what is due. The file is never changed.")
    show.add_argument("file", type=Path, metavar="FILE", help="a session file")
    show.add_argument("--json", action="store_true",
                      help="print the state as one JSON object")
    show.add_argument("--log", action="store_true", help="print the whole log first")
    show.set_defaults(func=cmd_show)

    act = subparsers.add_parser(
        "act", help="take one action in a session",
        description="Take one action and save the session. The action is JSON, "
        "'{\"type\": \"move\", \"to\": \"E6\"}', or a short form: its type, its main "
        "fields in order, others as field=value ('move E6', 'attack B sword', 'turn "
        "facing=SW', 'attack weapon=hammer stance=berserk luck=1').",
        epilog="examples:\n"
        "  companion act bout.json roll_ap\n"
        "  companion act bout.json 'attack B sword' --dice 5,2,3\n"
        "  companion act duel.json '{\"type\": \"initiative\"}' --seed 4",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    act.add_argument("file", type=Path, metavar="FILE", help="a session file")
    act.add_argument("action", metavar="ACTION", help="the action, as JSON or short form")
    dice = act.add_mutually_exclusive_group()
    dice.add_argument("--dice", metavar="FACES",
                      help="the faces your own dice show, in the order rolled, e.g. 6,3,5; "
                      "refused (and nothing saved) when too few, too many or impossible")
    dice.add_argument("--seed", type=int, help="seed the app's dice (default: random)")
    act.set_defaults(func=cmd_act)

    for name, verb in (("undo", "undo the last action"), ("redo", "redo an undone action")):
        p = subparsers.add_parser(name, help=f"{verb} of a session",
                                  description=f"{verb.capitalize()} (or --steps N of them) "
                                  "and save the session.")
        p.add_argument("file", type=Path, metavar="FILE", help="a session file")
        p.add_argument("--steps", type=int, default=1, metavar="N", help="how many (1)")
        p.set_defaults(func=cmd_undo if name == "undo" else cmd_redo)

    replay = subparsers.add_parser(
        "replay", help="replay a saved session and show where it stands, with its log",
        description="Replay a saved session from its journal, headless, checking every "
        "entry against what was recorded, and print the final state and the log. The "
        "file is never changed.")
    replay.add_argument("file", type=Path, metavar="FILE", help="a saved session file")
    replay.add_argument("--json", action="store_true",
                        help="print one JSON object: the state and its \"log\"")
    replay.set_defaults(func=cmd_replay)

    auto = subparsers.add_parser(
        "auto", help="let the computer play a session on",
        description="The computer plays every gladiator until the session ends (or for "
        "--turns turns), then saves it in place. For systems with a computer player (the "
        "hex skirmish, battle-system duels, and Grimdark matches, played by their "
        "coaching).")
    auto.add_argument("file", type=Path, metavar="FILE", help="a saved session file")
    auto.add_argument("--turns", type=int, default=None, metavar="N",
                      help="play at most N turns (default: to the end)")
    auto.add_argument("--seed", type=int, default=None,
                      help="seed the dice: the same file and seed play the same way")
    auto.set_defaults(func=cmd_auto)


# --- loading and saving ----------------------------------------------------------------
def load(path: Path) -> Session:
    """A session from its file; a note on stderr when its tables changed since."""
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import load_session

    session = load_session(path, get_ruleset)
    for warning in session.warnings:
        print(f"companion: note: {warning}", file=sys.stderr)
    return session


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _say(lines: Sequence[str], indent: str = "") -> None:
    for line in lines:
        print(f"{indent}{line}")


# --- new --------------------------------------------------------------------------------
def _system_parser(rules: Ruleset[Any]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"companion new {rules.id}",
        description=f"Write a new {rules.title} session file.")
    for option in rules.setup_options:
        if option.positional:
            parser.add_argument(option.name, nargs=option.count if option.count > 1 else None,
                                metavar=option.metavar, help=option.help)
        elif option.kind == "flag":
            parser.add_argument(f"--{option.name}", action="store_true", help=option.help)
        else:
            parser.add_argument(f"--{option.name}", metavar=option.metavar,
                                type=int if option.kind == "int" else str, help=option.help)
    parser.add_argument("--setup", type=Path, metavar="FILE",
                        help="the whole setup as a JSON file instead of the options above")
    parser.add_argument("--seed", type=int, help="seed the dice of the opening roll")
    parser.add_argument("--verifiable", action="store_true",
                        help="draw every die from a new secret seed kept in the file, and "
                        "print the commitment to post before the match (companion verify "
                        "checks it after)")
    parser.add_argument("--salted", action="store_true",
                        help="verifiable, scheme 2: no die is rolled until the managers' "
                        "salts are entered and closed (companion salts)")
    parser.add_argument("--seals", metavar="MANAGER:HASH,...",
                        help="the seals the managers posted of their coaching (companion "
                        "grimdark seal): put in the commitment (implies --salted)")
    parser.add_argument("--strict", action="store_true",
                        help="every move is the coaching's and every die the seed's: the GM "
                        "may neither choose a move nor type in dice; said in the commitment "
                        "(implies --salted)")
    parser.add_argument("--chain", type=Path, metavar="FILE",
                        help="take the secret seed from the next link of a season's chain "
                        "(companion chain new; implies --verifiable)")
    if rules.opening is not None:
        if rules.opens_by_default:
            parser.add_argument("--no-start", action="store_true",
                                help=f"do not take the opening action yet "
                                f"({rules.opening['type']}): roll it at the table")
        else:
            parser.add_argument("--start", action="store_true",
                                help=f"take the opening action ({rules.opening['type']}) now")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help=f"where to write the session (default: {rules.id}-TIME.json)")
    return parser


def cmd_new(args: argparse.Namespace) -> int:
    from companion.rulesets.registry import get_ruleset, ruleset_ids

    if args.system is None:
        if not args.help:
            args.new_parser.error(f"name a rule system: {', '.join(ruleset_ids())}")
        args.new_parser.print_help()
        args.new_parser.exit(0, f"\nthe systems: {', '.join(ruleset_ids())}\n")
    rules = get_ruleset(args.system)
    rest = list(args.rest) + (["--help"] if args.help else [])
    options = _system_parser(rules).parse_args(rest)
    start = (not getattr(options, "no_start", False) if rules.opens_by_default
             else getattr(options, "start", False))
    options.salted = options.salted or options.seals is not None or options.strict
    options.verifiable = options.verifiable or options.salted or options.chain is not None
    if options.verifiable and options.seed is not None:
        raise UserError("--seed and --verifiable: a verifiable match's dice come from its "
                        "own secret seed")
    fair = None
    if options.salted or options.chain is not None:
        from companion.commands.fair_new import FairOptions

        fair = FairOptions(options.salted, options.seals, options.chain, options.strict)
    return create(rules, vars(options), start=start, seed=options.seed, out=options.out,
                  setup_file=options.setup, verifiable=options.verifiable, fair=fair)


def create(rules: Ruleset[Any], options: dict[str, Any], *, start: bool, seed: int | None,
           out: Path | None, setup_file: Path | None, verifiable: bool = False,
           fair: FairOptions | None = None) -> int:
    """Write a new session of `rules` (its opening action taken if `start`); a
    verifiable one draws its dice from a new secret seed, and its commitment is printed."""
    from companion.dice.sources import SeededDice
    from companion.files.atomic import unsaveable
    from companion.files.jsonfile import read_json_object
    from companion.session.session import Session

    names = {o.name for o in rules.setup_options}
    given = {k: v for k, v in options.items() if k in names}
    # A place no file can be written is refused before the opening roll is printed.
    refused = unsaveable(out) if out is not None else None
    if refused is not None:
        raise refused
    if setup_file is not None:
        if any(v not in (None, False) for v in given.values()):
            raise UserError("give --setup or the system's own options, not both")
        setup = read_json_object(setup_file, "a setup")
    else:
        setup = rules.make_setup(given)
    try:
        setup = rules.new_setup(setup)
        if verifiable:
            from companion.dice.derived import new_seed

            # Checks the setup: nothing is written if it is bad.
            session = Session(rules, setup, seed=new_seed())
            if fair is not None:
                start = fair.apply(session) and start
        else:
            session = Session(rules, setup)
    except UserError as err:
        source = setup_file or _setup_file(rules, given)
        if source is None:
            raise
        # Its places (gladiators[1].type) are in that file.
        raise UserError(f"{shown_path(source)}: {err}", err.exit_code) from None
    if start and rules.opening is not None:
        outcome = session.act(dict(rules.opening), SeededDice(seed))
        _say(session.narrate(outcome), "  ")
    path = out or Path(rules.default_file(setup, datetime.now()))
    session.save(path)
    print(f"wrote {path}")
    if session.seed is not None:
        from companion.session.commitment import commit, sealed_of

        line = commit(rules, session.setup, session.fingerprints, session.seed,
                      sealed_of(session.fair))
        if fair is not None:
            fair.taken(path)
        print("post this before the match (the seed stays secret in the file):")
        print(line.line(rules.secret_word))
    return 0


def _setup_file(rules: Ruleset[Any], given: dict[str, Any]) -> Path | None:
    """The file a setup made from a system's own options was read from whole: the one
    file option given (the skirmish's --scenario); None when several or none were."""
    files = [given[o.name] for o in rules.setup_options
             if o.kind == "path" and not o.positional and given.get(o.name)]
    return Path(files[0]) if len(files) == 1 else None


# --- acting ----------------------------------------------------------------------------
def parse_faces(text: str) -> list[int]:
    faces = []
    for token in text.replace(",", " ").split():
        if not (token.isascii() and token.isdigit()) or len(token) > 6:
            raise UserError(f"--dice: '{token}' is not a die face; give whole numbers like "
                            "6,3,5")
        faces.append(int(token))
    if not faces:
        raise UserError("--dice: give the faces, like 6,3,5")
    return faces


def act_on(session: Session, action: Mapping[str, Any], dice: DiceSource) -> list[str]:
    """Take one action; typed-in dice must be used exactly. The log lines."""
    from companion.dice.sources import NeedDice, TypedDice

    try:
        outcome = session.act(action, dice)
    except NeedDice as need:
        used = sum(len(record.faces) for record in dice.history)
        raise UserError(f"--dice: too few faces: the {used} given are used up before "
                        f"{need.request.describe()}, which needs {need.request.count} "
                        "(nothing was saved)") from None
    if isinstance(dice, TypedDice) and dice.remaining:
        left = ", ".join(map(str, dice.remaining))
        raise UserError(f"--dice: too many faces: {len(dice.remaining)} left over after the "
                        f"action ({left}); nothing was saved")
    return session.narrate(outcome)


def cmd_act(args: argparse.Namespace) -> int:
    from companion.dice.sources import SeededDice, TypedDice
    from companion.rulesets.base import parse_action_text

    session = load(args.file)
    action = parse_action_text(args.action, session.ruleset.short_forms)
    stamped = session.ruleset.stamp(action, now())
    dice = TypedDice(parse_faces(args.dice)) if args.dice is not None else SeededDice(args.seed)
    lines = act_on(session, stamped, dice)
    session.save(args.file)
    _say(lines)
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    from companion.session.session import SessionFileError, undo_in_file

    if args.steps < 1:
        raise UserError("--steps must be 1 or more")
    try:
        # Without replaying: the file is checked whole when it is next shown or played.
        undone = [entry.kind() for entry in undo_in_file(args.file, args.steps)]
    except SessionFileError:
        # Unreadable: opened as every command opens one (its backup, if it has one).
        session = load(args.file)
        undone = [entry.kind() for entry in session.journal[-args.steps:]][::-1]
        if session.undo(args.steps):
            session.save(args.file)
    if not undone:
        raise UserError(f"{args.file}: nothing to undo")
    print(f"undone: {', '.join(undone)}")
    return 0


def cmd_redo(args: argparse.Namespace) -> int:
    if args.steps < 1:
        raise UserError("--steps must be 1 or more")
    session = load(args.file)
    before = len(session.outcomes)
    if not session.redo(args.steps):
        raise UserError(f"{args.file}: nothing to redo")
    session.save(args.file)
    _say(session.ruleset.narrate(session.state, [
        e for outcome in session.outcomes[before:] for e in outcome.events]))
    return 0


# --- looking -----------------------------------------------------------------------------
def cmd_show(args: argparse.Namespace) -> int:
    session = load(args.file)
    rules, state = session.ruleset, session.state
    if args.json:
        print(json.dumps(rules.summary(state), indent=1))
        return 0
    if args.log:
        _say(session.log)
        print()
    _say(rules.describe(state))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    session = load(args.file)
    rules, state = session.ruleset, session.state
    if args.json:
        print(json.dumps({**rules.summary(state), "log": session.log}))
        return 0
    _say(rules.describe(state))
    print("log:")
    _say(session.log, "  ")
    return 0


def cmd_auto(args: argparse.Namespace) -> int:
    from companion.dice.sources import SeededDice

    if args.turns is not None and args.turns < 1:
        raise UserError("--turns must be 1 or more")
    session = load(args.file)
    rules = session.ruleset
    if not rules.is_over(session.state) and rules.choose(session.state) is None:
        raise UserError(f"{args.file}: the computer does not play the {rules.title}")
    dice = SeededDice(args.seed)
    stop_at = None if args.turns is None else rules.due(session.state).turn + args.turns
    played = 0
    while played < MAX_ACTIONS and not rules.is_over(session.state):
        if stop_at is not None and rules.due(session.state).turn >= stop_at:
            break
        action = rules.choose(session.state)
        if action is None:
            break
        # Dated as `act` dates what it is given: a battle's coma or scar needs the time.
        session.act(rules.stamp(action, now()), dice)
        played += 1
    session.save(args.file)
    print(f"{args.file}: played {played} action{'s' if played != 1 else ''}")
    _say(rules.describe(session.state))
    return 0
