"""The table-side tools of the right-hand panel: the dice tray, the table browser
and the log."""
