"""Who this page's learner is, fixed when the page's kernel starts, and what a quiz records.

Identity. Joining a class (on the start page) makes a learner row with a random, unguessable
token; every lesson link then carries it as ``?learner=<token>``. Voilà hands the page's query
string to the kernel (``QUERY_STRING``) when the kernel starts, so :func:`current` reads it
there, and nothing the browser sends later (widget values, messages) can change who is
answering. A learner can only write their own answers and read their own progress: the
store is only ever asked with the learner the token names. Under a trusted proxy or hub (see
:mod:`.config`), a token works only for the user it was made for.

Seeds. In a class, every quiz deals from a seed made of the class code, the lesson, the quiz's
place in the lesson and the lesson's own seed: the whole class gets the same questions in the
same order, another class other questions.

>>> derive_seed("KX7P2Q", "03_tricks", "trick-1", 3) == derive_seed("KX7P2Q", "03_tricks",
...                                                                  "trick-1", 3)
True
>>> derive_seed("KX7P2Q", "03_tricks", "trick-1", 3) != derive_seed("ABCDEF", "03_tricks",
...                                                                  "trick-1", 3)
True
"""
from __future__ import annotations

import hashlib
import os
import re
import sys
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from ..language.i18n import _

from .config import Settings
from .store import Answer, Learner, Store, StoreError, open_store, valid_token

__all__ = ["LEARNER_KEY", "Session", "Recorder", "Unsaved", "class_seed", "current",
           "current_lesson", "derive_seed", "recorder", "reset", "visited", "shared_store", "problem",
           "save_problem", "FIRST_WAIT", "MORE_WAIT"]

LEARNER_KEY = "learner"
# An answer waits FIRST_WAIT seconds for a locked database; then the learner reads "Saving…"
# and it waits MORE_WAIT more; then the learner is told it could not be saved. A learner
# hears back within about two seconds, never after SQLite's or PostgreSQL's own long waits.
FIRST_WAIT, MORE_WAIT = 0.5, 1.5
VISIT_WAIT = 0.5  # a visit is only a tick on the start page: it never holds a page up
_LESSON_RE = re.compile(r"^[A-Za-z0-9_]{1,40}$")

_store: Store | None = None
_unreachable = False  # the store failed to open in this process: do not wait on it again
_sessions: dict[str, "Session"] = {}
_problem: str | None = None


def shared_store() -> Store:
    """This process's store (opened on first use)."""
    global _store
    if _store is None:
        _store = open_store(Settings.load())
    return _store


def problem() -> str | None:
    """Why the last :func:`current` found no session although a token was given, if so."""
    return _problem


def requested_token() -> str | None:
    values = parse_qs(os.environ.get("QUERY_STRING", "")[:500]).get(LEARNER_KEY, [])
    return values[-1].strip() if values else None


def current_lesson() -> str | None:
    """This page's notebook name (``03_tricks``), from the address Voilà gives the kernel."""
    script = os.environ.get("SCRIPT_NAME", "")
    if not script.endswith(".ipynb"):
        return None
    name = script.rsplit("/", 1)[-1][:-len(".ipynb")]
    return name if _LESSON_RE.match(name) else None


def derive_seed(code: str, lesson: str, quiz: str, seed) -> int:
    text = "|".join((code, lesson, quiz, repr(seed)))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@dataclass
class Session:
    learner: Learner
    store: Store
    lesson: str | None
    quizzes: dict[str, int] = field(default_factory=dict)  # kind -> how many on this page
    deals: dict[str, int] = field(default_factory=dict)  # the same for deals that are no quiz

    @property
    def token(self) -> str:
        return self.learner.token


def current() -> Session | None:
    """This page's learner, from ``?learner=`` in its address (None outside a class)."""
    global _problem
    token = requested_token()
    if token is None:
        _problem = None
        return None
    key = token + "|" + os.environ.get("SCRIPT_NAME", "")
    if key in _sessions:
        return _sessions[key]
    _problem = _("This class link is not valid: it was changed, or the class's saved answers "
                 "were reset on the server. Join the class again on the start page (ask your "
                 "teacher for the class code).")
    if not valid_token(token):
        return None
    global _unreachable
    unreachable = _("Your progress cannot be saved now: the class database is not "
                    "reachable. Tell your teacher.")
    if _unreachable:  # asked again for every link of the page: answer at once
        _problem = unreachable
        return None
    try:
        store = shared_store()
        learner = store.learner(token)
    except Exception as err:  # a broken database must not break the lesson
        _unreachable = getattr(err, "reason", "") != "busy"  # a lock passes: ask again
        _problem = unreachable
        return None
    if learner is None:
        return None
    settings = Settings.load()
    if learner.external is not None and settings.header_user() != learner.external:
        return None  # a link made for another signed-in user
    _problem = None
    session = _sessions[key] = Session(learner, store, current_lesson())
    return session


def visited(lesson: str) -> None:
    """Note that this learner opened ``lesson`` (its quizzes were built before the footer)."""
    session = current()
    if session is None or session.lesson != lesson:
        return
    try:
        with session.store.waiting(VISIT_WAIT):
            session.store.visit(session.learner, lesson, sum(session.quizzes.values()))
    except Exception:
        pass  # a missed visit only delays a tick on the start page


def save_problem(reason: str) -> str:
    """What a learner reads when an answer could not be stored, for a StoreError's reason."""
    if reason == "unknown_learner":
        return _("Your answer could not be saved: this class link no longer works (the "
                 "class's saved answers were reset or replaced on the server). Ask your "
                 "teacher, then join the class again on the start page.")
    if reason == "busy":
        return _("Your answer could not be saved: the class database is busy. Try again in "
                 "a moment.")
    if reason == "read_only":
        return _("Your answer could not be saved: the class database cannot be written (it "
                 "is read-only or full). Tell your teacher.")
    return _("Your answer could not be saved: the class database is not reachable. "
             "Try again in a moment.")


class Recorder:
    """What a quiz widget in a class uses: the class's ``seed`` for it, ``save`` for each
    answer (before the learner is told the result), and ``replay`` of the answers stored
    before, to come back to where the learner was after a reload. ``say(text)`` shows
    "Saving…" while a locked database is waited for (the widget's own ``say``)."""

    def __init__(self, session: Session, kind: str, seed, say=None):
        self.session = session
        self.say = say
        n = session.quizzes.get(kind, 0) + 1
        session.quizzes[kind] = n
        self.lesson = session.lesson or "?"
        self.quiz = f"{kind}-{n}"
        self.seed = derive_seed(session.learner.class_code, self.lesson, self.quiz, seed)
        self.seq = 0
        self.replaying = False

    def save(self, item: int, variant: str, prompt: str, answer: str, correct,
             right: bool) -> str | None:
        """Store one answer; None when it is stored, else a message for the learner."""
        if self.replaying:
            return None
        if not isinstance(correct, str):
            correct = " ".join(sorted(correct))
        record = Answer(self.lesson, self.quiz, self.seq + 1, int(item), variant, prompt,
                        answer, correct, bool(right))
        store, learner = self.session.store, self.session.learner
        try:
            try:
                with store.waiting(FIRST_WAIT):
                    stored = store.record_answer(learner, record)
            except StoreError as err:  # locked, replaced or a lost connection: once more
                if err.reason not in ("busy", "moved", "unreachable"):
                    raise
                if self.say is not None:
                    self.say(_("Saving…"))
                with store.waiting(MORE_WAIT):
                    stored = store.record_answer(learner, record)
        except StoreError as err:
            return save_problem(err.reason)
        except Exception:
            return save_problem("unreachable")
        if not stored:
            return _("This quiz was answered in another tab or window: reload this page to "
                     "continue.")
        self.seq += 1
        return None

    def replay(self, apply) -> int:
        """Call ``apply(answer)`` for each answer stored before, oldest first; returns how
        many. Answers that no longer fit (a changed lesson) stop the replay."""
        try:
            saved = self.session.store.answers_of(self.session.learner, self.lesson, self.quiz)
        except Exception:
            return 0
        self.replaying = True
        done = 0
        try:
            for answer in saved:
                if not apply(answer):
                    break
                done += 1
        finally:
            self.replaying = False
        self.seq = len(saved)  # new answers go after every stored one
        return done


class Unsaved:
    """The recorder of a page whose class link does not work (not valid, reset on the server,
    or the database was not reachable when the page started): the quiz deals as outside a
    class, and its first answer is not counted but tells the learner why nothing is saved;
    after that the quiz goes on, unsaved. The learner is never left believing answers count."""

    def __init__(self, reason: str, seed, say=None):
        self.reason, self.seed, self.say = reason, seed, say
        self.seq, self.replaying, self.told = 0, False, False

    def save(self, *_answer) -> str | None:
        if self.told:
            return None
        self.told = True
        return self.reason + " " + _("Your answers on this page are not saved: answer again "
                                     "to go on anyway.")

    def replay(self, _apply) -> int:
        return 0


def class_seed(kind: str, seed):
    """The seed of a deal that is not a quiz (a bet ladder ...): in a class, the class's own,
    so everyone sees the same deal; else ``seed`` itself. None stays None (a random deal)."""
    session = current()
    if session is None or seed is None:
        return seed
    n = session.deals.get(kind, 0) + 1
    session.deals[kind] = n
    return derive_seed(session.learner.class_code, session.lesson or "?", f"{kind}-{n}", seed)


def recorder(kind: str, seed, say=None, session: Session | None = None
             ) -> Recorder | Unsaved | None:
    """A :class:`Recorder` when this page belongs to a class's learner, an :class:`Unsaved`
    when its class link does not work, else None (no class). ``say`` shows a message in the
    quiz; without it, the ``say`` of the widget calling (the quiz widgets make their recorder
    in ``__init__``: ``self.recorder = recorder(...)``). ``session``: the page's session fixed
    when it opened (a step page's); without it, the one the page's address names now."""
    if session is None:
        session = current()
    if say is None:
        say = getattr(sys._getframe(1).f_locals.get("self"), "say", None)
    say = say if callable(say) else None
    if session is None:
        return Unsaved(_problem, seed, say) if _problem else None
    return Recorder(session, kind, seed, say)


def reset() -> None:
    """Forget this process's store and sessions (tests; a changed configuration)."""
    global _store, _problem, _unreachable
    if _store is not None:
        try:
            _store.close()
        except Exception:
            pass
    _store, _problem, _unreachable = None, None, False
    _sessions.clear()
