"""The matrix as terminal text: each row entrant's win rate against each column
entrant in per cent, and with house rules the change pairing by pairing, marked
where the two 95 % intervals do not overlap."""

from __future__ import annotations

from companion.lab.results import Cell, Change, Matrix

NAME_WIDTH = 22
MARK = "*"


def _name(text: str, width: int = NAME_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "."


def _grid(matrix: Matrix, cell_text: list[list[str]], title: str) -> list[str]:
    n = len(matrix.entrants)
    width = max(4, max(len(t) for row in cell_text for t in row) + 1)
    lines = [title, " " * (NAME_WIDTH + 4) + "".join(f"{c + 1:>{width}}" for c in range(n))]
    for r, entrant in enumerate(matrix.entrants):
        lines.append(f"{r + 1:>2}  {_name(entrant.name):<{NAME_WIDTH}}"
                     + "".join(f"{t:>{width}}" for t in cell_text[r]))
    return lines


def matrix_lines(matrix: Matrix) -> list[str]:
    n = len(matrix.entrants)
    text = [[f"{matrix.cell(r, c).win_rate * 100:.0f}" for c in range(n)] for r in range(n)]
    lines = _grid(matrix, text, f"Win % of the row's gladiator against the column's "
                  f"({matrix.bouts:,} bouts a pairing, seed {matrix.seed}, "
                  f"tables: {matrix.tables})")
    lines.append("")
    lines.append(f"    {'':<{NAME_WIDTH}}  win %  95 % interval  draws  turns  loser died")
    for r, entrant in enumerate(matrix.entrants):
        row = Cell()
        for c in range(n):
            row.merge(matrix.cell(r, c))
        low, high = row.interval
        lines.append(
            f"{r + 1:>2}  {_name(entrant.name):<{NAME_WIDTH}}  {row.win_rate * 100:5.1f}"
            f"  {low * 100:5.1f} to {high * 100:4.1f}  {row.draws / row.bouts:6.1%}"
            f"  {row.mean_turns:5.1f}  {row.loser_died_rate:9.1%}")
    return lines


def change_lines(after: Matrix, changes: dict[tuple[int, int], Change]) -> list[str]:
    n = len(after.entrants)
    text = [[f"{changes[(r, c)].delta * 100:+.0f}" + (MARK if changes[(r, c)].significant
                                                        else "")
             for c in range(n)] for r in range(n)]
    marked = sum(1 for ch in changes.values() if ch.significant)
    lines = _grid(after, text, f"Change in win % with the tables of {after.tables} "
                  "(points; * where the 95 % intervals do not overlap)")
    lines.append(f"{marked} of {len(changes)} pairings changed beyond chance.")
    return lines
