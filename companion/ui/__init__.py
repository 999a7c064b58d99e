"""The pygame shell: app loop, theme, widgets, board view, panels. The only place
that imports pygame."""
