"""`companion career apply|undo SESSION`: a finished fight recorded into its gladiators'
careers in the stable, once, and taken back.

What a fight does to a career is its game's rule (its `careers` part, found through
`companion.games.registry`); this command finds its gladiators in the stable, shows
what the fight does, and records it in one change of the stable. A fight is known by
its fingerprint, made from what the fight was (its rule system, its setup, and each
action of its journal with the digest of what it produced), so the same fight saved
twice, moved or copied is still recorded once."""

from __future__ import annotations

import argparse
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError

# The session, the stable and the games' parts load when a command runs, not when the
# parser is built: opening the app must not pay for them.
if TYPE_CHECKING:
    from companion.session.session import Session
    from companion.stable.careers import Career, Entry, FightCareers
    from companion.stable.model import Field, Fight, Gladiator
    from companion.stable.store import NewEntrant, Stable

_EXAMPLES = """examples:
  companion career apply duel.json --dry-run   # what the fight would do, nothing recorded
  companion career apply duel.json             # the same, then recorded in the stable
  companion career apply duel.json --as a=#4   # side a is gladiator #4 of the stable
  companion career undo duel.json              # take the fight back"""


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


def fingerprint(session: Session) -> str:
    """The fight's own fingerprint: its rule system, its setup, and each action of its
    journal with the digest of what it produced (never the file's path or save time)."""
    fight = {"ruleset": session.ruleset.id, "setup": session.setup,
             "journal": [[entry.action, entry.outcome] for entry in session.journal]}
    text = json.dumps(fight, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _finished(path: Path) -> Session:
    """The session at `path`, replayed and checked, of a game the stable keeps careers
    of, and over."""
    from companion.commands.session import load
    from companion.stable.careers import careers_part

    session = load(path)
    careers_part(session.ruleset.id)
    if not session.ruleset.is_over(session.state):
        raise UserError(f"{path}: the fight is not over yet: there is nothing to record",
                        exit_code=1)
    return session


@dataclass(frozen=True)
class _Matched:
    """A side of the fight and who he is in the stable: a gladiator, or a newcomer."""

    entry: Entry
    gladiator: Gladiator | None

    @property
    def name(self) -> str:
        g = self.gladiator
        return f"#{g.id} {g.name}" if g is not None else self.entry.sheet.name

    @property
    def managed(self) -> bool:
        """He has a manager, or will have once added: one to take the fight's money."""
        g = self.gladiator
        return g.manager_id is not None if g is not None else bool(
            self.entry.sheet.manager.strip())


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


def _match(stable: Stable, game: str, entries: list[Entry], given: dict[str, str]
           ) -> list[_Matched]:
    from companion.stable.parts import title

    matched: list[_Matched] = []
    for entry in entries:
        who = given.get(entry.side)
        if who is not None and who.removeprefix("#").isdigit():
            found = stable.gladiator(int(who.removeprefix("#")))
            if found is None or found.game != game:
                raise UserError(f"--as {entry.side}={who}: there is no gladiator {who} of "
                                f"{title(game)} in the stable", exit_code=1)
            named = [found]
        else:
            named = stable.named(who or entry.sheet.name, game)
            if who is not None and not named:
                raise UserError(f"--as {entry.side}={who}: there is no gladiator called "
                                f"{who!r} of {title(game)} in the stable", exit_code=1)
        if len(named) > 1:
            numbers = ", ".join(f"#{g.id}" for g in named)
            raise UserError(f"{len(named)} gladiators of {title(game)} in the stable are "
                            f"called {named[0].name!r} ({numbers}): say which fought on "
                            f"side {entry.side} with --as {entry.side}=#{named[0].id}",
                            exit_code=1)
        g = named[0] if named else None
        if g is not None and not g.alive:
            raise UserError(f"#{g.id} {g.name} is dead in the stable: a dead gladiator "
                            "fights no more", exit_code=1)
        twice = [m for m in matched if m.gladiator is not None and m.gladiator == g]
        if g is not None and twice:
            raise UserError(f"sides {twice[0].entry.side} and {entry.side} are both #{g.id} "
                            f"{g.name} in the stable: say who fought on each with --as "
                            "SIDE=#ID", exit_code=1)
        matched.append(_Matched(entry, g))
    return matched


def _apply(args: argparse.Namespace) -> int:
    from companion.stable.careers import careers_part
    from companion.stable.store import NewFight, Stable

    session = _finished(args.session)
    game = session.ruleset.id
    part = careers_part(game)
    digest = fingerprint(session)
    with Stable.open(create=not args.dry_run) as stable:
        known = stable.fight_of_session(digest)
        if known is not None:
            return _recorded_already(args, known)
        entries = part.entries(session.state)
        matched = _match(stable, game, entries, _as_given(args.who, [e.side for e in
                                                                    entries]))
        sheets = {m.entry.side: m.gladiator.sheet if m.gladiator is not None
                  else m.entry.sheet.text for m in matched}
        fight = part.careers(session.state, sheets, session.events)
        by_side = {career.side: career for career in fight.careers}
        managers = {m.id: m.name for m in stable.managers()}
        if not args.json:
            for line in _preview(args.session, fight, matched, by_side, managers,
                                 args.dry_run):
                print(line)
        if args.dry_run:
            if args.json:
                print(json.dumps(_json(args.session, digest, fight, matched, by_side,
                                       None, None), indent=2))
            else:
                print("dry run: nothing recorded")
            return 0
        new_fight = NewFight(game, session.created, str(args.session.resolve()), digest,
                             fight.result)
        recorded, ids = stable.record_fight_of(
            new_fight, [_entrant(m, by_side[m.entry.side]) for m in matched])
        path = stable.path
    if args.json:
        print(json.dumps(_json(args.session, digest, fight, matched, by_side, recorded,
                               ids), indent=2))
    else:
        added = [f"{m.entry.sheet.name} is #{g_id}" for m, g_id in zip(matched, ids,
                                                                      strict=True)
                 if m.gladiator is None]
        print(f"recorded as fight #{recorded.id} in the stable ({path})"
              + (f"; {', '.join(added)}" if added else ""))
    return 0


def _entrant(m: _Matched, career: Career) -> NewEntrant:
    """What the stable records of one gladiator: his new sheet, his death, his money;
    for one it holds, the sheet the fight was worked out from, which must still be his
    when it is recorded."""
    from companion.stable.store import NewEntrant

    after: tuple[tuple[Field, Any], ...] = (("sheet", career.sheet),)
    if career.dead:
        after += (("alive", False),)
    purse = career.purse if m.managed else ()  # no one's purse to keep it in
    g = m.gladiator
    if g is None:
        return NewEntrant(m.entry.side, career.result, newcomer=m.entry.sheet, after=after,
                          purse=purse)
    return NewEntrant(m.entry.side, career.result, gladiator_id=g.id, sheet=g.sheet,
                      after=after, purse=purse)


def _recorded_already(args: argparse.Namespace, known: Fight) -> int:
    if args.json:
        print(json.dumps({"session": str(args.session), "already": True,
                          "fight": known.id, "recorded": known.recorded,
                          "result": known.result}, indent=2))
    else:
        print(f"{args.session}: this fight is recorded already, as fight #{known.id} "
              f"({known.result}), on {known.recorded}; nothing changed")
    return 0


def _preview(path: Path, fight: FightCareers, matched: list[_Matched],
             by_side: dict[str, Career], managers: dict[int, str], dry_run: bool
             ) -> list[str]:
    lines = [f"{path}: {fight.result}"]
    lines += [f"{m.entry.sheet.name} is not in the stable: "
              + ("added when recorded" if dry_run else "added")
              for m in matched if m.gladiator is None]
    for m in matched:
        career = by_side[m.entry.side]
        lines.append(f"{m.name}: {career.result}")
        lines += [f"  {said}" for said in career.said]
        manager = (managers.get(m.gladiator.manager_id or 0) if m.gladiator is not None
                   else m.entry.sheet.manager)
        lines += [f"  money: {amount:+d} to {manager} ({reason})" if m.managed else
                  f"  money: {amount:+d} ({reason}), not kept: he has no manager"
                  for amount, reason in career.purse]
        if not career.said and not career.purse:
            lines.append("  nothing else changes")
    return lines


def _json(path: Path, digest: str, fight: FightCareers, matched: list[_Matched],
          by_side: dict[str, Career], recorded: Fight | None, ids: list[int] | None
          ) -> dict[str, Any]:
    gladiators = []
    for i, m in enumerate(matched):
        career = by_side[m.entry.side]
        gladiators.append({
            "side": m.entry.side, "name": m.entry.sheet.name,
            "id": ids[i] if ids is not None else
            m.gladiator.id if m.gladiator is not None else None,
            "added": m.gladiator is None, "result": career.result, "dead": career.dead,
            "said": list(career.said),
            "purse": [{"amount": amount, "reason": reason, "kept": m.managed}
                      for amount, reason in career.purse]})
    return {"session": str(path), "already": False, "fingerprint": digest,
            "result": fight.result, "dry_run": recorded is None,
            "fight": recorded.id if recorded is not None else None,
            "gladiators": gladiators}


def _undo(args: argparse.Namespace) -> int:
    from companion.stable.store import Stable

    digest = fingerprint(_finished(args.session))
    with Stable.open(create=False) as stable:
        fight = stable.fight_of_session(digest)
        if fight is None:
            raise UserError(f"{args.session}: this fight is not in the stable: nothing to "
                            "take back", exit_code=1)
        _refuse_if_built_on(stable, fight)
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


def _refuse_if_built_on(stable: Stable, fight: Fight) -> None:
    """Refuse, in words, a fight whose changes a later change built on: the store
    refuses it too, by number; this says who and what came after."""
    for change in stable.changes(fight.id):
        g = stable.gladiator(change.gladiator_id)
        if g is None or getattr(g, change.field) == json.loads(change.after):
            continue
        later = [f for f, _entrant in stable.fights_of(g.id) if f.id > fight.id]
        if later:
            raise UserError(f"#{g.id} {g.name}'s {change.field} has changed since this "
                            f"fight: fight #{later[-1].id} ({later[-1].result}, session "
                            f"{later[-1].session_path}) came after it; take that back "
                            "first", exit_code=1)
        raise UserError(f"#{g.id} {g.name}'s {change.field} has changed since this fight "
                        "(trained or edited since): taking the fight back would undo that",
                        exit_code=1)
