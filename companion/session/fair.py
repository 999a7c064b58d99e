"""A verifiable match of scheme 2 ("forum-fair"): the managers' salts and their sealed
coaching, kept in the GM's session file beside the seed.

The GM commits first (the seals are in the commitment), then each manager posts a
salt; the GM enters them and closes the salts, and only then is a die rolled
(`companion.dice.salted`). A manager who posts none by the close is kept as having
posted none (null). Kept in the file as
{"scheme": 2, "digest": H, "managers": [...], "seals": {GLADIATOR: HEX}, "salts":
{MANAGER: TEXT|null}, "closed": bool} and, in a strict match only, "strict": true;
`digest` is the commitment's, kept so that the dice do not hang on the tables of the
day.

A strict match (`new --strict`) closes the foresight gap: the GM knows his seed, so he
could try each move he might choose by hand against the dice it would meet. In it
every move is the coaching's and every die the seed's: a move chosen by hand, or dice
typed in, are refused, and the commitment says "strict".
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from companion.dice.derived import DerivedDice
from companion.dice.salted import SaltedDice, Salts, sorted_salts
from companion.dice.sources import DiceSource, SeededDice
from companion.errors import UserError

if TYPE_CHECKING:
    from companion.rulesets.base import Ruleset

SCHEME = 2
MAX_SALT = 200  # characters of a salt
_SEAL_DIGITS = 64


def seal_of(coaching: Any) -> str:
    """A coaching's seal: the sha256 of its canonical JSON (as the commitment writes
    it: no spaces, UTF-8, keys in the file's order), 64 hex digits."""
    # The commitment's canonical JSON (companion.session.commitment.canonical), written
    # out here: that module reads this one.
    text = json.dumps(coaching, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Fair:
    digest: str
    managers: tuple[str, ...]
    seals: Mapping[str, str] = field(default_factory=dict)
    salts: Mapping[str, str | None] = field(default_factory=dict)
    closed: bool = False
    strict: bool = False

    @property
    def sorted(self) -> Salts:
        """The salts in the dice's order; a manager who posted none as None."""
        return sorted_salts((m, self.salts.get(m)) for m in self.managers)

    def with_salt(self, text: str) -> Fair:
        """`text` is "Manager: his salt"."""
        if self.closed:
            raise UserError("the salts are closed: the dice are rolled from them already")
        name, sep, salt = text.partition(":")
        name, salt = name.strip(), salt.strip()
        if not sep or not name or not salt:
            raise UserError('--add: give "Manager: his salt", the manager as the match '
                            f"names him ({', '.join(self.managers)})")
        if name not in self.managers:
            raise UserError(f"--add: {name} is not a manager of this match "
                            f"({', '.join(self.managers)})")
        if self.salts.get(name) is not None:
            raise UserError(f"--add: {name} has posted his salt already")
        if len(salt) > MAX_SALT or any(ord(c) < 32 or ord(c) == 127 for c in salt):
            raise UserError(f"--add: a salt is one line of at most {MAX_SALT} characters")
        return replace(self, salts={**self.salts, name: salt})

    def with_closed(self) -> Fair:
        if self.closed:
            raise UserError("the salts are closed already")
        return replace(self, closed=True,
                       salts={m: self.salts.get(m) for m in self.managers})

    def state_words(self) -> str:
        """Who has salted, in words ("Alice salted; waiting for Bob")."""
        salted = [m for m in self.managers if self.salts.get(m) is not None]
        missing = [m for m in self.managers if self.salts.get(m) is None]
        said = []
        if salted:
            said.append(f"salted: {', '.join(salted)}")
        if missing:
            said.append(f"{'posted no salt' if self.closed else 'waiting for'}: "
                        f"{', '.join(missing)}")
        said.append("closed, the dice roll" if self.closed
                    else "open: no die is rolled until they are closed")
        return "; ".join(said)

    def to_json(self) -> dict[str, Any]:
        data = {"scheme": SCHEME, "digest": self.digest, "managers": list(self.managers),
                "seals": dict(self.seals), "salts": dict(self.salts), "closed": self.closed}
        # Only when strict: the files of the matches made before it stay as they were.
        return {**data, "strict": True} if self.strict else data


STRICT_DICE = ("a strict match: every die comes from the seed, none may be typed in at "
               "the table")


def strict_moves(names: Sequence[str]) -> str:
    """The one line that refuses moves chosen by hand in a strict match."""
    return (f"a strict match: every move is the coaching's; {', '.join(names)}'s move "
            "may not be chosen by hand")


def refuse_by_hand(fair: Fair | None, ruleset: Ruleset[Any], state: Any,
                   action: Mapping[str, Any]) -> None:
    """A strict match refuses a move chosen by hand, or one given as the coaching's
    that the coaching would not play (a UserError of one line); another lets it be."""
    if fair is None or not fair.strict:
        return
    hand = ruleset.by_hand(state, action)
    if hand:
        raise UserError(strict_moves(hand))
    false = ruleset.false_claims(state, action)
    if false:
        raise UserError(f"a strict match: {false[0]}")


def action_dice(seed: str, fair: Fair | None, index: int, given: DiceSource,
                action: Mapping[str, Any], session: Any) -> DiceSource:
    """The dice of a verifiable session's next action (`seed_dice`), once a strict
    match has let the action be (`refuse_by_hand`; `session`: its ruleset and state)."""
    dice = seed_dice(seed, fair, index, given)
    refuse_by_hand(fair, session.ruleset, session.state, action)
    return dice


def seed_dice(seed: str, fair: Fair | None, index: int, given: DiceSource) -> DiceSource:
    """The dice of the action at `index` of a verifiable session: the app's (a
    `SeededDice`) give way to the seed's (scheme 1) or the salted seed's (scheme 2);
    dice typed in stay. Refused while the salts are open: no die before them."""
    if fair is not None and not fair.closed:
        raise UserError("the managers' salts are not closed yet, so no die may be "
                        "rolled: companion salts FILE --close")
    if not isinstance(given, SeededDice):
        if fair is not None and fair.strict:
            raise UserError(STRICT_DICE)
        return given
    if fair is not None:
        return SaltedDice(seed, fair.digest, fair.sorted, index)
    return DerivedDice(seed, index)


def fair_from(data: Any) -> Fair | None:
    """The record as its file holds it (None: none); a UserError when it does not
    read."""
    if data is None:
        return None
    try:
        if data.get("scheme") != SCHEME:
            raise ValueError
        managers = tuple(str(m) for m in data["managers"])
        seals = {str(k): _seal(v) for k, v in dict(data.get("seals", {})).items()}
        salts = {str(k): None if v is None else str(v)
                 for k, v in dict(data.get("salts", {})).items()}
        if set(salts) - set(managers):
            raise ValueError
        return Fair(str(data["digest"]), managers, seals, salts, bool(data.get("closed")),
                    data.get("strict") is True)
    except (AttributeError, KeyError, TypeError, ValueError):
        raise UserError("fair: not a record of salts and seals this companion reads "
                        "(scheme 2)") from None


def _seal(value: Any) -> str:
    text = str(value).strip().lower()
    if len(text) != _SEAL_DIGITS or any(c not in "0123456789abcdef" for c in text):
        raise ValueError(f"a seal is {_SEAL_DIGITS} hex digits, not {value!r}")
    return text


def parse_seals(text: str, coachings: Sequence[tuple[str, str, Any]]) -> dict[str, str]:
    """`--seals "Name:HASH,..."`: each seal by the gladiator it seals, named by him or
    by his manager (when the manager has only him); `coachings` is (gladiator, manager,
    coaching) in the setup's order."""
    seals: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, value = part.rpartition(":")
        name = name.strip()
        if not sep or not name:
            raise UserError(f'--seals: "{part}" is not "Manager:HASH"')
        glad = [g for g, _m, _c in coachings if g == name] or \
            [g for g, m, _c in coachings if m == name]
        if len(glad) != 1:
            known = ", ".join(sorted({m for _g, m, _c in coachings}))
            raise UserError(f"--seals: {name} is not a manager of one gladiator in this "
                            f"match ({known}), nor a gladiator's name")
        if glad[0] in seals:
            raise UserError(f"--seals: {name} is sealed twice")
        try:
            seals[glad[0]] = _seal(value)
        except ValueError as err:
            raise UserError(f"--seals: {name}: {err}") from None
    return seals


def seal_problems(seals: Mapping[str, str],
                  coachings: Sequence[tuple[str, str, Any]]) -> list[str]:
    """Each sealed coaching that is not the one sealed, named by its manager."""
    found = []
    by_name = {g: (m, c) for g, m, c in coachings}
    for glad, seal in seals.items():
        if glad not in by_name:
            found.append(f"a seal names {glad}, who is not in the match")
            continue
        manager, coaching = by_name[glad]
        if seal_of(coaching) != seal:
            who = manager if manager == glad else f"{manager} ({glad})"
            found.append(f"{who}'s coaching differs from the one he sealed")
    return found
