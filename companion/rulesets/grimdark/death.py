"""After a defeat: whether he lives (the seed's death rules, each die in
grimdark-rules), the end of the match when at most one team stands, its result with
Fame and record, and writing those back to the roster's gladiator files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.rulesets.grimdark.events import FateDecided, MatchOver
from companion.rulesets.grimdark.state import Fighter, GrimdarkState

if TYPE_CHECKING:
    from companion.rulesets.grimdark.harm import Ctx


def _sides(text: str) -> int:
    return int(text.strip().lstrip("d"))


def death_roll(ctx: Ctx, f: Fighter) -> None:
    """Whether a defeated gladiator dies: starred always lives; a gruesome demise
    kills; the crowd's execution when his victor's CZ is far enough above his; else
    the plain death die (larger from his fifth match)."""
    state = ctx.state
    fig = state.data.figures
    if f.starred:
        f.dead = False
        ctx.emit(FateDecided(f.id, dead=False, roll=None, die=None, rule="starred",
                             gruesome=f.gruesome))
        return
    if f.gruesome and fig.reading("gruesome-demise") == "always dead unless starred":
        f.dead = True
        ctx.emit(FateDecided(f.id, dead=True, roll=None, die=None, rule="gruesome"))
        return
    enemies = [o for o in state.enemies(f) if o.standing] or state.enemies(f)
    top = max((o.cz for o in enemies), default=0)
    if top - f.cz >= fig.value("execution-cz-lead"):
        die = fig.die("execution-die")
        face = ctx.dice.roll(_sides(die), purpose="execution", roller=f.name).faces[0]
        f.dead = dead = face != fig.value("execution-spared-on")
        ctx.emit(FateDecided(f.id, dead=dead, roll=face, die=die, rule="execution",
                             cz_gap=top - f.cz))
        return
    late = f.wins + f.losses + 1 >= fig.value("death-die-late-from-match")
    die = fig.die("death-die-late" if late else "death-die")
    face = ctx.dice.roll(_sides(die), purpose="death", roller=f.name).faces[0]
    f.dead = dead = face == fig.value("death-on")
    ctx.emit(FateDecided(f.id, dead=dead, roll=face, die=die, rule="defeat", late=late))


def after_defeats(ctx: Ctx) -> None:
    """The death roll of everyone defeated this turn, then the match's end if at most
    one team stands."""
    state = ctx.state
    for f in sorted(state.fighters, key=lambda f: (-f.init, f.id)):
        if f.defeated and f.dead is None:
            death_roll(ctx, f)
    if len(state.standing_teams()) <= 1 and not state.over:
        state.over = True
        state.result = result_of(state)
        ctx.emit(over(state.result))


def over(result: dict[str, Any]) -> MatchOver:
    """The end of the match, told with its result (`result_of`)."""
    return MatchOver(None, winners=tuple(result["winners"]),
                     winning_team=result["winning_team"], defeated=tuple(result["defeated"]),
                     dead=tuple(result["dead"]), survivors=tuple(result["survivors"]),
                     fame=dict(result["fame"]), record=dict(result["record"]),
                     after={who: dict(after) for who, after in result["after"].items()})


def result_of(state: GrimdarkState) -> dict[str, Any]:
    fig = state.data.figures
    teams = state.standing_teams()
    team = teams[0] if teams else None
    winners = [f.id for f in state.fighters if f.team == team] if team else []
    fame: dict[str, int] = {}
    record: dict[str, str] = {}
    after: dict[str, dict[str, int]] = {}
    for f in state.fighters:
        won = f.id in winners
        fame[f.id] = fig.value("fame-win" if won else "fame-loss")
        wins, losses = f.wins + (1 if won else 0), f.losses + (0 if won else 1)
        record[f.id] = f"{wins}-{losses}"
        after[f.id] = {"fame": f.fame + fame[f.id], "wins": wins, "losses": losses}
    return {
        "winners": winners, "winning_team": team,
        "defeated": [f.id for f in state.fighters if f.defeated],
        "dead": [f.id for f in state.fighters if f.dead],
        "survivors": [f.id for f in state.fighters if not f.dead],
        "fame": fame, "record": record, "after": after,
    }


# ------------------------------------------------------------------ the roster


def record_in_roster(state: GrimdarkState, folder: Path | None = None) -> list[str]:
    """Write each gladiator's new Fame and record into his file in the roster (found
    by his name), and say what changed. The values written are the match's own result
    (his Fame and record at its start plus what it gave), so recording twice changes
    nothing the second time. A gladiator with no file there is named and skipped."""
    from companion.rulesets.grimdark.data import name_key
    from companion.rulesets.grimdark.sheet import (
        gladiator_file_text,
        load_gladiator,
        roster_dir,
    )

    if not state.over or state.result is None:
        from companion.errors import UserError

        raise UserError("the match is not over: there is nothing to record yet")
    folder = folder or roster_dir()
    lines: list[str] = []
    after = state.result["after"]
    for f in state.fighters:
        if f.npc:
            lines.append(f"{f.name}: a house NPC; nothing to record")
            continue
        path = _find(folder, f.name, name_key(f.name))
        if path is None:
            lines.append(f"{f.name}: not in the roster ({folder}); nothing written")
            continue
        g = load_gladiator(path)
        new = after[f.id]
        changes = []
        if g.fame != new["fame"]:
            changes.append(f"Fame {g.fame} \u2192 {new['fame']}")
        if (g.wins, g.losses) != (new["wins"], new["losses"]):
            changes.append(f"record {g.wins}-{g.losses} \u2192 {new['wins']}-{new['losses']}")
        fate = " (he died in the match)" if f.dead else ""
        if f.dead and not g.dead:
            changes.append("dead")
        if not changes:
            lines.append(f"{f.name}: already recorded{fate}")
            continue
        updated = g.model_copy(update={"fame": new["fame"], "wins": new["wins"],
                                       "losses": new["losses"],
                                       "dead": g.dead or bool(f.dead)})
        from companion.files.atomic import atomic_write
        from companion.files.written_by import refuse_newer_on_disk

        refuse_newer_on_disk(path)
        atomic_write(path, gladiator_file_text(updated))
        lines.append(f"{f.name}: {', '.join(changes)}{fate} ({path})")
    return lines


def _find(folder: Path, name: str, key: str) -> Path | None:
    direct = folder / f"{key}.json"
    if direct.is_file():
        return direct
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and str(data.get("name", "")).strip().lower() == \
                name.strip().lower():
            return path
    return None
