"""What a lesson notebook imports from the pages around it: its footer and the learner's
variant (:mod:`.links`), the start page and the exam's scoreboard (:mod:`.start`)."""
from .links import *  # noqa: F401,F403
from .links import __all__ as _links
from .start import *  # noqa: F401,F403
from .start import __all__ as _start

__all__ = [*_links, *_start]
