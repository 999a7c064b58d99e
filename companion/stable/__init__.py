"""The stable: managers, the gladiators of every game and their careers, kept in one
SQLite file in the user's data folder.

- `schema`: the tables, their version, and what the file must look like to be ours;
- `opening`: finding, creating and checking the file, and its one-line refusals;
- `store`: the records read and every change, each one transaction;
- `model`: the typed records; `parts`: what a game brings (its sheet files);
- `reading`: a sheet file, of whichever game, read into a record;
- `recording`: a finished fight's preview and its recording into the careers (the
  command line's and the window's one path).

It names no game: each game's part is found through `companion.games.registry`."""
