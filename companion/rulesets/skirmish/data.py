"""The skirmish tables, read once into plain frozen records for the rules' hot paths.

Every number of the game comes from the `skirmish-*` tables (the figures no other
table carries are in `skirmish-rules`); this module is the only place that reads
them. `GameData` is immutable and shared: a state keeps a reference to it, and
copying a state (undo, the session's trial copies) never copies it.

Some figures appear in two tables; the tests check that the two agree, and the
engine reads one of them:

- a weapon's AP: the `skirmish-ap` attack action that lists the weapon (the weapon's
  own `ap_cost` in `skirmish-weapons` only if no action lists it);
- the experience skills' amounts: `skirmish-experience` says which skill gives what,
  but the amounts come from the modifier tables: `skirmish-ap-modifiers`
  ("experience"), `skirmish-attack-modifiers` ("experience-attack",
  "experience-defence") and `skirmish-appeal` ("popular"); only the base strengths
  are read from `skirmish-experience` itself;
- a shield's side modifier: the `skirmish-attack-modifiers` entry that names the
  shield (the kit's `side_attack_modifier` only if none does).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from string import ascii_uppercase
from typing import TYPE_CHECKING, Any

from companion.core.hexgrid import Board, parse_direction
from companion.dice.odds.expression import distribution
from companion.errors import UserError
from companion.rulesets.skirmish.geometry import Geometry
from companion.rulesets.skirmish.records import (
    DiceSpec,
    HeldSpec,
    KitInfo,
    SkillInfo,
    SkirmishDataError,
    TypeInfo,
    WeaponInfo,
    dice_spec,
)
from companion.rulesets.skirmish.table_models import (
    ApActionEntry,
    ApModifierEntry,
    AppealEntry,
    AttackModifierEntry,
    ExperienceEntry,
    GladiatorTypeEntry,
    KitEntry,
    RuleEntry,
    SpecialEventEntry,
    WeightEntry,
    WoundLevelEntry,
)
from companion.rulesets.skirmish.table_models import WeaponEntry as SkirmishWeaponEntry
from companion.tables.loader import TableSet

if TYPE_CHECKING:
    from companion.tables.table import E

__all__ = ["DiceSpec", "Figures", "GameData", "HeldSpec", "KitInfo", "SkillInfo",
           "SkirmishDataError", "TypeInfo", "WeaponInfo", "build_game_data"]

# The appeal lines the engine knows how to test (by key, or by what they count).
APPEAL_MODIFIER_KEYS = frozenset({"wounded", "no-wounds-inflicted", "spared-earlier-today"})
APPEAL_PER = frozenset({"opponent-he-seriously-wounded", "gladiator-he-defeated-today",
                        "gladiator-already-spared-today"})

TABLE_IDS = (
    "skirmish-types", "skirmish-kit", "skirmish-weight", "skirmish-ap",
    "skirmish-ap-modifiers", "skirmish-attack-modifiers", "skirmish-special-events",
    "skirmish-weapons", "skirmish-appeal", "skirmish-experience", "skirmish-wounds",
    "skirmish-rules",
)


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures of `skirmish-rules`."""

    save_target: int  # a save succeeds on D6 + save >= this
    board_columns: int  # the standard arena
    board_rows: int
    gladiators_per_board: int  # on the standard arena; more in proportion to area
    fewest_gladiator_limit: int  # what a smaller board still holds
    most_gladiators: int
    random_direction: tuple[int, ...]  # direction for D6 face 1..6, at index face - 1
    appeal_dice: int
    skill_limit: int
    skill_copies: int
    skills_per_bout: int

    def gladiator_limit(self, board: Board) -> int:
        """How many gladiators fit this board."""
        standard = self.board_columns * self.board_rows
        by_area = self.gladiators_per_board * board.columns * board.rows // standard
        return min(self.most_gladiators, max(self.fewest_gladiator_limit, by_area))


def _read_rules(entries: list[RuleEntry]) -> Figures:
    by_key = {e.key: e for e in entries}

    def value(key: str) -> int:
        e = _need(by_key.get(key), "skirmish-rules", key)
        if e.value is None:
            raise SkirmishDataError(f"skirmish-rules: '{key}' needs a value", "skirmish-rules")
        return e.value

    faces = _need(by_key.get("random-direction"), "skirmish-rules", "random-direction").by_face
    if faces is None:
        raise SkirmishDataError("skirmish-rules: 'random-direction' needs by_face",
                                "skirmish-rules")
    if value("board-columns") * value("board-rows") <= 0:
        raise SkirmishDataError("skirmish-rules: the standard arena has no hexes", "skirmish-rules")
    if value("appeal-dice") < 1:
        raise SkirmishDataError("skirmish-rules: an appeal rolls at least one die",
                                "skirmish-rules")
    if not 2 <= value("most-gladiators") <= len(ascii_uppercase):
        raise SkirmishDataError("skirmish-rules: 'most-gladiators' must be 2 to 26, "
                                "one capital letter each", "skirmish-rules")
    return Figures(
        save_target=value("save-target"), board_columns=value("board-columns"),
        board_rows=value("board-rows"), gladiators_per_board=value("gladiators-per-board"),
        fewest_gladiator_limit=value("fewest-gladiator-limit"),
        most_gladiators=value("most-gladiators"),
        random_direction=tuple(parse_direction(faces[f]) for f in range(1, 7)),
        appeal_dice=value("appeal-dice"), skill_limit=value("skill-limit"),
        skill_copies=value("skill-copies"), skills_per_bout=value("skills-per-bout"),
    )


@dataclass(frozen=True, eq=False)
class GameData:
    """Everything the rules read from the tables, as plain values."""

    weapons: dict[str, WeaponInfo]
    kit: dict[str, KitInfo]
    types: dict[str, TypeInfo]
    weight_ratings: tuple[str, ...]  # rating by total weight; the last holds above
    ap_costs: dict[str, int]  # move-straight, move-other-direction, turn, cut-free, ...
    ap_allowed_entangled: dict[str, bool]
    cut_free_once: bool
    ap_weight: dict[str, int]
    ap_wounds: dict[str, tuple[int, str | None]]  # wound level -> (AP modifier, replaces)
    ap_off_balance: int
    ap_fatigue: int
    ap_experience: int
    fatigue_naturals: frozenset[int]
    ap_floor: int
    give_in_at: int
    mod_front: int
    mod_rear: int
    mod_weapon_side: int
    mod_open_side: int
    mod_shield_side: dict[str, int]  # kit slug -> modifier
    mod_weapon_cover: dict[str, int]  # weapon slug -> modifier when it covers a side
    mod_entangled: int
    mod_weapon_use: dict[str, int]  # e.g. unarmed -3
    mod_disadvantage: dict[int, int]  # level -> modifier
    mod_ally: int
    mod_exp_attack: int
    mod_exp_defence: int
    events: dict[int, SpecialEventEntry]
    event_wounds: dict[int, DiceSpec]
    event_wounds_odds: dict[int, dict[int, Fraction]]
    wound_levels: tuple[WoundLevelEntry, ...]  # by severity, mildest first
    level_names: dict[str, str]  # wound level -> its name
    appealing_levels: frozenset[str]  # wound levels that make him appeal
    appeal_outcomes: tuple[AppealEntry, ...]  # by precedence
    appeal_modifiers: tuple[AppealEntry, ...]
    skills: dict[str, SkillInfo]
    normal_base_strength: int
    rules: Figures
    names: dict[str, str] = field(default_factory=dict)  # slug -> display name
    # Memos of what the rules work out from these tables and nothing else (attack
    # outcome counts, weapon options, wound levels by strength), keyed by the values
    # that decide them. Shared by every state of this data, never part of a state.
    odds_cache: dict[Any, Any] = field(default_factory=dict)
    levels_memo: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    kits: dict[Any, Any] = field(default_factory=dict)  # attack.Kit by what he holds
    # The state each scenario starts from (`scenario.build_state`), by the scenario's
    # JSON text: a balance lab or a bench starts thousands of bouts from a few.
    starts: dict[str, Any] = field(default_factory=dict)
    geometries: dict[tuple[int, int], Geometry] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameData:
        return self  # immutable in every way a rule can see

    def forget(self) -> None:
        """Empty the memos (for timings of the first sight of a question)."""
        for memo in (self.odds_cache, self.levels_memo, self.kits, self.starts):
            memo.clear()

    def geometry(self, board: Board) -> Geometry:
        key = (board.columns, board.rows)
        found = self.geometries.get(key)
        if found is None:
            found = self.geometries[key] = Geometry(board)
        return found

    def weight_rating(self, total: int) -> str:
        return self.weight_ratings[min(total, len(self.weight_ratings) - 1)]


def _group(entries: list[Any], key: str) -> Any:
    return next((e for e in entries if e.key == key), None)


def _need(found: Any, table: str, key: str) -> Any:
    if found is None:
        raise SkirmishDataError(f"table '{table}' has no entry '{key}', which the rules need",
                                table)
    return found


def _rating(entry: Any) -> str:
    return str(entry.rating)


def build_game_data(tables: TableSet) -> GameData:
    """Read the skirmish tables of `tables` (the built-in ones with the user's)."""
    def read(tid: str, model: type[E]) -> list[E]:
        return tables.get(tid).typed(model)

    ap_entries = read("skirmish-ap", ApActionEntry)
    attack_actions: dict[str, Any] = {}
    ap_costs: dict[str, int] = {}
    ap_allowed: dict[str, bool] = {}
    for act in ap_entries:
        ap_costs[act.key] = act.ap
        ap_allowed[act.key] = act.allowed_when_entangled
        for slug in act.weapons:
            attack_actions[slug] = act
    for key in ("move-straight", "move-other-direction", "turn", "cut-free", "pick-up",
                "kick", "discard-shield", "end-turn"):
        _need(_group(ap_entries, key), "skirmish-ap", key)
    cut_free_once = _group(ap_entries, "cut-free").limit == "once-per-turn"

    weapons: dict[str, WeaponInfo] = {}
    weapon_entries = read("skirmish-weapons", SkirmishWeaponEntry)
    for w in weapon_entries:
        action = attack_actions.get(w.key)
        dis = {r: 1 for r in w.disadvantaged_at}
        dis.update({r: 2 for r in w.doubly_disadvantaged_at})
        weapons[w.key] = WeaponInfo(
            slug=w.key, name=w.name, min_range=w.min_range, max_range=w.max_range,
            disadvantage=dis, always_disadvantaged=w.always_disadvantaged,
            ap=action.ap if action is not None else w.ap_cost,
            once_per_turn_in_all=action is not None and action.limit == "once-per-turn",
            allowed_when_entangled=action.allowed_when_entangled if action else False,
            missile=w.missile, ammo=w.ammo, lost_when=frozenset(w.lost_when),
            pick_up_ap=w.pick_up_ap, causes_wounds=w.causes_wounds, entangles=w.entangles,
            entangle_need={n.range: n.min_roll for n in w.entangle_needs},
            cut_free_min=w.cut_free_min_roll, cut_free_lost_on=frozenset(w.cut_free_lost_on),
            cut_free_drops_on=frozenset(w.cut_free_drops_on),
            defends=w.counts_as_weapon_for_defence, two_handed=w.two_handed,
            hit_save_modifier=w.hit_save_modifier,
            hit_extra_wounds=w.hit_extra_wounds_if_no_save,
            shreds=frozenset(w.shreds), shreds_min=w.shreds_min_roll,
        )
    # A weapon that "acts as" another strikes as that one (the cone as a dagger).
    for w in weapon_entries:
        if w.acts_as:
            base = _need(weapons.get(w.acts_as), "skirmish-weapons", w.acts_as)
            mine = weapons[w.key]
            weapons[w.key] = WeaponInfo(**{
                **{s: getattr(base, s) for s in WeaponInfo.__slots__},
                "slug": mine.slug, "name": mine.name, "shreds": mine.shreds,
                "shreds_min": mine.shreds_min, "ap": mine.ap, "pick_up_ap": mine.pick_up_ap,
            })
    _need(weapons.get("unarmed"), "skirmish-weapons", "unarmed")

    am = read("skirmish-attack-modifiers", AttackModifierEntry)
    mod_shield_side: dict[str, int] = {}
    mod_weapon_cover: dict[str, int] = {}
    mod_weapon_use: dict[str, int] = {}
    for m in am:
        if m.group == "facing":
            for slug in m.kit:
                mod_shield_side[slug] = m.amount
            for slug in m.weapons:
                mod_weapon_cover[slug] = m.amount
        elif m.group == "weapon" and m.weapons:
            for slug in m.weapons:
                mod_weapon_use[slug] = m.amount

    def amod(key: str) -> int:
        return _need(_group(am, key), "skirmish-attack-modifiers", key).amount

    kit: dict[str, KitInfo] = {}
    for k in read("skirmish-kit", KitEntry):
        side_mod = mod_shield_side.get(k.key, k.side_attack_modifier)
        kit[k.key] = KitInfo(
            slug=k.key, name=k.name, category=k.category, weight=k.weight, save=k.save,
            side_modifier=side_mod, weapon=k.weapon,
            never_lost_to_events=k.never_lost_to_special_events,
            recoverable_if_discarded=bool(k.recoverable_if_discarded),
            recoverable_if_knocked_away=k.recoverable_if_knocked_away is not False,
        )

    types: dict[str, TypeInfo] = {}
    for t in read("skirmish-types", GladiatorTypeEntry):
        types[t.key] = TypeInfo(
            slug=t.key, name=t.name,
            weapons=tuple(HeldSpec(w.weapon, w.side, w.lost_first) for w in t.weapons),
            shield=t.shield, shield_side=t.shield_side, armour=t.armour,
            darts=t.darts, arrows=t.arrows,
        )
        for ref in [w.weapon for w in t.weapons] + [t.shield, t.armour]:
            if ref is not None and ref not in weapons and ref not in kit:
                raise SkirmishDataError(f"skirmish-types: '{t.key}' names unknown '{ref}'",
                                        "skirmish-types")

    weight_table = tables.get("skirmish-weight")
    read("skirmish-weight", WeightEntry)
    top = weight_table.axes[0].max or 0
    weight_ratings = tuple(_rating(weight_table.lookup(total)) for total in range(top + 1))

    apm = read("skirmish-ap-modifiers", ApModifierEntry)
    ap_weight = {e.key: e.amount for e in apm if e.group == "weight"}
    wound_entries = [e for e in apm if e.group == "wounds"]
    ap_wounds = {e.key: (e.amount, e.replaces) for e in wound_entries}
    fatigue = next((e for e in apm if e.group == "fatigue"), None)
    off_balance = next((e for e in apm if e.group == "condition"), None)
    floor = next((e for e in apm if e.role == "floor"), None)
    give_in = next((e for e in apm if e.role == "give-in"), None)

    events: dict[int, SpecialEventEntry] = {}
    event_wounds: dict[int, DiceSpec] = {}
    event_odds: dict[int, dict[int, Fraction]] = {}
    for special in read("skirmish-special-events", SpecialEventEntry):
        face = special.key if isinstance(special.key, int) else special.key[0]
        events[face] = special
        if special.wounds_dice:
            spec = dice_spec(special.wounds_dice, f"skirmish-special-events {face}",
                             "skirmish-special-events")
            event_wounds[face] = spec
            try:
                event_odds[face] = distribution(spec.text).probabilities()
            except UserError as err:  # dice too many for exact odds
                raise SkirmishDataError(f"skirmish-special-events {face}: {err}",
                                        "skirmish-special-events") from None

    skills: dict[str, SkillInfo] = {}
    normal_base = None
    for s in read("skirmish-experience", ExperienceEntry):
        skills[s.key] = SkillInfo(
            slug=s.key, name=s.name, ap=s.ap_modifier, attack_die=s.attack_die_modifier,
            attack_excluded=frozenset(s.attack_excluded_weapons),
            defence_die=s.defence_die_modifier, base_strength=s.base_strength,
            appeal=s.appeal_modifier,
        )
        if s.normal_base_strength is not None:
            normal_base = s.normal_base_strength
    if normal_base is None:
        raise SkirmishDataError(
            "skirmish-experience: no skill gives normal_base_strength (the 4 of 4 + D6)",
            "skirmish-experience")

    appeal = read("skirmish-appeal", AppealEntry)
    wounds = read("skirmish-wounds", WoundLevelEntry)
    level_keys = {e.key for e in wounds}
    for line in appeal:
        known = (line.key in APPEAL_MODIFIER_KEYS or line.key in level_keys
                 or line.per in APPEAL_PER or line.optional_rule == "experience")
        if line.role == "modifier" and not known:
            raise SkirmishDataError(f"skirmish-appeal: the engine does not know when "
                                    f"modifier '{line.key}' applies", "skirmish-appeal")
        if line.role == "outcome" and line.condition is not None \
                and line.condition not in level_keys:
            raise SkirmishDataError(f"skirmish-appeal: outcome '{line.key}' tests "
                                    f"'{line.condition}', which is not a wound level",
                                    "skirmish-appeal")
    names = {w.slug: w.name for w in weapons.values()}
    names.update({k.slug: k.name for k in kit.values()})
    names.update({t.slug: t.name for t in types.values()})
    return GameData(
        weapons=weapons, kit=kit, types=types, weight_ratings=weight_ratings,
        ap_costs=ap_costs, ap_allowed_entangled=ap_allowed, cut_free_once=cut_free_once,
        ap_weight=ap_weight, ap_wounds=ap_wounds,
        ap_off_balance=_need(off_balance, "skirmish-ap-modifiers", "off-balance").amount,
        ap_fatigue=fatigue.amount if fatigue else 0,
        ap_experience=sum(e.amount for e in apm if e.group == "experience"),
        fatigue_naturals=frozenset(fatigue.fatigue_on_natural) if fatigue else frozenset(),
        ap_floor=_need(floor, "skirmish-ap-modifiers", "floor").amount,
        give_in_at=_need(give_in, "skirmish-ap-modifiers", "give-in").amount,
        mod_front=amod("front"), mod_rear=amod("rear"), mod_weapon_side=amod("weapon-side"),
        mod_open_side=amod("open-side"), mod_shield_side=mod_shield_side,
        mod_weapon_cover=mod_weapon_cover, mod_entangled=amod("defender-entangled"),
        mod_weapon_use=mod_weapon_use,
        mod_disadvantage={1: amod("disadvantaged"), 2: amod("doubly-disadvantaged")},
        mod_ally=amod("ally-in-front"),
        mod_exp_attack=sum(e.amount for e in am
                           if e.group == "experience" and e.applies_to == "attack"),
        mod_exp_defence=sum(e.amount for e in am
                            if e.group == "experience" and e.applies_to == "defence"),
        events=events, event_wounds=event_wounds, event_wounds_odds=event_odds,
        wound_levels=tuple(sorted(wounds, key=lambda e: e.severity)),
        level_names={e.key: e.name for e in wounds},
        appealing_levels=frozenset(e.key for e in wounds if e.appeals),
        appeal_outcomes=tuple(sorted((e for e in appeal if e.role == "outcome"),
                                     key=lambda e: e.precedence or 0)),
        appeal_modifiers=tuple(e for e in appeal if e.role == "modifier"),
        skills=skills, normal_base_strength=normal_base,
        rules=_read_rules(read("skirmish-rules", RuleEntry)), names=names,
    )
