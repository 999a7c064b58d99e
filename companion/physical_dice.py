"""Physical dice for the app: the player types what his own dice show.

An action that needs a die nobody has typed yet stops with `NeedDice` naming the roll;
the app asks for the faces and tries the action again from the start (a session action
that fails changes nothing). Faces typed for the action are handed out again, in
order, on every try, until the action goes through.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.dice import DiceSource, ImpossibleFace, RollRequest, parse_typed_faces
from companion.errors import UserError


class NeedDice(UserError):
    def __init__(self, request: RollRequest) -> None:
        super().__init__(f"roll {request.describe()} and type the faces")
        self.request = request


class PhysicalDice(DiceSource):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[tuple[int, ...]] = []
        self._cursor = 0
        self.pending: RollRequest | None = None

    def begin(self) -> None:
        """Start (or retry) an action: typed faces are handed out from the first."""
        self._cursor = 0
        self.pending = None

    def done(self) -> None:
        """The action went through: its faces are used up."""
        self.answers.clear()
        self.begin()

    def answer(self, text: str) -> tuple[int, ...]:
        """Take the faces typed for the pending roll; raises UserError if they do not fit."""
        if self.pending is None:
            raise UserError("no roll is waiting for dice")
        faces = tuple(parse_typed_faces(text, self.pending.sides, self.pending.count))
        self.answers.append(faces)
        return faces

    def _draw(self, request: RollRequest) -> Sequence[int]:
        if self._cursor < len(self.answers):
            faces = self.answers[self._cursor]
            if len(faces) != request.count or any(not 1 <= f <= request.sides for f in faces):
                # The action asked for something else on this try: the typed faces no
                # longer fit; start this action's dice again.
                self.answers.clear()
                raise ImpossibleFace(
                    f"the typed faces {list(faces)} do not fit {request.describe()}",
                    face=faces, sides=request.sides,
                )
            self._cursor += 1
            return faces
        self.pending = request
        raise NeedDice(request)
