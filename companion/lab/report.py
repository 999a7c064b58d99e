"""The matrix as terminal text: each row entrant's win rate against each column
entrant in per cent, and with house rules the change pairing by pairing, marked
where the two 95 % intervals do not overlap; two choosers' totals against each other
and the computer's lapses, where there are some."""

from __future__ import annotations

from companion.lab.results import Cell, Change, Matrix

NAME_WIDTH = 22
MARK = "*"
FIGURES = "  win %  95 % interval  draws  turns  loser died"  # the heads of `_figures`


def _name(text: str, width: int = NAME_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "."


def _grid(matrix: Matrix, cell_text: list[list[str]], title: str) -> list[str]:
    width = max(4, max(len(t) for row in cell_text for t in row) + 1)
    columns = range(len(matrix.col_entrants))
    lines = [title, " " * (NAME_WIDTH + 4) + "".join(f"{c + 1:>{width}}" for c in columns)]
    for r, entrant in enumerate(matrix.entrants):
        lines.append(f"{r + 1:>2}  {_name(entrant.name):<{NAME_WIDTH}}"
                     + "".join(f"{t:>{width}}" for t in cell_text[r]))
    if matrix.columns is not None:  # else the numbered columns are the rows' gladiators
        lines.append("Columns: " + ", ".join(f"{c + 1} {e.name}"
                                             for c, e in enumerate(matrix.columns)))
    return lines


def _cells(matrix: Matrix) -> list[tuple[int, range]]:
    """Each row's number with its columns'."""
    columns = range(len(matrix.col_entrants))
    return [(r, columns) for r in range(len(matrix.entrants))]


def matrix_lines(matrix: Matrix) -> list[str]:
    text = [[f"{matrix.cell(r, c).win_rate * 100:.0f}" for c in cols]
            for r, cols in _cells(matrix)]
    lines = _grid(matrix, text, f"Win % of the row's gladiator against the column's "
                  f"({matrix.bouts:,} bouts a pairing, seed {matrix.seed}, "
                  f"tables: {matrix.tables})")
    lines.append("")
    lines.append(f"    {'':<{NAME_WIDTH}}{FIGURES}")
    for r, cols in _cells(matrix):
        row = Cell()
        for c in cols:
            row.merge(matrix.cell(r, c))
        lines.append(f"{r + 1:>2}  {_name(matrix.entrants[r].name):<{NAME_WIDTH}}"
                     + _figures(row))
    return lines


def _figures(cell: Cell) -> str:
    low, high = cell.interval
    draws = cell.draws / cell.bouts if cell.bouts else 0.0
    return (f"  {cell.win_rate * 100:5.1f}  {low * 100:5.1f} to {high * 100:4.1f}"
            f"  {draws:6.1%}  {cell.mean_turns:5.1f}  {cell.loser_died_rate:9.1%}")


def versus_lines(matrix: Matrix) -> list[str]:
    """The rows' chooser against the columns': the mirror matches (each gladiator
    against himself) and every pairing, from the rows' side; nothing for a lab whose
    columns are its rows."""
    if matrix.columns is None or matrix.choosers is None:
        return []
    rows, cols = matrix.choosers
    mirror, every = matrix.total(mirror=True), matrix.total()
    return [f"The rows' chooser ({rows}) against the columns' ({cols}), from the rows' side:",
            f"    {'':<{NAME_WIDTH}}{FIGURES}  matches",
            f"    {'mirror matches':<{NAME_WIDTH}}{_figures(mirror)}  {mirror.bouts:7,}",
            f"    {'every pairing':<{NAME_WIDTH}}{_figures(every)}  {every.bouts:7,}"]


def lapse_lines(matrix: Matrix) -> list[str]:
    """The computer's lapses by chooser, as the game counts and shows them; nothing
    for a game that counts none, or a run in which none were counted."""
    from companion.lab.system import system_for

    table = system_for(matrix.system_id).lapse_table
    found = matrix.lapses()
    if table is None or not any(any(counts) for counts in found.values()):
        return []
    lines = [table.title.format(bouts=f"{matrix.total_bouts():,}"),
             f"    {'':<{NAME_WIDTH}}" + "".join(f"  {h:>{w}}" for h, w in table.headers)]
    for name, counts in found.items():
        cells = table.cells(counts)
        lines.append(f"    {_name(name):<{NAME_WIDTH}}" + "".join(
            f"  {cell:>{w}}" for cell, (_, w) in zip(cells, table.headers, strict=True)))
    return lines + [f"    {note}" for note in table.notes]


def change_lines(after: Matrix, changes: dict[tuple[int, int], Change]) -> list[str]:
    text = [[f"{changes[(r, c)].delta * 100:+.0f}" + (MARK if changes[(r, c)].significant
                                                        else "")
             for c in cols] for r, cols in _cells(after)]
    marked = sum(1 for ch in changes.values() if ch.significant)
    lines = _grid(after, text, f"Change in win % with the tables of {after.tables} "
                  "(points; * where the 95 % intervals do not overlap)")
    lines.append(f"{marked} of {len(changes)} pairings changed beyond chance.")
    return lines
