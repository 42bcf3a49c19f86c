"""Languages: the learner's language for this page (:mod:`.session`, re-exported here), the
views' messages and catalogs (:mod:`.i18n`, ``locale/``) and the lessons' prose in the
learner's language (:mod:`.prose`, catalogs in ``lessons/locale``)."""
from .session import *  # noqa: F401,F403
from .session import __all__  # noqa: F401
