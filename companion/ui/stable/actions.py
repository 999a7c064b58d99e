"""What the Stable screen does besides showing: a manager's purse entry by entry, with
an entry of the GM's own added; the hall of the fallen; a gladiator's latest fight
taken back; and his training, where his game has one (`ui.registry.TRAINERS`). Each
is a dialog over the screen, and each change is one change of the stable, as the
command line makes it (`companion stable purse`, `fallen`, `career undo`, `train`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from companion.errors import UserError, one_line
from companion.files.pathwords import in_words
from companion.ui.widgets.dialogs import Choice, Dialog

if TYPE_CHECKING:
    from companion.ui.stable.view import Card, Group
    from companion.ui.theme import Theme
    from companion.ui.widgets.controls import Widget


class Overlay(Protocol):
    """A game's own dialog over the screen (a training): done once it has said."""

    done: bool
    said: str

    @property
    def typing(self) -> bool: ...
    def handle(self, event: pygame.event.Event) -> bool: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def widgets(self) -> list[Widget]: ...


class Owner(Protocol):
    """What this reads and sets of the Stable screen."""

    theme: Theme
    dialog: Dialog | Overlay | None

    def say(self, text: str, error: bool = False) -> None: ...
    def reread(self) -> None: ...


def _close(owner: Owner) -> None:
    owner.dialog = None


def purse(owner: Owner, group: Group) -> None:
    """His manager's purse, every entry with its reason, and A to add one."""
    from companion.stable.store import Stable
    from companion.stable.telling import purse_lines, signed

    if group.manager_id is None:
        owner.say("he has no manager, so no purse: companion stable add --manager NAME "
                  "gives him one")
        return
    try:
        with Stable.open(create=False) as stable:
            entries = stable.purse(group.manager_id)
    except (UserError, OSError) as err:
        owner.say(f"the purse was not read: {_why(err)}", error=True)
        return
    # The day of each entry is enough on the screen; the command line gives the time.
    lines = [purse_lines(group.manager, entries)[0],
             *(f"{e.entered[:10]}: {signed(e.amount)} {e.reason}"
               + (f" (fight #{e.fight_id})" if e.fight_id is not None else "")
               for e in entries)]
    owner.dialog = Dialog(owner.theme, f"{group.manager}'s purse", lines,
                          [Choice("Add an entry", pygame.K_a, lambda: _ask_entry(owner, group)),
                           Choice("Close", pygame.K_ESCAPE, lambda: _close(owner))],
                          width=820)


def _ask_entry(owner: Owner, group: Group) -> None:
    def add(text: str) -> None:
        from companion.stable.store import Stable
        from companion.stable.telling import purse_entry, signed

        amount_text, _, reason = text.strip().partition(" ")
        try:
            amount, reason = purse_entry(amount_text, reason)
            with Stable.open(create=False) as stable:
                added = stable.add_to_purse(group.manager, amount, reason)
        except (UserError, OSError) as err:
            assert isinstance(owner.dialog, Dialog)
            owner.dialog.error = _why(err)
            return
        owner.reread()
        owner.say(f"added to {group.manager}'s purse: {signed(added.amount)}, {added.reason}")
        owner.dialog = None

    owner.dialog = Dialog(
        owner.theme, f"An entry in {group.manager}'s purse",
        ["The amount, then why: 50 bet on Lord Smash, or -20 a deal gone wrong. Fees and "
         "prizes of fights come in with the fights."],
        [Choice("Cancel", pygame.K_ESCAPE, lambda: _close(owner))],
        field_hint="AMOUNT REASON", on_text=add, submit="Add", width=760)


def fallen(owner: Owner) -> None:
    """The hall of the fallen: every dead gladiator, and how he fell."""
    from companion.stable.parts import title
    from companion.stable.store import Stable
    from companion.stable.telling import how_he_fell, killed_by

    try:
        with Stable.open(create=False) as stable:
            managers = {m.id: m.name for m in stable.managers()}
            dead = [g for g in stable.gladiators() if not g.alive]
            lines = []
            for g in dead:
                whose = f", {managers[g.manager_id]}'s" if g.manager_id in managers else ""
                lines.append(f"{g.name} ({title(g.game)}{whose}): "
                             f"{how_he_fell(g, killed_by(stable, g.id))}")
    except (UserError, OSError) as err:
        owner.say(f"the hall of the fallen was not read: {_why(err)}", error=True)
        return
    owner.dialog = Dialog(owner.theme, "The hall of the fallen",
                          lines or ["No one has fallen: the hall is empty."],
                          [Choice("Close", pygame.K_ESCAPE, lambda: _close(owner))], width=900)


def take_back(owner: Owner, card: Card) -> None:
    """His latest fight taken back, after a question: every career it touched as it
    was before it, and the gladiators it brought in out again."""
    from companion.stable.store import Stable
    from companion.stable.telling import refuse_if_built_on

    if card.latest_fight is None:
        owner.say(f"{card.name} has no fight in the stable to take back")
        return
    try:
        with Stable.open(create=False) as stable:
            fight = stable.fight(card.latest_fight)
            if fight is None:
                raise UserError(f"fight #{card.latest_fight} is no longer in the stable")
            refuse_if_built_on(stable, fight)
            names = [g.name for e in stable.entrants(fight.id)
                     if (g := stable.gladiator(e.gladiator_id)) is not None]
    except (UserError, OSError) as err:
        owner.say(f"not taken back: {_why(err)}", error=True)
        return

    def go() -> None:
        try:
            with Stable.open(create=False) as stable:
                refuse_if_built_on(stable, fight)
                removed = stable.take_back(fight.id)
        except (UserError, OSError) as err:
            owner.dialog = None
            owner.say(f"not taken back: {_why(err)}", error=True)
            return
        owner.dialog = None
        owner.reread()
        out = f" ({len(removed)} it had added left the stable)" if removed else ""
        owner.say(f"took back fight #{fight.id}: its careers are as they were{out}")

    owner.dialog = Dialog(
        owner.theme, f"Take back fight #{fight.id}?",
        [f"Played {fight.played[:10]}: {one_line(fight.result)}.",
         f"Every career it touched ({', '.join(names)}) goes back to what it was before "
         "it; a gladiator it brought into the stable leaves it again. Its session file "
         "stays as it is, and can be recorded again."],
        [Choice("Take it back", pygame.K_y, go),
         Choice("Keep it", pygame.K_ESCAPE, lambda: _close(owner))], width=820)


def train(owner: Owner, card: Card) -> None:
    """His game's training, over the screen; his game may have none."""
    from companion.ui.registry import load, trainer_for

    target = trainer_for(card.game_id)
    if target is None:
        owner.say(f"a gladiator of {card.game} does not train between fights: his fights "
                  "change his sheet")
        return
    if not card.alive:
        owner.say(f"{card.name} is dead: the dead train no more")
        return
    try:
        owner.dialog = load(target)(owner.theme, card.id)
    except (UserError, OSError) as err:
        owner.say(f"he cannot train: {_why(err)}", error=True)


def _why(err: Exception) -> str:
    return in_words(err) if isinstance(err, OSError) else one_line(str(err))
