"""`companion league post --format html` embeds the league's bracket as a PNG, drawn
by the window's hook (`ui/registry.py` BRACKET); the text formats carry no picture."""

from __future__ import annotations

import base64
import re

from support.league_scene import EVENT, make_league
from test_ui_league import png_size

from companion.cli import main


def test_the_html_post_of_the_command_line_embeds_the_bracket(capsys):
    make_league()
    assert main(["league", "post", EVENT, "--format", "html"]) == 0
    page = capsys.readouterr().out
    found = re.search(r'src="data:image/png;base64,([^"]+)" width="(\d+)" height="(\d+)"',
                      page)
    assert found is not None
    assert png_size(base64.b64decode(found[1])) == (int(found[2]), int(found[3]))
    assert main(["league", "post", EVENT, "--format", "markdown"]) == 0
    assert "data:image" not in capsys.readouterr().out
