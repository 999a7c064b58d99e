"""A league's matches as sessions of their game: made from the stable's sheets (the
game's `league` part sets the match up, the rules' `new_setup` checks it as
`companion new` does), played by the computer as `companion auto` plays, recorded
into careers through the careers' own apply path, and read back from there as the
match's result, once (`collect`)."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError
from companion.league import records
from companion.league.parts import league_part, with_event
from companion.stable.parts import game_part

if TYPE_CHECKING:
    from companion.session.session import Session
    from companion.stable.model import Gladiator
    from companion.stable.store import Stable

MAX_ACTIONS = 100_000  # as `auto`: a computer that never ends is stopped


def _slug(text: str) -> str:
    kept = "".join(c.lower() if c.isalnum() else "-" for c in text)
    return "-".join(part for part in kept.split("-") if part)[:40] or "match"


def make(stable: Stable, league: records.League, gladiators: Sequence[Gladiator],
         teams: Sequence[int], file_name: str, *, verifiable: bool = False,
         seed: int | None = None) -> tuple[Path, list[str], str | None]:
    """Write the match's session file in the league's folder; its path, each
    gladiator's side in it (in the order given), and the line of its commitment to
    post before it is played (verifiable matches). `seed` seeds the dice of the
    game's opening (Grimdark's start rolls), so that a round made again with the same
    seed starts the same; None: fresh dice."""
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import Session

    rules = get_ruleset(league.game)
    sheets = game_part(league.game)
    folder = Path(league.folder)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="league-") as tmp:
        files = []
        for i, g in enumerate(gladiators):
            path = Path(tmp) / f"{i}-{sheets.file_name(g.name)}"
            path.write_text(sheets.export(g.sheet), encoding="utf-8")
            files.append(path)
        made = league_part(league.game).setup(files, teams)
        event = records.event(stable, league.id)
        if event is not None:
            # Each match carries the event: its money moves in the careers' apply step.
            made = with_event(league.game, made, event.setup(league.name))
        setup = rules.new_setup(made)
    secret = None
    if verifiable and rules.secret_word is not None:
        from companion.dice.derived import new_seed

        secret = new_seed()
    session = Session(rules, setup, seed=secret)
    if rules.opening is not None and rules.opens_by_default:
        from companion.dice.sources import SeededDice

        # As `companion new` takes it; a verifiable match's dice come from its seed.
        session.act(dict(rules.opening), SeededDice(seed))
    path = folder / file_name
    session.save(path)
    line = None
    if session.seed is not None:
        from companion.session.commitment import commit

        line = commit(rules, session.setup, session.fingerprints, session.seed
                      ).line(rules.secret_word)
    from companion.stable.recording import sides

    found = sides(session)
    if len(found) != len(gladiators):
        raise UserError(f"{path}: the match has {len(found)} gladiators with careers (a "
                        f"house NPC has none), not {len(gladiators)}", exit_code=1)
    return path, found, line


def file_name(league: records.League, round_number: int | None, board: int,
              names: Sequence[str]) -> str:
    where = f"r{round_number}" if round_number is not None else "challenge"
    return f"{_slug(league.name)}-{where}-{board}-{_slug('-vs-'.join(names))}.json"


def play(path: Path, seed: int | None) -> Session:
    """Let the computer play the match at `path` to its end and save it there."""
    from companion.dice.sources import SeededDice
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import load_session

    session = load_session(path, get_ruleset)
    rules = session.ruleset
    dice = SeededDice(seed)
    played = 0
    now = datetime.now(UTC).isoformat(timespec="seconds")
    while played < MAX_ACTIONS and not rules.is_over(session.state):
        action = rules.choose(session.state)
        if action is None:
            raise UserError(f"{path}: the computer does not play this match to its end",
                            exit_code=1)
        session.act(rules.stamp(action, now), dice)
        played += 1
    session.save(path)
    return session


def apply(stable: Stable, session: Session, path: Path, match: records.Match
          ) -> int | None:
    """Record the finished match into its gladiators' careers through the careers'
    apply path (each side found by his id in the stable); the fight's id, or None
    when it was recorded already."""
    from companion.stable.recording import already, preview, record

    if already(session, stable) is not None:
        return None
    by_side = {e.side: f"#{e.gladiator_id}" for e in match.entries}
    seen = preview(session, stable, by_side, str(path.resolve()))
    return record(seen, stable)[0].id


def collect(stable: Stable, league: records.League) -> list[int]:
    """Each match of the league whose fight the careers have recorded since, given its
    result (once); the ids of the matches given one. A match file that is missing or
    unfinished is left for later."""
    from companion.rulesets.registry import get_ruleset
    from companion.session.session import load_session
    from companion.stable.recording import fingerprint

    part = league_part(league.game)
    found = []
    for m in records.matches(stable, league.id):
        path = Path(m.session_path)
        if m.done or not path.is_file():
            continue
        try:
            session = load_session(path, get_ruleset)
        except UserError:
            continue
        if not session.ruleset.is_over(session.state):
            continue
        fight = stable.fight_of_session(fingerprint(session))
        if fight is None:
            continue
        results = _results(stable, fight.id, m, part, session.state)
        if records.record_result(stable, m.id, fight.id, results):
            found.append(m.id)
    return found


def _results(stable: Stable, fight_id: int, match: records.Match, part: Any, state: Any
             ) -> list[tuple[int, str, int | None, bool]]:
    entrants = {e.gladiator_id: e for e in stable.entrants(fight_id)}
    died: set[int] = set()
    sheets: dict[int, str] = {}
    for change in stable.changes(fight_id):
        if change.field == "alive" and json.loads(change.after) is False:
            died.add(change.gladiator_id)
        if change.field == "sheet":
            sheets[change.gladiator_id] = json.loads(change.after)
    found: list[tuple[int, str, int | None, bool]] = []
    for e in match.entries:
        entrant = entrants.get(e.gladiator_id)
        if entrant is None:
            raise UserError(f"the fight recorded for {match.session_path} is not of the "
                            "match's gladiators", exit_code=1)
        sheet = sheets.get(e.gladiator_id)
        if sheet is None:
            g = stable.gladiator(e.gladiator_id)
            sheet = g.sheet if g is not None else ""
        found.append((e.gladiator_id, entrant.result,
                      int(part.figure(state, entrant.side, sheet)), e.gladiator_id in died))
    return found
