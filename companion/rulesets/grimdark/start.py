"""The match's setup read into fighters, and the match start: HP, Init and what the
abilities give at the start rolled or counted, CZ from Fame, each deck shuffled with
the dice and the coaching's opening moves put in hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.grimdark.build import problems, start_figures
from companion.rulesets.grimdark.coaching import Coaching, check_coaching, parse_coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.engine import ENGINE, chooser_of
from companion.rulesets.grimdark.events import (
    CzChanged,
    DeckRecycled,
    DeckShuffled,
    OpeningHand,
    StartRolled,
)
from companion.rulesets.grimdark.fight import terms
from companion.rulesets.grimdark.sheet import Gladiator, SheetError, parse_gladiator
from companion.rulesets.grimdark.state import Fighter, GrimdarkState

IDS = "abcdefghijklmnopqrstuvwxyz"


# ------------------------------------------------------------------ the setup


def fighters_from_setup(setup: Mapping[str, Any], data: GrimdarkData, engine: int = ENGINE
                        ) -> tuple[list[Fighter], dict[str, Coaching | None]]:
    entries = setup.get("gladiators") if isinstance(setup, Mapping) else None
    if not isinstance(entries, list) or len(entries) < 2:
        raise UserError('a Grimdark match\'s setup holds two or more gladiators: '
                        '{"gladiators": [{"sheet": ...}, {"sheet": ...}]}')
    if len(entries) > len(IDS):
        raise UserError(f"a match holds at most {len(IDS)} gladiators")
    fighters: list[Fighter] = []
    coaching: dict[str, Coaching | None] = {}
    for i, entry in enumerate(entries):
        where = f"gladiators[{i}]"
        if not isinstance(entry, Mapping) or "sheet" not in entry:
            raise UserError(f"{where}: give his sheet: {{\"sheet\": {{...}}}}")
        try:
            g = parse_gladiator(entry["sheet"], f"{where}.sheet")
        except SheetError as err:
            raise UserError(err.problems[0]) from None
        if g.dead:
            raise UserError(f"{where}: {g.name} died in an earlier match and fights no more")
        broken = problems(g, data)
        if broken:
            raise UserError(f"{where} ({g.name}) breaks the build rules: {broken[0]}"
                            + (f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""))
        team = entry.get("team", str(i + 1))
        if not isinstance(team, str | int) or isinstance(team, bool) or not str(team).strip():
            raise UserError(f"{where}.team: a team is a name or number, like \"1\"")
        fid = IDS[i]
        fighters.append(_fighter(fid, g, dict(entry["sheet"]), str(team).strip(),
                                 bool(entry.get("npc", g.npc))))
        fighters[-1].chooser = chooser_of(entry, engine, where)
        coaching[fid] = _coaching(entry.get("coaching"), g, data, f"{where}.coaching")
    if len({f.team for f in fighters}) < 2:
        raise UserError("every gladiator is on one team: a match needs two sides")
    return fighters, coaching


def _coaching(raw: Any, g: Gladiator, data: GrimdarkData, where: str) -> Coaching | None:
    """His coaching, its names made keys, checked against him: UserError with the
    first problem in words."""
    if raw is None:
        return None
    try:
        found = parse_coaching(raw, where, data)
    except SheetError as err:
        raise UserError(err.problems[0]) from None
    misfits = check_coaching(found, g, data)
    if misfits:
        raise UserError(f"{where}: {misfits[0]}")
    most = data.figures.value("hand-size")
    if len(found.opening) > most:
        raise UserError(f"{where}: {len(found.opening)} opening moves; at most {most}")
    return found


def _fighter(fid: str, g: Gladiator, sheet: dict[str, Any], team: str, npc: bool) -> Fighter:
    return Fighter(
        id=fid, name=g.name, team=team, sheet=sheet, stats=g.stats(),
        abilities=dict(g.abilities), repertoire=dict(g.moves), starred=g.starred, npc=npc,
        fame=g.fame, wins=g.wins, losses=g.losses, active_stat=g.active(),
    )


# ------------------------------------------------------------------ dice helpers


def roll_text(dice: DiceSource, text: str, purpose: str, roller: str
              ) -> tuple[int, list[int]]:
    """A plain dice sum ("d10+36") rolled: its total and the faces."""
    dice_terms, const = terms(text)
    faces: list[int] = []
    for count, sides in dice_terms:
        faces.extend(dice.roll(sides, count, purpose=purpose, roller=roller).faces)
    return sum(faces) + const, faces


def shuffle(cards: Sequence[str], dice: DiceSource, f: Fighter, events: list[Event]
            ) -> list[str]:
    """The cards in an order the dice choose (Fisher-Yates: a die the size of what is
    left for each place but the last); one event keeps every die of it."""
    out = list(cards)
    sides: list[int] = []
    faces: list[int] = []
    for i in range(len(out) - 1, 0, -1):
        face = dice.roll(i + 1, purpose="shuffle", roller=f.name).faces[0]
        sides.append(i + 1)
        faces.append(face)
        out[i], out[face - 1] = out[face - 1], out[i]
    if faces:
        events.append(DeckShuffled(f.id, sides=tuple(sides), faces=tuple(faces),
                                   cards=len(out)))
    return out


def draw(state: GrimdarkState, f: Fighter, dice: DiceSource, events: list[Event]) -> None:
    """One card from his deck into his hand; an empty deck is his discards, shuffled."""
    if not f.deck and f.discard:
        f.deck = shuffle(f.discard, dice, f, events)
        events.append(DeckRecycled(f.id, cards=len(f.deck)))
        f.discard = []
    if f.deck:
        f.hand.append(f.deck.pop(0))


# ------------------------------------------------------------------ the start


def start_match(state: GrimdarkState, dice: DiceSource) -> list[Event]:
    if state.started:
        raise UserError("the match has already started")
    data = state.data
    events: list[Event] = []
    for f in state.fighters:
        g = parse_gladiator(f.sheet, f.name)
        figures = start_figures(g, data)
        f.hp, hp_faces = roll_text(dice, figures.hp, "hit points", f.name)
        f.max_hp = f.hp
        f.init, init_faces = roll_text(dice, figures.init, "initiative", f.name)
        for key in f.abilities:
            ability = data.abilities.get(key)
            for start in ability.starting if ability is not None else []:
                if start.resource not in f.resources:
                    continue  # fame and wins are his career's, already on his sheet
                if start.stat is not None:
                    f.resources[start.resource] += f.stats[start.stat]
                elif start.amount is not None:
                    f.resources[start.resource] += start.amount
                elif start.dice is not None:
                    f.resources[start.resource] += roll_text(
                        dice, start.dice, start.resource, f.name)[0]
        events.append(StartRolled(f.id, hp=f.hp, hp_dice=figures.hp,
                                  hp_faces=tuple(hp_faces), init=f.init,
                                  init_dice=figures.init, init_faces=tuple(init_faces),
                                  active_stat=f.active_stat,
                                  resources={k: v for k, v in f.resources.items() if v}))
    floor = data.figures.value("cz-floor")
    for f in state.fighters:
        enemies = state.enemies(f)
        most = max(o.fame for o in enemies) if enemies else 0
        f.cz = max(floor, f.fame - most)
        if f.cz:
            events.append(CzChanged(f.id, change=f.cz, cz=f.cz, reason="fame"))
    size = data.figures.value("hand-size")
    for f in state.fighters:
        coached = state.coaching.get(f.id)
        opening = list(coached.opening) if coached is not None else []
        deck = [k for k, n in f.repertoire.items() for _ in range(n)]
        for key in opening:
            deck.remove(key)
        f.deck = shuffle(deck, dice, f, events)
        f.hand = list(opening)
        while len(f.hand) < size and f.deck:
            f.hand.append(f.deck.pop(0))
        events.append(OpeningHand(f.id, opening=tuple(opening), hand=tuple(f.hand),
                                  deck=len(f.deck)))
    state.started = True
    return events
