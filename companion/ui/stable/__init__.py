"""The Stable screen: the managers' gladiators and their careers, read from the stable."""
