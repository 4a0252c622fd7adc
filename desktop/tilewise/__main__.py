"""``python -m tilewise``: the same as the ``tilewise`` command."""

import sys

from tilewise.cli import main

sys.exit(main())
