"""The balance lab in the window: its screen, heat map and choice of house rules."""
