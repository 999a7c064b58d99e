"""The hex skirmish's part in careers: a finished bout's named gladiators, and what it
did to each one's sheet (`career_sheet`) as the stable holds it now.

Who has a career: each gladiator the setup gave a name of his own; one named only
after his type ("Samnite", "Samnite B") is a house extra and is left out. The stable
finds a bout's gladiator by that name (`companion career apply --as` for another).

What a bout does [seed, and house where said]:
- a win when his side is left standing and he is not beaten, else a loss [house: a
  beaten man of the winning side lost his own fight];
- a skill when he defeated a gladiator with at least as many skills as he had, up to
  five, each once; the skill the bout itself gives by the same rule
  (`turn.skills_earned`: the first of `skirmish-experience` he lacks [house], since the
  seed does not say which). Skills are counted as the bout played them (the setup's),
  whether or not the bout used the optional experience rule: the seed's experience "is
  for continuing campaigns", and the career is the campaign;
- a kill for each man he defeated whom the crowd had killed; a mark when the crowd
  spared him (the appeal counts who was spared); death when the bout killed him."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.errors import UserError
from companion.rulesets.base import Event
from companion.rulesets.skirmish.career_sheet import (
    SkirmishGladiator,
    gladiator_text,
    is_gladiator,
)
from companion.rulesets.skirmish.scenario import KitSpec, WeaponSpec
from companion.rulesets.skirmish.stable import SHEETS
from companion.rulesets.skirmish.state import KILLED, SPARED, Gladiator, State, display_name
from companion.rulesets.skirmish.turn import skills_earned
from companion.stable.careers import Career, Entry, FightCareers


class SkirmishCareers:
    def entries(self, state: State) -> list[Entry]:
        """Each named gladiator, with a sheet made from what the bout's setup gave him
        (the sheet he is added with when the stable does not hold him)."""
        return [Entry(g.id, SHEETS.parse(gladiator_text(_sheet_of(g)), f"gladiator {g.id}"))
                for g in state.gladiators if g.named]

    def careers(self, state: State, sheets: Mapping[str, str],
                events: Sequence[Event] = ()) -> FightCareers:
        """Each named gladiator's sheet with the bout added; the end state says it all."""
        if state.phase != "over":
            raise UserError("the bout is not over yet: there is nothing to record")
        before = {g.id: len(g.skills) - len(g.skills_gained) for g in state.gladiators}
        careers = []
        for g in state.gladiators:
            if not g.named:
                continue
            where = f"{g.name}'s sheet in the stable"
            was = _career_sheet(sheets[g.id], where)
            if was.dead:
                raise UserError(f"{was.name} is dead on his sheet in the stable: a dead "
                                "man's career takes no more fights")
            won = g.side == state.winner and g.status not in (SPARED, KILLED)
            now = was.model_copy(deep=True)
            if won:
                now.wins += 1
            else:
                now.losses += 1
            now.defeated += len(g.defeated)
            now.kills += sum(1 for d in g.defeated if state.glad(d).status == KILLED)
            if g.status == SPARED:
                now.spared += 1
            now.dead = g.status == KILLED
            worthy = sum(1 for d in g.defeated if before[d] >= before[g.id])
            if not now.dead:
                # His sheet's skills, not the bout's: those he has trained or been given
                # since the setup was written stay, and none is taken twice.
                now.skills += skills_earned(state.data, now.skills, worthy)
            careers.append(Career(g.id, "win" if won else "loss", gladiator_text(now),
                                  dead=now.dead,
                                  said=tuple(said(state, g, was, now, worthy, before))))
        return FightCareers(_result(state), tuple(careers))


def _career_sheet(text: str, where: str) -> SkirmishGladiator:
    """His sheet as a named gladiator: a saved kit in the stable under his name
    becomes one (the kit's name is his, its kit his kit)."""
    if is_gladiator(text):
        return SHEETS.gladiator(text, where)
    kit = SHEETS.kit_file(text, where)
    return SkirmishGladiator(name=kit.name, kit=kit.kit)


def _sheet_of(g: Gladiator) -> SkirmishGladiator:
    """His sheet as the bout's setup made him: his type, or the kit he carried."""
    skills = g.skills[:len(g.skills) - len(g.skills_gained)]
    if g.type != "custom":
        return SkirmishGladiator(name=g.name, type=g.type, skills=skills)
    kit = KitSpec(weapons=[WeaponSpec(weapon=h.weapon, side=h.side,
                                      lost_first=h.lost_first) for h in g.weapons],
                  shield=g.shield, shield_side=g.shield_side,
                  armour=g.armour, darts=g.darts, arrows=g.arrows)
    return SkirmishGladiator(name=g.name, kit=kit, skills=skills)


def _result(state: State) -> str:
    """The bout in a line: who was left standing, over whom."""
    standing = [display_name(state, g.id) for g in state.gladiators
                if g.side == state.winner and g.status not in (SPARED, KILLED)]
    beaten = [display_name(state, g.id) for g in state.gladiators
              if g.side != state.winner or g.status in (SPARED, KILLED)]
    if not standing:
        return f"no one was left standing: {_and(beaten)} were beaten"
    return f"{_and(standing)} beat {_and(beaten)}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def said(state: State, g: Gladiator, was: SkirmishGladiator, now: SkirmishGladiator,
         worthy: int, before: Mapping[str, int]) -> list[str]:
    """What changed on his sheet, a change a line, in the skirmish's words."""
    out = [f"{what} {getattr(was, field)} to {getattr(now, field)}"
           for field, what in (("wins", "wins"), ("losses", "losses"), ("kills", "kills"))
           if getattr(was, field) != getattr(now, field)]
    names = {key: skill.name for key, skill in state.data.skills.items()}
    gained = now.skills[len(was.skills):]
    out += [f"a skill: {names.get(s, s)}, for beating a gladiator with at least as many "
            f"skills ({len(now.skills)} of {state.data.rules.skill_limit})" for s in gained]
    if worthy and not gained and not now.dead:
        out.append(f"no new skill: he has {len(now.skills)}, the most a gladiator can have")
    elif g.defeated and not worthy:
        out.append(f"no new skill: everyone he beat had fewer skills than his "
                   f"{before[g.id]}")
    if now.spared != was.spared:
        out.append("spared by the crowd")
    if now.dead:
        out.append("dead")
    return out


CAREERS = SkirmishCareers()
