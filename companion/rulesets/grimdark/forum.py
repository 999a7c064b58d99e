"""The forum sheet: a Grimdark gladiator as managers post him in the roster thread
(seed 000's Lord Smash), read from pasted text and written back the same way.

Reading is tolerant of case, spacing, bullets and BBCode tags; the lines that are not
the sheet are his story, which becomes his description. A line that looks like a
sheet line (a stat, "Fame:", a move in the moves list) but cannot be read is named
with its line number, and nothing is imported until every one reads.

House format, where the seed shows none: `Active Stat: Mind` (written only when the
active stat is chosen, not his strongest), `Status: house NPC` / `Status: dead`
(written only when so), `Manager: Name` (whose he is), `Armor: 2 slots`, an asterisk after the
name for a starred gladiator, an element word among an Elemental weapon's words, and
`Veteran: 1 Fame and 4 wins (d6: 4)` (what an ability gave his career, its roll kept).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from companion.errors import UserError
from companion.files.jsonfile import place, problem
from companion.rulesets.grimdark import career
from companion.rulesets.grimdark.build import points_spent
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import STAT_NAMES, Gladiator
from companion.rulesets.grimdark.table_models import STATS

MAX_TEXT = 1_000_000  # characters: a whole page of a thread, with room to spare
MAX_LINE = 200  # characters of one entry of a list: a move, an ability, a weapon

_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]\n]*)?\]", re.IGNORECASE)
_IC = re.compile(r"\[ic=([^\]\n]+)\]", re.IGNORECASE)
_OTHER_TAG = re.compile(r"\[/?(?!b\])[a-z*]+(?:=[^\]\n]*)?\]", re.IGNORECASE)
_BOLD_LINE = re.compile(r"^\s*\[b\]([^\[\]\n]+)\[/b\]\s*$", re.IGNORECASE)
_BULLET = re.compile(r"^(?:[-*•·◦▪‣+>]|\d+[.)])\s+")
_KEYWORD = re.compile(
    r"^(brutality|style|mind|weird|fame|record|abilities|moves|weapons|equipment|"
    r"armou?r|active stat|status|manager|name)\s*(?::\s*(.*)|\s+(\d.*)|)$", re.IGNORECASE)
_COUNT_HEAD = re.compile(r"^\(?\s*(\d+)\s*(?:pts?\.?|points?)?\s*\)?$", re.IGNORECASE)
_RECORD = re.compile(r"^(\d+)\s*[-–/]\s*(\d+)$")
_SLOTS = re.compile(r"^(\d+)(?:\s*slots?)?$", re.IGNORECASE)
_LEVELLED = re.compile(r"^(.*?\S)[\s:]*(?:\(\s*(\d+)\s*\)|x?\s*(\d+))?$", re.IGNORECASE)
_COPIES_AFTER = re.compile(
    r"^(.*?\S)\s*(?:[x×*]\s*(\d+)|\(\s*[x×]?\s*(\d+)\s*\)|(?:[:–-]\s*|\s+)(\d+))$",
    re.IGNORECASE)
_COPIES_BEFORE = re.compile(r"^(\d+)\s*[x×]\s+(.+)$", re.IGNORECASE)
_WEAPON = re.compile(r"^(.*\S)\s*\(([^()]*)\)$")
_WORD_SPLIT = re.compile(r"[\s,;/]+")
_LISTS = {"abilities": "abilities", "moves": "moves", "weapons": "weapons",
          "equipment": "weapons"}


class ForumError(UserError):
    """Pasted text that does not read as a sheet: every problem, one line each."""

    exit_code = 1

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass
class Imported:
    """A gladiator read from a forum post, and what the post claims that does not add
    up (its points or move count): worth a look, not a reason to refuse."""

    gladiator: Gladiator
    notes: list[str] = field(default_factory=list)


@dataclass
class _Reading:
    data: GrimdarkData
    fields: dict[str, Any] = field(default_factory=dict)
    abilities: dict[str, int] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)
    weapons: list[dict[str, Any]] = field(default_factory=list)
    story: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    claims: dict[str, tuple[int, int]] = field(default_factory=dict)  # what: (claim, line)
    seen: set[str] = field(default_factory=set)  # the header words met, read or not

    def fail(self, number: int, text: str, why: str) -> None:
        self.problems.append(f"line {number}: '{_cut(text)}' {why}")


def _cut(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _sheet_text(line: str) -> str:
    """A line as a sheet line is read: without tags, bullets or extra spaces."""
    text = _BULLET.sub("", _TAG.sub("", line).strip())
    return re.sub(r"\s+", " ", text).strip()


def read_forum(text: str, data: GrimdarkData) -> Imported:
    """The gladiator a forum post describes; ForumError naming every line that looks
    like a sheet line and cannot be read."""
    if len(text) > MAX_TEXT:
        raise ForumError([f"the text is too long for a sheet ({len(text):,} characters; "
                          f"at most {MAX_TEXT:,})"])
    r = _Reading(data)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    name, name_line = _name_from_tags(lines)
    section: str | None = None
    open_list = False  # a list header seen, and no blank line since its last entry
    for number, raw in enumerate(lines, start=1):
        line = "" if number == name_line else _sheet_text(raw)
        if not line:
            if section is not None and _has_entries(r, section):
                open_list = False
            if section is None:
                r.story.append("")
            continue
        if len(line) <= MAX_LINE and _career(r, number, line):
            continue
        head = _KEYWORD.match(line)
        if head:
            section = _header(r, number, line, head)
            open_list = section is not None
            continue
        if section is not None and (open_list or _reads_as(r, section, line)):
            _entry(r, section, number, line)
            open_list = True
            continue
        section = None
        r.story.append(_TAG.sub("", raw).rstrip())
    name = r.fields.pop("name", None) or name
    if not name:
        # A post copied from inside its [ic=...] tag leaves the name behind.
        r.problems.append("the sheet names no gladiator: copy the whole post, its "
                          "[ic=Name] tag too, or add a line such as 'Name: Lord Smash'")
    for stat in STATS:
        if stat not in r.seen:
            r.problems.append(f"the sheet has no {STAT_NAMES[stat]} line")
    if r.problems:
        raise ForumError(r.problems)
    starred = name.endswith("*")
    gladiator = _gladiator(r, name.rstrip("*").strip(), starred)
    return Imported(gladiator, list(_claim_notes(r, gladiator)))


def _name_from_tags(lines: list[str]) -> tuple[str, int]:
    """His name from an [ic=Name] tag, or else a first line all in bold, and the line
    number of a bold name (which is then not his story; 0 for none)."""
    for line in lines:
        found = _IC.search(line)
        if found:
            return re.sub(r"\s+", " ", found.group(1)).strip(), 0
    for number, line in enumerate(lines, start=1):
        line = _OTHER_TAG.sub("", line)
        if line.strip():
            bold = _BOLD_LINE.match(line)
            return (re.sub(r"\s+", " ", bold.group(1)).strip(), number) if bold else ("", 0)
    return "", 0


def _has_entries(r: _Reading, section: str) -> bool:
    return bool({"abilities": r.abilities, "moves": r.moves, "weapons": r.weapons}[section])


def _header(r: _Reading, number: int, line: str, head: re.Match[str]) -> str | None:
    """Read a header line; the list it opens, if any."""
    word = re.sub(r"\s+", " ", head.group(1).lower()).replace("armour", "armor")
    value = (head.group(2) if head.group(2) is not None else head.group(3) or "").strip()
    if word in r.seen:
        # Two sheets in one post, or a slip: which one is meant is not for us to guess.
        r.fail(number, line, f"gives {word.title()} a second time")
        return _LISTS.get(word)
    r.seen.add(word)
    if word in _LISTS:
        claim = _COUNT_HEAD.match(value) if value else None
        if claim is not None:
            r.claims[_LISTS[word]] = (int(claim.group(1)), number)
        elif value:
            r.fail(number, line, f"should be '{word.title()}:' with at most a count after it")
        return _LISTS[word]
    if word in STATS or word == "fame":
        if not value.isdigit():
            r.fail(number, line, f"needs a whole number after '{word.title()}:'")
        else:
            r.fields[word] = int(value)
    elif word == "record":
        found = _RECORD.match(value)
        if found is None:
            r.fail(number, line, "needs wins and losses, such as 'Record: 3-1'")
        else:
            r.fields["wins"], r.fields["losses"] = int(found.group(1)), int(found.group(2))
    elif word.startswith("armo"):
        found = _SLOTS.match(value)
        if found is None:
            r.fail(number, line, "needs the slots spent on armour, such as 'Armor: 2 slots'")
        else:
            r.fields["armour"] = int(found.group(1))
    elif word == "active stat":
        stat = value.lower()
        if stat not in STATS:
            r.fail(number, line, "needs Brutality, Style, Mind or Weird")
        else:
            r.fields["active_stat"] = stat
    elif word == "status":
        # Ours, like Active Stat: written only for a house NPC or a gladiator now dead.
        said = {w.strip().lower() for w in re.split(r"[,;&]|\band\b", value) if w.strip()}
        known = {"house npc": "npc", "npc": "npc", "dead": "dead"}
        if not said or not said <= set(known):
            r.fail(number, line, "should be 'Status: house NPC', 'Status: dead' or both")
        else:
            for w in said:
                r.fields[known[w]] = True
    elif word == "manager":
        if not value:
            r.fail(number, line, "needs the manager's name")
        else:
            r.fields["manager"] = value
    elif word == "name":
        if not value:
            r.fail(number, line, "needs the gladiator's name")
        else:
            r.fields["name"] = value
    return None


def _career(r: _Reading, number: int, line: str) -> bool:
    """Read a line recording what an ability gave his career ("Veteran: 1 Fame and 4
    wins (d6: 4)"), wherever it stands; whether the line was one."""
    try:
        found = career.read_line(line, r.data)
    except ValueError as err:
        r.fail(number, line, str(err))
        return True
    if found is None:
        return False
    key, grants = found
    record = r.fields.setdefault("career_start", {})
    if key in record:
        r.fail(number, line, f"gives what {r.data.abilities[key].name} gave him a second time")
    else:
        record[key] = [g.model_dump(mode="json", exclude_none=True) for g in grants]
    return True


def _reads_as(r: _Reading, section: str, line: str) -> bool:
    """Whether a line after a blank one still belongs to the list above it."""
    if len(line) > MAX_LINE:
        return False
    trial = _Reading(r.data)
    _entry(trial, section, 0, line)
    return not trial.problems


def _entry(r: _Reading, section: str, number: int, line: str) -> None:
    # Bounded before any pattern reads it: the patterns look back and forth.
    if len(line) > MAX_LINE:
        r.fail(number, line, f"is too long for a line of the list ({len(line)} characters; "
               f"at most {MAX_LINE})")
    elif section == "abilities":
        _ability(r, number, line)
    elif section == "moves":
        _move(r, number, line)
    else:
        _weapon(r, number, line)


def _ability(r: _Reading, number: int, line: str) -> None:
    found = _LEVELLED.match(line)
    level = found.group(2) or found.group(3) if found else None
    ability = r.data.ability_named(found.group(1)) if found else None
    if ability is None:
        ability, level = r.data.ability_named(line), None
    if ability is None:
        r.fail(number, line, "is not an ability in the Grimdark abilities table")
        return
    if ability.key in r.abilities:
        r.fail(number, line, f"gives {ability.name} a second time")
        return
    if level is not None and int(level) < 1:
        r.fail(number, line, "gives the ability no level")
        return
    r.abilities[ability.key] = int(level) if level else 1


def _move(r: _Reading, number: int, line: str) -> None:
    name, copies = line, "1"
    after, before = _COPIES_AFTER.match(line), _COPIES_BEFORE.match(line)
    if after and r.data.move_named(after.group(1)):
        name = after.group(1)
        copies = after.group(2) or after.group(3) or after.group(4)
    elif before and r.data.move_named(before.group(2)):
        copies, name = before.group(1), before.group(2)
    move = r.data.move_named(name)
    if move is None:
        r.fail(number, line, "is not a move in the Grimdark moves table")
        return
    if int(copies) < 1:
        r.fail(number, line, "gives no copies of the move")
        return
    r.moves[move.key] = r.moves.get(move.key, 0) + int(copies)


def _weapon(r: _Reading, number: int, line: str) -> None:
    found = _WEAPON.match(line)
    if found is None:
        r.fail(number, line, "needs its kind in brackets, such as 'Greataxe (Heavy melee)'")
        return
    weapon: dict[str, Any] = {"name": found.group(1), "properties": []}
    for word in (w for w in _WORD_SPLIT.split(found.group(2).lower()) if w):
        if word in ("light", "heavy"):
            _once(r, number, line, weapon, "weight", word)
        elif word in ("melee", "ranged"):
            _once(r, number, line, weapon, "reach", word)
        elif word in ("acid", "electric", "fire", "ice"):
            _once(r, number, line, weapon, "element", word)
        elif (prop := r.data.property_named(word)) is not None:
            weapon["properties"].append(prop.key)
        else:
            r.fail(number, line, f"names '{word}', which is no weapon property")
            return
    for key, words in (("weight", "light or heavy"), ("reach", "melee or ranged")):
        if key not in weapon:
            r.fail(number, line, f"must say {words}")
            return
    r.weapons.append(weapon)


def _once(r: _Reading, number: int, line: str, weapon: dict[str, Any], key: str,
          word: str) -> None:
    if key in weapon and weapon[key] != word:
        r.fail(number, line, f"is both {weapon[key]} and {word}")
    weapon[key] = word


def _description(story: list[str]) -> str:
    text = "\n".join(story).strip("\n")
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _gladiator(r: _Reading, name: str, starred: bool) -> Gladiator:
    raw = {**r.fields, "name": name, "starred": starred, "description": _description(r.story),
           "abilities": r.abilities, "moves": r.moves, "weapons": r.weapons}
    try:
        return Gladiator.model_validate(raw)
    except ValidationError as err:
        raise ForumError([f"{place(e['loc'])}: {problem(e)}" for e in err.errors()]) from None


def _claim_notes(r: _Reading, g: Gladiator) -> Iterator[str]:
    if "abilities" in r.claims:
        claim, number = r.claims["abilities"]
        spent = points_spent(g, r.data)
        if claim != spent:
            yield (f"line {number}: the sheet says {claim} ability points; its abilities "
                   f"cost {spent}")
    if "moves" in r.claims:
        claim, number = r.claims["moves"]
        total = sum(g.moves.values())
        if claim != total:
            yield f"line {number}: the sheet says {claim} moves; it lists {total}"


def write_forum(g: Gladiator, data: GrimdarkData) -> str:
    """The gladiator as a forum post in the seed's format (reads back as the same)."""
    out = [f"[ic={g.name}{'*' if g.starred else ''}]"]
    if g.description:
        out += [g.description, ""]
    out += [f"{STAT_NAMES[s]}: {v}" for s, v in g.stats().items()]
    if g.active_stat is not None:
        out.append(f"Active Stat: {STAT_NAMES[g.active_stat]}")
    if g.manager:
        out.append(f"Manager: {g.manager}")
    status = [w for w, on in (("house NPC", g.npc), ("dead", g.dead)) if on]
    if status:
        out.append(f"Status: {', '.join(status)}")
    out += ["", f"Fame: {g.fame}", f"Record: {g.wins}-{g.losses}",
            *career.record_lines(g, data), ""]
    # The seed's header gives the points the abilities cost.
    out.append(f"Abilities: ({points_spent(g, data)} pts)")
    for key, level in g.abilities.items():
        ability = data.abilities.get(key)
        name = ability.name if ability is not None else key
        out.append(f"{name} {level}" if ability is None or ability.per_level or level != 1
                   else name)
    out += ["", f"Moves: ({sum(g.moves.values())})"]
    for key, copies in g.moves.items():
        move = data.moves.get(key)
        out.append(f"{move.name if move is not None else key} x{copies}")
    out += ["", "Weapons:"]
    for w in g.weapons:
        props = [p.name.lower() if (p := data.property_named(k)) else k for k in w.properties]
        words = [w.weight.title(), *props, *([w.element] if w.element else []), w.reach]
        out.append(f"{w.name} ({' '.join(words)})")
    if g.armour:
        out.append(f"Armor: {g.armour} {'slot' if g.armour == 1 else 'slots'}")
    out.append("[/ic]")
    return "\n".join(out) + "\n"
