"""Entry script of the frozen app: the same as the ``tilewise`` command (``tilewise.cli:main``)."""

import sys

from tilewise.cli import main

if __name__ == "__main__":
    sys.exit(main())
