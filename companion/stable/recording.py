"""A finished fight recorded into its gladiators' careers: the one path that the
command line (`companion career apply`) and the window share.

What a fight does to a career is its game's rule (its `careers` part); this finds the
fight's gladiators in the stable, says what the fight does to each (the preview), and
records it in one change of the stable. A fight is known by its fingerprint, made from
what the fight was (its rule system, its setup, and each action of its journal with the
digest of what it produced), so the same fight saved twice, moved or copied is still
recorded once."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from companion.errors import UserError

if TYPE_CHECKING:
    from companion.stable.careers import Career, Entry, FightCareers
    from companion.stable.model import Field, Fight, Gladiator
    from companion.stable.store import NewEntrant, Stable


class Session(Protocol):
    """What the stable reads of a played session (`companion.session.session.Session`,
    which is above the stable, and so is not named here)."""

    @property
    def ruleset(self) -> Any: ...
    @property
    def state(self) -> Any: ...
    @property
    def setup(self) -> Mapping[str, Any]: ...
    @property
    def journal(self) -> Sequence[Any]: ...  # entries with their action and outcome
    @property
    def events(self) -> Sequence[Any]: ...
    @property
    def created(self) -> str: ...


def fingerprint(session: Session) -> str:
    """The fight's own fingerprint: its rule system, its setup, and each action of its
    journal with the digest of what it produced (never the file's path or save time)."""
    fight = {"ruleset": session.ruleset.id, "setup": session.setup,
             "journal": [[entry.action, entry.outcome] for entry in session.journal]}
    text = json.dumps(fight, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def finished(session: Session, where: str) -> None:
    """Refuse `session` unless it is of a game the stable keeps careers of, and over;
    `where` names it in the refusal (its file)."""
    from companion.stable.careers import careers_part

    careers_part(session.ruleset.id)
    if not session.ruleset.is_over(session.state):
        raise UserError(f"{where}: the fight is not over yet: there is nothing to record",
                        exit_code=1)


def already(session: Session, stable: Stable) -> Fight | None:
    """The fight of the stable that this session's fight was recorded as, if it was."""
    return stable.fight_of_session(fingerprint(session))


@dataclass(frozen=True)
class Matched:
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


@dataclass(frozen=True)
class Preview:
    """What a fight will do to each career, worked out and not yet recorded; `record`
    records exactly this (or refuses, if the stable changed under it)."""

    session: Session
    session_path: str  # the file the fight is recorded from, as the stable keeps it
    digest: str
    fight: FightCareers
    matched: list[Matched]
    by_side: dict[str, Career]
    managers: dict[int, str]

    def lines(self, heading: str, recorded: bool = False) -> list[str]:
        """The preview in words, under `heading` (what the fight is called) ; with
        `recorded`, newcomers are said to be added, not to be added when recorded."""
        lines = [f"{heading}: {self.fight.result}"]
        lines += [f"{m.entry.sheet.name} is not in the stable: "
                  + ("added" if recorded else "added when recorded")
                  for m in self.matched if m.gladiator is None]
        for m in self.matched:
            career = self.by_side[m.entry.side]
            lines.append(f"{m.name}: {career.result}")
            lines += [f"  {said}" for said in career.said]
            manager = (self.managers.get(m.gladiator.manager_id or 0)
                       if m.gladiator is not None else m.entry.sheet.manager)
            lines += [f"  money: {amount:+d} to {manager} ({reason})" if m.managed else
                      f"  money: {amount:+d} ({reason}), not kept: he has no manager"
                      for amount, reason in career.purse]
            if not career.said and not career.purse:
                lines.append("  nothing else changes")
        return lines

    def gladiators(self, ids: list[int] | None) -> list[dict[str, Any]]:
        """Each gladiator's part as the JSON output gives it."""
        out = []
        for i, m in enumerate(self.matched):
            career = self.by_side[m.entry.side]
            out.append({
                "side": m.entry.side, "name": m.entry.sheet.name,
                "id": ids[i] if ids is not None else
                m.gladiator.id if m.gladiator is not None else None,
                "added": m.gladiator is None, "result": career.result,
                "dead": career.dead, "said": list(career.said),
                "purse": [{"amount": amount, "reason": reason, "kept": m.managed}
                          for amount, reason in career.purse]})
        return out


def sides(session: Session) -> list[str]:
    """The sides of the fight that have careers, in the game's order."""
    from companion.stable.careers import careers_part

    return [e.side for e in careers_part(session.ruleset.id).entries(session.state)]


def preview(session: Session, stable: Stable, as_given: dict[str, str],
            session_path: str) -> Preview:
    """What the finished fight of `session` does to each career, its gladiators found
    in `stable` by name or as given (`as_given`: side to a name or "#id"). UserError,
    in words, when one cannot be told (two of one name, a dead one, one given twice)."""
    from companion.stable.careers import careers_part

    game = session.ruleset.id
    part = careers_part(game)
    entries = part.entries(session.state)
    matched = _match(stable, game, entries, as_given)
    sheets = {m.entry.side: m.gladiator.sheet if m.gladiator is not None
              else m.entry.sheet.text for m in matched}
    fight = part.careers(session.state, sheets, session.events)
    return Preview(session, session_path, fingerprint(session), fight, matched,
                   {career.side: career for career in fight.careers},
                   {m.id: m.name for m in stable.managers()})


def record(preview: Preview, stable: Stable) -> tuple[Fight, list[int]]:
    """Record the previewed fight in one change of the stable: the fight, and each
    entrant's gladiator id in the preview's order (a newcomer's new one)."""
    from companion.stable.store import NewFight

    session = preview.session
    new_fight = NewFight(session.ruleset.id, session.created, preview.session_path,
                         preview.digest, preview.fight.result)
    return stable.record_fight_of(
        new_fight, [_entrant(m, preview.by_side[m.entry.side]) for m in preview.matched])


def _match(stable: Stable, game: str, entries: list[Entry], given: dict[str, str]
           ) -> list[Matched]:
    from companion.stable.parts import title

    matched: list[Matched] = []
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
        matched.append(Matched(entry, g))
    return matched


def _entrant(m: Matched, career: Career) -> NewEntrant:
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
