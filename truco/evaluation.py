"""Every decision valued: :func:`evaluate` gives the expected points of each legal action of
one seat's observation, and :func:`grade` says how much an action lost against the best one.

How a value is found (the module's whole method, stated once):

- The cards the seat cannot see are dealt in every way consistent with its observation. With
  two players every hand the opponent could hold is counted once (by strengths, weighted by
  how many card deals give them): nothing is sampled. With more players ``samples`` deals are
  drawn (seeded), and each value carries its standard error.
- In each deal the action is applied to the engine's model of the rest of the hand (the
  model the computer players search with), and the rest of the cards are played as well as
  possible by both sides, every hand known (the coach's solver), at the stake as it stands:
  no later raise is imagined. A raise the seat makes is first answered by the reference
  policy (the basic player's rule, from the answering seat's own cards only): that policy is
  not an equilibrium, so such a value says it rests on the other side's answer.
- Where the result is the same in every deal (say, the seat holds the Zap for the last
  trick) and no answer of the other side decides it, the value is certain: ``solved``.
- Side bets (envido, flor, the hand of eleven's decision, ...) are played out in the engine
  itself, on games rebuilt from the observation, by the basic player for every seat.

``points`` is the hand's expected points for the seat's side minus the other side's; ``win``
the chance of winning the game where the hand can end it (a side within one raise of the
target, or a hand played to the target), else None.

>>> import truco
>>> g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]], dealer=1)
>>> for a in ["play 3h", "play 2d", "play 5s", "play Kc", "raise"]: _e = g.apply(a)
>>> ev = evaluate(g.observation(0))
>>> [(a.action, a.points, a.error, a.solved) for a in ev.actions if a.action != "raise"]
[('accept', 4.0, 0.0, True), ('refuse', -2.0, 0.0, True)]
>>> ev.exact, ev.value("raise").answered      # a raise rests on how seat 1 would answer it
(True, True)
>>> grade(ev, "refuse").label
'blunder'
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .errors import BadArgument, TrucoError
from .presets import variant as get_variant
from .i18n import _, number
from .notation import Observation
from .players._base import model_codes
from .players._sim import ACCEPT, ANSWER_PH, OVER_PH, RAISE, basic_policy
from .players._value import outcome_value
from .players._view import View
from .reasons import Reason
from . import evaluation_side as side

__all__ = ["ActionValue", "Evaluation", "Grade", "evaluate", "grade", "GRADES", "THRESHOLDS"]

SAMPLES = {4: 300, 6: 150}  # deals drawn with four and six players
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
# Where a grade starts: (points lost, in units of the variant's base value; chance of winning
# the game lost, when the hand can end it). lichess's 5, 10 and 15 points of winning chance.
THRESHOLDS = {"inaccuracy": (0.25, 0.05), "mistake": (0.5, 0.10), "blunder": (1.0, 0.15)}


@dataclass(frozen=True)
class ActionValue:
    """One legal action's value for the seat's side (see the module's docstring)."""

    action: str
    points: float  # expected points of the hand, the seat's side minus the other side's
    error: float  # its standard error (0.0 where nothing was sampled)
    win: float | None  # chance of winning the game, where the hand can end it
    hand_win: float = 0.0  # chance the seat's side wins this hand
    solved: bool = False  # the cards decide: the rest was solved exactly, not played out
    engine: bool = False  # played out in the engine (a side bet), not in the hand's model
    answered: bool = False  # it rests on how the other side answers a raise (their policy)


@dataclass(frozen=True)
class Evaluation:
    """Every legal action of ``seat``'s decision, best first."""

    seat: int
    variant: str
    actions: tuple
    exact: bool  # no sampling was needed
    deals: int  # how many deals of the unseen cards were counted
    base: int  # the variant's base value (the unit of the grades' thresholds)
    vira: str | None = None  # the hand's vira (it names the manilhas)

    @property
    def best(self) -> str:
        """The best action (spelled as the legal action)."""
        return self.actions[0].action

    def value(self, action: str) -> ActionValue:
        """The :class:`ActionValue` of ``action`` (spelled as the legal action)."""
        for a in self.actions:
            if a.action == action:
                return a
        raise BadArgument(_("{action!r} is not one of the legal actions: {legal}").format(
            action=action, legal=", ".join(a.action for a in self.actions)),
            reason=Reason.BAD_ARGUMENT)

    @property
    def equal(self) -> tuple:
        """The actions as good as the best within the error."""
        top = self.actions[0]
        return tuple(a.action for a in self.actions if _within(top, a, self.base))

    @property
    def only_move(self) -> bool:
        """One legal action, or every other one a blunder."""
        rest = self.actions[1:]
        return not rest or all(_label(self, a) == "blunder" for a in rest)


def _margin(top: ActionValue, a: ActionValue) -> float:
    """Two standard errors of the difference between two values."""
    return 2 * math.hypot(top.error, a.error)


def _within(top: ActionValue, a: ActionValue, base: int) -> bool:
    """As good as the best: within the error, and less than an inaccuracy lost."""
    loss = top.points - a.points
    return loss <= max(1e-9, _margin(top, a)) and loss < THRESHOLDS["inaccuracy"][0] * base


def _label(ev: Evaluation, a: ActionValue) -> str:
    top = ev.actions[0]
    if _within(top, a, ev.base):
        return "best"
    # graded by the loss it has for sure (less two standard errors): a sampled value that
    # may be far off is never called a blunder on its noise alone
    loss = max(0.0, top.points - a.points - _margin(top, a)) / ev.base
    chance = None if top.win is None or a.win is None else top.win - a.win
    label = "good"
    for name in ("inaccuracy", "mistake", "blunder"):
        by_points, by_chance = THRESHOLDS[name]
        if (chance is None and loss >= by_points) or (chance is not None and chance >= by_chance):
            label = name
    return label


@dataclass(frozen=True)
class Grade:
    """How good one action was: ``label`` (one of :data:`GRADES`), ``loss`` in points (>= 0)
    against the best action, and ``explain()`` in one sentence."""

    action: str
    best: str
    label: str
    loss: float
    chance_loss: float | None  # chance of winning the game lost, where it counts
    note: str | None  # "only move" or "equal" (several actions within the error)
    value: ActionValue
    best_value: ActionValue
    variant: str = ""
    vira: str | None = None
    answering: bool = False  # the decision answers a raise ("raise" is raising again)

    def explain(self) -> str:
        """One sentence, in the current language."""
        mine, top = self.value, self.best_value
        sure = top.solved and mine.solved
        act = _words(self.action, self.variant, self.vira, self.answering)
        best = _words(self.best, self.variant, self.vira, self.answering)
        if self.label == "best":
            if self.note == "equal":
                return _("Good: {action} is as good as the best choice here (about {points} "
                         "points for your side).").format(action=act,
                                                          points=_pts(mine.points))
            return _("The best choice: {action} is worth about {points} points for your "
                     "side.").format(action=act, points=_pts(mine.points))
        name = {"good": _("A good choice"), "inaccuracy": _("An inaccuracy"),
                "mistake": _("A mistake"), "blunder": _("A blunder")}[self.label]
        if sure:
            return _("{grade}: {action} is worth {points} points for your side and {best} "
                     "{best_points}, for certain: the cards already decide this hand.").format(
                grade=name, action=act, points=_pts(mine.points),
                best=best, best_points=_pts(top.points))
        if mine.answered or top.answered or mine.engine:
            return _("{grade}: {action} is worth about {points} points for your side, {best} "
                     "about {best_points}, if the other side answers and plays as the "
                     "computer's reference player does (a bluff may change that).").format(
                grade=name, action=act, points=_pts(mine.points), best=best,
                best_points=_pts(top.points))
        return _("{grade}: {action} is worth about {points} points for your side, {best} about "
                 "{best_points}, over the deals of the cards you cannot see, if both sides "
                 "play the rest of the cards well.").format(
            grade=name, action=act, points=_pts(mine.points), best=best,
            best_points=_pts(top.points))


def _pts(x: float) -> str:
    return number(round(x, 1) + 0.0, 1 if abs(x - round(x)) > 0.05 else 0)


def _words(action: str, variant: str = "", vira=None, again: bool = False) -> str:
    if action.startswith("play #"):
        return _("playing your card {n}").format(n=action[6:])
    if action.startswith("play "):
        try:
            name = get_variant(variant).card_name(action[5:], vira)
        except TrucoError:
            name = action[5:]
        return _("playing the {card}").format(card=name)
    return {"raise": _("raising again") if again else _("raising"), "accept": _("accepting"), "refuse": _("refusing"),
            "fold": _("going to the deck")}.get(action, _("“{word}”").format(word=action))


def grade(evaluation: Evaluation, action: str) -> Grade:
    """Grade ``action`` of ``evaluation`` against its best action.

    >>> g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]])
    >>> for a in ["play 3h", "play 2d", "play 5s", "play Kc", "raise"]: _e = g.apply(a)
    >>> r = grade(evaluate(g.observation(0)), "refuse")
    >>> r.label, r.best, round(r.loss, 2)   # raising again beats accepting: they may accept
    ('blunder', 'raise', 7.43)
    >>> r = grade(evaluate(g.observation(0)), "accept"); r.label, round(r.loss, 2)
    ('mistake', 1.43)
    """
    if not isinstance(evaluation, Evaluation):
        raise BadArgument(_("grade needs an Evaluation, not {what!r}").format(
            what=type(evaluation).__name__), reason=Reason.BAD_ARGUMENT)
    mine, top = evaluation.value(str(action)), evaluation.actions[0]
    label = _label(evaluation, mine)
    chance = None if top.win is None or mine.win is None else max(top.win - mine.win, 0.0)
    note = None
    if len(evaluation.actions) == 1 or (label == "best" and evaluation.only_move):
        note = "only move"
    elif label == "best" and len(evaluation.equal) > 1:
        note = "equal"
    return Grade(mine.action, top.action, label, max(top.points - mine.points, 0.0), chance,
                 note, mine, top, evaluation.variant, evaluation.vira,
                 "accept" in (a.action for a in evaluation.actions))


# --- the values ---------------------------------------------------------------------------------
def evaluate(observation, *, seed=0, samples=None, variant=None, history=None) -> Evaluation:
    """The value of every legal action of ``observation``'s seat (see the module's docstring).

    ``variant`` gives the rule options (the observation names the variant only); ``history``
    (used by :func:`truco.review`) the hand's notation up to this decision, for side bets.
    """
    if not isinstance(observation, Observation):
        raise BadArgument(_("evaluate needs an Observation (game.observation(seat)), not "
                            "{what!r}").format(what=type(observation).__name__),
                          reason=Reason.BAD_ARGUMENT)
    legal = tuple(observation.legal_actions)
    if not legal:
        raise BadArgument(_("player {seat} has no decision to take now").format(
            seat=observation.player), reason=Reason.NOT_YOUR_TURN)
    view = View(observation, variant)
    rng = random.Random(seed)
    codes, texts = model_codes(view)
    strength = view.rules.strength
    modelled = {}
    for text in legal:
        if text.startswith("play #") and view.mine is None and view.phase == "play":
            modelled[text] = ("blind", int(text[6:]) - 1)
        elif text.startswith("play ") and not text.startswith("play #"):
            modelled[text] = ("code", strength[view.variant.card(text[5:]).id])
        elif text in texts.values():
            modelled[text] = ("code", next(c for c, t in texts.items() if t == text))
    if view.phase not in ("play", "answer") or len(modelled) < len(legal):
        modelled = {}  # a side bet is on offer: every action is played out in the engine
    deals, enumerated = _deals(view, rng, samples)
    values = {}
    if modelled:
        values.update(_model_values(view, modelled, deals, enumerated))
    others = [t for t in legal if t not in modelled]
    if others:
        values.update(side.engine_values(observation, view, others, rng, value=ActionValue,
                                         at_stake=_game_at_stake(view), history=history,
                                         samples=samples))
    actions = tuple(sorted((values[t] for t in legal),
                           key=lambda a: (-a.points, legal.index(a.action))))
    exact = enumerated and not others
    return Evaluation(observation.player, view.variant.name, actions, exact,
                      sum(w for _h, w in deals), view.variant.base_value, observation.vira)


def _deals(view, rng, samples):
    """(hands by hidden seat, weight) over the deals of the unseen cards, and whether every
    deal is there (one hidden seat holding known cards: two players)."""
    if len(view.hidden) == 1 and view.mine is not None:
        seat = view.hidden[0]
        return [({seat: list(s)}, w) for s, w in view.strength_classes()], True
    if not view.hidden:
        return [({}, 1)], True
    count = SAMPLES.get(view.n, 300) if samples is None else int(samples)
    if count < 1:
        raise BadArgument(_("samples must be at least 1, not {n!r}").format(n=samples),
                          reason=Reason.BAD_ARGUMENT)
    return [(view.deal_strengths(rng), 1) for _i in range(count)], False


def _model_values(view, modelled, deals, enumerated) -> dict:
    """The values of the actions the hand's model knows (cards, raises, answers, the deck)."""
    team = view.team
    at_stake = _game_at_stake(view)
    sums = {t: [0.0, 0.0, 0.0, 0.0, 0.0] for t in modelled}  # weight, pts, pts², wins, game
    results: dict = {t: set() for t in modelled}
    asked = set()  # actions whose value rests on how the other side answers a raise
    for hands, w in deals:
        base = view.sim(hands)
        for text, (kind, arg) in modelled.items():
            sim = base.copy()
            sim.apply(_blind_card(view, hands, arg) if kind == "blind" else arg)
            winner, points, answered = _rest(sim, team)
            if answered:
                asked.add(text)
            results[text].add((winner, points))
            pts = _signed(winner, points, team)
            acc = sums[text]
            acc[0] += w
            acc[1] += w * pts
            acc[2] += w * pts * pts
            acc[3] += w if winner == team else 0.0
            acc[4] += w * outcome_value(view.variant, view.score, team, winner, points)
    out = {}
    for text, (tw, s1, s2, wins, game) in sums.items():
        mean = s1 / tw
        error = 0.0 if enumerated else math.sqrt(max(s2 / tw - mean * mean, 0.0) / tw)
        solved = len(results[text]) == 1 and text not in asked
        if solved:
            error = 0.0  # the same in every deal: nothing left to chance
        out[text] = ActionValue(text, round(mean, 9) + 0.0, error,
                                game / tw if at_stake else None, wins / tw, solved, False,
                                text in asked)
    return out


def _rest(sim, team) -> tuple:
    """(winner, points, answered) of the rest of a model hand after the seat's action: the
    cards left are played as well as possible by both sides, every hand known (the coach's
    solver), at the stake as it stands; a raise of the seat's side on the table is answered
    first by the reference policy (the basic player's rule, from the answering seat's own
    cards), and ``answered`` says so."""
    from .coach import solve

    answered = False
    if sim.phase == ANSWER_PH and sim.cur & 1 != team:
        answered = True
        legal = [a for a in sim.legal() if a != RAISE]
        choice = basic_policy(sim, sim.R.btab, legal, None, sim.R.power_cache)[0]
        sim.apply(choice)
    if sim.phase == OVER_PH:
        return sim.winner, sim.points, answered
    if sim.phase == ANSWER_PH:  # the seat's own answer is the action under review
        sim.apply(ACCEPT)
    result = solve(sim, team)
    if result == 0:
        return None, 0, answered
    winner = team if result > 0 else 1 - team
    return winner, sim.hand_points(winner), answered


def _blind_card(view, hands, index):
    """The strength of card ``index`` of a blind hand in one deal."""
    cards = hands[view.seat]
    return cards[index % len(cards)]


def _signed(winner, points, team) -> int:
    return 0 if winner is None else (points if winner == team else -points)


TO_THE_TARGET = ("falta envido", "contraflor al resto", "mon reste")  # bets that can end it


def _game_at_stake(view) -> bool:
    """The hand can end the game: played to the target, a bet to the target on offer, or a
    side within one raise of it."""
    if view.to_target or any(a in TO_THE_TARGET for a in view.legal):
        return True
    value = view.pending[1] if view.pending else view.value
    more = view.rules.raise_value(value) or value
    return any(s + more >= view.variant.target for s in view.score)
