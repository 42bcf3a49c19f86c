"""The review of one seat's decisions in a hand: :func:`review` replays the hand and grades
each decision the seat took with :func:`truco.evaluate` (only what the seat could see then).

>>> import truco
>>> g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]], dealer=1)
>>> for a in ["play 3h", "play 2d", "play 5s", "play Kc", "raise", "refuse"]: _e = g.apply(a)
>>> last = review(g, 0)[-1]
>>> last.action, last.best, round(last.loss, 2), last.grade
('refuse', 'raise', 7.43, 'blunder')
>>> print(last.explain())
A blunder: refusing is worth about -2 points for your side, raising again about 5.4, if the
other side answers and plays as the computer's reference player does (a bluff may change
that).
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import BadArgument
from .evaluation import Evaluation, Grade, evaluate, grade
from .i18n import N_, _
from .notation import from_notation
from .reasons import Reason

__all__ = ["Decision", "THEMES", "review", "theme", "theme_name"]

# The kinds of decision, for puzzles and a learner's weak spots (see :func:`theme`).
THEMES = ("lead", "answer", "envido", "hand_of", "flor", "last_trick", "play")
_THEME_NAMES = {"lead": N_("Leading the first trick"), "answer": N_("Answering a raise"),
                "envido": N_("Calling or answering envido"),
                "hand_of": N_("The hand of eleven and the iron hand"), "flor": N_("Flor"),
                "last_trick": N_("The last trick"), "play": N_("Playing a card")}


def theme_name(theme: str) -> str:
    """A theme's name in the current language.

    >>> theme_name("answer")
    'Answering a raise'
    """
    return _(_THEME_NAMES.get(theme, _THEME_NAMES["play"]))
ENVIDO_WORDS = ("envido", "real envido", "falta envido")


def theme(observation) -> str:
    """The kind of decision ``observation`` asks for: "flor" (a flor to sing or answer),
    "envido" (an envido to call or answer), "hand_of" (the hand of ten or eleven, or the iron
    hand), "answer" (answering a raise), "last_trick", "lead" (leading the first trick),
    else "play".

    >>> import truco
    >>> g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]])
    >>> theme(g.observation(0)), (g.apply("raise") and theme(g.observation(1)))
    ('lead', 'answer')
    """
    legal = set(observation.legal_actions)
    phase = observation.phase
    if phase == "flor" or "flor" in legal:
        return "flor"
    if phase in ("envido", "declare") or legal & set(ENVIDO_WORDS):
        return "envido"
    if phase == "decide" or observation.special_hand in ("hand_of", "iron"):
        return "hand_of"
    if phase == "answer":
        return "answer"
    if len(observation.tricks) == 2:
        return "last_trick"
    if not observation.tricks and not observation.trick:
        return "lead"
    return "play"


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what it did, the best action, the loss and the
    grade's label, with the whole :class:`Evaluation` and :class:`Grade` behind them."""

    move: int  # the action's place in the hand (1 = the hand's first action)
    action: str
    best: str
    loss: float
    grade: str
    evaluation: Evaluation
    graded: Grade
    observation: object
    notation: str = ""  # the hand up to this decision (truco.from_notation rebuilds it)
    theme: str = "play"  # the kind of decision (:func:`theme`)

    def explain(self) -> str:
        """The grade's sentence, in the current language (see :meth:`Grade.explain`)."""
        return self.graded.explain()


def _hand_of(game, seat, hand=None):
    """(the deal's notation, the actions) of the hand to review: hand number ``hand``, else the
    current hand if ``seat`` took a decision in it, else the hand before."""
    notations = game.hand_notations
    if hand is not None:
        if hand.__class__ is not int or not 1 <= hand <= len(notations):
            raise BadArgument(_("there is no hand {hand!r} in this game: its hands are 1 to "
                                "{last}").format(hand=hand, last=len(notations)),
                              reason=Reason.BAD_ARGUMENT)
        head, _sep, actions = notations[hand - 1].partition(" : ")
        return head, actions.split()
    for index in (len(notations) - 1, len(notations) - 2):
        if index < 0:
            break
        head, _sep, actions = notations[index].partition(" : ")
        if any(s == seat for s, _t in _steps(head, actions.split())):
            return head, actions.split()
    return None, []


def _steps(head, tokens):
    """(seat, action text) of each action of a hand, replayed from its notation."""
    game = from_notation(head)
    out = []
    for token in tokens:
        word = token.replace("-", " ")
        text = word if " " in word or word in game._table else f"play {word}"
        seat = game.current_player
        out.append((seat, text))
        game.apply(text)
    return out


def review(game, seat: int, *, seed=0, samples=None, hand=None, progress=None) -> tuple:
    """Every decision ``seat`` took in ``game``'s current hand (or the last hand played, when
    it has taken none in the current one; or hand number ``hand``), graded; forced actions (a
    single legal action) are not decisions and are left out. ``progress(done, total)`` is
    called as the decisions are graded (for a progress bar)."""
    n = getattr(game, "n", None)
    if n is None or not hasattr(game, "hand_notations"):
        raise BadArgument(_("review needs a Game, not {what!r}").format(
            what=type(game).__name__), reason=Reason.BAD_ARGUMENT)
    if seat.__class__ is not int or not 0 <= seat < n:
        raise BadArgument(_("there is no player {player!r} in a game of {n}").format(
            player=seat, n=n), reason=Reason.NO_SUCH_PLAYER)
    head, tokens = _hand_of(game, seat, hand)
    if head is None:
        return ()
    replay = from_notation(head)
    decisions = []
    done: list = []
    steps = _steps(head, tokens)
    total = sum(1 for who, _t in steps if who == seat)
    for move, (who, text) in enumerate(steps, start=1):
        if who == seat:
            obs = replay.observation(seat)
            legal = obs.legal_actions
            spelled = text
            if text not in legal and text.startswith("play ") and obs.hand is None:
                card = replay.variant.card(text[5:])
                spelled = f"play #{replay._hands[seat].index(card) + 1}"
            if len(legal) > 1:
                ev = evaluate(obs, seed=seed, samples=samples, variant=replay.variant,
                              history=list(done))
                g = grade(ev, spelled)
                decisions.append(Decision(move, spelled, g.best, g.loss, g.label, ev, g, obs,
                                          " : ".join([head, " ".join(tokens[:move - 1])])
                                          .rstrip(" :"), theme(obs)))
            if progress is not None:
                progress(sum(1 for w, _t in steps[:move] if w == seat), total)
        replay.apply(text)
        done.append((who, text))
    return tuple(decisions)
