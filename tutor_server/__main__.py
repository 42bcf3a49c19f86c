"""``python -m tutor_server measure [lesson] [pages]``."""

import sys

from .measure import measure

if len(sys.argv) >= 2 and sys.argv[1] == "measure":
    measure(*(sys.argv[2:3] or ["lessons/09_play.ipynb"]),
            *([int(sys.argv[3])] if len(sys.argv) > 3 else []))
else:
    print("usage: python -m tutor_server measure [lesson] [pages]", file=sys.stderr)
    sys.exit(2)
