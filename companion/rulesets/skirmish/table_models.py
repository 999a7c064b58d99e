"""Entry models of the hex skirmish tables (seed 003, values from RULES.md section 1).

The skirmish engine reads these tables, so every number and flag is its own field and
every cross-reference is a slug: a gladiator type names its kit (`skirmish-kit`) and
weapons (`skirmish-weapons`); wound levels, weight ratings and skills are keyed by the
slugs the modifier tables use. Cross-table references are checked by the tests, since
one entry cannot see another table.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from companion.tables.effects import Effect
from companion.tables.model import Entry, StrictModel

Side = Literal["right", "left"]
Weight = Literal["light", "medium", "heavy"]
Die = Annotated[int, Field(ge=1, le=6)]


class WeightEntry(Entry):
    """A weight rating for a total of armour weight + shield weight."""

    rating: Weight
    name: str
    description: str


class KitEntry(Entry):
    """A piece of armour or a shield. `side_attack_modifier` is what an attacker adds
    when this shield covers the side he attacks; `weapon` is the `skirmish-weapons`
    slug used when the item is wielded (a cape only entangles, a galerus never)."""

    name: str
    description: str
    category: Literal["armour", "shield"]
    weight: int = Field(ge=0)
    save: int = Field(ge=0)
    size: Literal["small", "large", "extra-large"] | None = None
    side_attack_modifier: int | None = None
    weapon: str | None = None
    never_lost_to_special_events: bool = False
    # A shield thrown away on purpose stays gone; one knocked away may be picked up.
    recoverable_if_discarded: bool | None = None
    recoverable_if_knocked_away: bool | None = None

    @model_validator(mode="after")
    def _armour_is_not_a_shield(self) -> KitEntry:
        shield_only = (
            self.size,
            self.side_attack_modifier,
            self.weapon,
            self.recoverable_if_discarded,
            self.recoverable_if_knocked_away,
        )
        if self.category == "armour" and any(v is not None for v in shield_only):
            raise ValueError("armour has no shield size, side modifier, weapon use or recovery")
        if self.category == "armour" and self.never_lost_to_special_events:
            raise ValueError("only a shield can be exempt from special events")
        if (
            self.category == "shield"
            and self.size is not None
            and (self.side_attack_modifier is None or self.recoverable_if_discarded is None)
        ):
            raise ValueError("a real shield needs its side modifier and recovery rules")
        return self


class WeaponRef(StrictModel):
    weapon: str
    side: Side
    # Diamecheri: when he loses a weapon, this one goes before the others.
    lost_first: bool = False


class GladiatorTypeEntry(Entry):
    """A roster type. `printed_save` / `printed_weight` are the roster's own figures:
    [with shield, without] where it prints two, one figure where it prints one."""

    name: str
    weapons: list[WeaponRef] = Field(min_length=1)
    shield: str | None = None
    shield_side: Side | None = None
    armour: str
    darts: int = Field(default=0, ge=0)
    arrows: int = Field(default=0, ge=0)
    printed_save: list[int] = Field(min_length=1, max_length=2)
    printed_weight: list[Weight] = Field(min_length=1, max_length=2)
    notes: str = ""

    @model_validator(mode="after")
    def _figures_fit_the_kit(self) -> GladiatorTypeEntry:
        if (self.shield is None) != (self.shield_side is None):
            raise ValueError("a shield needs a side, and a side needs a shield")
        if self.shield is None and (len(self.printed_save) != 1 or len(self.printed_weight) != 1):
            raise ValueError("without a shield the roster prints one save and one weight")
        if self.shield is not None and len(self.printed_save) != 2:
            raise ValueError("with a shield the roster prints the save with and without it")
        names = [w.weapon for w in self.weapons]
        if self.darts and "throwing-darts" not in names:
            raise ValueError("darts are carried only with throwing-darts")
        if self.arrows and "bow" not in names:
            raise ValueError("arrows are carried only with a bow")
        if sum(w.lost_first for w in self.weapons) > 1:
            raise ValueError("only one weapon can be lost first")
        return self


class EntangleNeed(StrictModel):
    """The lowest D6 that entangles a target at this range."""

    range: int = Field(ge=1)
    min_roll: Die


class WeaponEntry(Entry):
    """A weapon. Ranges are in hexes (1 = adjacent); beyond 1 only inside the front
    arc. A hit with `two_handed` lowers the save by `hit_save_modifier`, or adds
    `hit_extra_wounds_if_no_save` when he has no save. A missile that wounds, is
    saved or causes a special event is gone; otherwise it lands in a random hex next to
    where the target stood (`otherwise_lands`)."""

    name: str
    description: str
    min_range: int = Field(ge=1)
    max_range: int = Field(ge=1)
    disadvantaged_at: list[int] = Field(default_factory=list)
    doubly_disadvantaged_at: list[int] = Field(default_factory=list)
    always_disadvantaged: bool = False
    ap_cost: int = Field(ge=1)
    reach: bool = False
    missile: bool = False
    not_adjacent: bool = False
    ammo: Literal["dart", "arrow"] | None = None
    lost_when: list[Literal["wounds", "saved", "special-event"]] = Field(default_factory=list)
    otherwise_lands: Literal["random-hex-adjacent-to-target"] | None = None
    pick_up_ap: int | None = Field(default=None, ge=0)
    causes_wounds: bool = True
    entangles: bool = False
    entangle_needs: list[EntangleNeed] = Field(default_factory=list)
    cut_free_min_roll: int | None = Field(default=None, ge=1, le=6)
    cut_free_lost_on: list[int] = Field(default_factory=list)
    cut_free_drops_on: list[int] = Field(default_factory=list)
    counts_as_weapon_for_defence: bool = True
    two_handed: bool = False
    hit_save_modifier: int = 0
    hit_extra_wounds_if_no_save: int = Field(default=0, ge=0)
    shreds: list[str] = Field(default_factory=list)
    shreds_min_roll: int | None = Field(default=None, ge=1, le=6)
    acts_as: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> WeaponEntry:
        if self.min_range > self.max_range:
            raise ValueError("min_range is above max_range")
        span = range(self.min_range, self.max_range + 1)
        bad = [r for r in self.disadvantaged_at + self.doubly_disadvantaged_at if r not in span]
        if bad:
            raise ValueError(f"disadvantaged at ranges the weapon cannot reach: {bad}")
        if set(self.disadvantaged_at) & set(self.doubly_disadvantaged_at):
            raise ValueError("a range is either disadvantaged or doubly, not both")
        if self.not_adjacent != (self.min_range > 1):
            raise ValueError("not_adjacent must say whether min_range is above 1")
        if self.entangles != bool(self.entangle_needs):
            raise ValueError("an entangling weapon lists its needs, and only one does")
        if self.entangles and sorted(n.range for n in self.entangle_needs) != list(span):
            raise ValueError("entangle_needs must give one roll for each range it reaches")
        if self.entangles != (self.cut_free_min_roll is not None):
            raise ValueError("what entangles can be cut free, and nothing else")
        if self.missile != (self.ammo is not None) or self.missile != bool(self.lost_when):
            raise ValueError("a missile names its ammunition and when it is lost")
        if self.missile != (self.otherwise_lands is not None):
            raise ValueError("a missile that is not lost lands somewhere")
        if self.two_handed != (self.hit_save_modifier != 0):
            raise ValueError("only a two-handed weapon changes the save")
        if bool(self.shreds) != (self.shreds_min_roll is not None):
            raise ValueError("shreds and shreds_min_roll go together")
        return self


# Actions a gladiator may take again and again in one turn, while his AP lasts.
REPEATABLE = {"move": "a step", "turn": "turning", "attack": "an attack",
              "cut-free": "cutting free"}


class ApActionEntry(Entry):
    """What an action costs in AP. Attack actions list the weapons they are for."""

    name: str
    description: str
    ap: int = Field(ge=0)
    category: Literal["move", "turn", "attack", "cut-free", "item", "end"]
    weapons: list[str] = Field(default_factory=list)
    limit: Literal["once-per-weapon-per-turn", "once-per-turn"] | None = None
    allowed_when_entangled: bool

    @model_validator(mode="after")
    def _attacks_name_weapons(self) -> ApActionEntry:
        if (self.category == "attack") != bool(self.weapons):
            raise ValueError("attack actions, and only they, list their weapons")
        if self.ap < 1 and self.category in REPEATABLE:
            raise ValueError(f"{REPEATABLE[self.category]} costs at least 1 AP: he may do "
                             "it again and again in a turn, and free, his turn would never "
                             "end")
        return self


class ApModifierEntry(Entry):
    """A modifier to the AP roll, or one of its limits. In the `weight` group exactly
    one applies (his rating); `replaces` names an entry this one is instead of.
    `floor`: AP below `amount` count as `amount`. `give-in`: a net modifier of
    `amount` or worse while in an opponent's front hex makes him give in and appeal."""

    name: str
    description: str
    role: Literal["modifier", "floor", "give-in"] = "modifier"
    group: Literal["weight", "wounds", "condition", "fatigue", "experience", "limit"]
    amount: int
    per: str | None = None
    replaces: str | None = None
    next_turn_only: bool = False
    optional_rule: Literal["fatigue", "experience"] | None = None
    # Fatigue: the natural AP rolls that add a fatigue point.
    fatigue_on_natural: list[int] = Field(default_factory=list)
    needs_in_opponent_front_hex: bool = False

    @model_validator(mode="after")
    def _limits_are_limits(self) -> ApModifierEntry:
        if (self.role == "modifier") == (self.group == "limit"):
            raise ValueError("the limit group holds the floor and give-in entries, only")
        if self.needs_in_opponent_front_hex != (self.role == "give-in"):
            raise ValueError("only giving in depends on standing in an opponent's front hex")
        return self


class AttackModifierEntry(Entry):
    """A modifier to the attacker's die (`attack`) or the defender's (`defence`).
    One `facing` entry applies per attack: the side he is struck on. Shield-side
    entries name the kit that gives them (`kit`) or the weapon (`weapons`, the net)."""

    name: str
    description: str
    amount: int
    applies_to: Literal["attack", "defence"]
    group: Literal["facing", "condition", "weapon", "support", "experience"]
    per: str | None = None
    kit: list[str] = Field(default_factory=list)
    weapons: list[str] = Field(default_factory=list)
    optional_rule: Literal["experience"] | None = None


Who = Literal["attacker", "defender"]


class WeaponLossEntry(StrictModel):
    """One face of the double-1 D6: whose weapon, which one, and where it goes."""

    key: Die
    description: str
    who: Who
    weapon: Literal["used", "random"]
    gone_for_good: bool
    lands: Literal["random-adjacent-hex"] | None = None
    effects: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _gone_or_landed(self) -> WeaponLossEntry:
        if self.gone_for_good == (self.lands is not None):
            raise ValueError("a lost weapon is either gone for good or lands in a hex")
        return self


class SpecialEventEntry(Entry):
    """What a double on the attack dice does (the attack then ends).

    `floored`: if the attacker ends his turn adjacent, the defender is beaten and
    appeals; otherwise he is only off balance. `exempt_kit`: kit this event never
    takes. `random_weapon_excludes`: categories not in the pool a random weapon is
    drawn from. `subtable`: the D6 rolled for a lost weapon."""

    name: str
    description: str
    who: Who | Literal["either"]
    wounds_dice: str | None = None
    no_save: bool = False
    off_balance: bool = False
    loses_shield: bool = False
    floored: bool = False
    weapon_lost: bool = False
    lands: Literal["random-adjacent-hex"] | None = None
    recoverable: bool = False
    exempt_kit: list[str] = Field(default_factory=list)
    random_weapon_excludes: list[Literal["shield"]] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    subtable: list[WeaponLossEntry] = Field(default_factory=list)

    @model_validator(mode="after")
    def _subtable_is_a_die(self) -> SpecialEventEntry:
        if self.subtable and sorted(s.key for s in self.subtable) != list(range(1, 7)):
            raise ValueError("a sub-table must have exactly the keys 1-6 of a d6")
        if self.weapon_lost != bool(self.subtable):
            raise ValueError("a lost weapon is settled on its D6 sub-table")
        if self.no_save and not self.wounds_dice:
            raise ValueError("no_save belongs to an event that wounds")
        return self


class AppealEntry(Entry):
    """A line of the appeal to the crowd (2D6 + modifiers). An `outcome` line applies
    by total (`min_total` / `max_total`), by the natural roll (`natural`) or by his
    state (`condition`); the lowest `precedence` that applies decides. A `modifier`
    line adds `amount`, once or `per` item counted."""

    name: str
    description: str
    role: Literal["outcome", "modifier"]
    outcome: Literal["spared", "killed"] | None = None
    min_total: int | None = None
    max_total: int | None = None
    natural: int | None = Field(default=None, ge=2, le=12)
    condition: str | None = None
    precedence: int | None = Field(default=None, ge=1)
    amount: int | None = None
    per: str | None = None
    optional_rule: Literal["experience"] | None = None

    @model_validator(mode="after")
    def _role_fields(self) -> AppealEntry:
        if self.role == "outcome":
            tests = [
                self.min_total is not None or self.max_total is not None,
                self.natural is not None,
                self.condition is not None,
            ]
            if self.outcome is None or self.precedence is None or sum(tests) != 1:
                raise ValueError("an outcome has a result, a precedence and one test")
            if self.amount is not None or self.per is not None:
                raise ValueError("an outcome adds nothing to the roll")
        elif self.amount is None or self.outcome is not None or self.precedence is not None:
            raise ValueError("a modifier has an amount and no outcome")
        return self


class ExperienceEntry(Entry):
    """An experience skill; each field is what it adds (0 / null: nothing)."""

    name: str
    description: str
    ap_modifier: int = 0
    attack_die_modifier: int = 0
    attack_excluded_weapons: list[str] = Field(default_factory=list)
    defence_die_modifier: int = 0
    base_strength: int | None = Field(default=None, ge=1)
    normal_base_strength: int | None = Field(default=None, ge=1)
    appeal_modifier: int = 0


class WoundLevelEntry(Entry):
    """A wound level, reached by exactly one test: strength lost at least
    `lost_at_least`, lost at least `lost_fraction_at_least` of his starting strength,
    or strength down to `strength_at_most`. Higher `severity` is worse."""

    name: str
    description: str
    severity: int = Field(ge=1)
    lost_at_least: int | None = Field(default=None, ge=1)
    lost_fraction_at_least: float | None = Field(default=None, gt=0, le=1)
    strength_at_most: int | None = None
    appeals: bool = False
    dies: bool = False

    @model_validator(mode="after")
    def _one_test(self) -> WoundLevelEntry:
        tests = (self.lost_at_least, self.lost_fraction_at_least, self.strength_at_most)
        if sum(t is not None for t in tests) != 1:
            raise ValueError("a wound level has exactly one threshold")
        return self


class RuleEntry(Entry):
    """A figure no other skirmish table carries (the save target, the standard arena,
    the experience limits, ...): exactly one of `value` or `by_face` (a compass
    direction for each D6 face, each direction once). `basis` is its RULES.md tag:
    seed, reference sheet or house ruling, and a house ruling is marked in `house`."""

    description: str = Field(min_length=1)
    basis: Literal["seed", "ref", "house"]
    value: int | None = Field(default=None, ge=0)
    by_face: dict[Die, Literal["N", "NE", "SE", "S", "SW", "NW"]] | None = None

    @model_validator(mode="after")
    def _one_figure(self) -> RuleEntry:
        if (self.value is None) == (self.by_face is None):
            raise ValueError("a rule gives exactly one of value or by_face")
        faces = self.by_face or {}
        if faces and (sorted(faces) != list(range(1, 7)) or len(set(faces.values())) != 6):
            raise ValueError("by_face gives each face 1-6 a different direction")
        if (self.basis == "house") != bool(self.house):
            raise ValueError("a house ruling, and only one, is marked in 'house'")
        return self


ENTRY_MODELS: dict[str, type[Entry]] = {
    "skirmish-weight": WeightEntry,
    "skirmish-kit": KitEntry,
    "skirmish-type": GladiatorTypeEntry,
    "skirmish-weapon": WeaponEntry,
    "skirmish-ap-action": ApActionEntry,
    "skirmish-ap-modifier": ApModifierEntry,
    "skirmish-attack-modifier": AttackModifierEntry,
    "skirmish-special-event": SpecialEventEntry,
    "skirmish-appeal": AppealEntry,
    "skirmish-experience": ExperienceEntry,
    "skirmish-wound-level": WoundLevelEntry,
    "skirmish-rule": RuleEntry,
}
