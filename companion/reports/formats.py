"""The formats a report is written in, by the name `companion export --format` takes.
Each takes a Report and gives the text; Discord's gives its messages joined (its own
module splits them). The HTML page registers itself here as well."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from companion.reports import bbcode, discord, html, markdown
from companion.reports.model import Report

Render = Callable[[Report], str]

FORMATS: Mapping[str, Render] = MappingProxyType({
    "markdown": markdown.render,
    "bbcode": bbcode.render,
    "discord": discord.render,
    # Words and rolls alone; `companion export --format html` adds the pictures.
    "html": html.render,
})
