"""A game as setup + journal: undo, redo, saving, autosaving and verification."""
