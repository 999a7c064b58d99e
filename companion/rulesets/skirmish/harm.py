"""What a blow leaves behind: wounds (and being beaten by them), and where a dart or
arrow goes after it flew."""

from __future__ import annotations

from companion.core.hexgrid import Hex
from companion.rulesets.base import Event
from companion.rulesets.skirmish.core import beat, drop_item, random_adjacent
from companion.rulesets.skirmish.events import (
    STRENGTH_GONE,
    MissileLanded,
    MissileLost,
    Wounded,
)
from companion.rulesets.skirmish.plan import AttackPlan
from companion.rulesets.skirmish.state import FIGHTING, Dice, Gladiator, State, levels_of

SERIOUS_LEVEL = "seriously-wounded"  # the wound level the appeal table counts


def missile_fate(state: State, plan: AttackPlan, outcome: str, origin: Hex,
                 dice: Dice) -> list[Event]:
    """A dart or arrow is lost when the table says so for this outcome; otherwise
    it lands in a random hex next to where the target stood."""
    w = plan.option.weapon
    if not w.missile:
        return []
    g, ammo = plan.attacker, w.ammo
    assert ammo is not None  # a missile's table entry names its ammunition
    if outcome in w.lost_when:
        return [MissileLost(g.id, ammo=ammo)]
    spot = random_adjacent(state, origin, dice, g.name, ammo)
    drop_item(state, "ammo", ammo, g.id, spot)
    return [MissileLanded(g.id, ammo=ammo, at=state.geo.labels[spot])]


def wound(state: State, by: Gladiator | None, t: Gladiator, n: int) -> list[Event]:
    found: list[Event] = []
    hurt(state, by, t, n, found)
    return found


def hurt(state: State, by: Gladiator | None, t: Gladiator, n: int,
         found: list[Event] | None) -> None:
    """`wound`, putting its events in `found`; None: bulk play, which reads none."""
    data = state.data
    before = levels_of(data, t)
    old = t.strength
    t.strength -= n
    if by is not None:
        by.wounds_inflicted += n
    after = levels_of(data, t)
    if found is not None:
        at = state.label(t.hex if t.hex is not None else t.last_hex)
        found.append(Wounded(t.id, by=None if by is None else by.id, wounds=n, before=old,
                             strength=t.strength, level=after[-1] if after else None, at=at))
    if by is not None and SERIOUS_LEVEL in after and SERIOUS_LEVEL not in before \
            and t.id not in by.seriously_wounded_foes:
        by.seriously_wounded_foes.append(t.id)
    appeals = any(lv in data.appealing_levels for lv in after)
    if appeals and t.status == FIGHTING:
        beaten = beat(state, t, by, STRENGTH_GONE)
        if found is not None:
            found.append(beaten)
