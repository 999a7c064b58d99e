"""Grimdark Gladiators' part in careers (`companion.stable.careers.GameCareers`): who
went into a match (every gladiator but the house NPCs, who have no career) and what
it did to each one's career in the stable.

The match's own result (`death.result_of`: the win or the loss and its Fame) is
applied as *changes* to his sheet as the stable holds it now: Fame gained, a win or a
loss added to his record (his matches fought, wins and losses together, set his death
die), and death. Two matches in a row add up, whichever sheet each was started from.
A loss well fought gives the house figure `fame-loss-well-fought` instead of the
loss's Fame (see `well_fought`), and the event the GM named in the match's setup
moves money in the managers' purses (`prizes`).

Besides the protocol, the part says how many starred gladiators a manager may have
(`starred_most`) and stars one on his sheet (`with_starred`), for the stable's check
of the limit wherever a gladiator becomes starred."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from companion.core.words import listed
from companion.errors import UserError
from companion.files.jsonfile import parse_json
from companion.rulesets.base import Event
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.fallen import death_words
from companion.rulesets.grimdark.prizes import MatchEvent, event_of, money
from companion.rulesets.grimdark.sheet import (
    GLADIATOR,
    Gladiator,
    gladiator_json,
    parse_gladiator,
)
from companion.rulesets.grimdark.state import Fighter, GrimdarkState
from companion.stable.careers import Career, Entry, FightCareers
from companion.stable.model import SheetFile

WELL_FOUGHT = "fame-loss-well-fought"


class GrimdarkCareers:
    def entries(self, state: GrimdarkState) -> list[Entry]:
        return [Entry(f.id, session_sheet(f)) for f in state.fighters if not f.npc]

    def careers(self, state: GrimdarkState, sheets: Mapping[str, str],
                events: Sequence[Event] = ()) -> FightCareers:
        """What the match did to each career, from his sheet in the stable (`sheets`,
        by side; a side missing: his sheet as the match began). `events`, the
        session's, when the caller has them: the blow that killed a gladiator is told
        from them (without them, what the match's end shows)."""
        if not state.over or state.result is None:
            raise UserError("the match is not over: there is nothing to record yet",
                            exit_code=1)
        event = event_of(state.options)
        careers = tuple(_career(state, f, sheets.get(f.id) or session_sheet(f).text, event,
                                events) for f in state.fighters if not f.npc)
        return FightCareers(result_words(state, event, events), careers)

    def starred_most(self) -> int:
        """The most starred gladiators one manager may have (seed 000: three)."""
        from companion.tables.loader import load_tables

        return GrimdarkData.load(load_tables()).figures.value("starred-most")

    def with_starred(self, sheet: str, starred: bool) -> str:
        """His sheet's text, starred or not."""
        data = _data(sheet, "his sheet")[0]
        data["starred"] = starred
        return _text(data, "his sheet")


def session_sheet(f: Fighter) -> SheetFile:
    """His sheet as the match's setup holds it, as his file would hold it."""
    g = parse_gladiator(f.sheet, f.name)
    return SheetFile(g.name, gladiator_json(g), manager=g.manager, dead=g.dead,
                     starred=g.starred)


def well_fought(state: GrimdarkState, f: Fighter) -> list[Fighter]:
    """A loss well fought (house ruling on the seed's "if they performed well enough
    (and managed to survive) then Fame might even go up a bit if they lost"): he lives,
    and one who beat him ends the match wounded. The winners left wounded; none: it
    was no loss well fought."""
    assert state.result is not None
    if f.dead or f.id in state.result["winners"]:
        return []
    return [o for o in state.fighters if o.id in state.result["winners"] and o.wounded]


def fame_gained(state: GrimdarkState, f: Fighter) -> tuple[int, str]:
    """The Fame the match gives him and why: the win's or the loss's (the match's own
    result), or a loss well fought's."""
    assert state.result is not None
    if f.id in state.result["winners"]:
        return state.result["fame"][f.id], "a win"
    wounded = well_fought(state, f)
    figures = state.data.figures
    if wounded and WELL_FOUGHT in figures.entries:
        names = listed([state.display_name(o.id) for o in wounded])
        verb = "ends" if len(wounded) == 1 else "end"
        return figures.value(WELL_FOUGHT), f"a loss well fought: {names} {verb} it wounded"
    return state.result["fame"][f.id], "a loss"


def _career(state: GrimdarkState, f: Fighter, sheet: str, event: MatchEvent | None,
            events: Sequence[Event]) -> Career:
    assert state.result is not None
    where = f"{f.name}'s sheet in the stable"
    data, g = _data(sheet, where)
    won = f.id in state.result["winners"]
    gained, why = fame_gained(state, f)
    fame = max(0, g.fame + gained)
    wins, losses = g.wins + int(won), g.losses + int(not won)
    data.update(fame=fame, wins=wins, losses=losses)
    if f.dead:
        data["dead"] = True
    said = [_fame_words(g.fame, fame, why), f"record {g.wins}-{g.losses} to {wins}-{losses}",
            *_matches_words(state, g.wins + g.losses, wins + losses)]
    if f.dead:
        said.append(death_words(state, f, events))
    elif f.defeated and f.starred:
        said.append("defeated, and starred: he lives, whatever the dice")
    if (g.fame, g.wins, g.losses) != (f.fame, f.wins, f.losses):
        said.append(f"the match was played with Fame {f.fame} and a {f.wins}-{f.losses} "
                    f"record; his sheet in the stable has Fame {g.fame} and "
                    f"{g.wins}-{g.losses}, and the match's changes are added to it")
    return Career(f.id, "win" if won else "loss", _text(data, where), dead=bool(f.dead),
                  said=tuple(said), purse=money(event, f.name, won))


def _fame_words(before: int, after: int, why: str) -> str:
    if before == after:
        return f"Fame stays {after} ({why})"
    return f"Fame {before} to {after} ({why})"


def _matches_words(state: GrimdarkState, before: int, after: int) -> list[str]:
    """His matches fought, and the death die his next one rolls when it grows."""
    figures = state.data.figures
    late_from = figures.value("death-die-late-from-match")
    said = f"matches fought {before} to {after}"
    if after + 1 == late_from:
        said += (f": a defeat in his next match rolls a {figures.die('death-die-late')} "
                 f"for death, not a {figures.die('death-die')}")
    return [said]


def result_words(state: GrimdarkState, event: MatchEvent | None,
                 events: Sequence[Event] = ()) -> str:
    """"Sewer Beast beat Lord Smash at The Blood Cup; Lord Smash died in turn 11: ..."."""
    assert state.result is not None
    winners = [f for f in state.fighters if f.id in state.result["winners"]]
    losers = [f for f in state.fighters if f.id not in state.result["winners"]]
    names = [state.display_name(f.id) for f in winners], \
        [state.display_name(f.id) for f in losers]
    said = (f"{listed(names[0])} beat {listed(names[1])}" if winners else
            f"no one was left standing of {listed(names[1])}")
    if event is not None:
        said += f" at {event.name}"
    deaths = [death_words(state, f, events) for f in state.fighters if f.dead]
    return "; ".join([said, *deaths])


def _data(sheet: str, where: str) -> tuple[dict[str, object], Gladiator]:
    """His sheet's JSON, and his sheet as his game reads it (UserError saying why
    not): the JSON is changed, so that the sheet keeps its own fields and order."""
    data = parse_json(Path(where), sheet, GLADIATOR)
    g = parse_gladiator(data, where)
    assert isinstance(data, dict)  # a gladiator is an object, or the line above refused
    return data, g


def _text(data: dict[str, object], where: str) -> str:
    parse_gladiator(data, where)  # Fame or a record past what a sheet may hold
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


CAREERS = GrimdarkCareers()
