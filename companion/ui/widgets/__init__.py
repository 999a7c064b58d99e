"""Shared widgets: buttons, fields and lists (`controls`), dialogs, the hex board
view, tokens and the tabbed side panel."""
