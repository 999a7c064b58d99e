"""Entry models by table `kind`, one module per rule system, each exporting
`ENTRY_MODELS`."""

from __future__ import annotations

from companion.tables.model import Entry
from companion.tables.models import battle, grimdark, skirmish

ENTRY_MODELS: dict[str, type[Entry]] = {
    **battle.ENTRY_MODELS,
    **skirmish.ENTRY_MODELS,
    **grimdark.ENTRY_MODELS,
}
