"""Reports from the window: the Export, and the pictures a report carries."""
