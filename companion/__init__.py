"""companion: a desktop tabletop companion for gladiator arena games."""

__version__ = "0.1.0"
APP_NAME = "Gladiator Companion"
