"""What a lesson notebook imports from the pages around it: its footer and the learner's
variant (:mod:`.links`), the start page and the exam's scoreboard (:mod:`.start`). Every public
name of both (``TEACHER_PAGE``, ``DEFAULT_VARIANT`` ... too), as the single module they were."""
from types import ModuleType

from . import links as _links
from . import start as _start

globals().update({name: value for module in (_links, _start) for name, value in vars(module).items()
                  if not name.startswith("_") and not isinstance(value, ModuleType)
                  and name != "annotations"})
__all__ = [*_links.__all__, *_start.__all__]
