"""The desktop bundle's program: `companion` as the installed script starts it.

PyInstaller freezes this file with the package; it is not part of the package itself
(the wheel's `companion` script calls `companion.cli:main` the same way)."""

import multiprocessing
import sys

from companion.cli import main

if __name__ == "__main__":
    # The balance lab's worker processes start this same program: let them be workers.
    multiprocessing.freeze_support()
    sys.exit(main())
