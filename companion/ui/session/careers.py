"""The end-of-fight dialog's "Record in the careers": what the fight does to each
gladiator's career, shown first, then recorded once in the user's stable.

The preview and the recording are the stable's (`companion.stable.recording`), the
same as `companion career apply`; this only shows them and says how it went. A fight
is recorded from a file: the player's own, or else the copy the way out keeps of the
game (`kept_path`), so that the stable can name it and `career undo` can read it."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion.core.words import plural
from companion.errors import UserError
from companion.files.pathwords import in_words
from companion.ui.widgets.dialogs import Choice, Dialog

if TYPE_CHECKING:
    from companion.stable.recording import Preview
    from companion.ui.host import Host
    from companion.ui.widgets.dialogs import ContextMenu


class SessionScreen(Protocol):
    """What this reads and sets of a game's screen (`ui.session.screen.SessionScreen`,
    which opens this, and so is not named here)."""

    dialog: Dialog | ContextMenu | None
    noun: str
    save_path: Path | None

    @property
    def session(self) -> Any: ...
    @property
    def host(self) -> Host: ...
    def say(self, text: str, error: bool = False) -> None: ...
    def kept_path(self) -> Path: ...

# The key of "Record in the careers": the same in every game (`keys.EVERYWHERE`).
KEY = pygame.K_j


def careers_choice(screen: SessionScreen) -> Choice:
    """The end-of-fight dialog's button."""
    return Choice("Record in the careers", KEY, lambda: careers_dialog(screen))


def careers_dialog(screen: SessionScreen) -> None:
    """The preview of what the finished fight does to each career, or, in the status
    bar, that it is recorded already or why it cannot be."""
    from companion.stable.recording import already, finished, preview
    from companion.stable.store import Stable

    back = screen.dialog  # the end-of-fight dialog, shown again once done
    session = screen.session
    try:
        finished(session, f"this {screen.noun}")
        with Stable.open(create=False) as stable:
            known = already(session, stable)
            seen = preview(session, stable, {}, "") if known is None else None
    except UserError as err:
        screen.say(f"cannot record it: {err}", error=True)
        return
    except OSError as err:
        screen.say(f"cannot read the stable: {in_words(err)}", error=True)
        return
    if known is not None or seen is None:
        assert known is not None
        # Short enough for the status bar at 1024x640 and 200 %: the day, not the result.
        screen.say(f"recorded already, as fight #{known.id} on {known.recorded[:10]}: "
                   "nothing changed")
        return

    def done() -> None:
        screen.dialog = back

    def go() -> None:
        screen.dialog = back
        _record(screen, seen)

    screen.dialog = Dialog(
        screen.host.theme, "Record in the careers",
        seen.lines(f"This {screen.noun}"),
        [Choice("Record", pygame.K_RETURN, go), Choice("Cancel", pygame.K_ESCAPE, done)],
        width=760)


def _record(screen: SessionScreen, seen: Preview) -> None:
    from companion.stable.recording import already, record
    from companion.stable.store import Stable

    try:
        path = _session_file(screen)
        with Stable.open() as stable:
            known = already(screen.session, stable)
            if known is not None:  # recorded since the preview, by another window
                screen.say(f"recorded already, as fight #{known.id}: nothing changed")
                return
            fight, ids = record(dataclasses.replace(seen, session_path=str(path.resolve())),
                                stable)
    except UserError as err:
        screen.say(f"not recorded: {err}", error=True)
        return
    except OSError as err:
        screen.say(f"not recorded: {in_words(err)}", error=True)
        return
    # Short enough for the status bar at 1024x640 and 200 %: how many were added, whose
    # numbers `companion stable list` shows.
    added = sum(1 for m, _ in zip(seen.matched, ids, strict=True) if m.gladiator is None)
    screen.say(f"recorded as fight #{fight.id} in the careers"
               + (f" ({plural(added, 'gladiator')} added to the stable)" if added else ""))


def _session_file(screen: SessionScreen) -> Path:
    """The file the fight is recorded from: the player's own, or the kept copy."""
    if screen.save_path is not None:
        return screen.save_path
    path = screen.kept_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    screen.session.save(path)
    screen.host.remember_file(path)
    return path
