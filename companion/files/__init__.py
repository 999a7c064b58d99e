"""Files a player gives or the app keeps: read in one place, written atomically."""
