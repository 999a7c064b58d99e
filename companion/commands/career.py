"""`companion career apply|undo SESSION`: a finished fight recorded into its gladiators'
careers in the stable, once, and taken back.

Finding the gladiators, the preview and the recording are the stable's
(`companion.stable.recording`), shared with the window's end-of-fight dialog; this
command reads the session file, the `--as` options, and prints."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import career_page
from companion.errors import UserError
from companion.stable.recording import fingerprint  # the command's own, as it was
from companion.stable.telling import refuse_if_built_on

# The session, the stable and the games' parts load when a command runs, not when the
# parser is built: opening the app must not pay for them.
if TYPE_CHECKING:
    from companion.session.session import Session
    from companion.stable.model import Fight
    from companion.stable.recording import Preview

_EXAMPLES = """examples:
  companion career apply duel.json --dry-run   # what the fight would do, nothing recorded
  companion career apply duel.json             # the same, then recorded in the stable
  companion career apply duel.json --as a=#4   # side a is gladiator #4 of the stable
  companion career undo duel.json              # take the fight back
  companion career page "Spear Rookie" --format bbcode   # his career for a forum post"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "career", help="record a finished fight into its gladiators' careers, or take it "
        "back", description="Record a finished fight (its session file) into the careers "
        "of its gladiators in the stable, once; or take it back.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="career_command", metavar="ACTION", required=True)

    p_apply = sub.add_parser(
        "apply", help="record a finished fight into its gladiators' careers",
        description="Replay the session file, find each of its gladiators in the stable "
        "(by name, whatever its case), print what the fight does to each career, and "
        "record it: all of it, or nothing. A gladiator who is not in the stable is added "
        "from the session's sheet. A fight is recorded once: applying it again says when "
        "it was, and changes nothing.")
    p_apply.add_argument("session", type=Path, metavar="SESSION",
                         help="the finished fight's session file")
    p_apply.add_argument("--dry-run", action="store_true",
                         help="print what the fight would do; record nothing")
    p_apply.add_argument("--as", dest="who", action="append", default=[],
                         metavar="SIDE=NAME|#ID", help="the gladiator of the stable who "
                         "fought on SIDE (a, b, ...), by name or number: for two of one "
                         "name, or a name changed since")
    p_apply.add_argument("--json", action="store_true", help="print one JSON object")
    p_apply.set_defaults(func=_apply)

    p_undo = sub.add_parser(
        "undo", help="take a recorded fight back out of the careers",
        description="Take the fight of a session file back: every career it touched as "
        "it was before, and the gladiators it added to the stable (and who have no other "
        "fight) out again. A fight that a later change built on (a later fight, "
        "training) is refused: take that back first.")
    p_undo.add_argument("session", type=Path, metavar="SESSION",
                        help="the fight's session file")
    p_undo.add_argument("--json", action="store_true", help="print one JSON object")
    p_undo.set_defaults(func=_undo)
    career_page.register(sub)


def _finished(path: Path) -> Session:
    """The session at `path`, replayed and checked, of a game the stable keeps careers
    of, and over."""
    from companion.commands.session import load
    from companion.stable.recording import finished

    session = load(path)
    finished(session, str(path))
    return session


def _as_given(specs: list[str], sides: list[str]) -> dict[str, str]:
    """`--as SIDE=WHO` options, by side."""
    given: dict[str, str] = {}
    for spec in specs:
        side, equals, who = spec.partition("=")
        side, who = side.strip(), who.strip()
        if not equals or not side or not who:
            raise UserError(f"--as {spec}: give SIDE=NAME or SIDE=#ID, e.g. --as a=#4")
        if side not in sides:
            raise UserError(f"--as {spec}: this fight has no side {side!r}; its sides are "
                            f"{', '.join(sides)}")
        if side in given:
            raise UserError(f"--as {spec}: side {side} is given twice")
        given[side] = who
    return given


def _apply(args: argparse.Namespace) -> int:
    from companion.stable.recording import already, preview, record, sides
    from companion.stable.store import Stable

    session = _finished(args.session)
    with Stable.open(create=not args.dry_run) as stable:
        known = already(session, stable)
        if known is not None:
            return _recorded_already(args, known)
        seen = preview(session, stable, _as_given(args.who, sides(session)),
                       str(args.session.resolve()))
        if not args.json:
            for line in seen.lines(str(args.session), recorded=not args.dry_run):
                print(line)
        if args.dry_run:
            if args.json:
                print(json.dumps(_json(args.session, seen, None, None), indent=2))
            else:
                print("dry run: nothing recorded")
            return 0
        recorded, ids = record(seen, stable)
        path = stable.path
    if args.json:
        print(json.dumps(_json(args.session, seen, recorded, ids), indent=2))
    else:
        added = [f"{m.entry.sheet.name} is #{g_id}" for m, g_id in zip(seen.matched, ids,
                                                                      strict=True)
                 if m.gladiator is None]
        print(f"recorded as fight #{recorded.id} in the stable ({path})"
              + (f"; {', '.join(added)}" if added else ""))
    return 0


def _recorded_already(args: argparse.Namespace, known: Fight) -> int:
    if args.json:
        print(json.dumps({"session": str(args.session), "already": True,
                          "fight": known.id, "recorded": known.recorded,
                          "result": known.result}, indent=2))
    else:
        print(f"{args.session}: this fight is recorded already, as fight #{known.id} "
              f"({known.result}), on {known.recorded}; nothing changed")
    return 0


def _json(path: Path, seen: Preview, recorded: Fight | None, ids: list[int] | None
          ) -> dict[str, Any]:
    return {"session": str(path), "already": False, "fingerprint": seen.digest,
            "result": seen.fight.result, "dry_run": recorded is None,
            "fight": recorded.id if recorded is not None else None,
            "gladiators": seen.gladiators(ids)}


def _undo(args: argparse.Namespace) -> int:
    from companion.stable.store import Stable

    digest = fingerprint(_finished(args.session))
    with Stable.open(create=False) as stable:
        fight = stable.fight_of_session(digest)
        if fight is None:
            raise UserError(f"{args.session}: this fight is not in the stable: nothing to "
                            "take back", exit_code=1)
        refuse_if_built_on(stable, fight)
        entrants = [stable.gladiator(e.gladiator_id) for e in stable.entrants(fight.id)]
        removed = stable.take_back(fight.id)
    gladiators = [g for g in entrants if g is not None]
    if args.json:
        print(json.dumps({"session": str(args.session), "fight": fight.id,
                          "result": fight.result,
                          "restored": [{"id": g.id, "name": g.name} for g in gladiators
                                       if g.id not in removed],
                          "removed": [{"id": g.id, "name": g.name} for g in gladiators
                                      if g.id in removed]}, indent=2))
        return 0
    print(f"took back fight #{fight.id} ({fight.result}) of {args.session}")
    for g in gladiators:
        print(f"#{g.id} {g.name}: " + ("out of the stable again (the fight had added him)"
                                       if g.id in removed else
                                       "his career as it was before the fight"))
    return 0
