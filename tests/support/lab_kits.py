"""Kits and sheets written for a lab run."""

from __future__ import annotations

import json
from pathlib import Path

from support.places import ROOT


# --- house rules ----------------------------------------------------------------------
def iron_skin(folder: Path) -> Path:
    """A house rule that matters: heavy armour saves on any roll but a 1 and weighs
    nothing. The Cataphractarius wears it; the Samnite does not."""
    kit = json.loads((ROOT / "tables" / "skirmish-kit.json").read_text())
    for entry in kit["entries"]:
        if entry["key"] == "heavy-armour":
            entry.update(save=6, weight=0)
    folder.mkdir()
    (folder / "skirmish-kit.json").write_text(json.dumps(kit))
    return folder

