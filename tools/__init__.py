"""Development tools, outside the app's package: the bench, screenshots, mutation testing."""
