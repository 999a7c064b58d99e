"""The bench's peer: a bare pygame-ce program that opens a 1280x800 window and flips
once. Run by its path (`python tools/bare_window.py [--peak-memory]`), so that it
imports nothing of the companion and its start-up and memory are pygame's alone; with
--peak-memory it prints its peak resident size in KiB (Unix only)."""

import sys

import pygame

pygame.display.init()
pygame.display.set_mode((1280, 800))
pygame.display.flip()
if sys.argv[1:] == ["--peak-memory"]:
    # VmHWM is this program's own peak; Linux carries ru_maxrss over from the process
    # that started it, so under the bench ru_maxrss would be the bench's.
    try:
        with open("/proc/self/status") as status:
            print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
    except OSError:
        import resource

        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
