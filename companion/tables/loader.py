"""Loading tables: the built-in ones from the package, then the user's folder.

A user file with a built-in id replaces that table; a new id adds one. A broken user
file is reported (file, place in the JSON, what is wrong) and skipped; no table file is
ever written. A broken built-in file is our bug and raises.

Each file is validated by pydantic once for its content: `companion.tables.cache` keeps
the outcome, so a start with the same files (and the same code) reads them back without
importing pydantic, and a table's models are made when first asked for.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from companion import paths
from companion.errors import UserError
from companion.files.jsonfile import (
    TABLE,
    JsonFileError,
    decode_text,
    parse_bytes,
    parse_json,
    place,
    problem,
    read_bytes,
    read_file,
    shown,
)
from companion.files.pathwords import shown_path
from companion.tables.cache import Memo
from companion.tables.table import Known, Table, fingerprint_of

# Spelt here, not imported: the tables load without importing `typing` (mypy takes any
# name TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from pydantic import ValidationError

    from companion.tables.model import Entry


# Plain classes, not dataclasses or NamedTuples: an unchanged set of tables loads
# without importing `dataclasses` (and `inspect`) or `typing`.
class Problem:
    """One thing wrong in a table file: the file, the place in it, what is wrong."""

    __slots__ = ("file", "message", "where")

    def __init__(self, file: Path, where: str, message: str) -> None:
        self.file, self.where, self.message = file, where, message

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Problem) and (self.file, self.where, self.message) == \
            (other.file, other.where, other.message)

    def __hash__(self) -> int:
        return hash((self.file, self.where, self.message))

    def __repr__(self) -> str:
        return f"Problem({self.file!r}, {self.where!r}, {self.message!r})"

    def __str__(self) -> str:
        # An empty `where`: the whole file (too large, not found, of another kind).
        where = f"{self.where}: " if self.where else ""
        return f"{self.file}: {where}{self.message}"


class TableFileError(UserError):
    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems), exit_code=1)
        self.problems = problems


class TableSet:
    def __init__(self, tables: dict[str, Table] | None = None,
                 origins: dict[str, Path] | None = None,
                 problems: list[Problem] | None = None) -> None:
        self.tables: dict[str, Table] = {} if tables is None else tables
        self.origins: dict[str, Path] = {} if origins is None else origins
        self.problems: list[Problem] = [] if problems is None else problems

    def __repr__(self) -> str:
        return f"TableSet({len(self.tables)} tables, {len(self.problems)} problems)"

    def get(self, table_id: str) -> Table:
        try:
            return self.tables[table_id]
        except KeyError:
            raise UserError(f"there is no table '{table_id}' (`companion table list` names "
                            "them all)") from None

    def fingerprints(self, table_ids: Iterable[str]) -> dict[str, str]:
        """Each table's fingerprint (`Table.fingerprint`), by id."""
        return {tid: self.get(tid).fingerprint for tid in table_ids}

    def overridden(self, table_id: str) -> bool:
        origin = self.origins.get(table_id)
        if origin is None:
            return False
        builtin = paths.builtin_tables_dir()
        # A built-in table's origin is a file of that folder, as the loader globbed it:
        # known at once, where resolving both paths took a start ~0.2 ms a table.
        return origin.parent != builtin and not _is_within(origin, builtin)


def _is_within(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


# The models quote the keys they refuse, and a key of a hostile file can be huge.
MAX_MESSAGE = 300


def _problems_from(path: Path, err: ValidationError, prefix: tuple[Any, ...] = ()) -> list[Problem]:
    return [Problem(path, place(prefix + tuple(e["loc"])), _short(problem(e)))
            for e in err.errors()]


def _short(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def _unreadable(err: JsonFileError) -> TableFileError:
    return TableFileError([Problem(err.path, err.where, err.what)])


def parse_table(path: Path, text: str) -> Table:
    """Validate one table file's text; raise TableFileError listing every problem."""
    try:
        data = parse_json(path, text, TABLE)
    except JsonFileError as err:
        raise _unreadable(err) from None
    return table_of(path, data)


def load_table_file(path: Path) -> Table:
    """One table file, read through the one reader (its size, nesting, numbers and
    text), then validated; TableFileError listing every problem."""
    try:
        data = read_file(path, TABLE)
    except JsonFileError as err:
        raise _unreadable(err) from None
    return table_of(path, data)


def entry_models() -> dict[str, type[Entry]]:
    """The entry model of every kind of table, from the games that bring them."""
    from companion.games.registry import parts

    found: dict[str, type[Entry]] = {}
    for models in parts("table_models").values():
        found.update(models)
    return found


def table_of(path: Path, data: Any) -> Table:
    """The table the data of a table file holds, validated."""
    # pydantic and the models load with the first table validated, not before.
    from pydantic import ValidationError

    from companion.tables.model import TableFile

    models = entry_models()
    try:
        envelope = TableFile.model_validate(data)
    except ValidationError as err:
        raise TableFileError(_problems_from(path, err)) from None
    model = models.get(envelope.kind)
    if model is None:
        known = ", ".join(sorted(models))
        raise TableFileError([Problem(path, "kind",
                                      f"unknown kind {shown(envelope.kind)} ({known})")])
    entries: list[Entry] = []
    problems: list[Problem] = []
    for i, raw in enumerate(envelope.entries):
        try:
            entries.append(model.model_validate(raw))
        except ValidationError as err:
            problems.extend(_problems_from(path, err, ("entries", i)))
    if problems:
        raise TableFileError(problems)
    return Table(envelope, entries)


def _load(path: Path, memo: Memo) -> Table:
    """One table file, as `load_table_file` gives it, unless the memo knows the outcome
    of validating these very bytes."""
    try:
        raw = read_bytes(path, TABLE)
    except JsonFileError as err:
        raise _unreadable(err) from None
    known = memo.recall(path, raw)
    if isinstance(known, Known):
        # The data is the file's own bytes, those the record says were validated: the
        # record keeps no copy of it, so no edit of the record changes a table.
        known.text = decode_text(path, raw)
        return Table.known(known, table_of)
    if known is not None:
        raise TableFileError([Problem(path, where, message) for where, message in known])
    try:
        data = parse_bytes(path, raw, TABLE)
        table = table_of(path, data)
    except JsonFileError as err:
        memo.learn_problems(path, raw, [(err.where, err.what)])
        raise _unreadable(err) from None
    except TableFileError as err:
        memo.learn_problems(path, raw, [(p.where, p.message) for p in err.problems])
        raise
    memo.learn_table(path, raw, Known(path, table.id, table.title, fingerprint_of(table.file),
                                      ""))
    return table


def load_tables(user_dir: Path | None = None, *, include_user: bool = True) -> TableSet:
    """Built-in tables, then (unless told not to) the user's overrides and additions."""
    memo = Memo.open()
    try:
        return _load_tables(memo, user_dir, include_user)
    finally:
        memo.save()


def _load_tables(memo: Memo, user_dir: Path | None, include_user: bool) -> TableSet:
    found = TableSet()
    for path in paths.json_files(paths.builtin_tables_dir()):
        table = _load(path, memo)  # a broken built-in is a bug: let it raise
        found.tables[table.id] = table
        found.origins[table.id] = path
    if not include_user:
        return found
    folder = paths.user_tables_dir() if user_dir is None else user_dir
    if folder.is_dir():
        _layer(found, folder, memo)
    return found


def _layer(found: TableSet, folder: Path, memo: Memo) -> list[str]:
    """Lay the folder's good table files over `found` (a broken one is kept in its
    problems and skipped); the ids of the tables laid."""
    laid = []
    for path in paths.json_files(folder):
        try:
            table = _load(path, memo)
        except TableFileError as err:
            found.problems.extend(err.problems)
            continue
        misfit = kind_misfit(table, found.tables.get(table.id))
        if misfit is not None:
            found.problems.append(Problem(path, "", misfit))
            continue
        found.tables[table.id] = table
        found.origins[table.id] = path
        laid.append(table.id)
    return laid


def kind_misfit(table: Table, under: Table | None) -> str | None:
    """Why `table` cannot take the place of `under`, the table of its id it would
    replace: it holds entries of another kind (a table saved under another's id)."""
    if under is None or table.kind == under.kind:
        return None
    return (f"it holds '{table.kind}' entries under the id '{table.id}', whose table holds "
            f"'{under.kind}' entries: it is left out for that one")


def with_folder(base: TableSet, folder: Path) -> tuple[TableSet, list[str]]:
    """A copy of `base` with an explicit folder of tables laid over it, the way the
    user's folder is laid over the built-in ones, and the ids it replaced or added.
    Unlike the user's folder, which must never stop the app, a folder asked for by name
    must be all good: a missing folder, a folder with no tables or a broken file is a
    UserError (the first problem, and how many more)."""
    if not folder.is_dir():
        raise UserError(f"{shown_path(folder)}: no such folder of tables")
    found = TableSet(dict(base.tables), dict(base.origins), list(base.problems))
    known = len(found.problems)
    memo = Memo.open()
    try:
        laid = _layer(found, folder, memo)
    finally:
        memo.save()
    broken = found.problems[known:]
    if broken:
        more = f" (and {len(broken) - 1} more problems)" if len(broken) > 1 else ""
        raise UserError(f"{broken[0]}{more}")
    if not laid:
        raise UserError(f"{shown_path(folder)}: no table files (*.json) in that folder")
    return found, laid
