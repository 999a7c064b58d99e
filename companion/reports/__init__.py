"""Fight reports: a session told turn by turn for a forum or a chat, built from the
narrator's lines, the rolls and the system's own report hooks (`model`, `build`), and
written in several formats (`formats.FORMATS`); and `verify`, which plays a verifiable
match again and says where what was posted differs. Nothing here imports pygame."""
