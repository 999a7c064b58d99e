"""The bench's peer: a bare pygame-ce program that opens a 1280x800 window and flips
once. Run by its path (`python companion/ui/bare_window.py [--peak-memory]`), so that it
imports nothing of the companion and its start-up and memory are pygame's alone; with
--peak-memory it prints its peak resident size in KiB (Unix only)."""

import sys

import pygame

pygame.display.init()
pygame.display.set_mode((1280, 800))
pygame.display.flip()
if sys.argv[1:] == ["--peak-memory"]:
    import resource

    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
