"""A gladiator's file, whatever his game: read through the one JSON reader, checked
by his game's model, and every problem said at once, one line each."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from companion.errors import UserError
from companion.files.jsonfile import FileKind, JsonFileError, place, problem, read_file
from companion.files.written_by import is_newer, newer_refusal, without_written_by

Model = TypeVar("Model", bound=BaseModel)


class SheetError(UserError):
    """A gladiator file that cannot be read or breaks the rules; `problems` lists each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems), exit_code=1)
        self.problems = problems


def read_sheet_file(path: Path, kind: FileKind) -> object:
    """The file's JSON, or SheetError with the reader's one line."""
    try:
        return read_file(Path(path), kind)
    except JsonFileError as err:
        raise SheetError([str(err)]) from None


def validated(model: type[Model], data: object, where: str, newest: int) -> Model:
    """`data` as `model`, or SheetError naming each bad field; a file saved by a newer
    companion (its `version` past `newest`) is refused rather than half read; one that
    a newer release wrote and this one cannot read is refused naming both releases."""
    data, writer = without_written_by(data)
    newer = writer is not None and is_newer(writer)
    try:
        found = model.model_validate(data)
    except ValidationError as err:
        if newer:
            raise SheetError([f"{where}: {newer_refusal(str(writer))}"]) from None
        raise SheetError([f"{where}: {place(e['loc'])}: {problem(e)}"
                          for e in err.errors()]) from None
    version = getattr(found, "version", 0)
    if version > newest:
        if newer:
            raise SheetError([f"{where}: {newer_refusal(str(writer))}"])
        raise SheetError([f"{where}: version: saved by a newer companion (version "
                          f"{version}; this one reads up to {newest})"])
    return found
