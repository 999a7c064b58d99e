"""`companion new skirmish`, `companion auto FILE`, `companion replay FILE`: start a hex
skirmish session file, let the computer play it on, and replay a saved session."""

from __future__ import annotations

import argparse
import json
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.errors import UserError

# Sessions and rules are imported inside the handlers: building the parser (which
# opening the app does) must stay light.

EXAMPLES_NEW = """examples:
  companion new skirmish --gladiators samnite,retiarius
  companion new skirmish --gladiators samnite,retiarius,velite,gaetulian --sides red,blue,red,blue
  companion new skirmish --scenario bout.json --seed 7 --out bout-session.json"""


def register(subparsers: argparse._SubParsersAction) -> None:
    new = subparsers.add_parser(
        "new",
        help="start a new session file (hex skirmish)",
        description="Write a new session file. Gladiators start on opposite edges facing "
        "each other unless the scenario places them. Strengths and initiative are rolled "
        "at once (the session's first action, 'start'), unless --no-start.",
        epilog=EXAMPLES_NEW,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    new.add_argument("ruleset", choices=["skirmish"], help="the rule system (skirmish)")
    new.add_argument("--gladiators", metavar="TYPES",
                     help="comma-separated gladiator types, e.g. samnite,retiarius "
                     "(2 to 4 on the standard board)")
    new.add_argument("--scenario", type=Path, metavar="FILE",
                     help="a scenario file (JSON: board, gladiators, options) instead of "
                     "--gladiators")
    new.add_argument("--sides", metavar="NAMES",
                     help="one side name per gladiator, comma-separated, e.g. red,blue,red,"
                     "blue (default: every gladiator for himself)")
    new.add_argument("--computer", metavar="IDS", default="",
                     help="gladiators the computer plays, by id (A, B, ...), comma-separated, "
                     "or 'all' (default: none; people play them all)")
    new.add_argument("--board", metavar="COLSxROWS",
                     help="board size, e.g. 12x14 (default 10x12)")
    new.add_argument("--fatigue", action="store_true", help="use the optional fatigue rule")
    new.add_argument("--experience", action="store_true",
                     help="use the optional experience rule")
    new.add_argument("--seed", type=int, default=None,
                     help="seed the start's dice (strengths, initiative); default: random")
    new.add_argument("--no-start", action="store_true",
                     help="do not roll strengths and initiative yet (roll them at the table)")
    new.add_argument("--out", type=Path, metavar="FILE",
                     help="where to write the session (default: skirmish-<time>.json here)")
    new.set_defaults(func=_new)

    auto = subparsers.add_parser(
        "auto",
        help="let the computer play a session on",
        description="Computer players play the session on, every gladiator, until the bout "
        "ends (or for --turns turns), then save it in place (atomically, keeping a .bak).",
    )
    auto.add_argument("file", type=Path, metavar="FILE", help="a saved session file")
    auto.add_argument("--turns", type=int, default=None, metavar="N",
                      help="play at most N turns (default: to the end of the bout)")
    auto.add_argument("--seed", type=int, default=None,
                      help="seed the dice: the same file and seed play the same way "
                      "(default: random)")
    auto.set_defaults(func=_auto)

    replay = subparsers.add_parser(
        "replay",
        help="replay a saved session and show where it stands",
        description="Replay a saved session from its journal, headless, and print the final "
        "state: each gladiator's place, facing, strength and conditions, whose turn it "
        "is, and the log. The file is never changed.",
    )
    replay.add_argument("file", type=Path, metavar="FILE", help="a saved session file")
    replay.add_argument("--json", action="store_true",
                        help="print one JSON object: {\"gladiators\": [{\"name\", \"at\", "
                        "\"facing\", ...}], \"turn\", \"phase\", \"winner\", \"log\", ...}")
    replay.set_defaults(func=_replay)


def _rulesets(name: str) -> Any:
    from companion.rulesets import get_ruleset

    return get_ruleset(name)


def _split(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _board(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    parts = text.lower().replace(" ", "").split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise UserError(f"--board {text!r}: give COLUMNSxROWS, like 12x14")
    return int(parts[0]), int(parts[1])


def _scenario(args: argparse.Namespace) -> dict[str, Any]:
    from companion.rulesets.skirmish.scenario import scenario_for

    types = _split(args.gladiators)
    if args.scenario is not None:
        if types:
            raise UserError("give --gladiators or --scenario, not both")
        try:
            data = json.loads(args.scenario.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UserError(f"{args.scenario}: no such file") from None
        except (OSError, UnicodeDecodeError) as err:
            raise UserError(f"{args.scenario}: cannot be read: {err}") from None
        except json.JSONDecodeError as err:
            raise UserError(f"{args.scenario}: line {err.lineno}, column {err.colno}: "
                            f"not valid JSON ({err.msg})") from None
        if not isinstance(data, dict):
            raise UserError(f"{args.scenario}: a scenario is a JSON object")
        return data
    if len(types) < 2:
        raise UserError("name at least two gladiators: --gladiators samnite,retiarius "
                        "(or give --scenario FILE)")
    sides = _split(args.sides) or None
    if sides is not None and len(sides) != len(types):
        raise UserError(f"--sides names {len(sides)} side(s) for {len(types)} gladiators")
    computer = {c.upper() for c in _split(args.computer)}
    if "ALL" in computer:
        computer = {chr(65 + i) for i in range(len(types))}
    options = {"fatigue": args.fatigue, "experience": args.experience}
    return scenario_for(types, sides, computer, _board(args.board), options)


def _new(args: argparse.Namespace) -> int:
    from companion.dice import SeededDice
    from companion.session import Session

    setup = _scenario(args)
    ruleset = _rulesets(args.ruleset)
    session = Session(ruleset, setup)  # validates the scenario: nothing written if bad
    if not args.no_start:
        session.act({"type": "start"}, SeededDice(args.seed))
    out = args.out or Path(f"skirmish-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json")
    session.save(out)
    print(f"wrote {out}")
    for line in session.log:
        print(f"  {line}")
    return 0


def _auto(args: argparse.Namespace) -> int:
    from companion.dice import SeededDice
    from companion.rulesets.skirmish.ai import choose_action
    from companion.rulesets.skirmish.sim import MAX_TURNS
    from companion.session import SessionFileError, load_session

    if args.turns is not None and args.turns < 1:
        raise UserError("--turns must be 1 or more")
    session = load_session(args.file, _rulesets)
    if session.ruleset.id != "skirmish":
        raise SessionFileError(f"{args.file}: the computer plays only skirmish sessions")
    state = session.state
    dice = SeededDice(args.seed)
    stop_at = None if args.turns is None else state.turn_number + args.turns
    played = 0
    while session.state.phase != "over" and session.state.turn_number <= MAX_TURNS:
        state = session.state
        if stop_at is not None and state.turn_number >= stop_at and state.phase == "ap":
            break
        session.act(choose_action(state), dice)
        played += 1
    session.save(args.file)
    state = session.state
    where = "the bout is over" if state.phase == "over" else (
        f"turn {state.turn_number}, {state.current().name} to act")
    print(f"{args.file}: played {played} action(s); {where}")
    if state.phase == "over":
        winner = ", ".join(g.name for g in state.gladiators if g.side == state.winner)
        print(f"winner: {winner or 'nobody'}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from companion.session import SessionFileError, load_session

    session = load_session(args.file, _rulesets)
    summarise = getattr(session.ruleset, "summary", None)
    if summarise is None:
        raise SessionFileError(f"{args.file}: replay cannot show a "
                               f"'{session.ruleset.id}' session")
    data = summarise(session.state)
    if args.json:
        print(json.dumps(data))
        return 0
    print(_text(data))
    return 0


def _text(data: dict[str, Any]) -> str:
    lines = [f"board {data['board']['columns']}x{data['board']['rows']}, "
             f"phase {data['phase']}"]
    turn = data["turn"]
    if data["phase"] == "over":
        lines.append(f"the bout is over; winning side: {data['winner'] or 'none'}")
    elif turn["gladiator"]:
        lines.append(f"turn {turn['number']}: {turn['name']} ({turn['gladiator']})")
    for g in data["gladiators"]:
        conditions = [g["wound_level"]]
        for key, word in (("off_balance", "off balance"), ("entangled", "entangled"),
                          ("given_in", "gave in")):
            if g[key]:
                conditions.append(word)
        if g["status"] != "fighting":
            conditions.append(g["status"])
        kit = ", ".join(g["weapons"]) or "no weapon"
        if g["shield"]:
            kit += f", {g['shield']}"
        if g["darts"]:
            kit += f", {g['darts']} darts"
        if g["arrows"]:
            kit += f", {g['arrows']} arrows"
        place = f"at {g['at']} facing {g['facing']}" if g["on_board"] else \
            f"out of the fight (last at {g['at']})"
        lines.append(f"  {g['id']} {g['name']} [{g['type']}, side {g['side']}] {place}: "
                     f"strength {g['strength']}/{g['full_strength']}, AP {g['ap']}, "
                     f"{', '.join(conditions)}; {kit}")
    for item in data["items"]:
        lines.append(f"  item {item['id']}: {item['owner']}'s {item['name']} at {item['at']}")
    lines.append("log:")
    lines += [f"  {line}" for line in data["log"]]
    return "\n".join(lines)
