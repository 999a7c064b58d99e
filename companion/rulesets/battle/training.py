"""Training between fights: development points spent rank by rank at the sheet's costs.

Each rank is bought in the order given and refused in words, with nothing changed, when
`check` would refuse the sheet it makes (points he does not have, WEAPON ranks above
ATTACK, a skill or weapon that does not exist) or when an insanity forbids it: the
insanity table's training rules (`binds`). A new name answers Identity Crisis."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import TypeAdapter, ValidationError

from companion.errors import UserError
from companion.rulesets.battle.binds import (
    TrainingBinds,
    binds_of,
    must_change_name,
    skill_name,
)
from companion.rulesets.battle.data import BattleTables
from companion.rulesets.battle.sheet import (
    MAX_RANKS,
    GladiatorSheet,
    Name,
    points_spent,
    sheet_problems,
    skill_ranks,
)


class TrainingRefused(UserError):
    """A rank, or a name, the rules refuse: nothing is bought."""

    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=1)


@dataclass(frozen=True)
class Order:
    """Ranks to buy of one skill or weapon, as the player named it."""

    what: str
    ranks: int = 1


@dataclass(frozen=True)
class Rank:
    """One rank bought: of a skill (`key` in the skill costs) or a weapon (`weapon`)."""

    key: str
    name: str  # as the sheet prints it: ATTACK, PARRY/DODGE, Hammer
    weapon: bool
    rank: int  # the rank he has now
    cost: int


@dataclass(frozen=True)
class Trained:
    before: GladiatorSheet
    after: GladiatorSheet
    bought: tuple[Rank, ...]
    renamed_from: str | None


def unspent(sheet: GladiatorSheet, tables: BattleTables) -> int:
    """Development points he has earned and not yet spent on a rank."""
    return sheet.development_points - points_spent(sheet, tables)


def parse_orders(words: Sequence[str]) -> list[Order]:
    """`attack 2 hammer parry-dodge 3`: each skill or weapon, then how many ranks (1
    when no number follows it)."""
    orders: list[Order] = []
    numbered = True  # the last order has its number already (or there is none)
    for word in words:
        if not (word.isascii() and word.isdigit()):
            orders.append(Order(word))
            numbered = False
            continue
        if numbered:
            raise UserError(f"{word}: a number of ranks follows the skill or weapon it "
                            "buys (attack 2)")
        ranks = int(word) if len(word) <= 6 else 0
        if not 1 <= ranks <= MAX_RANKS:
            raise UserError(f"{word}: ranks to buy are 1 to {MAX_RANKS}")
        orders[-1] = Order(orders[-1].what, ranks)
        numbered = True
    return orders


def train(sheet: GladiatorSheet, tables: BattleTables, orders: Sequence[Order], *,
          rename: str | None = None) -> Trained:
    """The sheet with every rank of `orders` bought in turn, and his new name; raises
    TrainingRefused at the first rank (or name) the rules refuse."""
    who = sheet.name
    if sheet.status == "dead":
        raise TrainingRefused(f"{who} is dead: the dead train no more")
    problems = sheet_problems(sheet, tables)
    if problems:
        raise TrainingRefused(f"{who}'s sheet breaks the rules already: {problems[0]} "
                              "(companion check FILE says all)")
    binds = binds_of(sheet, tables)
    after, bought = sheet, []
    for order in orders:
        key, weapon = _target(tables, order.what)
        for _ in range(order.ranks):
            rank = _next_rank(after, tables, key, weapon)
            _refuse_rank(after, tables, binds, rank)
            after = _with_rank(after, rank)
            bought.append(rank)
    renamed_from = None
    if rename is not None:
        after, renamed_from = _renamed(after, tables, rename), who
    return Trained(sheet, after, tuple(bought), renamed_from)


def _target(tables: BattleTables, what: str) -> tuple[str, bool]:
    """The skill key, or the weapon's key, a player's word names."""
    word = "-".join(what.strip().lower().replace("/", " ").replace("_", " ").split())
    skills = [row for row in tables.skill_costs() if not row.per_weapon]
    for row in skills:
        if word in (row.key, "-".join(row.name.lower().replace("/", " ").split())):
            return row.key, False
    if any(row.per_weapon and word == row.key for row in tables.skill_costs()):
        raise UserError(f"{what}: WEAPON ranks are bought by the weapon's name "
                        "(hammer 2)")
    if word and tables.has_weapon(word):
        return str(tables.weapon(word).key), True
    raise UserError(f"{what}: no such skill or weapon (the skills are "
                    f"{', '.join(row.key for row in skills)}; a weapon by its name in the "
                    "weapons table)")


def _next_rank(sheet: GladiatorSheet, tables: BattleTables, key: str, weapon: bool) -> Rank:
    if weapon:
        entry = tables.weapon(key)
        rank = sheet.weapons.get(key, 0) + 1
        row = next(r for r in tables.skill_costs() if r.per_weapon)
        return Rank(key, entry.name, True, rank, row.cost_of_rank(rank, entry.cost_per_rank))
    row = tables.skill(key)
    rank = skill_ranks(sheet, tables, key) + 1
    return Rank(key, skill_name(tables, key), False, rank, row.cost_of_rank(rank))


def _refuse_rank(sheet: GladiatorSheet, tables: BattleTables, binds: TrainingBinds,
                 rank: Rank) -> None:
    who, what = sheet.name, f"{rank.name} rank {rank.rank}"
    if rank.rank > MAX_RANKS:
        raise TrainingRefused(f"{what}: a sheet holds at most {MAX_RANKS} ranks of one "
                              "skill or weapon")
    refusal = binds.refusal(sheet, tables, rank.key, rank.weapon)
    if refusal is not None:
        raise TrainingRefused(refusal)
    attack = skill_ranks(sheet, tables, "attack")
    if rank.weapon and rank.rank > attack:
        raise TrainingRefused(f"{what} would be more than his {attack} ATTACK "
                              f"rank{'' if attack == 1 else 's'} (WEAPON ranks never "
                              "exceed ATTACK): train ATTACK first")
    left = unspent(sheet, tables)
    if rank.cost > left:
        raise TrainingRefused(
            f"{what} costs {_points(rank.cost)} and {who} has {left} left "
            f"({sheet.development_points} earned, {points_spent(sheet, tables)} spent)")
    # Whatever else `check` would say of the sheet this rank makes.
    problems = sheet_problems(_with_rank(sheet, rank), tables)
    if problems:
        raise TrainingRefused(f"{what}: {problems[0]}")


def _points(n: int) -> str:
    return f"{n} development point{'' if n == 1 else 's'}"


def _with_rank(sheet: GladiatorSheet, rank: Rank) -> GladiatorSheet:
    field = "weapons" if rank.weapon else "skills"
    return sheet.model_copy(update={field: {**getattr(sheet, field), rank.key: rank.rank}})


def _renamed(sheet: GladiatorSheet, tables: BattleTables, name: str) -> GladiatorSheet:
    """The sheet under his new name; an Identity Crisis not yet answered is answered."""
    try:
        name = _NAME.validate_python(name.strip())
    except ValidationError as err:
        raise TrainingRefused(f"his new name: {err.errors()[0]['msg']}") from None
    if name.casefold() == sheet.name.casefold():
        raise TrainingRefused(f"{sheet.name} is his name already: give him a new one")
    insanities = [i.model_copy(update={"renamed_from": sheet.name})
                  if must_change_name(tables, i) else i for i in sheet.insanities]
    return sheet.model_copy(update={"name": name, "insanities": insanities})


_NAME: TypeAdapter[str] = TypeAdapter(Name)


@dataclass(frozen=True)
class Offer:
    """One skill or weapon he can train, as a training screen lists it."""

    what: str  # the word an `Order` takes: the skill's key, the weapon's
    name: str  # as the sheet prints it
    rank: int  # the ranks he has
    cost: int | None  # of his next rank; None when he has the most a sheet holds


def offers(sheet: GladiatorSheet, tables: BattleTables) -> list[Offer]:
    """Every skill, then the weapons he has ranks in or carries, with his ranks and
    the cost of the next (whether the rules allow it is `train`'s to say)."""
    out = []
    per_weapon = None
    for row in tables.skill_costs():
        if row.per_weapon:
            per_weapon = row
            continue
        rank = skill_ranks(sheet, tables, row.key)
        out.append(Offer(row.key, skill_name(tables, row.key), rank,
                         row.cost_of_rank(rank + 1) if rank < MAX_RANKS else None))
    if per_weapon is None:
        return out
    keys = [*sheet.weapons, *(k for k in sheet.carried if k not in sheet.weapons)]
    for key in keys:
        if not tables.has_weapon(key):
            continue
        entry = tables.weapon(key)
        rank = sheet.weapons.get(key, 0)
        out.append(Offer(str(entry.key), entry.name, rank,
                         per_weapon.cost_of_rank(rank + 1, entry.cost_per_rank)
                         if rank < MAX_RANKS else None))
    return out


def renaming_due(sheet: GladiatorSheet, tables: BattleTables) -> bool:
    """An Identity Crisis he has not answered: he needs a new name before he fights."""
    return any(must_change_name(tables, i) for i in sheet.insanities)
