"""A game as setup + journal: undo, redo, saving, autosaving, the verifiable commitment."""
