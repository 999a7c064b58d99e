"""What a start does before its start screen shows. The start screen names the skirmish
types from the built-in file alone while the player has no tables of his own (with his
own, it reads the whole set as ever), and no garbage is collected until it shows."""

from __future__ import annotations

import json

from support.fresh_process import _fresh_process

from companion import paths
from companion.tables.builtin import builtin_raw_entries
from companion.tables.loader import load_tables


def test_every_built_in_table_lives_in_a_file_named_by_its_id():
    for path in paths.json_files(paths.builtin_tables_dir()):
        assert json.loads(path.read_bytes())["id"] == path.stem


def test_a_built_in_tables_entries_read_alone_are_those_of_the_loaded_table():
    tables = load_tables(include_user=False)
    for table_id in ("skirmish-types", "fate", "pool-weapons"):
        assert builtin_raw_entries(table_id) == tables.get(table_id).raw_entries


def test_a_start_without_tables_of_ones_own_loads_no_table_set():
    code = ("import sys; from companion.ui.app import App; app = App(); app.run(frames=2); "
            "print(type(app.screen).__name__, len(app.screen.types), app.screen.types[0][0], "
            "int(not app.library.loaded), int('companion.tables.loader' in sys.modules)); "
            "app.close()")
    assert _fresh_process(code).split() == ["SkirmishSetup", "13", "Samnite", "1", "0"]


def test_the_players_own_types_table_names_the_start_screens_choices():
    from companion.ui.app import App

    own = json.loads((paths.builtin_tables_dir() / "skirmish-types.json").read_bytes())
    own["entries"][0]["name"] = "Samnite of Capua"
    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "my-types.json").write_text(json.dumps(own))
    app = App()
    try:
        app.run(frames=2)
        assert app.screen.types[0][0] == "Samnite of Capua"
        assert app.screen.message == ""
    finally:
        app.close()


def test_a_broken_table_of_ones_own_is_named_on_the_start_screen_at_once():
    from companion.ui.app import App

    folder = paths.user_tables_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "fate.json").write_text("{not json")
    app = App()
    try:
        app.run(frames=2)
        assert "skipped a broken table file" in app.screen.message
        assert "fate.json" in app.screen.message
    finally:
        app.close()


def test_a_start_collects_no_garbage_until_the_start_screen_shows_and_then_does_again():
    code = ("import gc; from companion.ui import app as ui_app, launch; seen = []; "
            "real = ui_app.App.show_home; "
            "ui_app.App.show_home = lambda self: (seen.append(gc.isenabled()), real(self)); "
            "rc = launch.launch(smoke=True); "
            "print(rc, int(seen == [False]), int(gc.isenabled()), int(gc.get_freeze_count() > 0))")
    assert _fresh_process(code).split() == ["0", "1", "1", "1"]
