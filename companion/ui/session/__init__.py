"""What every screen that plays a session shares, whatever its game."""
