"""The user's settings (UI scale, recent files), kept in the user's config folder."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion import paths
from companion.session import atomic_write

UI_SCALES = (1.0, 1.5, 2.0)
MAX_RECENT = 8


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    ui_scale: float = 1.0
    recent_files: list[str] = Field(default_factory=list)

    def with_recent(self, path: Path) -> Settings:
        name = str(Path(path).resolve())
        recent = [name] + [p for p in self.recent_files if p != name]
        return self.model_copy(update={"recent_files": recent[:MAX_RECENT]})

    def next_scale(self) -> Settings:
        i = UI_SCALES.index(self.ui_scale) if self.ui_scale in UI_SCALES else -1
        return self.model_copy(update={"ui_scale": UI_SCALES[(i + 1) % len(UI_SCALES)]})


def settings_path() -> Path:
    return paths.user_config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; defaults when there are none or the file is broken (a
    broken file is left as it is until the next save replaces it)."""
    path = settings_path() if path is None else path
    try:
        settings = Settings.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, ValidationError):
        return Settings()
    if settings.ui_scale not in UI_SCALES:
        settings = settings.model_copy(update={"ui_scale": 1.0})
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> None:
    atomic_write(settings_path() if path is None else path, settings.model_dump_json(indent=1))
