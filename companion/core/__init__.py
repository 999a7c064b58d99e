"""Generic geometry of the hex board: coordinates, directions, facing arcs."""
