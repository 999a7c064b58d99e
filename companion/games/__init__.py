"""The games the companion knows, as one registry (`registry.py`) that every layer may
read: it imports nothing of the companion, so the tables' loader, the rules, the lab
and the command line all find a game's parts through it without importing each other."""
