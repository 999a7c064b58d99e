"""Entry models by table `kind`. Each family module exports `ENTRY_MODELS`."""

from __future__ import annotations

from companion.table_models import battle, grimdark, pool, skirmish
from companion.tables import Entry

ENTRY_MODELS: dict[str, type[Entry]] = {
    **battle.ENTRY_MODELS,
    **pool.ENTRY_MODELS,
    **skirmish.ENTRY_MODELS,
    **grimdark.ENTRY_MODELS,
}
